// What the heroes page shows (heroes, types, the next hero's price for the selected village, the leaderboard), from
// their queries, and the cache updates of the page's actions.
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { levelUpHero, recruitHero, type Hero, type HeroLeaderboardEntry, type HeroTypeInfo, type HeroTypeName, type RecruitmentCost } from '../../api/heroes';
import { heroLeaderboardQuery, heroTypesQuery, heroesQuery, recruitmentCostQuery } from '../../state/queries';
import { queryKeys, type Viewer } from '../../state/queryKeys';
import { useAction } from '../../ui/useAction';
import { MESSAGES } from './model';

export interface HeroesData {
  heroes: Hero[];
  types: HeroTypeInfo[];
  /** The next hero's price for the selected village, or null while it is read (another village was chosen). */
  cost: RecruitmentCost | null;
  /** The last price read, whichever village it was for: the page's count of heroes allowed never blinks. */
  lastCost: RecruitmentCost;
  leaderboard: HeroLeaderboardEntry[];
}

export type HeroesLoad = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: HeroesData };

/**
 * `villageId` is the village that would pay; `ready` is false while the player's villages are still being read,
 * so the price is not asked twice (once without a village, once with it).
 */
export function useHeroes(viewer: Viewer, villageId: string | null, ready: boolean) {
  const heroes = useQuery({ ...heroesQuery(viewer), enabled: viewer !== null && ready });
  const types = useQuery({ ...heroTypesQuery(), enabled: ready });
  const cost = useQuery({ ...recruitmentCostQuery(viewer, villageId), enabled: viewer !== null && ready });
  const leaderboard = useQuery({ ...heroLeaderboardQuery(), enabled: ready });
  const reads = [heroes, types, cost, leaderboard];

  const reload = () => Promise.all(reads.map((read) => read.refetch())).then(() => undefined);
  let load: HeroesLoad = { status: 'loading' };
  if (heroes.data && types.data && cost.data && leaderboard.data) {
    load = {
      status: 'ready',
      data: { heroes: heroes.data, types: types.data, cost: cost.isPlaceholderData ? null : cost.data, lastCost: cost.data, leaderboard: leaderboard.data },
    };
  } else if (reads.some((read) => read.isError)) {
    // Load failures are only logged; the page offers a retry, and a failed read after an action keeps what is shown.
    load = { status: 'error' };
  }
  return { load, reload };
}

function withHero(heroes: readonly Hero[] | undefined, hero: Hero): Hero[] | undefined {
  if (!heroes) return heroes;
  return heroes.some((h) => h.id === hero.id) ? heroes.map((h) => (h.id === hero.id ? hero : h)) : [...heroes, hero];
}

/** A hero the server just returned (recruited, levelled) into the list. */
function putHero(client: QueryClient, viewer: Viewer, hero: Hero): void {
  client.setQueryData(heroesQuery(viewer).queryKey, (heroes) => withHero(heroes, hero));
}

/**
 * Recruiting: the reply is the new hero. The price rises, the paying village's stock falls (the top bar shows it), and
 * a refused recruit reads the price again (the stock may have changed behind the page).
 */
export function useRecruit(viewer: Viewer, villageId: string | null, type: HeroTypeName) {
  const client = useQueryClient();
  const recheck = () => {
    void client.invalidateQueries({ queryKey: queryKeys.recruitmentCost(viewer, villageId) });
    if (villageId) void client.invalidateQueries({ queryKey: queryKeys.overview(viewer, villageId) });
  };
  return useAction({
    mutationFn: (customName: string | undefined) => recruitHero(villageId ?? '', type, customName),
    onSuccess: (hero) => {
      putHero(client, viewer, hero);
      void client.invalidateQueries({ queryKey: queryKeys.heroLeaderboard() });
      recheck();
    },
    onError: recheck,
    success: MESSAGES.recruited,
    failure: MESSAGES.recruitFailed,
  });
}

/** Levelling up: the reply is the hero as the server has it now; a refusal reads the heroes again. */
export function useLevelUp(viewer: Viewer, heroId: string) {
  const client = useQueryClient();
  return useAction({
    mutationFn: () => levelUpHero(heroId),
    onSuccess: (hero) => {
      putHero(client, viewer, hero);
      void client.invalidateQueries({ queryKey: queryKeys.heroLeaderboard() });
    },
    onError: () => void client.invalidateQueries({ queryKey: queryKeys.heroList(viewer) }),
    success: MESSAGES.leveledUp,
    failure: MESSAGES.levelUpFailed,
  });
}
