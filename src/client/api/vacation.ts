// Typed calls of the vacation tag: the caller's vacation in a world, going on one and ending it.
import { api, unwrap } from './client';
import type { Schema } from '../../contract';

export type VacationStatus = Schema<'VacationStatus'>;
export type Vacation = Schema<'Vacation'>;

/** The caller's vacation in the world (or null), the shortest and longest one there, and what keeps one from starting now. */
export function getVacation(worldId: string, signal?: AbortSignal): Promise<VacationStatus> {
  return unwrap(api.GET('/api/worlds/{worldId}/vacation', { params: { path: { worldId } }, signal }));
}

/** Goes on vacation in the world until `endsAt` (ISO); 409 with the rule's words when it may not start. */
export function startVacation(worldId: string, endsAt: string): Promise<VacationStatus> {
  return unwrap(api.POST('/api/worlds/{worldId}/vacation', { params: { path: { worldId } }, body: { endsAt } }));
}

/** Ends the vacation, once its minimum has passed. */
export function endVacation(worldId: string): Promise<VacationStatus> {
  return unwrap(api.DELETE('/api/worlds/{worldId}/vacation', { params: { path: { worldId } } }));
}
