// Pure helpers of the rankings page: its tabs and address, the viewer's rank on the list shown, the page it is on, and how
// fresh a list is (said in the player's language).
import type { CombatPeriod, MyRankings } from '../../api/rankings';
import { STANDINGS_EVERY_MINUTES, pageOfRank } from '../../../rules/rankings';
import { i18n } from '../../i18n';

export const RANKINGS_PAGE_SIZE = 20;

export const TAB_IDS = ['players', 'alliances', 'attackers', 'defenders', 'heroes'] as const;
export type TabId = (typeof TAB_IDS)[number];
/** The tabs whose list has a rank for the viewer ('Find me'). */
export type RankedTab = Exclude<TabId, 'heroes'>;

export function isTabId(value: string | null): value is TabId {
  return TAB_IDS.some((id) => id === value);
}

export function periodParam(text: string | null): CombatPeriod {
  return text === 'all' ? 'all' : 'week';
}

export function pageParam(text: string | null): number {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

/** The viewer's rank on the list of `tab` (for combat, of `period`), or null when they are not on it. */
export function myRankOn(my: MyRankings, tab: RankedTab, period: CombatPeriod): number | null {
  switch (tab) {
    case 'players':
      return my.players;
    case 'alliances':
      return my.alliances;
    case 'attackers':
      return period === 'week' ? my.attackersWeek : my.attackersAll;
    case 'defenders':
      return period === 'week' ? my.defendersWeek : my.defendersAll;
  }
}

/** Where 'Find me' goes: the page holding the rank, or null when there is no rank. */
export function pageOfMine(rank: number | null, pageSize = RANKINGS_PAGE_SIZE): number | null {
  return rank === null ? null : pageOfRank(rank, pageSize);
}

/** What 'Find me' says. */
export function findMeText(rank: number | null, tab: RankedTab): string {
  if (rank !== null) return i18n.t(tab === 'alliances' ? 'rankings:findMe.allianceRank' : 'rankings:findMe.rank', { rank });
  return i18n.t(tab === 'alliances' ? 'rankings:findMe.noAlliance' : 'rankings:findMe.notListed');
}

/** 'Updated 4 minutes ago' from the instant the population lists were computed, on the client's clock `now`. */
export function freshness(computedAt: string | null, now: number): string {
  if (computedAt === null) return i18n.t('rankings:freshness.notCounted', { minutes: STANDINGS_EVERY_MINUTES });
  const at = Date.parse(computedAt);
  if (Number.isNaN(at)) return i18n.t('rankings:freshness.unknown');
  const minutes = Math.floor((now - at) / 60_000);
  if (minutes < 1) return i18n.t('rankings:freshness.justNow');
  if (minutes < 60) return i18n.t('rankings:freshness.minutes', { count: minutes });
  return i18n.t('rankings:freshness.hours', { count: Math.floor(minutes / 60) });
}

/** Pages needed for `total` rows (at least one). */
export function pageCount(total: number, limit = RANKINGS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / limit));
}
