// Quests: each player's copies of the catalog, advanced by queued game events under the player's lock, rewarded exactly once into the capital.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { playerProgress, playerQuests, questEvents, type PlayerQuestRow } from '../db/schema';
import { conflict, notFound, worded } from '../errors';
import { TUTORIAL, eventsQuestsCount, questDefinition } from '../../rules/quest-catalog';
import { dailyPeriod, type PlayerSnapshot, type QuestType } from '../../rules/quests';
import {
  NO_SUCH_QUEST,
  QUEST_NOT_AVAILABLE,
  planQuestStart,
  planQuests,
  type PlayerQuest,
  type QuestPlan,
  type QuestRefusal,
  type QuestScene,
  type RewardDue,
  type SnapshotWanted,
} from '../../rules/quest-book';
import { playerSnapshot } from '../village/player-snapshot';
import { grantIntoCapital } from '../village/rewards';
import { settleDueVillagesOf } from '../village/villages';
import type { PlayerId } from '../../rules/ids';

export type QuestView = Schema<'Quest'>;
export type QuestSummaryView = Schema<'QuestProgressSummary'>;

export { NO_SUCH_QUEST, QUEST_NOT_AVAILABLE };

/** Rounds of events, completions and rewards per settle; rewards can settle the capital, which queues more events. */
const MAX_ROUNDS = 5;

const ms = (at: Date | null) => at?.getTime() ?? null;
const date = (at: number | null) => (at === null ? null : new Date(at));

/** The rules' view of a stored quest. */
function playerQuest(row: PlayerQuestRow): PlayerQuest {
  return {
    id: row.id,
    questKey: row.questKey,
    type: row.type,
    period: row.period,
    status: row.status,
    progress: row.progress,
    expiresAt: ms(row.expiresAt),
    startedAt: ms(row.startedAt),
    completedAt: ms(row.completedAt),
    rewardedAt: ms(row.rewardedAt),
    skipped: row.skipped,
    createdAt: row.createdAt.getTime(),
  };
}

/** What a plan may change of a stored quest. */
function changedFields(quest: PlayerQuest): Pick<PlayerQuestRow, 'status' | 'progress' | 'expiresAt' | 'startedAt' | 'completedAt' | 'rewardedAt' | 'skipped'> {
  return {
    status: quest.status,
    progress: quest.progress,
    expiresAt: date(quest.expiresAt),
    startedAt: date(quest.startedAt),
    completedAt: date(quest.completedAt),
    rewardedAt: date(quest.rewardedAt),
    skipped: quest.skipped,
  };
}

/** What a player's quests stand at when settling starts: their rows and their player_progress. */
interface QuestLedger {
  rows: PlayerQuestRow[];
  tutorialSkipped: boolean;
  countedEvents: string[] | null;
}

/** One player's quest rows while they are being settled: the rules plan, this applies; changes are written at the end. */
class QuestBook {
  readonly rows: PlayerQuestRow[];
  private readonly changed = new Set<PlayerQuestRow>();
  private readonly created = new Set<PlayerQuestRow>();
  /** What the player already has; read once per settle, only when a plan asks for it. */
  private snapshot: PlayerSnapshot | null = null;
  tutorialCompleted = false;
  readonly tutorialSkipped: boolean;
  /** What player_progress says the quests count; save() keeps it in step with the rows. */
  private counted: string[] | null;

  constructor(
    readonly tx: Db,
    readonly userId: PlayerId,
    readonly now: Date,
    { rows, tutorialSkipped, countedEvents }: QuestLedger,
  ) {
    this.rows = rows;
    this.tutorialSkipped = tutorialSkipped;
    this.counted = countedEvents;
  }

  find(key: string, period = ''): PlayerQuestRow | undefined {
    return this.rows.find((r) => r.questKey === key && r.period === period);
  }

  touch(row: PlayerQuestRow): void {
    if (!this.created.has(row)) this.changed.add(row);
  }

  /**
   * Runs a rule on the quests as they stand, with `events`. When it asks for the player's snapshot, reads
   * it (once per settle, and only then: most settles start no quest that counts it) and runs the rule again.
   */
  async plan<R extends QuestPlan | QuestRefusal>(rule: (scene: QuestScene) => R | SnapshotWanted, events: QuestScene['events'] = []): Promise<R> {
    const scene = (): QuestScene => ({
      playerId: this.userId,
      now: this.now.getTime(),
      quests: this.rows.map(playerQuest),
      events,
      tutorialSkipped: this.tutorialSkipped,
      snapshot: this.snapshot,
      newId: randomUUID,
    });
    let result = rule(scene());
    if (result.kind === 'snapshot_wanted') {
      this.snapshot = await playerSnapshot(this.tx, this.userId);
      result = rule(scene());
    }
    if (result.kind === 'snapshot_wanted') throw new Error('A quest plan asked for the snapshot it was given');
    return result;
  }

