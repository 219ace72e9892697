// The player's villages as the shell and the map read them (atoms over the villages query, so the PixiJS map never
// fetches), the selected one (it survives a reload), and the selected village's overview.
import { atom, useAtomValue } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { atomWithQuery } from 'jotai-tanstack-query';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Village, VillageOverview } from '../api/villages';
import type { World } from '../api/worlds';
import { overviewQuery, villagesQuery, villagesWith } from './queries';
import { patchQueryData } from './queryClient';
import { queryKeys, type Viewer } from './queryKeys';
import { userIdAtom } from './session';

export type { Village, VillageOverview, World };

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** Id of the village the shell, the village page and the map centre on. */
export const selectedVillageIdAtom = atomWithStorage<string | null>('selectedVillageId', null);

/**
 * The villages query (GET /api/villages) of the signed-in player, as an atom: the same cache entry every useQuery of
 * villagesQuery sees. Mounted by the shell and the map, read once per visit and again when the live stream says so.
 */
export const villagesQueryAtom = atomWithQuery((get) => villagesQuery(get(userIdAtom)));

/** The player's villages as last read (null until the first read). */
export const villagesAtom = atom<Village[] | null>((get) => get(villagesQueryAtom).data ?? null);

/** Progress of the villages read; 'error' lets the pages offer a retry instead of spinning for ever. */
export const villagesStatusAtom = atom<LoadStatus>((get) => {
  const result = get(villagesQueryAtom);
  if (result.data !== undefined) return 'ready';
  if (result.isError) return 'error';
  return result.fetchStatus === 'fetching' ? 'loading' : 'idle';
});

/** The selected village, falling back to the capital, then the first village. */
export const selectedVillageAtom = atom<Village | null>((get) => {
  const villages = get(villagesAtom);
  const id = get(selectedVillageIdAtom);
  return villages?.find((v) => v.id === id) ?? villages?.find((v) => v.isCapital) ?? villages?.[0] ?? null;
});

/**
 * Puts a village the server just returned (joined, founded, renamed) into the player's list and into its overview,
 * without moving the instant that overview was read. A list never read is read instead.
 */
export function putVillage(client: QueryClient, viewer: Viewer, village: Village): void {
  const { queryKey } = villagesQuery(viewer);
  if (client.getQueryData(queryKey) === undefined) void client.invalidateQueries({ queryKey });
  else client.setQueryData(queryKey, (villages) => villagesWith(villages, village));
  patchQueryData<VillageOverview>(client, queryKeys.overview(viewer, village.id), (overview) => ({ ...overview, village }));
}

/** One overview as read from the server, with the client's clock at the moment it arrived. */
export interface VillageOverviewRead {
  villageId: string;
  overview: VillageOverview;
  /** Date.now() when the reply arrived: live resources count from here (the server's clock may differ). */
  readAt: number;
}

/**
 * The overview of the selected village (null while none is read yet) and its query. `refetchInterval` lets the shell
 * read it again now and then; every other reader shares the same cache entry.
 */
export function useSelectedOverview(options: { refetchInterval?: number } = {}) {
  const viewer = useAtomValue(userIdAtom);
  const village = useAtomValue(selectedVillageAtom);
  const villageId = village?.id ?? null;
  const query = useQuery({
    ...overviewQuery(viewer, villageId ?? ''),
    enabled: viewer !== null && villageId !== null,
    ...(options.refetchInterval ? { refetchInterval: options.refetchInterval, refetchIntervalInBackground: true } : {}),
  });
  const read: VillageOverviewRead | null =
    villageId !== null && query.data !== undefined ? { villageId, overview: query.data, readAt: query.dataUpdatedAt } : null;
  return { village, read, query };
}

/** How far the server's clock was ahead of this one when an overview arrived (its serverTime against readAt), in ms; 0 without one. */
export function serverOffsetOf(read: VillageOverviewRead | null): number {
  const server = read ? Date.parse(read.overview.serverTime) : Number.NaN;
  return read && Number.isFinite(server) && read.readAt > 0 ? server - read.readAt : 0;
}

/**
 * The server's clock against this one, from the selected village's overview (which the shell keeps fresh): for counting
 * down to instants the server names (a beginner's shield on the map) without trusting the two clocks to agree.
 */
export function useServerOffset(): number {
  return serverOffsetOf(useSelectedOverview().read);
}

/** Reads a village's overview again (after an action that changed it, a countdown that ended). */
export function refreshOverview(client: QueryClient, viewer: Viewer, villageId: string): Promise<void> {
  return client.invalidateQueries({ queryKey: queryKeys.overview(viewer, villageId) });
}
