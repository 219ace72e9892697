// World wonders through the API: founding and its refusals, contributions that build levels over time, completion and victory, and the alliance's production bonus.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { requests, startTestApp, type TestApp } from './harness';
import { amounts, giveEmbassy, newVillage, overview, worldId, HOUR, type MadeVillage, type Player } from './village-helpers';
import type { Schema } from '../../src/contract';
import { buildings, wonderContributions, wonders } from '../../src/server/db/schema';
import { grantToPlayer, setBuildingLevel } from '../../src/server/operators/operator';
import { createWorld } from '../../src/server/operators/world-admin';
import { settleDueWonders } from '../../src/server/wonders/wonders';
import { levelBuildMs, levelResources, wonderEffects } from '../../src/rules/wonders';
import { RESOURCE_TYPES } from '../../src/rules/resources';
import { fieldProduction } from '../../src/rules/economy';
import { idOf, type WonderId, type WorldId } from '../../src/rules/ids';

type Wonder = Schema<'Wonder'>;

let t: TestApp;
let world: WorldId;
beforeAll(async () => {
  t = await startTestApp();
  world = await worldId(t);
});
afterAll(async () => {
  await t.close();
});

const { call } = requests(() => t);

/** A player whose capital (in Midgard, or `inWorld`) has a great hall at `hall`, stores of level 20 and `each` of every resource. */
async function builder(hall = 20, each = 50_000, inWorld?: WorldId): Promise<{ player: Player; village: MadeVillage }> {
  const made = await newVillage(t, inWorld, 'won');
  await setBuildingLevel(t.database.db, { villageId: made.village.id, type: 'great_hall', level: hall }, t.clock.now());
  await setBuildingLevel(t.database.db, { villageId: made.village.id, type: 'warehouse', level: 20 }, t.clock.now());
  await setBuildingLevel(t.database.db, { villageId: made.village.id, type: 'granary', level: 20 }, t.clock.now());
  await grantToPlayer(t.database.db, made.player.body.email, { timber: each, stone: each, iron: each, mead: each }, t.clock.now());
  return made;
}

const construct = (player: Player, villageId: string, wonderType: string, wonderName = 'The Great Work') =>
  call<{ wonder: Wonder }>(player, 'POST', '/api/wonders/construct', { villageId, wonderType, wonderName });
const give = (player: Player, wonder: string, villageId: string, timber: number, stone: number, iron: number, mead: number) =>
  call<{ wonder: Wonder }>(player, 'POST', `/api/wonders/${wonder}/contribute`, { villageId, resources: { timber, stone, iron, mead } });

describe('founding a wonder', () => {
  it('needs a great hall at level 20 in that village', async () => {
    const { player, village } = await builder(19);
    const res = await construct(player, village.id, 'valhalla');
    expect([res.status, res.body.error]).toEqual([409, 'A wonder needs a Great Hall at level 20 or higher in this village; it stands at level 19']);
    expect((await call<{ wonders: Wonder[] }>(player, 'GET', '/api/wonders')).body.wonders.some((w) => w.type === 'valhalla')).toBe(false);
  });

  it('starts one of each type per world as planned at level 0, and refuses a taken type or a foreign village', async () => {
    const { player, village } = await builder();
    const res = await construct(player, village.id, 'bifrost', '  Bridge of Fire  ');
    expect(res.status).toBe(201);
    expect(res.body.wonder).toMatchObject({
      name: 'Bridge of Fire',
      type: 'bifrost',
      status: 'planned',
      level: 0,
      completionPercentage: 0,
      remainingConstructionTime: null,
      requiredResources: levelResources(0),
      totalResourcesInvested: { timber: 0, stone: 0, iron: 0, mead: 0 },
      user: { id: player.user.id, username: player.user.username },
      alliance: null,
      village: { id: village.id, name: village.name, x: village.x, y: village.y },
      worldId: world,
    });
    const other = await builder();
    const taken = await construct(other.player, other.village.id, 'bifrost');
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatch(/Bifröst is already being raised in this world/);
    expect((await construct(other.player, village.id, 'valhalla')).status).toBe(403);
    expect((await construct(player, village.id, 'valhalla')).body.error).toBe('This village already raises a wonder');
    for (const name of ['   ', 'x'.repeat(51), 'a\u202Eb']) expect((await construct(other.player, other.village.id, 'valhalla', name)).status).toBe(400);
  });
});

