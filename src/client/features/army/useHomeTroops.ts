// The units of each of the player's villages (what stands at home and what is in training), from their overview queries.
import { useQueries } from '@tanstack/react-query';
import type { Unit, Village, VillageOverview } from '../../api/villages';
import { overviewQuery } from '../../state/queries';
import type { Viewer } from '../../state/queryKeys';

export interface VillageTroops {
  units: Unit[];
  /** Longhouse level of the village (founding needs 10 in the source village). */
  longhouse: number;
  /** Date.now() when read, for training countdowns. */
  readAt: number;
}

export type HomeTroops = ReadonlyMap<string, VillageTroops>;

function troopsOf(overview: VillageOverview, readAt: number): VillageTroops {
  const longhouse = Math.max(0, ...overview.buildings.filter((b) => b.type === 'longhouse').map((b) => b.level));
  return { units: overview.units, longhouse, readAt };
}

/**
 * Every village's overview, the same reads the village page and the top bar share: a live event or an arrival marks
 * them stale and they are read again, the old numbers staying on screen meanwhile.
 */
export function useHomeTroops(viewer: Viewer, villages: readonly Village[] | null) {
  const list = villages ?? [];
  return useQueries({
    queries: list.map((village) => overviewQuery(viewer, village.id)),
    combine: (results) => ({
      troops: new Map<string, VillageTroops>(
        results.flatMap((result, i) => {
          const village = list[i];
          return village && result.data ? [[village.id, troopsOf(result.data, result.dataUpdatedAt)] as const] : [];
        }),
      ),
      failed: results.some((result) => result.isError),
      reload: () => Promise.all(results.map((result) => result.refetch())).then(() => undefined),
    }),
  });
}
