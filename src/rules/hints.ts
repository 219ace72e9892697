// Hints for the tutorial panel, derived from the player's state: full stores and hunger first, idle builders and next steps after.
import { RESOURCE_NAMES, RESOURCE_TYPES, type Resources } from './resources';
import { STORE_DANGER_PERCENT, storeFillPercent } from './economy';

export type HintPriority = 'high' | 'medium' | 'low';

/** Which hint it is, so a client can word it in the player's language from `params` (title and message are English). */
export type HintCode =
  | 'found_village'
  | 'store_full'
  | 'hungry'
  | 'tutorial'
  | 'builders_idle'
  | 'invitations'
  | 'no_barracks'
  | 'no_warriors'
  | 'stand_together';

export interface Hint {
  title: string;
  message: string;
  priority: HintPriority;
  code: HintCode;
  /** The values the words were built from (a village's name, a resource, a percentage). */
  params: Record<string, string | number>;
}

export interface VillageForHints {
  name: string;
  amounts: Resources;
  capacity: Resources;
  /** Mead per hour after population and upkeep; negative means the village is eating its stores. */
  netMead: number;
  constructionRunning: boolean;
  hasBarracks: boolean;
  trainingRunning: boolean;
  unitsAtHome: number;
}

export interface HintInput {
  villages: readonly VillageForHints[];
  /** The current tutorial step's catalog key, title and hint, while the tutorial runs. */
  tutorial: { key: string; title: string; hint: string } | null;
  pendingInvitations: number;
  inAlliance: boolean;
}

const ORDER: Record<HintPriority, number> = { high: 0, medium: 1, low: 2 };

export function playerHints(input: HintInput): Hint[] {
  const hints: Hint[] = [];
  if (input.villages.length === 0) {
    hints.push({ title: 'Found your village', message: 'Choose a world on the Village page to found your first village.', priority: 'high', code: 'found_village', params: {} });
  }
  for (const village of input.villages) {
    for (const r of RESOURCE_TYPES) {
      const percent = storeFillPercent(village.amounts[r], village.capacity[r]);
      if (percent >= STORE_DANGER_PERCENT) {
        const store = r === 'mead' ? 'a Granary' : 'a Warehouse';
        hints.push({
          title: `${RESOURCE_NAMES[r]} store nearly full`,
          message: `${village.name}: ${RESOURCE_NAMES[r].toLowerCase()} is at ${Math.floor(percent)}% of capacity. Spend it, or build ${store} so nothing goes to waste.`,
          priority: 'high',
          code: 'store_full',
          params: { village: village.name, resource: r, percent: Math.floor(percent), store: r === 'mead' ? 'granary' : 'warehouse' },
        });
      }
    }
    if (village.netMead < 0) {
      hints.push({
        title: 'Your people are hungry',
        message: `${village.name} drinks ${Math.ceil(-village.netMead)} more mead an hour than it brews. Upgrade Mead Halls, or warriors will starve when the granary runs dry.`,
        priority: 'high',
        code: 'hungry',
        params: { village: village.name, mead: Math.ceil(-village.netMead) },
      });
    }
  }
  if (input.tutorial) {
    const { key, title, hint } = input.tutorial;
    hints.push({ title: `Tutorial: ${title}`, message: hint, priority: 'medium', code: 'tutorial', params: { quest: key, title, hint } });
  }
  for (const village of input.villages) {
    if (!village.constructionRunning) {
      hints.push({
        title: 'Builders are idle',
        message: `Nothing is being built in ${village.name}. Start an upgrade on the Village page.`,
        priority: 'medium',
        code: 'builders_idle',
        params: { village: village.name },
      });
    }
  }
  if (input.pendingInvitations > 0) {
    const what = input.pendingInvitations === 1 ? 'an invitation' : `${input.pendingInvitations} invitations`;
    hints.push({ title: 'An alliance wants you', message: `You have ${what} waiting on the Alliance page.`, priority: 'medium', code: 'invitations', params: { count: input.pendingInvitations } });
  }
  for (const village of input.villages) {
    if (!village.hasBarracks) {
      hints.push({ title: 'No barracks yet', message: `${village.name} cannot train warriors until it has Barracks.`, priority: 'low', code: 'no_barracks', params: { village: village.name } });
    } else if (village.unitsAtHome === 0 && !village.trainingRunning) {
      hints.push({ title: 'No warriors at home', message: `${village.name} has no defenders. Train some on the Units tab.`, priority: 'low', code: 'no_warriors', params: { village: village.name } });
    }
  }
  if (!input.inAlliance && input.pendingInvitations === 0 && input.villages.length > 0) {
    hints.push({ title: 'Stand together', message: 'Found an alliance or ask a neighbour for an invitation.', priority: 'low', code: 'stand_together', params: {} });
  }
  return hints.map((hint, index) => ({ hint, index })).sort((a, b) => ORDER[a.hint.priority] - ORDER[b.hint.priority] || a.index - b.index).map((e) => e.hint);
}