describe('contributing', () => {
  it('takes exactly what it says from the village, builds a level over 12 hours once its resources are in, and carries the rest on', async () => {
    const { player, village } = await builder(20, 60_000);
    await t.database.db.delete(wonders).where(and(eq(wonders.worldId, world), eq(wonders.type, 'odins_throne')));
    const wonder = (await construct(player, village.id, 'odins_throne')).body.wonder;
    const before = amounts(await overview(t, player, village.id));
    const first = await give(player, wonder.id, village.id, 1000, 1000, 500, 500);
    expect(first.status).toBe(200);
    expect(first.body.wonder).toMatchObject({ status: 'planned', totalResourcesInvested: { timber: 1000, stone: 1000, iron: 500, mead: 500 } });
    expect(first.body.wonder.completionPercentage).toBe(0.2);
    const after = amounts(await overview(t, player, village.id));
    expect(after).toEqual({ timber: before.timber - 1000, stone: before.stone - 1000, iron: before.iron - 500, mead: before.mead - 500 });

    // The rest of level 1 and 1000 of each for level 2.
    const done = await give(player, wonder.id, village.id, 5000, 5000, 5500, 5500);
    expect(done.body.wonder).toMatchObject({
      status: 'under_construction',
      level: 0,
      completionPercentage: 1,
      remainingConstructionTime: levelBuildMs(0, 1) / 1000,
      requiredResources: levelResources(1),
      totalResourcesInvested: { timber: 1000, stone: 1000, iron: 1000, mead: 1000 },
    });
    t.clock.advance(levelBuildMs(0, 1));
    const built = (await call<{ wonders: Wonder[] }>(player, 'GET', '/api/wonders')).body.wonders.find((w) => w.id === wonder.id)!;
    expect(built).toMatchObject({ status: 'planned', level: 1, remainingConstructionTime: null });
    const contributed = await t.database.db.select().from(wonderContributions).where(eq(wonderContributions.wonderId, idOf<WonderId>(wonder.id)));
    expect(contributed.reduce((sum, c) => sum + c.timber, 0)).toBe(6000);
  });

  it('is refused to outsiders, from another world, with nothing, beyond the stock, and to a completed wonder', async () => {
    const { player, village } = await builder();
    await t.database.db.delete(wonders).where(and(eq(wonders.worldId, world), eq(wonders.type, 'mimirs_well')));
    const wonder = (await construct(player, village.id, 'mimirs_well')).body.wonder;
    const outsider = await builder(1);
    const res = await give(outsider.player, wonder.id, outsider.village.id, 1, 1, 1, 1);
    expect([res.status, res.body.error]).toEqual([403, "Only the builder and the builder's alliance may contribute to this wonder"]);
    expect((await give(player, wonder.id, village.id, 0, 0, 0, 0)).status).toBe(400);
    const tooMuch = await give(player, wonder.id, village.id, 10_000_000, 0, 0, 0);
    expect([tooMuch.status, tooMuch.body.error]).toEqual([409, 'Not enough resources']);
    expect((await give(player, wonder.id, outsider.village.id, 1, 1, 1, 1)).status).toBe(403);
    expect((await give(player, '00000000-0000-4000-8000-000000000000', village.id, 1, 1, 1, 1)).status).toBe(404);
    const bad = await t.app.inject({ method: 'POST', url: `/api/wonders/${wonder.id}/contribute`, headers: player.auth, payload: { villageId: village.id, resources: { timber: -1, stone: 0, iron: 0, mead: 0 } } });
    expect(bad.statusCode).toBe(400);
    await t.database.db.update(wonders).set({ level: 100, status: 'completed', completedAt: t.clock.now() }).where(eq(wonders.id, idOf<WonderId>(wonder.id)));
    const finished = await give(player, wonder.id, village.id, 1, 1, 1, 1);
    expect([finished.status, finished.body.error]).toEqual([409, 'This wonder is already completed']);
    await t.database.db.delete(wonders).where(eq(wonders.id, idOf<WonderId>(wonder.id)));
  });

  it('never takes more than the village holds when five contributions arrive at once', async () => {
    const { player, village } = await builder(20, 3500);
    await t.database.db.delete(wonders).where(and(eq(wonders.worldId, world), eq(wonders.type, 'valhalla')));
    const wonder = (await construct(player, village.id, 'valhalla')).body.wonder;
    const before = amounts(await overview(t, player, village.id));
    // Room for three of these (3 x 1000 of 3,500 + the starting stock), not five.
    const each = Math.floor(before.timber / 3) - 1;
    const replies = await Promise.all(Array.from({ length: 5 }, () => give(player, wonder.id, village.id, each, 0, 0, 0)));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(3);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(2);
    expect(amounts(await overview(t, player, village.id)).timber).toBe(before.timber - 3 * each);
    const [row] = await t.database.db.select().from(wonders).where(eq(wonders.id, idOf<WonderId>(wonder.id)));
    expect(row.investedTimber).toBe(3 * each);
    const rows = await t.database.db.select().from(wonderContributions).where(eq(wonderContributions.wonderId, idOf<WonderId>(wonder.id)));
    expect(rows).toHaveLength(3);
  });
});

