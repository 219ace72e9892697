// Typed calls on settling: whether a tile can take a village, free sites near a village, founding one and the player's allowance.
import { api, unwrap } from './client';
import type { Schema } from '../../contract';

export type SettlementCheck = Schema<'SettlementCheck'>;
export type SettlementCandidate = Schema<'SettlementCandidate'>;
export type SettlementStats = Schema<'SettlementStats'>;
export type FoundedVillage = Schema<'Village'>;

/** Whether (x, y) of a world is free land a village may stand on, with the reason when not. */
export function canSettle(worldId: string, x: number, y: number, signal?: AbortSignal): Promise<SettlementCheck> {
  return unwrap(api.GET('/api/settlement/can-settle/{worldId}/{x}/{y}', { params: { path: { worldId, x, y } }, signal }));
}

/** Free sites within `radius` tiles of one of the player's villages, nearest first. */
export async function getSettlementCandidates(villageId: string, radius = 15): Promise<SettlementCandidate[]> {
  const { candidates } = await unwrap(api.GET('/api/settlement/candidates/{villageId}', { params: { path: { villageId }, query: { radius } } }));
  return candidates;
}

/** Founds a village at once, paid by `fromVillageId`. */
export async function foundVillage(input: { worldId: string; x: number; y: number; villageName: string; fromVillageId: string }): Promise<FoundedVillage> {
  const { village } = await unwrap(api.POST('/api/settlement/found', { body: input }));
  return village;
}

/** How many villages the player holds and may hold, what founding costs and the longhouse it needs. */
export function getSettlementStats(): Promise<SettlementStats> {
  return unwrap(api.GET('/api/settlement/stats'));
}
