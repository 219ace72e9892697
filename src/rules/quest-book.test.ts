// Pins the quest state machine: what is issued and expired, how events count in order, what completes, which rewards are due once.
import { describe, expect, it } from 'vitest';
import { DAILY_QUESTS_PER_DAY, SPECIAL_QUESTS, TUTORIAL, WEEKLY_QUESTS_PER_WEEK, questDefinition } from './quest-catalog';
import { NO_SUCH_QUEST, QUEST_NOT_AVAILABLE, planQuestStart, planQuests, planTutorialSkip, rewardsDue, type GameEvent, type PlayerQuest, type QuestPlan, type QuestScene } from './quest-book';
import type { PlayerSnapshot } from './quests';

const HOUR = 3_600_000;
/** Wednesday 15 January 2025, noon UTC. */
const now = Date.UTC(2025, 0, 15, 12);
const nothingYet: PlayerSnapshot = { buildingLevels: {}, units: {}, heroes: 0, inAlliance: false, villages: 1 };

function ids(): () => string {
  let n = 0;
  return () => `q${++n}`;
}

function scene(over: Partial<QuestScene> = {}): QuestScene {
  return { playerId: 'ragnar', now, quests: [], events: [], tutorialSkipped: false, snapshot: nothingYet, newId: ids(), ...over };
}

function plan(s: QuestScene): QuestPlan {
  const result = planQuests(s);
  if (result.kind !== 'plan') throw new Error('expected a plan');
  return result;
}

const events = (...names: string[]): GameEvent[] => names.map((name) => ({ name, amount: 1 }));
const byKey = (quests: readonly PlayerQuest[], key: string) => quests.find((q) => q.questKey === key);

/** A new player's quests as first issued: the tutorial's first step in progress, today's, this week's, specials and the first chapter. */
const firstBook = plan(scene()).quests;

/** The first book with `key` changed. */
function withQuest(key: string, change: Partial<PlayerQuest>, quests: readonly PlayerQuest[] = firstBook): PlayerQuest[] {
  return quests.map((q) => (q.questKey === key ? { ...q, ...change } : q));
}

describe('issuing quests', () => {
  it('gives a new player the tutorial’s first step in progress, today’s and this week’s quests, every special and the first chapter', () => {
    const first = plan(scene());
    const tutorial = byKey(first.quests, TUTORIAL[0].key)!;
    expect(tutorial).toMatchObject({ id: 'q1', status: 'in_progress', startedAt: now, progress: {}, createdAt: now, expiresAt: null });
    const daily = first.quests.filter((q) => q.type === 'daily');
    expect(daily.map((q) => q.questKey)[0]).toBe('daily.return');
    expect(daily).toHaveLength(1 + DAILY_QUESTS_PER_DAY);
    for (const q of daily) expect(q).toMatchObject({ status: 'available', period: '2025-01-15', expiresAt: Date.UTC(2025, 0, 16) });
    const weekly = first.quests.filter((q) => q.type === 'weekly');
    expect(weekly).toHaveLength(WEEKLY_QUESTS_PER_WEEK);
    for (const q of weekly) expect(q).toMatchObject({ status: 'available', period: 'week of 2025-01-13', expiresAt: Date.UTC(2025, 0, 20) });
    expect(first.quests.filter((q) => q.type === 'special').map((q) => q.questKey)).toEqual(SPECIAL_QUESTS.map((q) => q.key));
    expect(first.quests.filter((q) => q.type === 'story').map((q) => q.questKey)).toEqual(['story.hall']);
    expect(first.issued).toEqual(first.quests);
    expect(first.changed).toEqual([]);
    expect(first.rewards).toEqual([]);
  });

  it('draws the same daily quests for the same player all day, and others the next day', () => {
    const keys = (s: QuestScene) => plan(s).quests.filter((q) => q.type === 'daily').map((q) => q.questKey);
    expect(keys(scene({ now: now + 11 * HOUR }))).toEqual(keys(scene()));
    const tomorrow = plan(scene({ now: now + 24 * HOUR, quests: firstBook }));
    expect(tomorrow.issued.filter((q) => q.type === 'daily').map((q) => q.period)).toEqual(Array(1 + DAILY_QUESTS_PER_DAY).fill('2025-01-16'));
  });

  it('asks for the player’s snapshot when a step that counts what the player has starts, and needs none otherwise', () => {
    expect(planQuests(scene({ snapshot: null }))).toEqual({ kind: 'snapshot_wanted' });
    expect(planQuests(scene({ snapshot: null, quests: firstBook })).kind).toBe('plan');
    expect(planQuests(scene({ snapshot: null, tutorialSkipped: true })).kind).toBe('plan');
  });

  it('starts a step with what the player already has, and completes it at once when that is enough', () => {
    const done = withQuest(TUTORIAL[0].key, { status: 'completed', completedAt: now - HOUR, rewardedAt: now - HOUR, progress: { view_village: 1 } });
    const started = plan(scene({ quests: done, snapshot: { ...nothingYet, buildingLevels: { mead_hall: 1 } } }));
    // The mead hall already stands at level 1: step 2 completes as it starts, and step 3 follows.
    expect(byKey(started.quests, TUTORIAL[1].key)).toMatchObject({ status: 'completed', progress: { 'building_upgraded:mead_hall': 1 }, completedAt: now });
    expect(byKey(started.quests, TUTORIAL[2].key)).toMatchObject({ status: 'in_progress', progress: {} });
  });

  it('gives no tutorial step once the tutorial is skipped', () => {
    expect(plan(scene({ tutorialSkipped: true })).quests.some((q) => q.type === 'tutorial')).toBe(false);
  });

  it('opens the story one chapter at a time, each once the one before is completed', () => {
    expect(plan(scene({ quests: firstBook })).issued).toEqual([]);
    const hallDone = withQuest('story.hall', { status: 'completed', completedAt: now - HOUR, rewardedAt: now - HOUR });
    expect(plan(scene({ quests: hallDone })).issued.map((q) => [q.questKey, q.status])).toEqual([['story.longhouse', 'available']]);
  });

  it('expires quests not completed by their instant, and leaves completed ones alone', () => {
    const tomorrow = Date.UTC(2025, 0, 16);
    const daily = firstBook.filter((q) => q.type === 'daily');
    const quests = withQuest(daily[1].questKey, { status: 'in_progress', startedAt: now }, withQuest(daily[2].questKey, { status: 'completed', completedAt: now }));
    const next = plan(scene({ quests, now: tomorrow }));
    expect(next.quests.filter((q) => q.period === '2025-01-15').map((q) => q.status)).toEqual(['expired', 'expired', 'completed', 'expired']);
    expect(next.changed.map((q) => q.questKey)).toEqual([daily[0].questKey, daily[1].questKey, daily[3].questKey]);
    // The week is not over yet.
    expect(next.quests.filter((q) => q.type === 'weekly').every((q) => q.status === 'available')).toBe(true);
  });
});