describe('victory', () => {
  it('goes to the alliance whose Yggdrasil reaches level 100, and ends its world', async () => {
    // A world of its own: the victory closes it (world-rounds.test.ts), and the tests below play on in Midgard.
    const world = (await createWorld(t.database.db, { name: 'Yggdrasil Test', size: 80, now: t.clock.now() })).id;
    const { player, village } = await builder(20, 70_000, world);
    const check0 = await call<Schema<'VictoryCheck'>>(player, 'GET', '/api/wonders/victory/check');
    expect(check0.body).toEqual({ hasWinner: false, winner: null });
    await giveEmbassy(t, player);
    const created = await call<Schema<'AllianceWithMembership'>>(player, 'POST', '/api/alliances/create', { name: 'Tree Keepers', tag: 'YGG', description: 'Roots deep.', isPublic: true });
    const wonder = (await construct(player, village.id, 'yggdrasil', 'World Tree')).body.wonder;
    // Ninety-nine levels stand already; the last one's resources, less a little, are in.
    const need = levelResources(99);
    await t.database.db
      .update(wonders)
      .set({ level: 99, investedTimber: need.timber - 100, investedStone: need.stone - 100, investedIron: need.iron - 100, investedMead: need.mead - 100 })
      .where(eq(wonders.id, idOf<WonderId>(wonder.id)));
    const last = await give(player, wonder.id, village.id, 100, 100, 100, 100);
    expect(last.body.wonder).toMatchObject({ status: 'under_construction', completionPercentage: 100 });
    t.clock.advance(levelBuildMs(99, 1));
    expect(await settleDueWonders(t.database.db, t.clock.now())).toBeGreaterThanOrEqual(1);
    const check = (await call<Schema<'VictoryCheck'>>(player, 'GET', `/api/wonders/victory/check?worldId=${world}`)).body;
    expect(check).toEqual({
      hasWinner: true,
      winner: {
        type: 'wonder_victory',
        alliance: { id: created.body.alliance.id, tag: 'YGG', name: 'Tree Keepers' },
        user: { id: player.user.id, username: player.user.username },
        worldId: world,
        achievedAt: t.clock.now().toISOString(),
      },
    });
    const listed = (await call<{ wonders: Wonder[] }>(player, 'GET', '/api/wonders')).body.wonders.find((w) => w.id === wonder.id);
    expect(listed).toMatchObject({ status: 'completed', level: 100, completionPercentage: 100, alliance: { tag: 'YGG' } });
    expect((await call<{ world: Schema<'World'> }>(player, 'GET', `/api/worlds/${world}`)).body.world).toMatchObject({ status: 'ended', endsAt: t.clock.now().toISOString() });
  });
});

