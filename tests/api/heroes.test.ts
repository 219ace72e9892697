// Heroes through the API: recruiting to the maximum and its refusals, levelling at the threshold, the leaderboard, and ten recruits at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { registerPlayer, newPlayer, requests, startTestApp, type TestApp } from './harness';
import { amounts, newVillage, overview, type MadeVillage, type Player } from './village-helpers';
import type { Schema } from '../../src/contract';
import { heroes } from '../../src/server/db/schema';
import { grantToPlayer, setBuildingLevel } from '../../src/server/operators/operator';
import { DEFAULT_MAX_HEROES, HERO_TYPES, experienceForNextLevel, recruitmentCost } from '../../src/rules/heroes';
import { RESOURCE_TYPES } from '../../src/rules/resources';
import { idOf, type HeroId } from '../../src/rules/ids';

type Hero = Schema<'Hero'>;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const { call } = requests(() => t);

/** A player whose capital has big stores, filled with `each` of every resource. */
async function richPlayer(each = 60_000): Promise<{ player: Player; village: MadeVillage }> {
  const made = await newVillage(t, undefined, 'hero');
  await setBuildingLevel(t.database.db, { villageId: made.village.id, type: 'warehouse', level: 20 }, t.clock.now());
  await setBuildingLevel(t.database.db, { villageId: made.village.id, type: 'granary', level: 20 }, t.clock.now());
  await grantToPlayer(t.database.db, made.player.body.email, { timber: each, stone: each, iron: each, mead: each }, t.clock.now());
  return made;
}

const recruit = (player: Player, villageId: string, heroType = 'warrior', customName?: string) =>
  call<{ hero: Hero }>(player, 'POST', '/api/heroes/recruit', { villageId, heroType, ...(customName === undefined ? {} : { customName }) });