  /** Takes a plan's issued quests as rows to insert and its changes into the stored rows. */
  apply(plan: QuestPlan): void {
    const byId = new Map(this.rows.map((row) => [row.id, row]));
    for (const quest of plan.changed) {
      const row = byId.get(quest.id)!;
      Object.assign(row, changedFields(quest));
      this.touch(row);
    }
    for (const quest of plan.issued) {
      const row: PlayerQuestRow = { ...changedFields(quest), id: quest.id, userId: this.userId, questKey: quest.questKey, type: quest.type, period: quest.period, createdAt: new Date(quest.createdAt) };
      this.rows.push(row);
      this.created.add(row);
    }
    if (plan.tutorialCompleted) this.tutorialCompleted = true;
  }

  /** Pays the rewards due in order into the capital, each once; they wait (from the first that cannot land) while the player has no village. */
  async payRewards(rewards: readonly RewardDue[]): Promise<boolean> {
    let paid = false;
    for (const due of rewards) {
      const granted = await grantIntoCapital(this.tx, this.userId, due.rewards, this.now);
      if (!granted) return paid;
      const row = this.rows.find((r) => r.id === due.questId)!;
      row.rewardedAt = this.now;
      this.touch(row);
      paid = true;
    }
    return paid;
  }

  async save(): Promise<void> {
    if (this.created.size > 0) await this.tx.insert(playerQuests).values([...this.created]);
    for (const row of this.changed) {
      await this.tx
        .update(playerQuests)
        .set({
          status: row.status,
          progress: row.progress,
          startedAt: row.startedAt,
          completedAt: row.completedAt,
          rewardedAt: row.rewardedAt,
          skipped: row.skipped,
        })
        .where(eq(playerQuests.id, row.id));
    }
    this.created.clear();
    this.changed.clear();
    const counted = eventsQuestsCount(this.rows);
    if (this.counted === null || counted.join('\n') !== this.counted.join('\n')) {
      await this.tx.update(playerProgress).set({ countedEvents: counted }).where(eq(playerProgress.userId, this.userId));
      this.counted = counted;
    }
  }
}

/** Takes the player's quest lock (creating the row on first use); with `skipLocked`, null when another transaction holds it. */
async function lockPlayer(tx: Db, userId: PlayerId, skipLocked = false) {
  const lock = () => {
    const query = tx.select().from(playerProgress).where(eq(playerProgress.userId, userId));
    return skipLocked ? query.for('update', { skipLocked: true }) : query.for('update');
  };
  // The row exists after the player's first settle: insert only when the lock found nothing.
  let [row] = await lock();
  if (!row) {
    await tx.insert(playerProgress).values({ userId }).onConflictDoNothing();
    [row] = await lock();
  }
  return row ?? null;
}

/** Takes the player's queued events, oldest first. */
async function takeEvents(tx: Db, userId: PlayerId) {
  const events = await tx.delete(questEvents).where(eq(questEvents.userId, userId)).returning({ id: questEvents.id, name: questEvents.name, amount: questEvents.amount });
  return events.sort((a, b) => a.id - b.id);
}

/**
 * Brings a player's quests up to `now` inside `tx`: locks the player, expires and issues quests, applies
 * the queued game events in order, completes what is finished and pays rewards into the capital. Returns
 * the settled rows, or null when `skipLocked` found the player locked by another transaction.
 */
export async function settleQuests(tx: Db, userId: PlayerId, now: Date, skipLocked = false): Promise<QuestBook | null> {
  const progress = await lockPlayer(tx, userId, skipLocked);
  if (!progress) return null;
  const rows = await tx.select().from(playerQuests).where(eq(playerQuests.userId, userId)).orderBy(asc(playerQuests.createdAt));
  const book = new QuestBook(tx, userId, now, { rows, tutorialSkipped: progress.tutorialSkipped, countedEvents: progress.countedEvents });
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const plan = await book.plan(planQuests, await takeEvents(tx, userId));
    book.apply(plan);
    // Only a reward can queue more events in this transaction (it settles the capital, which may finish something).
    if (!(await book.payRewards(plan.rewards))) break;
  }
  await book.save();
  if (book.tutorialCompleted && !progress.tutorialCompletedAt) {
    await tx.update(playerProgress).set({ tutorialCompletedAt: now }).where(eq(playerProgress.userId, userId));
  }
  return book;
}

/**
 * Runs `read` on the player's settled quests in one transaction. The player's villages are settled first,
 * so an upgrade that finished a second ago counts even if nobody has looked at the village since.
 */
export async function withSettledQuests<T>(db: Db, userId: PlayerId, now: Date, read: (book: QuestBook) => Promise<T> | T): Promise<T> {
  await settleDueVillagesOf(db, userId, now);
  return db.transaction(async (tx) => read((await settleQuests(tx, userId, now))!));
}

export type { QuestBook };

export function questView(row: PlayerQuestRow): QuestView {
  const definition = questDefinition(row.questKey)!;
  return {
    id: row.id,
    key: definition.key,
    title: definition.title,
    description: definition.description,
    type: definition.type,
    status: row.status,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    objectives: { ...definition.objectives },
    progress: { ...row.progress },
    rewards: { resources: { ...definition.rewards.resources }, units: { ...definition.rewards.units } },
  };
}

