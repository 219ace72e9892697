// Typed calls on farm lists: the player's lists with each row's last raid, making and editing them, and sending a list in one request.
import { api, unwrap } from './client';
import type { Schema } from '../../contract';

export type FarmList = Schema<'FarmList'>;
export type FarmListList = Schema<'FarmListList'>;
export type FarmTarget = Schema<'FarmTarget'>;
export type FarmTargetLast = Schema<'FarmTargetLast'>;
export type FarmRowResult = Schema<'FarmRowResult'>;
export type FarmListSendResult = Schema<'FarmListSendResult'>;
type UnitSelection = Schema<'UnitSelection'>;

export function listFarmLists(signal?: AbortSignal): Promise<FarmListList> {
  return unwrap(api.GET('/api/farm-lists', { signal }));
}

export async function createFarmList(body: { name: string; villageId: string }): Promise<FarmList> {
  return (await unwrap(api.POST('/api/farm-lists', { body }))).list;
}

export async function renameFarmList(listId: string, name: string): Promise<FarmList> {
  return (await unwrap(api.PUT('/api/farm-lists/{listId}', { params: { path: { listId } }, body: { name } }))).list;
}

export async function deleteFarmList(listId: string): Promise<void> {
  await unwrap(api.DELETE('/api/farm-lists/{listId}', { params: { path: { listId } } }));
}

/** Adds the village on a tile of the list's world with the units to raid it with; the reply is the list as it now stands. */
export async function addFarmTarget(listId: string, target: { x: number; y: number; units: UnitSelection }): Promise<FarmList> {
  return (await unwrap(api.POST('/api/farm-lists/{listId}/targets', { params: { path: { listId } }, body: target }))).list;
}

export async function updateFarmTarget(listId: string, targetId: string, units: UnitSelection): Promise<FarmList> {
  return (await unwrap(api.PUT('/api/farm-lists/{listId}/targets/{targetId}', { params: { path: { listId, targetId } }, body: { units } }))).list;
}

export async function removeFarmTarget(listId: string, targetId: string): Promise<FarmList> {
  return (await unwrap(api.DELETE('/api/farm-lists/{listId}/targets/{targetId}', { params: { path: { listId, targetId } } }))).list;
}

/**
 * Sends the list (every row, or those named): each row a raid, or skipped with its reason. `key` is made once per click:
 * the same key again (a double click, a retry) sends nothing more and answers the first result.
 */
export function sendFarmList(listId: string, order: { key: string; targetIds?: string[] }): Promise<FarmListSendResult> {
  return unwrap(api.POST('/api/farm-lists/{listId}/send', { params: { path: { listId } }, body: order }));
}
