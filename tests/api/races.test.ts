// Parallel requests that spend, recruit, contribute, level, recall, accept, start and grant at once: nothing is spent twice, nothing goes negative, nothing is duplicated.
// Single-operation races live beside their features (economy: fifty upgrades and fifty training orders; heroes: ten recruits;
// wonders: five contributions; battles: six sends of the same troops; alliances: one tag founded twice, two invitations;
// quests: one quest started twice; admin: one reward key twice; worlds: a crowd joining). These are the races across operations.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { registerPlayer, newPlayer, requests, startTestApp, type TestApp } from './harness';
import { newEnvoy, newVillage, worldId, type MadeVillage, type Player } from './village-helpers';
import { withRole } from './proof-world';
import type { Schema } from '../../src/contract';
import { allianceMembers, buildings, heroes, movements, rewardGrants, stationedTroops, trainingOrders, units, villages, wonderContributions } from '../../src/server/db/schema';
import { grantToPlayer, setBuildingLevel } from '../../src/server/operators/operator';
import { buildingCost, type BuildingType } from '../../src/rules/buildings';
import { recruitmentCost, experienceForNextLevel } from '../../src/rules/heroes';
import { UNITS } from '../../src/rules/units';
import { RESOURCE_TYPES, type Resources } from '../../src/rules/resources';
import { idOf, type HeroId, type VillageId, type WonderId, type WorldId } from '../../src/rules/ids';

let t: TestApp;
let world: WorldId;
beforeAll(async () => {
  t = await startTestApp();
  world = await worldId(t);
});
afterAll(async () => {
  await t.close();
});

/** After every race: nothing anywhere went below zero or was doubled. */
afterEach(async () => {
  const db = t.database.db;
  const [negative] = await db.select({ n: sql<number>`count(*)` }).from(villages).where(sql`${villages.timber} < 0 or ${villages.stone} < 0 or ${villages.iron} < 0 or ${villages.mead} < 0`);
  expect(Number(negative.n), 'villages with a negative stock').toBe(0);
  const [negativeUnits] = await db.select({ n: sql<number>`count(*)` }).from(units).where(sql`${units.count} < 0`);
  expect(Number(negativeUnits.n), 'negative unit counts').toBe(0);
  const doubled = await db.select({ villageId: buildings.villageId, slot: buildings.slot }).from(buildings).groupBy(buildings.villageId, buildings.slot).having(sql`count(*) > 1`);
  expect(doubled, 'two buildings in one slot').toEqual([]);
  const twice = await db.select({ userId: allianceMembers.userId }).from(allianceMembers).groupBy(allianceMembers.userId).having(sql`count(*) > 1`);
  expect(twice, 'a player in two alliances').toEqual([]);
});

const { request: call } = requests(() => t);

async function stockOf(villageId: VillageId): Promise<Resources> {
  const [row] = await t.database.db.select().from(villages).where(eq(villages.id, villageId));
  return { timber: row.timber, stone: row.stone, iron: row.iron, mead: row.mead };
}

async function setStock(villageId: VillageId, each: number): Promise<void> {
  await t.database.db.update(villages).set({ timber: each, stone: each, iron: each, mead: each, resourcesAt: t.clock.now() }).where(eq(villages.id, villageId));
}

const add = (a: Resources, b: Resources, times = 1): Resources => Object.fromEntries(RESOURCE_TYPES.map((r) => [r, a[r] + times * b[r]])) as Resources;
const NOTHING: Resources = { timber: 0, stone: 0, iron: 0, mead: 0 };

/** A player whose capital can build, train, recruit and raise a wonder, with big stores. */
async function wellBuilt(prefix: string, wonderType: string): Promise<{ player: Player; village: MadeVillage; wonder: WonderId }> {
  const made = await newVillage(t, undefined, prefix);
  for (const type of ['great_hall', 'warehouse', 'granary']) await setBuildingLevel(t.database.db, { villageId: made.village.id, type, level: 20 }, t.clock.now());
  await setBuildingLevel(t.database.db, { villageId: made.village.id, type: 'barracks', level: 1 }, t.clock.now());
  await grantToPlayer(t.database.db, made.player.body.email, { timber: 20_000, stone: 20_000, iron: 20_000, mead: 20_000 }, t.clock.now());
  const wonder = await call(made.player, 'POST', '/api/wonders/construct', { villageId: made.village.id, wonderType, wonderName: 'Race work' });
  expect(wonder.statusCode, wonder.body).toBe(201);
  return { ...made, wonder: idOf<WonderId>((wonder.json() as { wonder: Schema<'Wonder'> }).wonder.id) };
}

