// Typed calls on armies: sending troops, the movements on the march, battle reports, stationed troops and account figures.
import { api, unwrap } from './client';
import type { Schema } from '../../contract';

export type Movement = Schema<'Movement'>;
export type MovementType = Schema<'MovementType'>;
export type UnitCounts = Schema<'UnitCounts'>;
export type BattleReport = Schema<'BattleReport'>;
export type BattleReportPage = Schema<'BattleReportPage'>;
export type BattleSide = Schema<'BattleSide'>;
export type GameStats = Schema<'GameStats'>;
export type StationedTroops = Schema<'StationedTroops'>;
export type StationedTroopsList = Schema<'StationedTroopsList'>;
export type VillageRef = Schema<'VillageRef'>;

/** What a player may order: returns are made by the game. */
export type SendableMovementType = Schema<'SendableMovementType'>;

export interface SendTroopsOrder {
  fromVillageId: string;
  /** The target: a village, or (for an attack or a raid) the tile of an oasis. */
  toVillageId?: string;
  toOasis?: { x: number; y: number };
  units: UnitCounts;
  movementType: SendableMovementType;
  /** A hero of the sending village who leads an attack or a raid. */
  heroId?: string;
  /** What an attack's catapults aim at; left out, a building drawn at random. */
  catapultTarget?: Schema<'BuildingType'>;
}

/** Units leave at once; the reply carries the arrival instant. */
export async function sendTroops(order: SendTroopsOrder): Promise<Movement> {
  const { heroId, catapultTarget, ...plain } = order;
  const body = { ...plain, ...(heroId ? { heroId } : {}), ...(catapultTarget ? { catapultTarget } : {}) };
  const { movement } = await unwrap(api.POST('/api/game/send-troops', { body }));
  return movement;
}

/** The player's armies on the march and those marching at their villages, soonest arrival first. */
export async function listMovements(): Promise<Movement[]> {
  const { movements } = await unwrap(api.GET('/api/game/movements'));
  return movements;
}

/** One page of the player's battle reports, newest first, with the count of unread ones. */
export function listBattles(page = 1, limit = 20): Promise<BattleReportPage> {
  return unwrap(api.GET('/api/game/battles', { params: { query: { page, limit } } }));
}

export async function markBattleRead(reportId: string): Promise<void> {
  await unwrap(api.POST('/api/game/battles/{reportId}/read', { params: { path: { reportId } } }));
}

export function getGameStats(): Promise<GameStats> {
  return unwrap(api.GET('/api/game/stats'));
}

/** The player's troops standing in allies' villages (abroad) and allies' troops in theirs (guests). */
export function listStationedTroops(): Promise<StationedTroopsList> {
  return unwrap(api.GET('/api/game/stationed'));
}

/** Sends reinforcements standing in an ally's village home; they march like any army. */
export async function recallStationedTroops(stationedId: string): Promise<Movement> {
  const { movement } = await unwrap(api.POST('/api/game/stationed/{stationedId}/recall', { params: { path: { stationedId } } }));
  return movement;
}
