// Quests: each player's copies of the catalog, advanced by queued game events under the player's lock, rewarded exactly once into the capital.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { playerProgress, playerQuests, questEvents, type PlayerQuestRow } from '../db/schema';
import { conflict, notFound } from '../errors';
import {
  DAILY_POOL,
  DAILY_QUESTS_PER_DAY,
  DAILY_RETURN,
  SPECIAL_QUESTS,
  STORY_QUESTS,
  TUTORIAL,
  WEEKLY_POOL,
  WEEKLY_QUESTS_PER_WEEK,
  eventsQuestsCount,
  pickQuests,
  questDefinition,
  type QuestDefinition,
} from '../../rules/quest-catalog';
import {
  QUEST_TYPES,
  advanceObjective,
  dailyPeriod,
  isQuestComplete,
  nextDailyExpiry,
  nextWeeklyExpiry,
  seedProgress,
  weeklyPeriod,
  type PlayerSnapshot,
  type QuestStatus,
  type QuestType,
} from '../../rules/quests';
import { playerSnapshot } from '../village/player-snapshot';
import { grantIntoCapital } from '../village/rewards';
import { settleDueVillagesOf } from '../village/villages';

export type QuestView = Schema<'Quest'>;
export type QuestSummaryView = Schema<'QuestProgressSummary'>;

export const QUEST_NOT_AVAILABLE = 'This quest is not available to start';
export const NO_SUCH_QUEST = 'No such quest';

/** Rounds of events, completions and rewards per settle; rewards can settle the capital, which queues more events. */
const MAX_ROUNDS = 5;

/** One player's quest rows while they are being settled; changes are written at the end. */
class QuestBook {
  readonly rows: PlayerQuestRow[];
  private readonly changed = new Set<PlayerQuestRow>();
  private readonly created = new Set<PlayerQuestRow>();
  private snapshot: PlayerSnapshot | null = null;
  tutorialCompleted = false;

  constructor(
    readonly tx: Db,
    readonly userId: string,
    readonly now: Date,
    rows: PlayerQuestRow[],
    readonly tutorialSkipped: boolean,
    /** What player_progress says the quests count; save() keeps it in step with the rows. */
    private counted: string[] | null,
  ) {
    this.rows = rows;
  }

  /** What the player already has; read once per settle, only when a quest counting it starts. */
  async playerState(): Promise<PlayerSnapshot> {
    this.snapshot ??= await playerSnapshot(this.tx, this.userId);
    return this.snapshot;
  }

  find(key: string, period = ''): PlayerQuestRow | undefined {
    return this.rows.find((r) => r.questKey === key && r.period === period);
  }

  touch(row: PlayerQuestRow): void {
    if (!this.created.has(row)) this.changed.add(row);
  }

  add(definition: QuestDefinition, status: QuestStatus, extra: Partial<PlayerQuestRow> = {}): PlayerQuestRow {
    const row: PlayerQuestRow = {
      id: randomUUID(),
      userId: this.userId,
      questKey: definition.key,
      type: definition.type,
      period: '',
      status,
      progress: {},
      expiresAt: null,
      startedAt: status === 'in_progress' ? this.now : null,
      completedAt: null,
      rewardedAt: null,
      skipped: false,
      createdAt: this.now,
      ...extra,
    };
    this.rows.push(row);
    this.created.add(row);
    return row;
  }