describe('alliance effects', () => {
  it("raise a member's production by the wonder's resource bonus at its level, exactly", async () => {
    const owner = await builder();
    const member = await newVillage(t, undefined, 'mem');
    await t.database.db.delete(wonders).where(and(eq(wonders.worldId, world), eq(wonders.type, 'mimirs_well')));
    const wonder = (await construct(owner.player, owner.village.id, 'mimirs_well', 'Well of Wisdom')).body.wonder;
    await t.database.db.update(wonders).set({ level: 40 }).where(eq(wonders.id, idOf<WonderId>(wonder.id)));
    await giveEmbassy(t, owner.player);
    await giveEmbassy(t, member.player, 1);
    await call(owner.player, 'POST', '/api/alliances/create', { name: 'Wise Ones', tag: 'MIMIR', description: 'We drink deep.', isPublic: true });
    const invited = await call<{ invitation: { id: string } }>(owner.player, 'POST', '/api/alliances/invitations', { username: member.player.user.username });
    const before = await t.app.inject({ method: 'GET', url: `/api/map/village/${member.village.id}/production`, headers: member.player.auth });
    expect(before.json().gross.timber).toBe(4 * fieldProduction(0));
    await call(member.player, 'POST', `/api/alliances/invitations/${invited.body.invitation.id}/accept`);

    const bonus = wonderEffects('mimirs_well', 40).resourceBonus;
    expect(bonus).toBe(10);
    const production = (await t.app.inject({ method: 'GET', url: `/api/map/village/${member.village.id}/production`, headers: member.player.auth })).json();
    expect(production.bonusPercent).toEqual({ timber: 10, stone: 10, iron: 10, mead: 10 });
    expect(production.gross.timber).toBeCloseTo(4 * fieldProduction(0) * 1.1, 9);
    const effects = (await call<Schema<'AllianceEffectsResponse'>>(member.player, 'GET', '/api/wonders/alliance/effects')).body.effects;
    expect(effects).toEqual({ resourceBonus: 10, defenseBonus: 0, combatBonus: 0, prestigePoints: 120, specialAbilities: ["Wisdom of Mímir: the alliance's fields yield more"] });

    // Ten hours idle earn exactly ten hours at 110%.
    const start = amounts(await overview(t, member.player, member.village.id));
    t.clock.advance(10 * HOUR);
    const later = amounts(await overview(t, member.player, member.village.id));
    expect(later.timber).toBe(Math.floor(start.timber + 10 * 4 * fieldProduction(0) * 1.1 + 1e-9));

    // After leaving, the bonus stops at once; the hours before it keep it.
    await call(member.player, 'POST', '/api/alliances/leave');
    const left = amounts(await overview(t, member.player, member.village.id));
    t.clock.advance(10 * HOUR);
    expect(amounts(await overview(t, member.player, member.village.id)).timber).toBe(Math.floor(left.timber + 10 * 4 * fieldProduction(0)));
    for (const r of RESOURCE_TYPES) expect(left[r]).toBeGreaterThanOrEqual(later[r]);
  });

  it('count a level only from the moment it stands, for a village nobody read meanwhile', async () => {
    const owner = await builder(20, 10_000);
    await t.database.db.delete(wonders).where(and(eq(wonders.worldId, world), eq(wonders.type, 'mimirs_well')));
    // Big timber camps make a quarter percent of production visible.
    for (const slot of [1, 2, 3, 4]) await t.database.db.update(buildings).set({ level: 10 }).where(and(eq(buildings.villageId, owner.village.id), eq(buildings.slot, slot)));
    const wonder = (await construct(owner.player, owner.village.id, 'mimirs_well', 'Deep Well')).body.wonder;
    const need = levelResources(39);
    await t.database.db
      .update(wonders)
      .set({ level: 39, investedTimber: need.timber - 1, investedStone: need.stone, investedIron: need.iron, investedMead: need.mead })
      .where(eq(wonders.id, idOf<WonderId>(wonder.id)));
    const start = await overview(t, owner.player, owner.village.id);
    const rate = start.resources.find((r) => r.type === 'timber')!.production;
    const building = await give(owner.player, wonder.id, owner.village.id, 1, 0, 0, 0);
    expect(building.body.wonder.status).toBe('under_construction');
    const afterGift = amounts(await overview(t, owner.player, owner.village.id)).timber;
    const buildMs = levelBuildMs(39, 1);
    // Nobody reads the village until ten hours after level 40 stands; the wonder is settled by the sweeper.
    t.clock.advance(buildMs + 10 * HOUR);
    await settleDueWonders(t.database.db, t.clock.now());
    const later = amounts(await overview(t, owner.player, owner.village.id)).timber;
    const hoursBuilding = buildMs / HOUR;
    const expected = afterGift + rate * hoursBuilding + (rate / 1.0975) * 1.1 * 10;
    expect(expected).toBeLessThan(start.resources.find((r) => r.type === 'timber')!.capacity);
    expect(Math.abs(later - expected)).toBeLessThanOrEqual(1);
    const [row] = await t.database.db.select().from(wonders).where(eq(wonders.id, idOf<WonderId>(wonder.id)));
    expect(row.levelHistory).toEqual([t.clock.now().getTime() - 10 * HOUR]);
  });
});
