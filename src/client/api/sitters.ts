// Typed calls of the sitters tag: one's sitters and the accounts one sits for, naming and removing, playing as an owner, the owner's log.
import { api, unwrap, type AuthResponse } from './client';
import type { Schema } from '../../contract';

export type SitterOverview = Schema<'SitterOverview'>;
export type SitterLogPage = Schema<'SitterLogPage'>;
export type SitterLogEntry = Schema<'SitterLogEntry'>;

/** The caller's sitters, the accounts the caller sits for (each lapsed or not), and how many sitters one may name. */
export function getSitters(signal?: AbortSignal): Promise<SitterOverview> {
  return unwrap(api.GET('/api/sitters', { signal }));
}

/** Names the player of that username a sitter; 404 for nobody by that name, 409 oneself, twice or beyond the limit. */
export function addSitter(username: string): Promise<SitterOverview> {
  return unwrap(api.POST('/api/sitters', { body: { username } }));
}

/** Removes a sitter of the caller's, or stops sitting for an owner: either way the pair's sitting sessions end at once. */
export function removeSitter(playerId: string): Promise<SitterOverview> {
  return unwrap(api.DELETE('/api/sitters/{playerId}', { params: { path: { playerId } } }));
}

/** A sitting session in the account of an owner who named the caller: the owner's user (with `sitter`) and its token. */
export function startSitting(playerId: string): Promise<AuthResponse> {
  return unwrap(api.POST('/api/sitters/{playerId}/sit', { params: { path: { playerId } } }));
}

/** A page of what sitters did in the caller's account, newest first. */
export function getSitterLog(page: number, signal?: AbortSignal): Promise<SitterLogPage> {
  return unwrap(api.GET('/api/sitters/log', { params: { query: { page } }, signal }));
}