describe('spending from one village by every path at once', () => {
  it('charges exactly what the accepted orders cost, whichever wins, and never more than the village holds', async () => {
    const { player, village, wonder } = await wellBuilt('mix', 'valhalla');
    const fields = (await t.database.db.select().from(buildings).where(and(eq(buildings.villageId, village.id), eq(buildings.type, 'timber_camp')))).slice(0, 4);
    // Enough for some of the orders below, not for all of them.
    await setStock(village.id, 6000);
    const before = await stockOf(village.id);
    const gift = { timber: 700, stone: 700, iron: 700, mead: 700 };
    const builds: [BuildingType, number][] = [
      ['embassy', 30],
      ['marketplace', 31],
      ['academy', 32],
      ['wall', 33],
    ];
    type Order = { kind: 'train' | 'recruit' | 'give' | 'build' | 'upgrade'; cost: Resources | null; send: () => Promise<LightMyRequestResponse> };
    const orders: Order[] = [
      ...Array.from({ length: 8 }, (): Order => ({ kind: 'train', cost: add(NOTHING, UNITS.bondi.cost, 10), send: () => call(player, 'POST', `/api/villages/${village.id}/units`, { unitType: 'bondi', count: 10 }) })),
      // A hero's price depends on how many came before: worked out from the count that got through.
      ...Array.from({ length: 8 }, (): Order => ({ kind: 'recruit', cost: null, send: () => call(player, 'POST', '/api/heroes/recruit', { villageId: village.id, heroType: 'warrior' }) })),
      ...Array.from({ length: 8 }, (): Order => ({ kind: 'give', cost: gift, send: () => call(player, 'POST', `/api/wonders/${wonder}/contribute`, { villageId: village.id, resources: gift }) })),
      ...builds.map(([type, slot]): Order => ({ kind: 'build', cost: buildingCost(type, 1), send: () => call(player, 'POST', `/api/villages/${village.id}/buildings`, { buildingType: type, slot }) })),
      ...fields.map((b): Order => ({ kind: 'upgrade', cost: buildingCost('timber_camp', b.level + 1), send: () => call(player, 'PUT', `/api/villages/${village.id}/buildings/${b.id}/upgrade`) })),
    ];
    // Interleaved, so every kind of order is in flight with every other.
    const shuffled = orders.map((o, i) => ({ o, k: (i * 7919) % orders.length })).sort((a, b) => a.k - b.k).map((x) => x.o);
    const replies = await Promise.all(shuffled.map((o) => o.send()));

    for (const reply of replies) expect([200, 201, 409], reply.body).toContain(reply.statusCode);
    const won = (kind: Order['kind']) => shuffled.filter((o, i) => o.kind === kind && replies[i].statusCode < 300);
    const heroesMade = won('recruit').length;
    let spent = NOTHING;
    for (const o of [...won('train'), ...won('give'), ...won('build'), ...won('upgrade')]) spent = add(spent, o.cost!);
    for (let i = 0; i < heroesMade; i++) spent = add(spent, recruitmentCost(i));
    // Some of each got through and some were refused: the race was real.
    expect(replies.filter((r) => r.statusCode === 409).length).toBeGreaterThan(0);
    expect(won('train').length + won('give').length + heroesMade).toBeGreaterThan(0);
    // One building site at a time, however many ask at once.
    expect(won('build').length + won('upgrade').length).toBeLessThanOrEqual(1);

    const after = await stockOf(village.id);
    for (const r of RESOURCE_TYPES) {
      expect(after[r], r).toBeGreaterThanOrEqual(0);
      expect(after[r], r).toBeCloseTo(before[r] - spent[r], 6);
    }
    const db = t.database.db;
    expect(await db.select().from(heroes).where(eq(heroes.userId, player.user.id))).toHaveLength(heroesMade);
    expect((await db.select().from(trainingOrders).where(eq(trainingOrders.villageId, village.id))).map((o) => o.count)).toEqual(won('train').map(() => 10));
    expect(await db.select().from(wonderContributions).where(eq(wonderContributions.wonderId, wonder))).toHaveLength(won('give').length);
    const busy = (await db.select().from(buildings).where(eq(buildings.villageId, village.id))).filter((b) => b.upgradeFinishesAt);
    expect(busy).toHaveLength(won('build').length + won('upgrade').length);
  });
});

