// Helpers of the worlds and economy API tests: replies checked against openapi.yaml, joining Midgard, reading a village.
import { eq } from 'drizzle-orm';
import { worlds } from '../../src/server/db/schema';
import { registerPlayer, newPlayer, type TestApp } from './harness';
import { expectSchema } from './contract';

export { expectSchema };

export type Player = Awaited<ReturnType<typeof registerPlayer>>;

export interface VillageJson {
  id: string;
  name: string;
  x: number;
  y: number;
  population: number;
  loyalty: number;
  isCapital: boolean;
  worldId: string;
  ownerId: string;
}

export interface BuildingJson {
  id: string;
  type: string;
  level: number;
  slot: number;
  isUpgrading: boolean;
  remainingTime: number | null;
  upgradeFinishesAt: string | null;
}

export interface UnitJson {
  id: string;
  type: string;
  count: number;
  isTraining: boolean;
  remainingTime: number | null;
  trainingQueue: { id: string; unitType: string; count: number; unitTrainingTime: number; nextUnitFinishesAt: string; finishesAt: string; remainingTime: number }[];
}

export interface OverviewJson {
  village: VillageJson;
  resources: { type: string; amount: number; capacity: number; production: number }[];
  statistics: { militaryPower: number; defenseBonus: number; totalUpkeep: number };
  buildings: BuildingJson[];
  units: UnitJson[];
  availableUnitTypes: { type: string; trainingTime: number; cost: Record<string, number>; canTrain: boolean }[];
  constructionQueue: { buildingId: string; buildingType: string; slot: number; targetLevel: number; finishesAt: string; remainingTime: number }[];
  serverTime: string;
}

export async function worldId(t: TestApp, name = 'Midgard'): Promise<string> {
  const [row] = await t.database.db.select({ id: worlds.id }).from(worlds).where(eq(worlds.name, name));
  if (!row) throw new Error(`no world ${name}`);
  return row.id;
}

/** A new player who has joined the world (Midgard by default), with their capital. */
export async function newVillage(t: TestApp, world?: string, prefix = 'v'): Promise<{ player: Player; village: VillageJson }> {
  const player = await registerPlayer(t.app, newPlayer(prefix));
  const res = await t.app.inject({ method: 'POST', url: `/api/worlds/${world ?? (await worldId(t))}/join`, headers: player.auth });
  if (res.statusCode !== 201) throw new Error(`join failed: ${res.statusCode} ${res.body}`);
  return { player, village: (res.json() as { village: VillageJson }).village };
}

export async function overview(t: TestApp, player: Player, villageId: string): Promise<OverviewJson> {
  const res = await t.app.inject({ method: 'GET', url: `/api/map/village/${villageId}/overview`, headers: player.auth });
  if (res.statusCode !== 200) throw new Error(`overview failed: ${res.statusCode} ${res.body}`);
  return res.json() as OverviewJson;
}

/** Resource amounts of an overview as { timber, stone, iron, mead }. */
export function amounts(view: OverviewJson): Record<string, number> {
  return Object.fromEntries(view.resources.map((r) => [r.type, r.amount]));
}

export function production(view: OverviewJson): Record<string, number> {
  return Object.fromEntries(view.resources.map((r) => [r.type, r.production]));
}

export const HOUR = 3_600_000;
export const MINUTE = 60_000;
export const DAY = 24 * HOUR;
