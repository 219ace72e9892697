// What the wonders page decides without the server: the fixed contribution, status words, effect lines, percents, the winner's name and the name prompt.
import { freeTextError, normaliseFreeText } from '../../../rules/validation';
import type { Resources } from '../../../rules/resources';
import type { VictoryCheck, WonderStatus, WonderTypeInfo } from '../../api/wonders';
import { currentLanguage, i18n } from '../../i18n';

/** The page's outcomes in the active language, read when used (wonders:messages.*). */
export const MESSAGES = {
  get constructed() {
    return i18n.t('wonders:messages.constructed');
  },
  get constructFailed() {
    return i18n.t('wonders:messages.constructFailed');
  },
  get contributed() {
    return i18n.t('wonders:messages.contributed');
  },
  get contributeFailed() {
    return i18n.t('wonders:messages.contributeFailed');
  },
  get noVillage() {
    return i18n.t('wonders:messages.noVillage');
  },
};

/** Every Contribute gives this much from the selected village: a fixed share, not a choice. */
export const CONTRIBUTION: Readonly<Resources> = { timber: 1000, stone: 1000, iron: 500, mead: 500 };

/** The requirements of founding a wonder, as the Construct tab lists them. */
export const REQUIREMENTS = ['requirements.greatHall', 'requirements.onePerType', 'requirements.days'] as const;

/** The server takes names of 1 to 50 characters. */
export const WONDER_NAME_MAX_LENGTH = 50;

export function statusName(status: WonderStatus): string {
  return i18n.t(`wonders:status.${status}`);
}

/** Contribute shows on every wonder that is not completed. */
export function acceptsContributions(status: WonderStatus): boolean {
  return status !== 'completed';
}

/** A percent with at most two decimals and no trailing zeros: 25 -> '25', 0.25 -> '0.25', 1/3 -> '0.33'. */
export function formatPercent(value: number): string {
  const safe = Number.isFinite(value) ? value : 0;
  // Ungrouped ('1000 prestige points'), with the language's decimal sign ('0,25' in German).
  return new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 2, useGrouping: false }).format(Math.round(safe * 100) / 100);
}

/** The effects this client words (wonders:effectLines.<key>). */
const EFFECT_LINES = new Set(['resourceBonus', 'defenseBonus', 'combatBonus', 'movementSpeedBonus', 'prestigePoints']);

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
      lines.push(key === 'victory' ? i18n.t('wonders:effectLines.victory') : humanise(key));
    } else if (typeof value === 'number' && value !== 0) {
      lines.push(EFFECT_LINES.has(key) ? i18n.t(`wonders:effectLines.${key}`, { value: formatPercent(value) }) : `${humanise(key)} ${formatPercent(value)}`);
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
  const who = winner.alliance ? `[${winner.alliance.tag}] ${winner.alliance.name}` : (winner.user?.username ?? i18n.t('wonders:victory.unknown'));
  return winner.type === 'wonder_victory'
    ? { title: i18n.t('wonders:victory.wonderTitle'), text: i18n.t('wonders:victory.wonderText', { who }) }
    : { title: i18n.t('wonders:victory.multipleTitle'), text: i18n.t('wonders:victory.multipleText', { who }) };
}

export type WonderNameAnswer = { kind: 'ignore' } | { kind: 'construct'; name: string } | { kind: 'invalid'; message: string };

/** The construct prompt's answer: cancelled or empty does nothing; a name the server would refuse is caught first. */
export function wonderNameAnswer(answer: string | null): WonderNameAnswer {
  if (answer === null) return { kind: 'ignore' };
  const name = normaliseFreeText(answer);
  if (name === '') return { kind: 'ignore' };
  if ([...name].length > WONDER_NAME_MAX_LENGTH) return { kind: 'invalid', message: i18n.t('wonders:nameTooLong', { max: WONDER_NAME_MAX_LENGTH }) };
  const problem = freeTextError(name);
  return problem ? { kind: 'invalid', message: problem } : { kind: 'construct', name };
}
