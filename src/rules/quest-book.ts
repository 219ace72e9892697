// A player's quests as one decision: from their quests and the game events since (a scene) to everything that changes (a plan).
import {
  DAILY_POOL,
  DAILY_QUESTS_PER_DAY,
  DAILY_RETURN,
  SPECIAL_QUESTS,
  STORY_QUESTS,
  TUTORIAL,
  WEEKLY_POOL,
  WEEKLY_QUESTS_PER_WEEK,
  pickQuests,
  questDefinition,
  type QuestDefinition,
  type QuestRewardBundle,
} from './quest-catalog';
import {
  advanceObjective,
  dailyPeriod,
  isQuestComplete,
  nextDailyExpiry,
  nextWeeklyExpiry,
  seedProgress,
  weeklyPeriod,
  type PlayerSnapshot,
  type QuestCounters,
  type QuestStatus,
  type QuestType,
} from './quests';

export const NO_SUCH_QUEST = 'No such quest';
export const QUEST_NOT_AVAILABLE = 'This quest is not available to start';

/** A player's copy of a quest of the catalog; instants in ms since the epoch. */
export interface PlayerQuest {
  id: string;
  questKey: string;
  type: QuestType;
  /** The day or week of a daily or weekly quest; empty for the others. */
  period: string;
  status: QuestStatus;
  progress: QuestCounters;
  expiresAt: number | null;
  startedAt: number | null;
  completedAt: number | null;
  /** When its rewards landed; null while they wait (or for ever, when skipped). */
  rewardedAt: number | null;
  /** Completed by skipping the tutorial: no rewards. */
  skipped: boolean;
  createdAt: number;
}

/** A game event that may advance quests (see objectiveLabel), in the order it happened. */
export interface GameEvent {
  name: string;
  amount: number;
}

/** Everything a player's quests depend on, as plain data the server has loaded. */
export interface QuestScene {
  playerId: string;
  now: number;
  /** The player's quests, oldest first. */
  quests: readonly PlayerQuest[];
  /** Game events queued since the quests were last brought up to date, oldest first. */
  events: readonly GameEvent[];
  tutorialSkipped: boolean;
  /**
   * What the player already has, for quests that count it from their start; null while not loaded. It is
   * loaded only when needed (a plan asks for it), since most settles start no such quest.
   */
  snapshot: PlayerSnapshot | null;
  /** Ids for the quests the plan issues. */
  newId: () => string;
}

/** A completed quest whose rewards are due, to be paid into the player's capital once. */
export interface RewardDue {
  questId: string;
  rewards: QuestRewardBundle;
}

/** Everything bringing the quests up to date changes. */
export interface QuestPlan {
  kind: 'plan';
  /** Every quest of the player afterwards: the scene's in their order, then those issued, in issuing order. */
  quests: PlayerQuest[];
  /** Quests issued by the plan, to insert. */
  issued: PlayerQuest[];
  /** Quests of the scene the plan changed, to update. */
  changed: PlayerQuest[];
  /** Completed quests whose rewards are not yet paid, in the quests' order; paying stops at the first that cannot land. */
  rewards: RewardDue[];
  /** The tutorial's last step was completed by this plan. */
  tutorialCompleted: boolean;
}

/** The plan cannot be made without the player's snapshot: load it and plan again with it. */
export interface SnapshotWanted {
  kind: 'snapshot_wanted';
}

export interface QuestRefusal {
  kind: 'refused';
  /** `no_such_quest` when the player has no such quest, `not_available` when it cannot be started (anymore). */
  reason: 'no_such_quest' | 'not_available';
  message: string;
}

/** Thrown inside planning when a starting quest needs the snapshot the scene lacks; caught at the top. */
class NeedsSnapshot {}

function definitionOf(key: string): QuestDefinition {
  const definition = questDefinition(key);
  // Counting or paying a quest needs its definition: a stored quest the catalog lost is a mistake to hear about, not to skip.
  if (!definition) throw new Error(`Quest ${key} is not in the catalog`);
  return definition;
}