describe('one thing asked for many times at once', () => {
  it('levels a hero once when it has the experience for one level', async () => {
    const { player, village } = await newVillage(t, undefined, 'lvl');
    await setBuildingLevel(t.database.db, { villageId: village.id, type: 'warehouse', level: 20 }, t.clock.now());
    await grantToPlayer(t.database.db, player.body.email, { timber: 20_000, stone: 20_000, iron: 20_000, mead: 20_000 }, t.clock.now());
    const hero = ((await call(player, 'POST', '/api/heroes/recruit', { villageId: village.id, heroType: 'warrior' })).json() as { hero: Schema<'Hero'> }).hero;
    const heroId = idOf<HeroId>(hero.id);
    await t.database.db.update(heroes).set({ experience: experienceForNextLevel(1) }).where(eq(heroes.id, heroId));
    const replies = await Promise.all(Array.from({ length: 8 }, () => call(player, 'POST', `/api/heroes/${hero.id}/level-up`)));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, ...Array(7).fill(409)]);
    const [row] = await t.database.db.select().from(heroes).where(eq(heroes.id, heroId));
    expect(row.level).toBe(2);
  });

  it('recalls the same stationed troops once: one march home, the units not doubled', async () => {
    const host = await newVillage(t, undefined, 'hst');
    const guest = await newVillage(t, undefined, 'gst');
    const [standing] = await t.database.db
      .insert(stationedTroops)
      .values({ villageId: host.village.id, ownerId: guest.player.user.id, homeVillageId: guest.village.id, units: { huscarl: 12 }, arrivedAt: t.clock.now() })
      .returning();
    const replies = await Promise.all(Array.from({ length: 8 }, () => call(guest.player, 'POST', `/api/game/stationed/${standing.id}/recall`)));
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of replies.filter((x) => x.statusCode !== 201)) expect(r.statusCode).toBe(404);
    const home = await t.database.db.select().from(movements).where(and(eq(movements.ownerId, guest.player.user.id), eq(movements.type, 'return')));
    expect(home.map((m) => m.units)).toEqual([{ huscarl: 12 }]);
    expect(await t.database.db.select().from(stationedTroops).where(eq(stationedTroops.id, standing.id))).toEqual([]);
  });

  it('accepts the same invitation once, while the invited player also founds an alliance and accepts another', async () => {
    // Each has the embassy founding needs (and so joining too).
    const leaderA = (await newEnvoy(t, 'lda')).player;
    const leaderB = (await newEnvoy(t, 'ldb')).player;
    const guest = (await newEnvoy(t, 'inv')).player;
    for (const [leader, tag] of [[leaderA, 'RACEA'], [leaderB, 'RACEB']] as const) {
      expect((await call(leader, 'POST', '/api/alliances/create', { name: `Clan ${tag}`, tag, description: 'x', isPublic: true })).statusCode).toBe(201);
    }
    const invite = async (leader: Player) => ((await call(leader, 'POST', '/api/alliances/invitations', { username: guest.user.username })).json() as { invitation: { id: string } }).invitation.id;
    const a = await invite(leaderA);
    const b = await invite(leaderB);
    const replies = await Promise.all([
      ...Array.from({ length: 6 }, () => call(guest, 'POST', `/api/alliances/invitations/${a}/accept`)),
      call(guest, 'POST', `/api/alliances/invitations/${b}/accept`),
      call(guest, 'POST', '/api/alliances/create', { name: 'Own clan', tag: 'RACEC', description: 'x', isPublic: true }),
    ]);
    expect(replies.filter((r) => r.statusCode < 300), replies.map((r) => r.statusCode).join()).toHaveLength(1);
    for (const r of replies) expect([200, 201, 404, 409]).toContain(r.statusCode);
    const held = await t.database.db.select().from(allianceMembers).where(eq(allianceMembers.userId, guest.user.id));
    expect(held).toHaveLength(1);
  });

  it('starts the same quest once from eight requests', async () => {
    const player = await registerPlayer(t.app, newPlayer('qst'));
    const list = ((await call(player, 'GET', '/api/quests')).json() as Schema<'QuestList'>).quests;
    const quest = list.daily.find((q) => q.status === 'available')!;
    const replies = await Promise.all(Array.from({ length: 8 }, () => call(player, 'POST', `/api/quests/${quest.id}/start`)));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, ...Array(7).fill(409)]);
  });

  it('grants a reward key once from eight requests, and eight different keys each once', async () => {
    const gm = await withRole(t, 'gamemaster', 'rgm');
    const { player, village } = await newVillage(t, world, 'rwd');
    await setBuildingLevel(t.database.db, { villageId: village.id, type: 'warehouse', level: 20 }, t.clock.now());
    const before = await stockOf(village.id);
    const grant = (key: string) => call(gm, 'POST', '/api/gamemaster/rewards', { worldId: world, username: player.user.username, resources: { timber: 100 }, idempotencyKey: key });
    const same = await Promise.all(Array.from({ length: 8 }, () => grant('race-same-key')));
    for (const r of same) expect([r.statusCode, (r.json() as Schema<'RewardDistribution'>).players]).toEqual([200, 1]);
    const distinct = await Promise.all(Array.from({ length: 8 }, (_, i) => grant(`race-key-${i}`)));
    for (const r of distinct) expect(r.statusCode).toBe(200);
    expect((await stockOf(village.id)).timber).toBeCloseTo(before.timber + 9 * 100, 6);
    const keys = await t.database.db.select().from(rewardGrants).where(sql`${rewardGrants.idempotencyKey} like 'race-%'`);
    expect(keys).toHaveLength(9);
  });
});
