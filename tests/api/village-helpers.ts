// Helpers of the worlds and economy API tests: replies checked against openapi.yaml, joining Midgard, reading a village.
import { eq } from 'drizzle-orm';
import { worlds } from '../../src/server/db/schema';
import { registerPlayer, newPlayer, type TestApp } from './harness';
import { expectSchema } from './contract';
import type { Schema } from '../../src/contract';
import { idOf, type VillageId, type WorldId } from '../../src/rules/ids';

export { expectSchema };

export type Player = Awaited<ReturnType<typeof registerPlayer>>;

// Reply shapes are the contract's own.
export type VillageJson = Schema<'Village'>;
export type BuildingJson = Schema<'Building'>;
export type UnitJson = Schema<'Unit'>;
export type OverviewJson = Schema<'VillageOverview'>;

export async function worldId(t: TestApp, name = 'Midgard'): Promise<WorldId> {
  const [row] = await t.database.db.select({ id: worlds.id }).from(worlds).where(eq(worlds.name, name));
  if (!row) throw new Error(`no world ${name}`);
  return row.id;
}

/** A new player who has joined the world (Midgard by default), with their capital. */
/** A village of a reply whose ids a test passes on to the services and the database. */
export type MadeVillage = VillageJson & { id: VillageId; worldId: WorldId };

export async function newVillage(t: TestApp, world?: string, prefix = 'v'): Promise<{ player: Player; village: MadeVillage }> {
  const player = await registerPlayer(t.app, newPlayer(prefix));
  const res = await t.app.inject({ method: 'POST', url: `/api/worlds/${world ?? (await worldId(t))}/join`, headers: player.auth });
  if (res.statusCode !== 201) throw new Error(`join failed: ${res.statusCode} ${res.body}`);
  const { village } = res.json() as { village: VillageJson };
  // The reply's ids read as the village and world they name, as a route reads a path's id.
  return { player, village: { ...village, id: idOf<VillageId>(village.id), worldId: idOf<WorldId>(village.worldId) } };
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