describe('applying events', () => {
  it('counts an event for the quests in progress when it comes up, in order', () => {
    // The mead hall finished before step 2 existed: it does not count; the visit completes step 1, which starts step 2.
    const next = plan(scene({ quests: firstBook, events: events('building_upgraded:mead_hall', 'view_village') }));
    expect(byKey(next.quests, TUTORIAL[0].key)).toMatchObject({ status: 'completed', completedAt: now, progress: { view_village: 1 } });
    expect(byKey(next.quests, TUTORIAL[1].key)).toMatchObject({ status: 'in_progress', progress: {} });
    // In the other order the next step counts it.
    const other = plan(scene({ quests: firstBook, events: events('view_village', 'building_upgraded:mead_hall') }));
    expect(byKey(other.quests, TUTORIAL[1].key)).toMatchObject({ status: 'completed' });
    expect(byKey(other.quests, TUTORIAL[2].key)).toMatchObject({ status: 'in_progress' });
  });

  it('never counts an event for a quest that is only available', () => {
    const next = plan(scene({ quests: firstBook, events: events('login') }));
    expect(byKey(next.quests, 'daily.return')).toMatchObject({ status: 'available', progress: {} });
  });

  it('adds up counters and holds the highest level reached, never past the target', () => {
    const quests = withQuest('daily.return', { status: 'in_progress', startedAt: now }, withQuest('story.hall', { status: 'in_progress', startedAt: now }));
    const next = plan(scene({ quests, events: [{ name: 'building_level:great_hall', amount: 3 }, { name: 'building_level:great_hall', amount: 2 }, { name: 'login', amount: 7 }] }));
    expect(byKey(next.quests, 'story.hall')).toMatchObject({ status: 'in_progress', progress: { 'building_level:great_hall': 3 } });
    expect(byKey(next.quests, 'daily.return')).toMatchObject({ status: 'completed', progress: { login: 1 } });
  });

  it('notes the tutorial completed when its last step is', () => {
    const last = TUTORIAL[TUTORIAL.length - 1];
    const first = byKey(firstBook, TUTORIAL[0].key)!;
    const steps: PlayerQuest[] = TUTORIAL.map((step, i) =>
      step === last ? { ...first, id: `t${i}`, questKey: step.key } : { ...first, id: `t${i}`, questKey: step.key, status: 'completed', completedAt: now - HOUR, rewardedAt: now - HOUR },
    );
    const next = plan(scene({ quests: [...steps, ...firstBook.filter((q) => q.type !== 'tutorial')], events: events(...Object.keys(last.objectives)) }));
    expect(next.tutorialCompleted).toBe(true);
    expect(plan(scene({ quests: firstBook, events: events('view_village') })).tutorialCompleted).toBe(false);
  });

  it('changes nothing when planned again from its own quests with no new events', () => {
    const once = plan(scene({ quests: firstBook, events: events('view_village', 'building_upgraded:mead_hall', 'login') }));
    const again = plan(scene({ quests: once.quests }));
    expect(again.quests).toEqual(once.quests);
    expect(again.issued).toEqual([]);
    expect(again.changed).toEqual([]);
  });

  it('leaves the scene’s quests untouched', () => {
    const before = structuredClone(firstBook);
    plan(scene({ quests: firstBook, events: events('view_village') }));
    expect(firstBook).toEqual(before);
  });
});

