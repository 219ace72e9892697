// The player's movements for the map: the movements query (the army pages' cache entry, marked stale by the live stream
// when armies set off, land or come home) put into mapMovementsAtom while the map is open, and read again once the
// soonest of them has arrived, so a landed army leaves the map even when the stream is down.
import { useAtomValue, useStore } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { mapMovementsAtom, mapMovementsOf, sameMapMovements } from '../../state/mapMovements';
import { movementsQuery } from '../../state/queries';
import { queryKeys } from '../../state/queryKeys';
import { userIdAtom } from '../../state/session';
import { villagesAtom } from '../../state/village';

/** How long after an arrival the movements are read again: the server has settled it by then. */
const AFTER_ARRIVAL_MS = 1000;
/** A timer is never set further ahead than this (browsers fire far longer delays at once); it is set again after the read. */
const LONGEST_WAIT_MS = 60 * 60_000;

export function useMapMovements(): void {
  const store = useStore();
  const client = useQueryClient();
  const viewer = useAtomValue(userIdAtom);
  const villages = useAtomValue(villagesAtom);
  const { data } = useQuery(movementsQuery(viewer));

  useEffect(() => {
    const next = mapMovementsOf(data ?? [], villages ?? []);
    if (!sameMapMovements(store.get(mapMovementsAtom), next)) store.set(mapMovementsAtom, next);
  }, [data, villages, store]);

  useEffect(() => {
    if (!data || data.length === 0 || viewer === null) return;
    const soonest = Math.min(...data.map((movement) => movement.arrivesAtClient));
    const wait = Math.min(LONGEST_WAIT_MS, Math.max(0, soonest - Date.now()) + AFTER_ARRIVAL_MS);
    const timer = setTimeout(() => void client.invalidateQueries({ queryKey: queryKeys.movements(viewer) }), wait);
    return () => clearTimeout(timer);
  }, [data, viewer, client]);

  // Leaving the map leaves nothing for the next stage to draw.
  useEffect(() => () => store.set(mapMovementsAtom, []), [store]);
}