/** The quests being planned: copies of the scene's, changed in place and marked. */
class Book {
  readonly quests: PlayerQuest[];
  private readonly issued = new Set<PlayerQuest>();
  private readonly touched = new Set<PlayerQuest>();
  tutorialCompleted = false;

  constructor(private readonly scene: QuestScene) {
    this.quests = scene.quests.map((q) => ({ ...q }));
  }

  get now(): number {
    return this.scene.now;
  }

  find(key: string, period = ''): PlayerQuest | undefined {
    return this.quests.find((q) => q.questKey === key && q.period === period);
  }

  touch(quest: PlayerQuest): void {
    if (!this.issued.has(quest)) this.touched.add(quest);
  }

  add(definition: QuestDefinition, status: QuestStatus, extra: Partial<PlayerQuest> = {}): PlayerQuest {
    const quest: PlayerQuest = {
      id: this.scene.newId(),
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
    this.quests.push(quest);
    this.issued.add(quest);
    return quest;
  }

  /** Tutorial and story quests count what the player already has from their start; the others count from zero. */
  start(quest: PlayerQuest): void {
    const definition = definitionOf(quest.questKey);
    quest.status = 'in_progress';
    quest.startedAt = this.now;
    quest.progress = definition.seedFromState ? seedProgress(definition.objectives, this.snapshot()) : {};
    this.touch(quest);
  }

  private snapshot(): PlayerSnapshot {
    if (this.scene.snapshot === null) throw new NeedsSnapshot();
    return this.scene.snapshot;
  }

  plan(): QuestPlan {
    return {
      kind: 'plan',
      quests: this.quests,
      issued: this.quests.filter((q) => this.issued.has(q)),
      changed: this.quests.filter((q) => this.touched.has(q)),
      rewards: rewardsDue(this.quests),
      tutorialCompleted: this.tutorialCompleted,
    };
  }
}

/** While the tutorial runs, its current step is in progress: the first step without a quest gets one, started at once. */
function issueTutorialStep(book: Book, tutorialSkipped: boolean): void {
  if (tutorialSkipped) return;
  const steps = TUTORIAL.map((step) => book.find(step.key));
  if (steps.some((q) => q?.status === 'in_progress')) return;
  const next = TUTORIAL.find((_, i) => steps[i] === undefined);
  if (!next) return;
  book.start(book.add(next, 'available'));
}

/** Expires what ran out, and issues the tutorial's next step, the period's daily and weekly quests, specials and the next story chapter. */
function issueQuests(book: Book, scene: QuestScene): void {
  const { now } = scene;
  for (const quest of book.quests) {
    if (quest.expiresAt !== null && quest.expiresAt <= now && (quest.status === 'available' || quest.status === 'in_progress')) {
      quest.status = 'expired';
      book.touch(quest);
    }
  }
  issueTutorialStep(book, scene.tutorialSkipped);
  // Drawn by a stable hash of the player and the period, so every server issues the same quests all period.
  const day = dailyPeriod(now);
  if (!book.quests.some((q) => q.type === 'daily' && q.period === day)) {
    for (const quest of [DAILY_RETURN, ...pickQuests(DAILY_POOL, `${scene.playerId}:${day}`, DAILY_QUESTS_PER_DAY)]) {
      book.add(quest, 'available', { period: day, expiresAt: nextDailyExpiry(now) });
    }
  }
  const week = weeklyPeriod(now);
  if (!book.quests.some((q) => q.type === 'weekly' && q.period === week)) {
    for (const quest of pickQuests(WEEKLY_POOL, `${scene.playerId}:${week}`, WEEKLY_QUESTS_PER_WEEK)) {
      book.add(quest, 'available', { period: week, expiresAt: nextWeeklyExpiry(now) });
    }
  }
  for (const quest of SPECIAL_QUESTS) if (!book.find(quest.key)) book.add(quest, 'available');
  // One chapter at a time: the first the player lacks, once the one before it is completed.
  for (const quest of STORY_QUESTS) {
    if (book.find(quest.key)) continue;
    if (quest.after && book.find(quest.after)?.status !== 'completed') break;
    book.add(quest, 'available');
    break;
  }
}

/** Marks finished quests completed; a finished tutorial step or story chapter issues the next, which may be finished already. */
function completeFinished(book: Book, scene: QuestScene): void {
  for (let guard = 0; guard < TUTORIAL.length + STORY_QUESTS.length + 1; guard++) {
    const done = book.quests.filter((q) => q.status === 'in_progress' && isQuestComplete(definitionOf(q.questKey).objectives, q.progress));
    if (done.length === 0) return;
    for (const quest of done) {
      quest.status = 'completed';
      quest.completedAt = book.now;
      book.touch(quest);
      if (quest.questKey === TUTORIAL.at(-1)?.key) book.tutorialCompleted = true;
    }
    issueQuests(book, scene);
  }
}

/** Events in sequence: a quest counts an event only if it is in progress when the event comes up. */
function applyEvents(book: Book, scene: QuestScene): void {
  for (const event of scene.events) {
    for (const quest of book.quests) {
      if (quest.status !== 'in_progress') continue;
      const next = advanceObjective(definitionOf(quest.questKey).objectives, quest.progress, event.name, event.amount);
      if (next !== quest.progress) {
        quest.progress = next;
        book.touch(quest);
      }
    }
    // A step completed by one event is followed by the next step, which counts the events after it.
    completeFinished(book, scene);
  }
}

/** Runs a decision over a copy of the scene's quests; a decision may refuse, and one needing the snapshot the scene lacks asks for it. */
function planned<Refusal = never>(scene: QuestScene, decide: (book: Book) => Refusal | void): QuestPlan | Refusal | SnapshotWanted {
  const book = new Book(scene);
  try {
    return decide(book) ?? book.plan();
  } catch (error) {
    if (error instanceof NeedsSnapshot) return { kind: 'snapshot_wanted' };
    throw error;
  }
}

/**
 * Brings a player's quests up to `now`: expires what ran out, issues what is due, applies the events in
 * order to the quests in progress, completes what is finished (issuing the next tutorial step or story
 * chapter at once), and lists the rewards still to pay. Planning again from the plan's quests with no new
 * events changes nothing.
 */
export function planQuests(scene: QuestScene): QuestPlan | SnapshotWanted {
  return planned<never>(scene, (book) => {
    issueQuests(book, scene);
    completeFinished(book, scene);
    applyEvents(book, scene);
  });
}

/**
 * The player starts one of their available quests (quests already up to date): it counts from now, or
 * from what the player has for tutorial and story quests, so it may be completed at once. The scene's
 * events are not looked at: those queued before the start never count for the quest.
 */
export function planQuestStart(scene: QuestScene, questId: string): QuestPlan | QuestRefusal | SnapshotWanted {
  return planned(scene, (book): QuestRefusal | void => {
    const quest = book.quests.find((q) => q.id === questId);
    if (!quest) return { kind: 'refused', reason: 'no_such_quest', message: NO_SUCH_QUEST };
    if (quest.status !== 'available') return { kind: 'refused', reason: 'not_available', message: QUEST_NOT_AVAILABLE };
    book.start(quest);
    completeFinished(book, scene);
  });
}

/**
 * The player skips the tutorial: every step not completed yet, issued or not, is completed as skipped, so its rewards
 * are never paid. The scene's events are not looked at.
 */
export function planTutorialSkip(scene: QuestScene): QuestPlan | SnapshotWanted {
  return planned<never>(scene, (book) => {
    for (const step of TUTORIAL) {
      const quest = book.find(step.key);
      if (quest?.status === 'completed') continue;
      const target = quest ?? book.add(step, 'in_progress');
      target.status = 'completed';
      target.completedAt = book.now;
      target.skipped = true;
      book.touch(target);
    }
  });
}

/** Rewards of completed quests not yet paid, in the quests' order; a skipped tutorial step earns none. */
export function rewardsDue(quests: readonly PlayerQuest[]): RewardDue[] {
  return quests.filter((q) => q.status === 'completed' && !q.skipped && q.rewardedAt === null).map((q) => ({ questId: q.id, rewards: definitionOf(q.questKey).rewards }));
}
