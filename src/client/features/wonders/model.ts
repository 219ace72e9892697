// What the wonders page decides without the server: the fixed contribution, status words, effect lines, percents, the winner's name and the name prompt.
import { freeTextError, normaliseFreeText } from '../../../rules/validation';
import type { Resources } from '../../../rules/resources';
import type { VictoryCheck, WonderStatus, WonderTypeInfo } from '../../api/wonders';

export const MESSAGES = {
  constructed: 'Wonder construction started!',
  constructFailed: 'Failed to start wonder construction',
  contributed: 'Resources contributed successfully!',
  contributeFailed: 'Failed to contribute resources',
  noVillage: 'Found a village first',
} as const;

/** Every Contribute gives this much from the selected village: a fixed share, not a choice. */
export const CONTRIBUTION: Readonly<Resources> = { timber: 1000, stone: 1000, iron: 500, mead: 500 };

/** The requirements of founding a wonder, as the Construct tab lists them. */
export const REQUIREMENTS = ['Great Hall at level 20 or higher', 'One wonder of each type per world', 'Construction takes several days'] as const;

/** The server takes names of 1 to 50 characters. */
export const WONDER_NAME_MAX_LENGTH = 50;

const STATUS_NAMES: Record<WonderStatus, string> = {
  planned: 'Planned',
  under_construction: 'Under construction',
  completed: 'Completed',
  destroyed: 'Destroyed',
};

export function statusName(status: WonderStatus): string {
  return STATUS_NAMES[status];
}

/** Contribute shows on every wonder that is not completed. */
export function acceptsContributions(status: WonderStatus): boolean {
  return status !== 'completed';
}

/** A percent with at most two decimals and no trailing zeros: 25 -> '25', 0.25 -> '0.25', 1/3 -> '0.33'. */
export function formatPercent(value: number): string {
  const safe = Number.isFinite(value) ? value : 0;
  return String(Math.round(safe * 100) / 100);
}

const EFFECT_LINES: Record<string, (value: number) => string> = {
  resourceBonus: (v) => `Resource production +${formatPercent(v)}%`,
  defenseBonus: (v) => `Defense +${formatPercent(v)}%`,
  combatBonus: (v) => `Combat +${formatPercent(v)}%`,
  movementSpeedBonus: (v) => `Army movement speed +${formatPercent(v)}%`,
  prestigePoints: (v) => `${formatPercent(v)} prestige points`,
};

/** 'someEffectName' -> 'Some effect name', for effects this client does not know yet. */
function humanise(key: string): string {
  const words = key.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The effects a wonder type gives at full height, one line each; zero numbers and false flags are left out. */
export function effectLines(effects: WonderTypeInfo['effects']): string[] {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(effects)) {
    if (typeof value === 'boolean') {
      if (!value) continue;
      lines.push(key === 'victory' ? 'Wins the world when completed' : humanise(key));
    } else if (typeof value === 'number' && value !== 0) {
      const line = EFFECT_LINES[key];
      lines.push(line ? line(value) : `${humanise(key)} ${formatPercent(value)}`);
    }
  }
  return lines;
}

export interface VictoryBannerText {
  title: string;
  text: string;
}

/** The banner of a won world, naming the winning alliance (or the player, outside one); null without a winner. */
export function victoryBanner(check: VictoryCheck): VictoryBannerText | null {
  const winner = check.winner;
  if (!check.hasWinner || !winner) return null;
  const who = winner.alliance ? `[${winner.alliance.tag}] ${winner.alliance.name}` : (winner.user?.username ?? 'An unknown chieftain');
  return winner.type === 'wonder_victory'
    ? { title: 'Wonder victory', text: `${who} raised Yggdrasil to its full height and won this world.` }
    : { title: 'Multiple wonders victory', text: `${who} completed three world wonders and won this world.` };
}

export type WonderNameAnswer = { kind: 'ignore' } | { kind: 'construct'; name: string } | { kind: 'invalid'; message: string };

/** The construct prompt's answer: cancelled or empty does nothing; a name the server would refuse is caught first. */
export function wonderNameAnswer(answer: string | null): WonderNameAnswer {
  if (answer === null) return { kind: 'ignore' };
  const name = normaliseFreeText(answer);
  if (name === '') return { kind: 'ignore' };
  if ([...name].length > WONDER_NAME_MAX_LENGTH) return { kind: 'invalid', message: `Wonder names are at most ${WONDER_NAME_MAX_LENGTH} characters` };
  const problem = freeTextError(name);
  return problem ? { kind: 'invalid', message: problem } : { kind: 'construct', name };
}
