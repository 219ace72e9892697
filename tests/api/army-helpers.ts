// Helpers of the battle tests: armies and positions set straight in the database, sending troops and reading reports through the API.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Schema } from '../../src/contract';
import { units, villages } from '../../src/server/db/schema';
import type { UnitCounts } from '../../src/rules/units';
import type { TestApp } from './harness';
import type { Player } from './village-helpers';
import { UNIT_TYPES } from '../../src/rules/units';
import { entriesOf } from '../../src/rules/tuples';
import type { VillageId } from '../../src/rules/ids';

export type MovementJson = Schema<'Movement'>;
export type ReportJson = Schema<'BattleReport'>;

/**
 * Sets the units at home of a village (a test's army; the game trains them). The village's stock counts
 * as read now, so the new army's upkeep is not charged for the hours before it existed.
 */
export async function station(t: TestApp, villageId: VillageId, army: UnitCounts): Promise<void> {
  await t.database.db.update(villages).set({ resourcesAt: t.clock.now() }).where(eq(villages.id, villageId));
  for (const [type, count] of entriesOf(UNIT_TYPES, army)) {
    const [row] = await t.database.db.select().from(units).where(and(eq(units.villageId, villageId), eq(units.type, type)));
    if (row) await t.database.db.update(units).set({ count }).where(eq(units.id, row.id));
    else await t.database.db.insert(units).values({ villageId, type, count });
  }
}

/** Moves a village to (x, y) so marches have a known length; a barbarian village the world founded on that tile makes way. */
export async function placeAt(t: TestApp, villageId: VillageId, x: number, y: number): Promise<void> {
  const [moving] = await t.database.db.select({ worldId: villages.worldId }).from(villages).where(eq(villages.id, villageId));
  if (moving) await t.database.db.delete(villages).where(and(eq(villages.worldId, moving.worldId), eq(villages.x, x), eq(villages.y, y), isNull(villages.ownerId)));
  await t.database.db.update(villages).set({ x, y }).where(eq(villages.id, villageId));
}

export async function send(
  t: TestApp,
  player: Player,
  body: { fromVillageId: string; toVillageId: string; units: UnitCounts; movementType: string; heroId?: string; catapultTarget?: string },
): Promise<{ status: number; body: { movement: MovementJson; error?: string } }> {
  const res = await t.app.inject({ method: 'POST', url: '/api/game/send-troops', headers: player.auth, payload: body });
  return { status: res.statusCode, body: res.json() };
}

export async function reports(t: TestApp, player: Player): Promise<Schema<'BattleReportPage'>> {
  const res = await t.app.inject({ method: 'GET', url: '/api/game/battles', headers: player.auth });
  if (res.statusCode !== 200) throw new Error(`battles failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function movementsOf(t: TestApp, player: Player): Promise<MovementJson[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/game/movements', headers: player.auth });
  return (res.json() as { movements: MovementJson[] }).movements;
}

export function unitsAtHome(view: Schema<'VillageOverview'>): Record<string, number> {
  return Object.fromEntries(view.units.filter((u) => u.count > 0).map((u) => [u.type, u.count]));
}

/**
 * Moves the players' joining back 30 days, as if they had played a while: past beginner protection (72 hours on a world of
 * speed 1), so they may be attacked and raided. Their villages keep their order: each is moved back as far.
 */
export async function joinedLongAgo(t: TestApp, ...players: Player[]): Promise<void> {
  for (const player of players) {
    await t.database.db
      .update(villages)
      .set({ createdAt: sql`${villages.createdAt} - interval '30 days'` })
      .where(eq(villages.ownerId, player.user.id));
  }
}