describe('rewards', () => {
  it('are due for completed quests not yet paid, in the quests’ order, each with its catalog rewards', () => {
    const next = plan(scene({ quests: withQuest('daily.return', { status: 'in_progress', startedAt: now }), events: events('login', 'view_village') }));
    expect(next.rewards).toEqual([
      { questId: byKey(next.quests, TUTORIAL[0].key)!.id, rewards: TUTORIAL[0].rewards },
      { questId: byKey(next.quests, 'daily.return')!.id, rewards: questDefinition('daily.return')!.rewards },
    ]);
  });

  it('are paid once, and never for a skipped step', () => {
    const completed = { status: 'completed' as const, completedAt: now };
    const quests = withQuest(TUTORIAL[0].key, { ...completed, skipped: true }, withQuest('daily.return', { ...completed, rewardedAt: now }, withQuest('story.hall', completed)));
    expect(rewardsDue(quests).map((r) => r.questId)).toEqual([byKey(quests, 'story.hall')!.id]);
  });
});

describe('starting a quest', () => {
  const dailyReturn = byKey(firstBook, 'daily.return')!;

  it('counts from the start for daily quests, and ignores events queued before it', () => {
    const started = planQuestStart(scene({ quests: firstBook, events: events('login'), snapshot: null }), dailyReturn.id);
    expect(started.kind).toBe('plan');
    const quest = byKey((started as QuestPlan).quests, 'daily.return');
    expect(quest).toMatchObject({ status: 'in_progress', startedAt: now, progress: {} });
    expect((started as QuestPlan).changed).toEqual([quest]);
  });

  it('counts what the player has for a story chapter, which may complete it at once and open the next', () => {
    const hall = byKey(firstBook, 'story.hall')!;
    expect(planQuestStart(scene({ quests: firstBook, snapshot: null }), hall.id)).toEqual({ kind: 'snapshot_wanted' });
    const started = planQuestStart(scene({ quests: firstBook, snapshot: { ...nothingYet, buildingLevels: { great_hall: 6 } } }), hall.id) as QuestPlan;
    expect(byKey(started.quests, 'story.hall')).toMatchObject({ status: 'completed', progress: { 'building_level:great_hall': 5 } });
    expect(started.issued.map((q) => q.questKey)).toEqual(['story.longhouse']);
    expect(started.rewards).toEqual([{ questId: hall.id, rewards: questDefinition('story.hall')!.rewards }]);
  });

  it('refuses a quest the player does not have, and one that is not available', () => {
    expect(planQuestStart(scene({ quests: firstBook }), 'nobody’s')).toEqual({ kind: 'refused', reason: 'no_such_quest', message: NO_SUCH_QUEST });
    const tutorial = byKey(firstBook, TUTORIAL[0].key)!;
    expect(planQuestStart(scene({ quests: firstBook }), tutorial.id)).toEqual({ kind: 'refused', reason: 'not_available', message: QUEST_NOT_AVAILABLE });
    const expired = withQuest('daily.return', { status: 'expired' });
    expect(planQuestStart(scene({ quests: expired }), dailyReturn.id)).toMatchObject({ reason: 'not_available' });
  });
});

describe('skipping the tutorial', () => {
  it('completes every step not yet completed as skipped, issues the ones never issued, and pays none of them', () => {
    const first = TUTORIAL[0]!;
    const quests = withQuest(first.key, { status: 'completed', completedAt: now - HOUR, rewardedAt: now - HOUR });
    const skipped = planTutorialSkip(scene({ quests }));
    if (skipped.kind !== 'plan') throw new Error('expected a plan');
    for (const step of TUTORIAL) expect(byKey(skipped.quests, step.key)?.status, step.key).toBe('completed');
    // The step completed by playing keeps its own completion; the others are skipped now.
    expect(byKey(skipped.quests, first.key)).toMatchObject({ skipped: false, completedAt: now - HOUR });
    expect(TUTORIAL.slice(1).every((step) => byKey(skipped.quests, step.key)?.skipped && byKey(skipped.quests, step.key)?.completedAt === now)).toBe(true);
    expect(skipped.issued.map((q) => q.questKey)).toEqual(TUTORIAL.slice(1).map((step) => step.key));
    expect(skipped.rewards).toEqual([]);
  });
});
