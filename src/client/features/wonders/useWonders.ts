// What the wonders page shows for one world (its wonders, the types, the alliance's effects, the winner), from their
// queries, and the cache updates of contributing and founding.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { constructWonder, contributeToWonder, type AllianceEffects, type VictoryCheck, type Wonder, type WonderTypeInfo, type WonderTypeName } from '../../api/wonders';
import { allianceEffectsQuery, victoryQuery, wonderTypesQuery, wondersQuery } from '../../state/queries';
import { patchQueryData } from '../../state/queryClient';
import { queryKeys, type Viewer } from '../../state/queryKeys';
import { useAction } from '../../ui/useAction';
import { CONTRIBUTION, MESSAGES } from './model';

export interface WondersData {
  wonders: Wonder[];
  types: WonderTypeInfo[];
  effects: AllianceEffects;
  victory: VictoryCheck;
  /** Date.now() when the wonders arrived: construction times count down from here. */
  readAt: number;
}

export type WondersLoad = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: WondersData };

/**
 * `worldId` is the selected village's world (null: the server's choice, the player having no village); `ready` is
 * false while the player's villages are still being read. Every read but the types is asked again every minute.
 */
export function useWonders(viewer: Viewer, worldId: string | null, ready: boolean) {
  const on = viewer !== null && ready;
  const wonders = useQuery({ ...wondersQuery(viewer, worldId), enabled: on });
  const types = useQuery({ ...wonderTypesQuery(), enabled: ready });
  const effects = useQuery({ ...allianceEffectsQuery(viewer, worldId), enabled: on });
  const victory = useQuery({ ...victoryQuery(viewer, worldId), enabled: on });
  const reads = [wonders, types, effects, victory];

  const reload = () => Promise.all(reads.map((read) => read.refetch())).then(() => undefined);
  let load: WondersLoad = { status: 'loading' };
  if (wonders.data && types.data && effects.data && victory.data) {
    load = { status: 'ready', data: { wonders: wonders.data, types: types.data, effects: effects.data, victory: victory.data, readAt: wonders.dataUpdatedAt } };
  } else if (reads.some((read) => read.isError)) {
    // Load failures are only logged; the page offers a retry, and a failed read after an action keeps what is shown.
    load = { status: 'error' };
  }
  return { load, reload };
}

function withWonder(wonders: readonly Wonder[], wonder: Wonder): Wonder[] {
  return wonders.some((w) => w.id === wonder.id) ? wonders.map((w) => (w.id === wonder.id ? wonder : w)) : [...wonders, wonder];
}

/** Where a wonder action is taken: whose view, which world's wonders, and the village that pays (none chosen yet: null). */
interface WonderActionPlace {
  viewer: Viewer;
  worldId: string | null;
  villageId: string | null;
}

/**
 * An action on a world's wonders from the selected village: the reply is the wonder as it stands now and replaces
 * the old one at once. The list is then read again (its countdowns all count from one read), and so is the paying
 * village (the top bar shows the stock that is left). Refused or not, both are shown as the server has them now.
 */
function useWonderAction<TVariables>({ viewer, worldId, villageId }: WonderActionPlace, act: (variables: TVariables) => Promise<Wonder>, texts: { success: string; failure: string }) {
  const client = useQueryClient();
  const reread = () => {
    void client.invalidateQueries({ queryKey: queryKeys.wonderList(viewer, worldId) });
    if (villageId) void client.invalidateQueries({ queryKey: queryKeys.overview(viewer, villageId) });
  };
  return useAction({
    mutationFn: act,
    onSuccess: (wonder) => {
      // Kept at the list's read instant until the reread: the other wonders' countdowns count from it.
      patchQueryData<Wonder[]>(client, queryKeys.wonderList(viewer, worldId), (wonders) => withWonder(wonders, wonder));
      reread();
    },
    onError: reread,
    ...texts,
  });
}

/** Gives the fixed contribution from `village` to a wonder. */
export function useContribute(viewer: Viewer, worldId: string | null, wonderId: string, villageId: string | null) {
  return useWonderAction<void>({ viewer, worldId, villageId }, () => contributeToWonder(wonderId, villageId ?? '', { ...CONTRIBUTION }), {
    success: MESSAGES.contributed,
    failure: MESSAGES.contributeFailed,
  });
}

/** Founds a wonder of `type` in `village` under the name given. */
export function useConstruct(viewer: Viewer, worldId: string | null, type: WonderTypeName, villageId: string | null) {
  return useWonderAction({ viewer, worldId, villageId }, (name: string) => constructWonder(villageId ?? '', type, name), {
    success: MESSAGES.constructed,
    failure: MESSAGES.constructFailed,
  });
}