  async start(row: PlayerQuestRow): Promise<void> {
    const definition = questDefinition(row.questKey)!;
    row.status = 'in_progress';
    row.startedAt = this.now;
    row.progress = definition.seedFromState ? seedProgress(definition.objectives, await this.playerState()) : {};
    this.touch(row);
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
async function lockPlayer(tx: Db, userId: string, skipLocked = false) {
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

/** Expires what ran out, and issues the tutorial's next step, the period's daily and weekly quests, specials and the next story chapter. */
async function issueQuests(book: QuestBook): Promise<void> {
  const nowMs = book.now.getTime();
  for (const row of book.rows) {
    if (row.expiresAt && row.expiresAt.getTime() <= nowMs && (row.status === 'available' || row.status === 'in_progress')) {
      row.status = 'expired';
      book.touch(row);
    }
  }
  await issueTutorialStep(book);
  const day = dailyPeriod(nowMs);
  if (!book.rows.some((r) => r.type === 'daily' && r.period === day)) {
    for (const quest of [DAILY_RETURN, ...pickQuests(DAILY_POOL, `${book.userId}:${day}`, DAILY_QUESTS_PER_DAY)]) {
      book.add(quest, 'available', { period: day, expiresAt: new Date(nextDailyExpiry(nowMs)) });
    }
  }
  const week = weeklyPeriod(nowMs);
  if (!book.rows.some((r) => r.type === 'weekly' && r.period === week)) {
    for (const quest of pickQuests(WEEKLY_POOL, `${book.userId}:${week}`, WEEKLY_QUESTS_PER_WEEK)) {
      book.add(quest, 'available', { period: week, expiresAt: new Date(nextWeeklyExpiry(nowMs)) });
    }
  }
  for (const quest of SPECIAL_QUESTS) if (!book.find(quest.key)) book.add(quest, 'available');
  for (const quest of STORY_QUESTS) {
    if (book.find(quest.key)) continue;
    if (quest.after && book.find(quest.after)?.status !== 'completed') break;
    book.add(quest, 'available');
    break;
  }
}

/** While the tutorial runs, its current step is in progress: the first step without a row gets one. */
async function issueTutorialStep(book: QuestBook): Promise<void> {
  if (book.tutorialSkipped) return;
  const rows = TUTORIAL.map((step) => book.find(step.key));
  if (rows.some((row) => row?.status === 'in_progress')) return;
  const next = TUTORIAL.findIndex((_, i) => rows[i] === undefined);
  if (next < 0) return;
  const row = book.add(TUTORIAL[next], 'available');
  await book.start(row);
}

/** Marks finished quests completed; a finished tutorial step or story chapter opens the next. */
async function completeFinished(book: QuestBook): Promise<void> {
  for (let guard = 0; guard < TUTORIAL.length + STORY_QUESTS.length + 1; guard++) {
    const done = book.rows.filter((row) => row.status === 'in_progress' && isQuestComplete(questDefinition(row.questKey)!.objectives, row.progress));
    if (done.length === 0) return;
    for (const row of done) {
      row.status = 'completed';
      row.completedAt = book.now;
      book.touch(row);
      if (row.questKey === TUTORIAL[TUTORIAL.length - 1].key) book.tutorialCompleted = true;
    }
    await issueQuests(book);
  }
}

/** Gives every completed, unskipped quest its rewards once; they wait while the player has no village. */
async function payRewards(book: QuestBook): Promise<boolean> {
  let paid = false;
  for (const row of book.rows) {
    if (row.status !== 'completed' || row.skipped || row.rewardedAt) continue;
    const granted = await grantIntoCapital(book.tx, book.userId, questDefinition(row.questKey)!.rewards, book.now);
    if (!granted) return paid;
    row.rewardedAt = book.now;
    book.touch(row);
    paid = true;
  }
  return paid;
}

/** Takes the player's queued events, oldest first. */
async function takeEvents(tx: Db, userId: string) {
  const events = await tx.delete(questEvents).where(eq(questEvents.userId, userId)).returning({ id: questEvents.id, name: questEvents.name, amount: questEvents.amount });
  return events.sort((a, b) => a.id - b.id);
}

async function applyEvents(book: QuestBook): Promise<boolean> {
  const events = await takeEvents(book.tx, book.userId);
  for (const event of events) {
    // In sequence: a quest counts an event only if it was in progress when the event comes up.
    for (const row of book.rows) {
      if (row.status !== 'in_progress') continue;
      const next = advanceObjective(questDefinition(row.questKey)!.objectives, row.progress, event.name, event.amount);
      if (next !== row.progress) {
        row.progress = next;
        book.touch(row);
      }
    }
    await completeFinished(book);
  }
  return events.length > 0;
}

/**
 * Brings a player's quests up to `now` inside `tx`: locks the player, expires and issues quests, applies
 * the queued game events in order, completes what is finished and pays rewards into the capital. Returns
 * the settled rows, or null when `skipLocked` found the player locked by another transaction.
 */
export async function settleQuests(tx: Db, userId: string, now: Date, skipLocked = false): Promise<QuestBook | null> {
  const progress = await lockPlayer(tx, userId, skipLocked);
  if (!progress) return null;
  const rows = await tx.select().from(playerQuests).where(eq(playerQuests.userId, userId)).orderBy(asc(playerQuests.createdAt));
  const book = new QuestBook(tx, userId, now, rows, progress.tutorialSkipped, progress.countedEvents);
  await issueQuests(book);
  await completeFinished(book);
  for (let round = 0; round < MAX_ROUNDS; round++) {
    await applyEvents(book);
    // Only a reward can queue more events in this transaction (it settles the capital, which may finish something).
    if (!(await payRewards(book))) break;
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
export async function withSettledQuests<T>(db: Db, userId: string, now: Date, read: (book: QuestBook) => Promise<T> | T): Promise<T> {
  await settleDueVillagesOf(db, userId, now);
  return db.transaction(async (tx) => read((await settleQuests(tx, userId, now))!));
}

export type { QuestBook };

export function questView(row: PlayerQuestRow): QuestView {
  const definition = questDefinition(row.questKey)!;
  return {
    id: row.id,
    title: definition.title,
    description: definition.description,
    type: definition.type,
    status: row.status as QuestStatus,
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

export async function listQuests(db: Db, userId: string, now: Date): Promise<{ quests: Record<QuestType, QuestView[]> }> {
  return withSettledQuests(db, userId, now, (book) => {
    const quests = Object.fromEntries(QUEST_TYPES.map((type) => [type, [] as QuestView[]])) as Record<QuestType, QuestView[]>;
    const tutorialOrder = new Map(TUTORIAL.map((step, i) => [step.key, i]));
    const rows = book.rows.filter((row) => visible(row, now.getTime()));
    rows.sort((a, b) => (tutorialOrder.get(a.questKey) ?? 0) - (tutorialOrder.get(b.questKey) ?? 0) || a.createdAt.getTime() - b.createdAt.getTime());
    for (const row of rows) quests[row.type as QuestType]?.push(questView(row));
    return { quests };
  });
}

export async function startQuest(db: Db, userId: string, questId: string, now: Date): Promise<{ quest: QuestView }> {
  await settleDueVillagesOf(db, userId, now);
  return db.transaction(async (tx) => {
    // Events queued before the start are settled first, so they never count for the new quest.
    const book = (await settleQuests(tx, userId, now))!;
    const row = book.rows.find((r) => r.id === questId);
    if (!row) throw notFound(NO_SUCH_QUEST);
    if (row.status !== 'available') throw conflict(QUEST_NOT_AVAILABLE);
    await book.start(row);
    await completeFinished(book);
    await payRewards(book);
    await book.save();
    return { quest: questView(row) };
  });
}

export async function questSummary(db: Db, userId: string, now: Date): Promise<QuestSummaryView> {
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
export async function usersWithQuestEvents(db: Db, limit: number): Promise<string[]> {
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
export async function questRowsByKey(db: Db, userId: string, keys: readonly string[]): Promise<PlayerQuestRow[]> {
  return db.select().from(playerQuests).where(and(eq(playerQuests.userId, userId), inArray(playerQuests.questKey, [...keys])));
}