const DAY_MS = 86_400_000;

/** Quests a player sees: all but daily and weekly ones of earlier periods (those just expired stay a day, so the player sees them go). */
function visible(row: PlayerQuestRow, nowMs: number): boolean {
  if (!questDefinition(row.questKey)) return false;
  if (row.status !== 'expired' || !row.expiresAt) return true;
  return nowMs - row.expiresAt.getTime() < DAY_MS;
}

export async function listQuests(db: Db, userId: PlayerId, now: Date): Promise<{ quests: Record<QuestType, QuestView[]> }> {
  return withSettledQuests(db, userId, now, (book) => {
    const quests: Record<QuestType, QuestView[]> = { tutorial: [], daily: [], weekly: [], special: [], story: [] };
    const tutorialOrder = new Map(TUTORIAL.map((step, i) => [step.key, i]));
    const rows = book.rows.filter((row) => visible(row, now.getTime()));
    rows.sort((a, b) => (tutorialOrder.get(a.questKey) ?? 0) - (tutorialOrder.get(b.questKey) ?? 0) || a.createdAt.getTime() - b.createdAt.getTime());
    for (const row of rows) quests[row.type].push(questView(row));
    return { quests };
  });
}

export async function startQuest(db: Db, userId: PlayerId, questId: string, now: Date): Promise<{ quest: QuestView }> {
  await settleDueVillagesOf(db, userId, now);
  return db.transaction(async (tx) => {
    // Events queued before the start are settled first, so they never count for the new quest.
    const book = (await settleQuests(tx, userId, now))!;
    const plan = await book.plan((scene) => planQuestStart(scene, questId));
    if (plan.kind === 'refused') throw plan.reason === 'no_such_quest' ? notFound(worded(plan.message)) : conflict(worded(plan.message));
    book.apply(plan);
    await book.payRewards(plan.rewards);
    await book.save();
    return { quest: questView(book.rows.find((r) => r.id === questId)!) };
  });
}

export async function questSummary(db: Db, userId: PlayerId, now: Date): Promise<QuestSummaryView> {
  return withSettledQuests(db, userId, now, (book) => {
    const rows = book.rows.filter((row) => visible(row, now.getTime()));
    const completed = rows.filter((r) => r.status === 'completed').length;
    const tutorialDone = TUTORIAL.filter((step) => book.find(step.key)?.status === 'completed').length;
    const today = dailyPeriod(now.getTime());
    return {
      completedQuests: completed,
      totalQuests: rows.length,
      completionRate: rows.length === 0 ? 0 : Math.floor((completed * 100) / rows.length),
      tutorial: { percentage: Math.floor((tutorialDone * 100) / TUTORIAL.length), completed: tutorialDone, total: TUTORIAL.length },
      dailyCompleted: rows.filter((r) => r.type === 'daily' && r.period === today && r.status === 'completed').length,
    };
  });
}

/** Users with queued quest events, for the sweeper. */
export async function usersWithQuestEvents(db: Db, limit: number): Promise<PlayerId[]> {
  const rows = await db
    .select({ userId: questEvents.userId, first: sql<number>`min(${questEvents.id})` })
    .from(questEvents)
    .groupBy(questEvents.userId)
    .orderBy(sql`min(${questEvents.id})`)
    .limit(limit);
  return rows.map((r) => r.userId);
}

/**
 * Drops the queued events that none of their player's quests could count (player_progress.counted_events),
 * under each player's quest lock (players locked elsewhere are left for their own settle). Dropping such an
 * event has the same outcome as settling it; most events of players past the tutorial are like that, and one
 * statement here saves a whole settle per player.
 */
export async function dropUncountedEvents(db: Db): Promise<void> {
  await db.execute(sql`
    with locked as (
      select p.user_id, p.counted_events from ${playerProgress} p
      where p.counted_events is not null and p.user_id in (select e.user_id from ${questEvents} e)
      for update of p skip locked
    )
    delete from ${questEvents} e using locked
    where e.user_id = locked.user_id and not (e.name = any (locked.counted_events))`);
}

/** Settles the quests of every player with queued events (what the sweeper calls); returns how many players it settled. */
export async function sweepQuestEvents(db: Db, now: Date, batch = 50): Promise<number> {
  await dropUncountedEvents(db);
  let settled = 0;
  for (const userId of await usersWithQuestEvents(db, batch)) {
    const book = await db.transaction((tx) => settleQuests(tx, userId, now, true));
    if (book) settled += 1;
  }
  return settled;
}

/** Quest rows of a player by key (tests and the tutorial read them). */
export async function questRowsByKey(db: Db, userId: PlayerId, keys: readonly string[]): Promise<PlayerQuestRow[]> {
  return db.select().from(playerQuests).where(and(eq(playerQuests.userId, userId), inArray(playerQuests.questKey, [...keys])));
}
