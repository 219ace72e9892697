// The tutorial: the tutorial quests in order, its status for the overlay, page actions reported by the client, skipping and hints.
import { count, eq } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { allianceInvitations, allianceMembers, playerProgress } from '../db/schema';
import { TUTORIAL } from '../../rules/quest-catalog';
import { playerHints } from '../../rules/hints';
import { buildingLevels } from '../../rules/buildings';
import { unitCount } from '../../rules/units';
import { villageEconomy } from '../../rules/village-timeline';
import type { TutorialAction } from '../../rules/quests';
import { recordQuestEvents } from './quest-events';
import { questView, settleQuests, type QuestBook } from './quests';
import { planTutorialSkip } from '../../rules/quest-book';
import { settleDueVillagesOf, settledVillagesOf } from '../village/villages';
import type { PlayerId } from '../../rules/ids';

export type TutorialStatusView = Schema<'TutorialStatus'>;

export function tutorialStatus(book: QuestBook): TutorialStatusView {
  const steps = TUTORIAL.map((step) => ({ step, row: book.find(step.key) }));
  const done = steps.filter(({ row }) => row?.status === 'completed').length;
  const currentIndex = steps.findIndex(({ row }) => row?.status === 'in_progress');
  const isCompleted = book.tutorialSkipped || done === TUTORIAL.length;
  const current = isCompleted ? undefined : steps[currentIndex];
  const view = current?.row ? questView(current.row) : null;
  return {
    isCompleted,
    currentStep: isCompleted ? TUTORIAL.length : currentIndex >= 0 ? currentIndex + 1 : done + 1,
    totalSteps: TUTORIAL.length,
    progressPercentage: isCompleted ? 100 : Math.floor((done * 100) / TUTORIAL.length),
    currentQuest:
      current && view
        ? {
            id: view.id,
            key: current.step.key,
            title: view.title,
            description: view.description,
            objectives: view.objectives,
            progress: view.progress,
            rewards: view.rewards,
            metadata: { hint: current.step.hint },
          }
        : null,
  };
}

async function withTutorial(db: Db, userId: PlayerId, now: Date, before?: (tx: Db) => Promise<void>): Promise<TutorialStatusView> {
  await settleDueVillagesOf(db, userId, now);
  return db.transaction(async (tx) => {
    await before?.(tx);
    return tutorialStatus((await settleQuests(tx, userId, now))!);
  });
}

/** The overlay's status; also creates the tutorial on first use (which is all `initialize` has to do). */
export function getTutorialStatus(db: Db, userId: PlayerId, now: Date): Promise<TutorialStatusView> {
  return withTutorial(db, userId, now);
}

/** A page action the client reports, and how many times it happened. */
export interface TutorialReport {
  action: TutorialAction;
  amount: number;
}

/**
 * A page action the client reports (view_map, login, ...). The page visit is the player's word, but it
 * only ever advances quests that ask for that visit; game events come from the services themselves.
 */
export function reportTutorialAction(db: Db, userId: PlayerId, { action, amount }: TutorialReport, now: Date): Promise<TutorialStatusView> {
  return withTutorial(db, userId, now, (tx) => recordQuestEvents(tx, userId, [{ name: action, amount }], now));
}

/** Ends the tutorial without its remaining rewards. */
export async function skipTutorial(db: Db, userId: PlayerId, now: Date): Promise<TutorialStatusView> {
  await settleDueVillagesOf(db, userId, now);
  return db.transaction(async (tx) => {
    const book = (await settleQuests(tx, userId, now))!;
    await tx.update(playerProgress).set({ tutorialSkipped: true, tutorialCompletedAt: now }).where(eq(playerProgress.userId, userId));
    book.apply(await book.plan(planTutorialSkip));
    await book.save();
    return tutorialStatus((await settleQuests(tx, userId, now))!);
  });
}

/** Hints from the player's villages, alliance and tutorial; high priority first. */
export async function tutorialHints(db: Db, userId: PlayerId, now: Date): Promise<Schema<'HintList'>> {
  const status = await getTutorialStatus(db, userId, now);
  const villages = await settledVillagesOf(db, userId, now);
  const [invitations] = await db.select({ n: count() }).from(allianceInvitations).where(eq(allianceInvitations.userId, userId));
  const [member] = await db.select({ id: allianceMembers.id }).from(allianceMembers).where(eq(allianceMembers.userId, userId)).limit(1);
  const step = status.currentQuest && !status.isCompleted ? TUTORIAL[status.currentStep - 1] : null;
  const hints = playerHints({
    villages: villages.map(({ state, env }) => {
      const economy = villageEconomy(state, env);
      return {
        name: state.name,
        amounts: state.amounts,
        capacity: economy.capacity,
        netMead: economy.net.mead,
        constructionRunning: state.buildings.some((b) => b.upgradeFinishesAt !== null),
        hasBarracks: (buildingLevels(state.buildings).barracks ?? 0) >= 1,
        trainingRunning: state.orders.length > 0,
        unitsAtHome: unitCount(state.units),
      };
    }),
    tutorial: step ? { key: step.key, title: step.title, hint: step.hint } : null,
    pendingInvitations: Number(invitations?.n ?? 0),
    inAlliance: member !== undefined,
  });
  return { hints };
}
