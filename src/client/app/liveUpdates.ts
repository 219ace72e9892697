// Listens to the player's live event stream once per signed-in session and refreshes the atoms each event touches.
import { useEffect } from 'react';
import { useAtomValue, useStore } from 'jotai';
import { subscribeLiveEvents, type LiveEvent } from '../api/events';
import {
  armyVersionAtom,
  loadMovementsAtom,
  loadStationedAtom,
  loadUnreadReportsAtom,
  reportsVersionAtom,
  resetArmyAtom,
  stationedAtom,
} from '../state/army';
import { tokenAtom, userAtom } from '../state/session';
import { loadOverviewAtom, loadVillagesAtom, selectedVillageAtom } from '../state/village';

type Store = ReturnType<typeof useStore>;

/** What an event makes stale: the movements, the reports, the player's villages, the army page's troops. */
export interface Refresh {
  movements: boolean;
  reports: boolean;
  villages: boolean;
  troops: boolean;
}

export function refreshFor(event: LiveEvent): Refresh {
  switch (event.kind) {
    case 'movement_launched':
      return { movements: true, reports: false, villages: false, troops: false };
    case 'movement_landed':
    case 'movement_returned':
      // A landing fights, loots or stations troops; a return brings units and loot home.
      return { movements: true, reports: false, villages: false, troops: true };
    case 'report_arrived':
      return { movements: false, reports: true, villages: false, troops: true };
    case 'village_changed':
      // Loyalty, a conquest (a village won or lost) or a new village.
      return { movements: true, reports: false, villages: true, troops: true };
  }
}

function apply(store: Store, refresh: Refresh): void {
  if (refresh.movements) void store.set(loadMovementsAtom);
  if (refresh.reports) {
    void store.set(loadUnreadReportsAtom);
    store.set(reportsVersionAtom, (v) => v + 1);
  }
  if (refresh.villages) void store.set(loadVillagesAtom);
  if (refresh.troops) {
    store.set(armyVersionAtom, (v) => v + 1);
    // Stationed troops are read only once a page asked for them.
    if (store.get(stationedAtom) !== null) void store.set(loadStationedAtom);
    const selected = store.get(selectedVillageAtom);
    if (selected) void store.set(loadOverviewAtom, selected.id);
  }
}

const EVERYTHING: Refresh = { movements: true, reports: true, villages: true, troops: true };

/**
 * Mounted by the game frame: one stream per signed-in player and token (a new sign-in opens a new one,
 * logging out closes it). Every (re)connection reads everything afresh, since events sent while the
 * stream was down were not heard.
 */
export function useLiveUpdates(): void {
  const store = useStore();
  const userId = useAtomValue(userAtom)?.id ?? null;
  const token = useAtomValue(tokenAtom);

  useEffect(() => {
    if (!userId || !token) return undefined;
    store.set(resetArmyAtom);
    let opened = false;
    const stop = subscribeLiveEvents({
      onOpen() {
        // The first opening follows the reads below; later ones make up for what was missed.
        if (opened) apply(store, EVERYTHING);
        opened = true;
      },
      onEvent: (event) => apply(store, refreshFor(event)),
    });
    void store.set(loadMovementsAtom);
    void store.set(loadUnreadReportsAtom);
    return stop;
  }, [store, userId, token]);
}
