// Quests and the tutorial through the API: real game events advance them, rewards land once in the capital, daily quests expire and renew.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { registerPlayer, newPlayer, requests, startTestApp, type TestApp } from './harness';
import { amounts, newVillage, overview, worldId, DAY, HOUR, type Player, type VillageJson } from './village-helpers';
import type { Schema } from '../../src/contract';
import { questEvents } from '../../src/server/db/schema';
import { sweepDueVillages } from '../../src/server/sweeper';
import { dropUncountedEvents, sweepQuestEvents } from '../../src/server/progress/quests';
import { TUTORIAL, questDefinition } from '../../src/rules/quest-catalog';
import { buildTimeSeconds, buildingCost } from '../../src/rules/buildings';
import { trainingTimeSeconds } from '../../src/rules/units';

type Status = Schema<'TutorialStatus'>;
type Quest = Schema<'Quest'>;
type QuestList = Schema<'QuestList'>['quests'];

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const { call } = requests(() => t);

const status = async (player: Player) => (await call<Status>(player, 'GET', '/api/tutorial/status')).body;
const report = (player: Player, action: string, amount?: number) =>
  call<Status>(player, 'POST', '/api/tutorial/progress', { action, ...(amount === undefined ? {} : { amount }) });
const quests = async (player: Player) => (await call<{ quests: QuestList }>(player, 'GET', '/api/quests')).body.quests;

function findQuest(list: QuestList, title: string): Quest {
  const quest = Object.values(list)
    .flat()
    .find((q) => q.title === title);
  if (!quest) throw new Error(`no quest ${title}`);
  return quest;
}

async function upgrade(player: Player, village: VillageJson, slot: number) {
  const view = await overview(t, player, village.id);
  const building = view.buildings.find((b) => b.slot === slot)!;
  const res = await t.app.inject({ method: 'PUT', url: `/api/villages/${village.id}/buildings/${building.id}/upgrade`, headers: player.auth });
  if (res.statusCode !== 200) throw new Error(`upgrade failed: ${res.statusCode} ${res.body}`);
}

