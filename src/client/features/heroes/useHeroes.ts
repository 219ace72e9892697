// Loads what the heroes page shows (heroes, types, the next hero's price for the selected village, the leaderboard) and reloads it after an action.
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  getHeroLeaderboard,
  getRecruitmentCost,
  listHeroTypes,
  listHeroes,
  type Hero,
  type HeroLeaderboardEntry,
  type HeroTypeInfo,
  type RecruitmentCost,
} from '../../api/heroes';

export interface HeroesData {
  heroes: Hero[];
  types: HeroTypeInfo[];
  /** The next hero's price as `costVillageId` sees it. */
  cost: RecruitmentCost;
  /** The village the price was read for (null: none selected). */
  costVillageId: string | null;
  leaderboard: HeroLeaderboardEntry[];
}

export type HeroesLoad = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: HeroesData };

/**
 * `villageId` is the village that would pay; `ready` is false while the player's villages are still
 * being read, so the price is not asked twice (once without a village, once with it).
 */
export function useHeroes(villageId: string | null, ready: boolean) {
  const [load, setLoad] = useState<HeroesLoad>({ status: 'loading' });
  const sequence = useRef(0);
  const typesCache = useRef<HeroTypeInfo[] | null>(null);

  const reload = useCallback(async (): Promise<void> => {
    const mine = ++sequence.current;
    try {
      const [heroes, types, cost, leaderboard] = await Promise.all([
        listHeroes(),
        // The types never change while the page is open.
        typesCache.current ?? listHeroTypes(),
        getRecruitmentCost(villageId ?? undefined),
        getHeroLeaderboard(),
      ]);
      typesCache.current = types;
      // A slower, older read (another village selected meanwhile) never overwrites a newer one.
      if (mine === sequence.current) setLoad({ status: 'ready', data: { heroes, types, cost, costVillageId: villageId, leaderboard } });
    } catch (error) {
      // Load failures are only logged; the page offers a retry, and a reload after an action keeps what is shown.
      console.error('Loading the heroes failed', error);
      if (mine === sequence.current) setLoad((old) => (old.status === 'ready' ? old : { status: 'error' }));
    }
  }, [villageId]);

  useEffect(() => {
    if (ready) void reload();
  }, [ready, reload]);

  return { load, reload };
}
