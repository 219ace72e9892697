// Helpers of the worlds and economy API tests: replies checked against openapi.yaml, joining Midgard, reading a village, giving embassies.
import { eq } from 'drizzle-orm';
import { villages, worlds } from '../../src/server/db/schema';
import { setBuildingLevel } from '../../src/server/operators/operator';
import { FOUNDING_EMBASSY_LEVEL } from '../../src/rules/embassy';
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

/**
 * Sets the embassy of every village the player holds to `level` directly, as the operator's `set-building` does:
 * founding an alliance needs level 3 (the default), accepting an invitation level 1 (src/rules/embassy.ts).
 */
export async function giveEmbassy(t: TestApp, player: Player, level = FOUNDING_EMBASSY_LEVEL): Promise<void> {
  const owned = await t.database.db.select({ id: villages.id }).from(villages).where(eq(villages.ownerId, player.user.id));
  if (owned.length === 0) throw new Error(`${player.user.username} holds no village to build an embassy in`);
  for (const { id } of owned) await setBuildingLevel(t.database.db, { villageId: id, type: 'embassy', level }, t.clock.now());
}

/**
 * Runs `act` (founding an alliance through the API) while the player's embassy stands at level 3, the level founding
 * needs, and takes it down to level 0 after: for tests whose villages must keep the population of a new village.
 */
export async function withFoundingEmbassy<T>(t: TestApp, player: Player, act: () => Promise<T>): Promise<T> {
  await giveEmbassy(t, player);
  const result = await act();
  await giveEmbassy(t, player, 0);
  return result;
}

/** A new player with a capital in Midgard whose embassy stands at `level` (3 by default: enough to found an alliance). */
export async function newEnvoy(t: TestApp, prefix = 'env', level = FOUNDING_EMBASSY_LEVEL): Promise<{ player: Player; village: MadeVillage }> {
  const made = await newVillage(t, undefined, prefix);
  await giveEmbassy(t, made.player, level);
  return made;
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