describe('the tutorial', () => {
  it('starts at step 1 with the village to look at, and initialize changes nothing when called again', async () => {
    const player = await registerPlayer(t.app, newPlayer('tut'));
    const first = await call<Status>(player, 'POST', '/api/tutorial/initialize');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ isCompleted: false, currentStep: 1, totalSteps: TUTORIAL.length, progressPercentage: 0 });
    expect(first.body.currentQuest).toMatchObject({
      title: 'Welcome, Chieftain',
      objectives: { view_village: 1 },
      progress: {},
      rewards: { resources: TUTORIAL[0].rewards.resources, units: {} },
      metadata: { hint: TUTORIAL[0].hint },
    });
    const again = await call<Status>(player, 'POST', '/api/tutorial/initialize');
    expect(again.body.currentQuest?.id).toBe(first.body.currentQuest?.id);
    expect((await quests(player)).tutorial).toHaveLength(1);
  });

  it('takes a new player from registration to a first construction within a minute and a first trained unit within 15 minutes', async () => {
    const registeredAt = t.clock.now().getTime();
    const player = await registerPlayer(t.app, newPlayer('first'));
    const joined = await t.app.inject({ method: 'POST', url: `/api/worlds/${await worldId(t)}/join`, headers: player.auth });
    const village = (joined.json() as { village: VillageJson }).village;
    const stock0 = amounts(await overview(t, player, village.id));

    // Step 1: look over the village; its reward lands in the capital.
    t.clock.advance(10_000);
    const afterView = (await report(player, 'view_village')).body;
    expect(afterView).toMatchObject({ currentStep: 2, progressPercentage: 11 });
    expect(afterView.currentQuest?.objectives).toEqual({ 'building_upgraded:mead_hall': 1 });
    expect(amounts(await overview(t, player, village.id)).timber).toBe(stock0.timber + 100);

    // Step 2: a mead hall, ordered 20 seconds after registering.
    t.clock.advance(10_000);
    await upgrade(player, village, 13);
    const firstConstruction = t.clock.now().getTime() - registeredAt;
    expect(firstConstruction).toBeLessThan(60_000);
    t.clock.advance(buildTimeSeconds('mead_hall', 1, 1) * 1000);
    expect((await status(player)).currentStep).toBe(3);

    // Step 3: barracks, paid by the reward of the mead hall.
    const construct = await t.app.inject({ method: 'POST', url: `/api/villages/${village.id}/buildings`, headers: player.auth, payload: { buildingType: 'barracks', slot: 20 } });
    expect(construct.statusCode).toBe(201);
    t.clock.advance(buildTimeSeconds('barracks', 1, 1) * 1000);
    expect((await status(player)).currentStep).toBe(4);

    // Step 4: one bondi.
    const train = await t.app.inject({ method: 'POST', url: `/api/villages/${village.id}/units`, headers: player.auth, payload: { unitType: 'bondi', count: 1 } });
    expect(train.statusCode).toBe(201);
    t.clock.advance(trainingTimeSeconds('bondi', 1) * 1000);
    const afterTraining = await status(player);
    const firstUnit = t.clock.now().getTime() - registeredAt;
    expect(afterTraining.currentStep).toBe(5);
    expect(firstUnit).toBeLessThanOrEqual(15 * 60_000);
    // The trained bondi and the two of the step's reward.
    const bondi = (await overview(t, player, village.id)).units.find((u) => u.type === 'bondi');
    expect(bondi?.count).toBe(3);
    console.log(`tutorial path: first construction after ${firstConstruction / 1000} s, first unit after ${firstUnit / 60_000} min`);
  });

  it('advances on the actions listed in openapi.yaml only', async () => {
    const player = await registerPlayer(t.app, newPlayer('act'));
    expect((await report(player, 'view_castle')).status).toBe(400);
    expect((await report(player, 'view_map', 0)).status).toBe(400);
    expect((await report(player, 'view_map', 101)).status).toBe(400);
    const bad = await t.app.inject({ method: 'POST', url: '/api/tutorial/progress', headers: player.auth, payload: { action: 'view_map', extra: 1 } });
    expect(bad.statusCode).toBe(400);
    // A visit of another page is not the current step's.
    expect((await report(player, 'view_map')).body.currentStep).toBe(1);
    expect((await report(player, 'view_village')).body.currentStep).toBe(2);
  });

  it('counts what the player already built when a step begins', async () => {
    const { player, village } = await newVillage(t, undefined, 'seed');
    await upgrade(player, village, 13);
    t.clock.advance(buildTimeSeconds('mead_hall', 1, 1) * 1000);
    await overview(t, player, village.id);
    // The mead hall stood before step 2 began: viewing the village finishes step 1 and step 2 at once.
    const after = (await report(player, 'view_village')).body;
    expect(after.currentStep).toBe(3);
    expect((await quests(player)).tutorial.map((q) => q.status)).toEqual(['completed', 'completed', 'in_progress']);
  });

  it('skips to the end without the remaining rewards, asking nothing twice', async () => {
    const { player, village } = await newVillage(t, undefined, 'skip');
    const before = amounts(await overview(t, player, village.id));
    const skipped = await call<Status>(player, 'POST', '/api/tutorial/skip');
    expect(skipped.status).toBe(200);
    expect(skipped.body).toEqual({ isCompleted: true, currentStep: TUTORIAL.length, totalSteps: TUTORIAL.length, progressPercentage: 100, currentQuest: null });
    expect((await call<Status>(player, 'POST', '/api/tutorial/skip')).body.isCompleted).toBe(true);
    expect((await report(player, 'view_village')).body.isCompleted).toBe(true);
    const list = await quests(player);
    expect(list.tutorial).toHaveLength(TUTORIAL.length);
    expect(list.tutorial.every((q) => q.status === 'completed')).toBe(true);
    expect(amounts(await overview(t, player, village.id))).toEqual(before);
    const summary = (await call<Schema<'QuestProgressSummary'>>(player, 'GET', '/api/quests/progress/summary')).body;
    expect(summary.tutorial).toEqual({ percentage: 100, completed: TUTORIAL.length, total: TUTORIAL.length });
  });

  it('grants a step reward exactly once when two requests complete it at the same moment', async () => {
    const { player, village } = await newVillage(t, undefined, 'race');
    const before = amounts(await overview(t, player, village.id));
    const replies = await Promise.all(Array.from({ length: 6 }, () => report(player, 'view_village')));
    expect(replies.every((r) => r.status === 200)).toBe(true);
    expect(amounts(await overview(t, player, village.id))).toEqual({
      timber: before.timber + 100,
      stone: before.stone + 100,
      iron: before.iron + 100,
      mead: before.mead + 100,
    });
    expect((await quests(player)).tutorial.filter((q) => q.title === 'Welcome, Chieftain')).toHaveLength(1);
  });

  it('keeps rewards earned before the player has a village until the capital exists', async () => {
    const player = await registerPlayer(t.app, newPlayer('late'));
    expect((await report(player, 'view_village')).body.currentStep).toBe(2);
    const joined = await t.app.inject({ method: 'POST', url: `/api/worlds/${await worldId(t)}/join`, headers: player.auth });
    const village = (joined.json() as { village: VillageJson }).village;
    await status(player);
    expect(amounts(await overview(t, player, village.id)).stone).toBe(600);
  });

  it('hints at a full store first', async () => {
    const { player, village } = await newVillage(t, undefined, 'hint');
    const fresh = await call<Schema<'HintList'>>(player, 'GET', '/api/tutorial/hints');
    expect(fresh.status).toBe(200);
    expect(fresh.body.hints.map((h) => h.title)).toContain('Tutorial: Welcome, Chieftain');
    expect(fresh.body.hints.map((h) => h.title)).toContain('Builders are idle');
    t.clock.advance(60 * HOUR);
    await overview(t, player, village.id);
    const full = (await call<Schema<'HintList'>>(player, 'GET', '/api/tutorial/hints')).body.hints;
    expect(full[0]).toMatchObject({ title: 'Timber store nearly full', priority: 'high' });
    const order = { high: 0, medium: 1, low: 2 };
    expect(full.map((h) => order[h.priority])).toEqual([...full.map((h) => order[h.priority])].sort());
  });
});

