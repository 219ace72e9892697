// Two server processes on one PostgreSQL: a catapult attack, a scouting mission and a raid on an oasis, landing while both sweep and players read through both, are each applied exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { jsonCall as call, TwinServers } from '../support/twin-servers';
import type { Database } from '../../src/server/db/open';
import { battleReports, buildings, movements, oases, units, villages } from '../../src/server/db/schema';
import { createWorld } from '../../src/server/operators/world-admin';
import { setBuildingLevel } from '../../src/server/operators/operator';
import { idOf, type MovementId, type PlayerId, type VillageId, type WorldId } from '../../src/rules/ids';
import { unitEntries, type UnitCounts, type UnitType } from '../../src/rules/units';
import { animalEntries } from '../../src/rules/oases';
import type { Schema } from '../../src/contract';

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('catapults, scouts and oases through two server processes', () => {
  const twins = new TwinServers();
  const { bases } = twins;
  let database: Database;

  beforeAll(async () => {
    await twins.start(url!);
    database = twins.database;
  });
  afterAll(() => twins.stop());

  /** A tile near (x, y) where no village of the world stands (the world founds barbarian villages of its own). */
  async function freeTile(worldId: WorldId, x: number, y: number): Promise<{ x: number; y: number }> {
    const taken = new Set((await database.db.select({ x: villages.x, y: villages.y }).from(villages).where(eq(villages.worldId, worldId))).map((v) => `${v.x},${v.y}`));
    for (let dx = 0; ; dx++) if (!taken.has(`${x + dx},${y}`) && !taken.has(`${x + dx},${y + 2}`)) return { x: x + dx, y };
  }

  it('fights each catapult attack, scouting mission and oasis raid once, and sends each army home once', async () => {
    // Faster than 100, the world has no beginner protection: both players may be attacked from the start.
    const world = await createWorld(database.db, { name: 'Wild Fjords', speed: 2000 });
    const players: { token: string; id: PlayerId; village: VillageId }[] = [];
    for (const name of ['wildatt', 'wilddef']) {
      const registered = await call<{ token: string; user: { id: string } }>(bases[0], 'POST', '/api/auth/register', undefined, { username: name, email: `${name}@example.com`, password: 'Valhalla#2026' });
      const joined = await call<{ village: { id: string } }>(bases[1], 'POST', `/api/worlds/${world.id}/join`, registered.json.token);
      expect(joined.status).toBe(201);
      players.push({ token: registered.json.token, id: idOf<PlayerId>(registered.json.user.id), village: idOf<VillageId>(joined.json.village.id) });
    }
    const [attacker, defender] = players;
    // Two tiles apart in a quiet corner; the defender's granary at 10, the attacker's army at home (the game would build and train them).
    const spot = await freeTile(world.id, -120, 120);
    await database.db.update(villages).set({ x: spot.x, y: spot.y + 2 }).where(eq(villages.id, defender.village));
    await database.db.update(villages).set({ x: spot.x, y: spot.y, resourcesAt: new Date() }).where(eq(villages.id, attacker.village));
    await setBuildingLevel(database.db, { villageId: defender.village, type: 'granary', level: 10 }, new Date());
    const army: UnitCounts = { berserker: 320, catapult: 20, viking_raider: 5 };
    await database.db.insert(units).values(unitEntries(army).map(([type, count]) => ({ villageId: attacker.village, type, count })));

    // The nearest free oasis, as the map lists it.
    const near = await call<Schema<'OasisList'>>(bases[0], 'GET', `/api/map/village/${attacker.village}/oases?maxDistance=10`, attacker.token);
    expect(near.status).toBe(200);
    const oasis = near.json.oases.find((o) => o.claimedByVillageId === null && o.distance > 0);
    expect(oasis, 'an oasis within 10 tiles').toBeDefined();

    // The three missions, sent through both processes.
    const send = (i: number, body: Record<string, unknown>) =>
      call<{ movement: Schema<'Movement'>; error?: string }>(bases[i], 'POST', '/api/game/send-troops', attacker.token, { fromVillageId: attacker.village, ...body });
    const sent = await Promise.all([
      send(0, { toVillageId: defender.village, units: { berserker: 20, catapult: 20 }, movementType: 'attack', catapultTarget: 'granary' }),
      send(1, { toVillageId: defender.village, units: { viking_raider: 5 }, movementType: 'scout' }),
      send(0, { toOasis: { x: oasis!.x, y: oasis!.y }, units: { berserker: 300 }, movementType: 'raid' }),
    ]);
    for (const s of sent) expect(s.status, s.json.error).toBe(201);
    const [attack, scout, raid] = sent.map((s) => s.json.movement);

    // Both sweepers run every 50 ms while the players read through both processes, until every army is home again.
    const waitUntil = async (done: () => Promise<boolean>) => {
      const deadline = Date.now() + 20_000;
      while (!(await done())) {
        expect(Date.now()).toBeLessThan(deadline);
        await Promise.all([
          call(bases[0], 'GET', '/api/game/battles', attacker.token),
          call(bases[1], 'GET', '/api/game/battles', attacker.token),
          call(bases[0], 'GET', `/api/map/village/${defender.village}/overview`, defender.token),
          call(bases[1], 'GET', '/api/game/movements', attacker.token),
        ]);
      }
    };
    const returnsHome = () => database.db.select().from(movements).where(and(eq(movements.toVillageId, attacker.village), eq(movements.type, 'return')));
    await waitUntil(async () => (await returnsHome()).length === 3);
    const returns = await returnsHome();
    const lastHome = Math.max(...returns.map((r) => r.arrivesAt.getTime()));
    // Past the last return, the sweepers and readers keep going a while longer: nothing may be applied again.
    await waitUntil(async () => Date.now() > lastHome + 1500 && (await returnsHome()).every((r) => r.resolvedAt !== null));

    const reports = await database.db.select().from(battleReports).where(eq(battleReports.attackerId, attacker.id));
    expect(reports.map((r) => r.type).sort()).toEqual(['attack', 'raid', 'scout']);
    const byType = (type: string) => reports.find((r) => r.type === type)!;

    // The catapult attack: one report, the granary lowered once to the level it names.
    const hit = byType('attack').buildingHit;
    expect(hit).toMatchObject({ type: 'granary', levelBefore: 10 });
    expect(hit!.levelAfter).toBeLessThan(10);
    const granary = await database.db.select({ level: buildings.level }).from(buildings).where(and(eq(buildings.villageId, defender.village), eq(buildings.type, 'granary')));
    expect(granary.map((g) => g.level)).toEqual(hit!.levelAfter > 0 ? [hit!.levelAfter] : []);

    // The scouts: one report for the sender, unseen by the defender (who has no scouts).
    expect(byType('scout')).toMatchObject({ defenderId: defender.id, detected: false });
    expect(byType('scout').intel).not.toBeNull();

    // The raid: one report against the animals; the oasis's row written once, by that battle.
    const raidReport = byType('raid');
    expect(raidReport).toMatchObject({ defenderId: null, oasis: { x: oasis!.x, y: oasis!.y } });
    const rows = await database.db.select().from(oases).where(eq(oases.worldId, world.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ x: oasis!.x, y: oasis!.y, villageId: null });
    expect(rows[0].animalsAt.getTime()).toBe(new Date(raid.arrivesAt).getTime());
    const { animals: met, animalLosses } = raidReport.oasis!;
    const left = Object.fromEntries(animalEntries(met).flatMap(([kind, n]) => (n > (animalLosses[kind] ?? 0) ? [[kind, n - (animalLosses[kind] ?? 0)]] : [])));
    expect(rows[0].animals).toEqual(left);

    // Each mission was resolved at its arrival and sent exactly one army home, leaving from there at that instant.
    const homeward = [
      { mission: attack, back: returns.filter((r) => (r.units.catapult ?? 0) > 0) },
      { mission: scout, back: returns.filter((r) => (r.units.viking_raider ?? 0) > 0) },
      { mission: raid, back: returns.filter((r) => r.oasisId === rows[0].id) },
    ];
    for (const { mission, back } of homeward) {
      const [row] = await database.db.select().from(movements).where(eq(movements.id, idOf<MovementId>(mission.id)));
      expect(row.resolvedAt?.getTime()).toBe(new Date(mission.arrivesAt).getTime());
      expect(back.map((r) => r.departedAt.getTime())).toEqual([new Date(mission.arrivesAt).getTime()]);
    }

    // Home again, the army is what survived, counted once.
    const lost = (type: UnitType) => reports.reduce((sum, r) => sum + (r.attackerLosses[type] ?? 0), 0);
    const home = await call<{ units: { type: string; count: number }[] }>(bases[1], 'GET', `/api/map/village/${attacker.village}/overview`, attacker.token);
    for (const type of ['berserker', 'catapult', 'viking_raider'] as const) {
      expect(home.json.units.find((u) => u.type === type)?.count ?? 0, type).toBe((army[type] ?? 0) - lost(type));
    }
  });
});