describe('recruiting', () => {
  it('pays the price of the next hero from the chosen village and makes a hero of the type', async () => {
    const { player, village } = await richPlayer();
    const quote = (await call<Schema<'RecruitmentCost'>>(player, 'GET', `/api/heroes/recruitment-cost?villageId=${village.id}`)).body;
    expect(quote).toEqual({ cost: recruitmentCost(0), maxHeroes: DEFAULT_MAX_HEROES, canRecruit: true, currentHeroes: 0, reason: null });
    const before = amounts(await overview(t, player, village.id));
    const res = await recruit(player, village.id, 'guardian', '  Sigurd  ');
    expect(res.status).toBe(201);
    expect(res.body.hero).toMatchObject({ name: 'Sigurd', type: 'guardian', level: 1, experience: 0, victories: 0, defeats: 0, isActive: true, isOnMission: false, villageId: village.id });
    // A guardian doubles its defense; every other stat starts at the rarity's base.
    expect(res.body.hero.defense).toBe(2 * res.body.hero.attack);
    expect(res.body.hero.totalPower).toBe(res.body.hero.attack + res.body.hero.defense + res.body.hero.speed + res.body.hero.leadership);
    const after = amounts(await overview(t, player, village.id));
    for (const r of RESOURCE_TYPES) expect(after[r], r).toBe(before[r] - recruitmentCost(0)[r]);
    expect((await call<Schema<'RecruitmentCost'>>(player, 'GET', '/api/heroes/recruitment-cost')).body.cost).toEqual(recruitmentCost(1));
    expect((await call<{ heroes: Hero[] }>(player, 'GET', '/api/heroes')).body.heroes.map((h) => h.name)).toEqual(['Sigurd']);
  });

  it('names an unnamed hero and refuses names that break the text rules', async () => {
    const { player, village } = await richPlayer();
    const unnamed = await recruit(player, village.id, 'skald');
    expect(unnamed.body.hero.name).toMatch(/ the Skald$/);
    for (const name of ['   ', 'a\u202Eb', 'x'.repeat(31)]) expect((await recruit(player, village.id, 'skald', name)).status, name).toBe(400);
    expect((await recruit(player, village.id, 'necromancer')).status).toBe(400);
  });

  it('refuses a foreign village, an unknown village, an empty purse and a sixth hero', async () => {
    const { player, village } = await richPlayer();
    const stranger = await newVillage(t, undefined, 'strg');
    expect((await recruit(stranger.player, village.id)).status).toBe(403);
    expect((await recruit(player, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const poor = await newVillage(t, undefined, 'poor');
    const broke = await recruit(poor.player, poor.village.id);
    expect([broke.status, broke.body.error]).toEqual([409, 'Not enough resources']);
    const quote = (await call<Schema<'RecruitmentCost'>>(poor.player, 'GET', '/api/heroes/recruitment-cost')).body;
    expect(quote.canRecruit).toBe(false);
    for (let i = 0; i < DEFAULT_MAX_HEROES; i++) expect((await recruit(player, village.id, HERO_TYPES[i])).status).toBe(201);
    const sixth = await recruit(player, village.id);
    expect(sixth.status).toBe(409);
    expect(sixth.body.error).toMatch(/already lead 5 heroes/);
    expect((await call<Schema<'RecruitmentCost'>>(player, 'GET', '/api/heroes/recruitment-cost')).body).toMatchObject({ canRecruit: false, currentHeroes: 5 });
  });

  it('never makes a sixth hero nor charges twice when ten recruits arrive at once', async () => {
    const { player, village } = await richPlayer();
    const before = amounts(await overview(t, player, village.id));
    const replies = await Promise.all(Array.from({ length: 10 }, () => recruit(player, village.id)));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(5);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(5);
    const owned = await t.database.db.select().from(heroes).where(eq(heroes.userId, player.user.id));
    expect(owned).toHaveLength(5);
    const paid = [0, 1, 2, 3, 4].map(recruitmentCost);
    const after = amounts(await overview(t, player, village.id));
    for (const r of RESOURCE_TYPES) expect(after[r], r).toBe(before[r] - paid.reduce((sum, cost) => sum + cost[r], 0));
  });
});

describe('levelling up', () => {
  it('needs floor(100 x 1.1^level) experience and adds +2 to each stat, +5 to the primary one', async () => {
    const { player, village } = await richPlayer();
    const hero = (await recruit(player, village.id, 'warrior')).body.hero;
    const threshold = experienceForNextLevel(1);
    await t.database.db.update(heroes).set({ experience: threshold - 1 }).where(eq(heroes.id, idOf<HeroId>(hero.id)));
    const below = await call(player, 'POST', `/api/heroes/${hero.id}/level-up`);
    expect([below.status, below.body.error]).toEqual([409, `Needs ${threshold} experience to reach level 2; the hero has ${threshold - 1}`]);
    await t.database.db.update(heroes).set({ experience: threshold + 7 }).where(eq(heroes.id, idOf<HeroId>(hero.id)));
    const up = await call<{ hero: Hero }>(player, 'POST', `/api/heroes/${hero.id}/level-up`);
    expect(up.status).toBe(200);
    expect(up.body.hero).toMatchObject({
      level: 2,
      experience: 7,
      experienceToNextLevel: experienceForNextLevel(2),
      attack: hero.attack + 5,
      defense: hero.defense + 2,
      speed: hero.speed + 2,
      leadership: hero.leadership + 2,
    });
    const stranger = await registerPlayer(t.app, newPlayer('lvl'));
    expect((await call(stranger, 'POST', `/api/heroes/${hero.id}/level-up`)).status).toBe(403);
    expect((await call(player, 'POST', `/api/heroes/00000000-0000-4000-8000-000000000000/level-up`)).status).toBe(404);
  });

  it('stops at level 100', async () => {
    const { player, village } = await richPlayer();
    const hero = (await recruit(player, village.id)).body.hero;
    await t.database.db.update(heroes).set({ level: 100, experience: 10_000_000 }).where(eq(heroes.id, idOf<HeroId>(hero.id)));
    const res = await call(player, 'POST', `/api/heroes/${hero.id}/level-up`);
    expect([res.status, res.body.error]).toEqual([409, 'This hero has reached level 100']);
  });
});

describe('the leaderboard and types', () => {
  it('ranks the top 20 heroes of the game by total power with their owners', async () => {
    const { player, village } = await richPlayer();
    const strong = (await recruit(player, village.id, 'chieftain', 'Strong')).body.hero;
    // Stronger than any hero the other tests made.
    await t.database.db.update(heroes).set({ level: 100, attack: 1000 }).where(eq(heroes.id, idOf<HeroId>(strong.id)));
    const board = (await call<Schema<'HeroLeaderboard'>>(player, 'GET', '/api/heroes/leaderboard')).body.leaderboard;
    expect(board.length).toBeLessThanOrEqual(20);
    expect(board[0]).toEqual({
      rank: 1,
      hero: { id: strong.id, name: 'Strong', type: 'chieftain', level: 100, totalPower: (1000 + strong.defense + strong.speed + strong.leadership) * 100 },
      user: { username: player.user.username },
    });
    const powers = board.map((e) => e.hero.totalPower);
    expect(powers).toEqual([...powers].sort((a, b) => b - a));
    expect(board.map((e) => e.rank)).toEqual(board.map((_, i) => i + 1));
  });

  it('describes the five types with an icon from the assets', async () => {
    const player = await registerPlayer(t.app, newPlayer('typ'));
    const types = (await call<Schema<'HeroTypeList'>>(player, 'GET', '/api/heroes/types')).body.heroTypes;
    expect(types.map((h) => [h.type, h.primaryStat, h.icon])).toEqual([
      ['warrior', 'attack', 'heroes/warrior.svg'],
      ['guardian', 'defense', 'heroes/guardian.svg'],
      ['pathfinder', 'speed', 'heroes/pathfinder.svg'],
      ['chieftain', 'leadership', 'heroes/chieftain.svg'],
      ['skald', 'experience', 'heroes/skald.svg'],
    ]);
  });
});
