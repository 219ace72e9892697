// The player's armies on the client: movements put on the client's clock, the threats among them, and a movement the
// server just returned put into the movements query before the next read.
import type { QueryClient } from '@tanstack/react-query';
import type { Movement, StationedTroopsList } from '../api/army';
import { queryKeys, type Viewer } from './queryKeys';

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

/** Movements that threaten the player: enemy attacks, raids and scouts marching at their villages, soonest first. */
export function incomingAttacks(movements: readonly ArmyMovement[]): ArmyMovement[] {
  return movements
    .filter((m) => m.direction === 'incoming' && (m.type === 'attack' || m.type === 'raid' || m.type === 'scout'))
    .sort((a, b) => a.arrivesAtClient - b.arrivesAtClient);
}

/** The list with `movement` (troops sent, recalled) in it, soonest arrival first. */
export function withMovement(movements: readonly ArmyMovement[], movement: Movement, readAt: number): ArmyMovement[] {
  return [...movements.filter((m) => m.id !== movement.id), ...onClientClock([movement], readAt)].sort((a, b) => a.arrivesAtClient - b.arrivesAtClient);
}

/** Puts a movement the server just returned into the movements query (a list never read is read instead). */
export function putMovement(client: QueryClient, viewer: Viewer, movement: Movement): void {
  const queryKey = queryKeys.movements(viewer);
  if (client.getQueryData(queryKey) === undefined) {
    void client.invalidateQueries({ queryKey });
    return;
  }
  client.setQueryData<ArmyMovement[]>(queryKey, (movements) => withMovement(movements ?? [], movement, Date.now()));
}