describe('quests', () => {
  it('lists quests by type with their objectives, rewards and expiry', async () => {
    const player = await registerPlayer(t.app, newPlayer('list'));
    const list = await quests(player);
    expect(Object.keys(list).sort()).toEqual(['daily', 'special', 'story', 'tutorial', 'weekly']);
    expect(list.daily).toHaveLength(4);
    const midnight = new Date(Math.floor(t.clock.now().getTime() / DAY + 1) * DAY).toISOString();
    expect(list.daily.map((q) => [q.status, q.expiresAt])).toEqual(list.daily.map(() => ['available', midnight]));
    expect(list.weekly).toHaveLength(2);
    expect(list.special.length).toBeGreaterThan(0);
    expect(list.story.map((q) => q.title)).toEqual(['Chapter I: The Great Hall']);
    expect(findQuest(list, 'Back to the Longhouse')).toMatchObject({ objectives: { login: 1 }, progress: {}, rewards: { resources: { timber: 100 }, units: {} } });
  });

  it('starts only available quests, once', async () => {
    const player = await registerPlayer(t.app, newPlayer('start'));
    const list = await quests(player);
    const daily = findQuest(list, 'Back to the Longhouse');
    const [a, b] = await Promise.all([
      call<{ quest: Quest }>(player, 'POST', `/api/quests/${daily.id}/start`),
      call<{ quest: Quest }>(player, 'POST', `/api/quests/${daily.id}/start`),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const started = a.status === 200 ? a.body : b.body;
    expect(started.quest.status).toBe('in_progress');
    const tutorial = list.tutorial[0];
    expect((await call(player, 'POST', `/api/quests/${tutorial.id}/start`)).status).toBe(409);
    expect((await call(player, 'POST', `/api/quests/00000000-0000-4000-8000-000000000000/start`)).status).toBe(404);
    const stranger = await registerPlayer(t.app, newPlayer('strg'));
    expect((await call(stranger, 'POST', `/api/quests/${daily.id}/start`)).status).toBe(404);
  });

  it('advances a started story quest by real upgrades and grants its reward once, capped by capacity', async () => {
    const { player, village } = await newVillage(t, undefined, 'story');
    await report(player, 'view_village'); // the tutorial's first reward pays for the halls below
    const chapter = findQuest(await quests(player), 'Chapter I: The Great Hall');
    const started = await call<{ quest: Quest }>(player, 'POST', `/api/quests/${chapter.id}/start`);
    // The great hall already stands at level 1 when the chapter starts.
    expect(started.body.quest.progress).toEqual({ 'building_level:great_hall': 1 });
    for (const level of [2, 3, 4, 5]) {
      await upgrade(player, village, 19);
      t.clock.advance(buildTimeSeconds('great_hall', level, level - 1) * 1000);
      await sweepDueVillages(t.database.db, t.clock.now());
      if (level < 5) expect(findQuest(await quests(player), chapter.title).progress).toEqual({ 'building_level:great_hall': level });
    }
    const before = amounts(await overview(t, player, village.id));
    await sweepQuestEvents(t.database.db, t.clock.now());
    const done = findQuest(await quests(player), chapter.title);
    expect(done.status).toBe('completed');
    const after = await overview(t, player, village.id);
    const reward = questDefinition('story.hall')!.rewards.resources;
    for (const r of after.resources) {
      expect(r.amount, r.type).toBe(Math.min(r.capacity, before[r.type] + (reward[r.type as keyof typeof reward] ?? 0)));
    }
    // Reading again pays nothing more; the next chapter opens.
    await quests(player);
    expect(amounts(await overview(t, player, village.id))).toEqual(amounts(after));
    expect((await quests(player)).story.map((q) => q.title)).toEqual(['Chapter I: The Great Hall', 'Chapter II: Room for Kin']);
    expect(buildingCost('great_hall', 5).timber).toBeGreaterThan(0);
  });

  it('counts for a daily quest only what happens after it starts', async () => {
    const player = await registerPlayer(t.app, newPlayer('after'));
    await report(player, 'login');
    const daily = findQuest(await quests(player), 'Back to the Longhouse');
    expect(daily.progress).toEqual({});
    await call(player, 'POST', `/api/quests/${daily.id}/start`);
    await report(player, 'login');
    expect(findQuest(await quests(player), 'Back to the Longhouse').status).toBe('completed');
  });

  it('expires daily quests at midnight UTC and issues new ones', async () => {
    const player = await registerPlayer(t.app, newPlayer('exp'));
    const today = (await quests(player)).daily;
    await call(player, 'POST', `/api/quests/${today[0].id}/start`);
    const midnight = Date.UTC(2026, 0, 2) + Math.ceil((t.clock.now().getTime() - Date.UTC(2026, 0, 2)) / DAY) * DAY;
    t.clock.set(midnight + 1000);
    const next = (await quests(player)).daily;
    expect(next.filter((q) => q.status === 'expired').map((q) => q.id).sort()).toEqual(today.map((q) => q.id).sort());
    const fresh = next.filter((q) => q.status === 'available');
    expect(fresh).toHaveLength(4);
    expect(fresh.every((q) => q.expiresAt === new Date(midnight + DAY).toISOString())).toBe(true);
    // A day later the expired ones are gone from the list.
    t.clock.advance(DAY);
    expect((await quests(player)).daily.some((q) => today.some((old) => old.id === q.id))).toBe(false);
  });

  it('summarises completed and total quests', async () => {
    const player = await registerPlayer(t.app, newPlayer('sum'));
    const daily = findQuest(await quests(player), 'Back to the Longhouse');
    await call(player, 'POST', `/api/quests/${daily.id}/start`);
    await report(player, 'login');
    await report(player, 'view_village');
    const summary = (await call<Schema<'QuestProgressSummary'>>(player, 'GET', '/api/quests/progress/summary')).body;
    const list = await quests(player);
    const all = Object.values(list).flat();
    expect(summary).toEqual({
      completedQuests: 2,
      totalQuests: all.length,
      completionRate: Math.floor(200 / all.length),
      tutorial: { percentage: Math.floor(100 / TUTORIAL.length), completed: 1, total: TUTORIAL.length },
      dailyCompleted: 1,
    });
  });

  it('is settled by the sweeper while nobody reads', async () => {
    const { player, village } = await newVillage(t, undefined, 'swp');
    await report(player, 'view_village');
    await upgrade(player, village, 13);
    t.clock.advance(buildTimeSeconds('mead_hall', 1, 1) * 1000);
    expect(await sweepDueVillages(t.database.db, t.clock.now())).toBeGreaterThanOrEqual(1);
    const queued = await t.database.db.select().from(questEvents).where(eq(questEvents.userId, player.user.id));
    expect(queued.map((e) => e.name)).toContain('building_upgraded:mead_hall');
    expect(await sweepQuestEvents(t.database.db, t.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await t.database.db.select().from(questEvents).where(eq(questEvents.userId, player.user.id))).toEqual([]);
    expect((await status(player)).currentStep).toBe(3);
  });

  it('drops the queued events no quest of the player could count, and keeps every one a quest or a coming tutorial step counts', async () => {
    const queue = (player: Player, names: string[]) =>
      t.database.db.insert(questEvents).values(names.map((name) => ({ userId: player.user.id, name, amount: 1, createdAt: t.clock.now() })));
    const queued = async (player: Player) =>
      (await t.database.db.select().from(questEvents).where(eq(questEvents.userId, player.user.id))).map((e) => e.name).sort();
    // Past the tutorial, with the daily return quest in progress: only its login counts.
    const veteran = await registerPlayer(t.app, newPlayer('vet'));
    expect((await call(veteran, 'POST', '/api/tutorial/skip')).status).toBe(200);
    const daily = findQuest(await quests(veteran), 'Back to the Longhouse');
    expect(daily.objectives).toEqual({ login: 1 });
    await call(veteran, 'POST', `/api/quests/${daily.id}/start`);
    await queue(veteran, ['units_trained', 'units_trained:bondi', 'battle_won', 'login']);
    // In the tutorial's first step: what the later steps count stays queued too.
    const newcomer = await registerPlayer(t.app, newPlayer('new'));
    expect((await status(newcomer)).currentStep).toBe(1);
    await queue(newcomer, ['units_trained:bondi', 'battle_won', 'building_upgraded:barracks']);
    // Never settled: nothing is known of this player's quests, so nothing is dropped.
    const unknown = await registerPlayer(t.app, newPlayer('unk'));
    await queue(unknown, ['battle_won']);

    await dropUncountedEvents(t.database.db);
    expect(await queued(veteran)).toEqual(['login']);
    expect(await queued(newcomer)).toEqual(['building_upgraded:barracks', 'units_trained:bondi']);
    expect(await queued(unknown)).toEqual(['battle_won']);

    await sweepQuestEvents(t.database.db, t.clock.now());
    expect(findQuest(await quests(veteran), 'Back to the Longhouse').status).toBe('completed');
    expect(await queued(newcomer)).toEqual([]);
  });
});
