// The player's armies as last read: movements on the march (with their arrival on the client's clock), unread battle reports, stationed troops, and the intents that reload them.
import { atom } from 'jotai';
import { listBattles, listMovements, listStationedTroops, type Movement, type StationedTroopsList } from '../api/army';
import type { LoadStatus } from './village';

export type { Movement, StationedTroopsList };

/** A movement with its arrival as a Date.now() instant: the server's clock may differ, its remaining seconds do not. */
export interface ArmyMovement extends Movement {
  arrivesAtClient: number;
}

/** The server's remaining seconds, counted from the moment the reply arrived (`readAt`, client clock). */
export function onClientClock(movements: readonly Movement[], readAt: number): ArmyMovement[] {
  return movements.map((m) => ({ ...m, arrivesAtClient: readAt + m.remainingTime * 1000 }));
}

/** Whole seconds until a client-clock instant, never negative (what a countdown shows). */
export function secondsUntil(instant: number, now: number): number {
  return Math.max(0, Math.ceil((instant - now) / 1000));
}

/** Movements that threaten the player: enemy attacks and raids marching at their villages, soonest first. */
export function incomingAttacks(movements: readonly ArmyMovement[]): ArmyMovement[] {
  return movements
    .filter((m) => m.direction === 'incoming' && (m.type === 'attack' || m.type === 'raid'))
    .sort((a, b) => a.arrivesAtClient - b.arrivesAtClient);
}

/** Movements as last read from GET /api/game/movements (null until the first read). */
export const movementsAtom = atom<ArmyMovement[] | null>(null);
export const movementsStatusAtom = atom<LoadStatus>('idle');

export const incomingAttacksAtom = atom((get) => incomingAttacks(get(movementsAtom) ?? []));

/** The player's battle reports not opened yet (the side navigation's badge). */
export const unreadReportsAtom = atom(0);

/** Rises whenever a report arrives, so an open reports page reads its page again. */
export const reportsVersionAtom = atom(0);

/** Rises whenever something at the player's villages changed (troops home, a battle), so the army page reads again. */
export const armyVersionAtom = atom(0);

export const stationedAtom = atom<StationedTroopsList | null>(null);

let movementsRequest: Promise<void> | null = null;
let movementsSequence = 0;

/** Reads the movements; calls made while one runs share it. Never throws (failures are logged, the list stays). */
export const loadMovementsAtom = atom(null, (get, set): Promise<void> => {
  if (movementsRequest) return movementsRequest;
  const sequence = ++movementsSequence;
  if (get(movementsAtom) === null) set(movementsStatusAtom, 'loading');
  movementsRequest = listMovements()
    .then(
      (movements) => {
        // A reset (another player signed in) while this was on its way makes it stale.
        if (sequence !== movementsSequence) return;
        set(movementsAtom, onClientClock(movements, Date.now()));
        set(movementsStatusAtom, 'ready');
      },
      (error: unknown) => {
        console.error('Loading the movements failed', error);
        if (sequence === movementsSequence && get(movementsAtom) === null) set(movementsStatusAtom, 'error');
      },
    )
    .finally(() => {
      movementsRequest = null;
    });
  return movementsRequest;
});

/** Puts a movement the server just returned (troops sent, recalled) into the list before the next read. */
export const putMovementAtom = atom(null, (get, set, movement: Movement) => {
  const [placed] = onClientClock([movement], Date.now());
  const others = (get(movementsAtom) ?? []).filter((m) => m.id !== movement.id);
  set(
    movementsAtom,
    [...others, placed].sort((a, b) => a.arrivesAtClient - b.arrivesAtClient),
  );
});

/** Reads the unread count (one report is enough: the count covers every page). */
export const loadUnreadReportsAtom = atom(null, async (_get, set): Promise<void> => {
  try {
    const page = await listBattles(1, 1);
    set(unreadReportsAtom, page.unread);
  } catch (error) {
    console.error('Loading the unread reports failed', error);
  }
});

export const loadStationedAtom = atom(null, async (_get, set): Promise<void> => {
  try {
    set(stationedAtom, await listStationedTroops());
  } catch (error) {
    console.error('Loading the stationed troops failed', error);
  }
});

/** Forgets another player's armies (sign-in of someone else in the same tab). */
export const resetArmyAtom = atom(null, (_get, set) => {
  movementsSequence += 1;
  movementsRequest = null;
  set(movementsAtom, null);
  set(movementsStatusAtom, 'idle');
  set(unreadReportsAtom, 0);
  set(stationedAtom, null);
});
