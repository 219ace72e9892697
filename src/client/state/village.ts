// The player's villages, the selected one (it survives a reload), its last overview read, and the worlds to join.
import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { getVillageOverview, listVillages, type Village, type VillageOverview } from '../api/villages';
import { listWorlds, type World } from '../api/worlds';

export type { Village, VillageOverview, World };

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

/** Id of the village the shell, the village page and the map centre on. */
export const selectedVillageIdAtom = atomWithStorage<string | null>('selectedVillageId', null);

/** The player's villages as last loaded from GET /api/villages (null until the first load). */
export const villagesAtom = atom<Village[] | null>(null);

/** Progress of the villages load; 'error' lets the pages offer a retry instead of spinning for ever. */
export const villagesStatusAtom = atom<LoadStatus>('idle');

/** Whose villages villagesAtom holds, so that another sign-in in the same tab never sees them. */
const villagesOwnerAtom = atom<string | null>(null);

/** The selected village, falling back to the capital, then the first village. */
export const selectedVillageAtom = atom<Village | null>((get) => {
  const villages = get(villagesAtom);
  if (!villages || villages.length === 0) return null;
  const id = get(selectedVillageIdAtom);
  return villages.find((v) => v.id === id) ?? villages.find((v) => v.isCapital) ?? villages[0];
});

let villagesRequest: Promise<void> | null = null;

/** Reads GET /api/villages into villagesAtom; calls made while one is running share it. Never throws. */
export const loadVillagesAtom = atom(null, (get, set): Promise<void> => {
  if (villagesRequest) return villagesRequest;
  // A reload keeps 'ready' so the pages do not fall back to a spinner while it runs.
  if (get(villagesStatusAtom) !== 'ready') set(villagesStatusAtom, 'loading');
  villagesRequest = listVillages()
    .then(
      (villages) => {
        set(villagesAtom, villages);
        set(villagesStatusAtom, 'ready');
      },
      (error: unknown) => {
        // SPEC section 8: load failures are only logged; the pages offer a retry.
        console.error('Loading the villages failed', error);
        set(villagesStatusAtom, 'error');
      },
    )
    .finally(() => {
      villagesRequest = null;
    });
  return villagesRequest;
});

/**
 * Called by the shell when it mounts for a signed-in player: loads the villages (the list on screen
 * stays while a newer one is read), and starts afresh, dropping another player's villages and
 * overview, when the player changed.
 */
export const ensureVillagesAtom = atom(null, (get, set, ownerId: string): Promise<void> => {
  if (get(villagesOwnerAtom) !== ownerId) {
    set(villagesOwnerAtom, ownerId);
    set(villagesAtom, null);
    set(villageOverviewAtom, null);
    set(villagesStatusAtom, 'idle');
  }
  return set(loadVillagesAtom);
});

/** Puts a village the server just returned (joined, renamed, read) into the list. */
export const putVillageAtom = atom(null, (get, set, village: Village) => {
  const villages = get(villagesAtom) ?? [];
  const index = villages.findIndex((v) => v.id === village.id);
  if (index < 0) {
    set(villagesAtom, [...villages, village]);
    return;
  }
  const old = villages[index];
  const same = (Object.keys(village) as (keyof Village)[]).every((key) => old[key] === village[key]);
  if (!same) set(villagesAtom, villages.map((v, i) => (i === index ? village : v)));
});

/** One overview as read from the server, with the client's clock at the moment it arrived. */
export interface VillageOverviewRead {
  villageId: string;
  overview: VillageOverview;
  /** Date.now() when the reply arrived: live resources count from here (the server's clock may differ). */
  readAt: number;
}

/** The last overview read (of whichever village was asked for last). */
export const villageOverviewAtom = atom<VillageOverviewRead | null>(null);

/** The overview of the selected village, or null while it has not been read yet. */
export const selectedOverviewAtom = atom<VillageOverviewRead | null>((get) => {
  const village = get(selectedVillageAtom);
  const read = get(villageOverviewAtom);
  return village && read && read.villageId === village.id ? read : null;
});

/** Status of the overview load of the village last asked for. */
export const overviewStatusAtom = atom<{ villageId: string | null; status: LoadStatus }>({ villageId: null, status: 'idle' });

let overviewSequence = 0;
let overviewStored = 0;

/**
 * Reads the overview of a village into villageOverviewAtom (and its fresh village into the list). A
 * reply older than one already stored is dropped, so a slow read never overwrites a newer one. Never throws.
 */
export const loadOverviewAtom = atom(null, async (_get, set, villageId: string): Promise<void> => {
  const sequence = ++overviewSequence;
  set(overviewStatusAtom, { villageId, status: 'loading' });
  try {
    const overview = await getVillageOverview(villageId);
    if (sequence < overviewStored) return;
    overviewStored = sequence;
    set(villageOverviewAtom, { villageId, overview, readAt: Date.now() });
    set(putVillageAtom, overview.village);
    set(overviewStatusAtom, { villageId, status: 'ready' });
  } catch (error) {
    console.error('Loading the village overview failed', error);
    if (sequence === overviewSequence) set(overviewStatusAtom, { villageId, status: 'error' });
  }
});

/** Worlds as last listed (null until loaded): the picker shows them, the village page needs their speed. */
export const worldsAtom = atom<World[] | null>(null);

/** Reads GET /api/worlds; throws so the caller can show why. */
export const loadWorldsAtom = atom(null, async (_get, set): Promise<World[]> => {
  const worlds = await listWorlds();
  set(worldsAtom, worlds);
  return worlds;
});
