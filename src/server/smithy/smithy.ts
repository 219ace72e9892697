// The blacksmith's research in a village: the levels in force, the research running, starting the next level (paid under the village's row lock), and the levels a battle counts.
import { and, asc, eq, inArray, lte, max } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { unitResearch, type UnitResearchRow } from '../db/schema';
import { badRequest, conflict, worded } from '../errors';
import { buildingLevels } from '../../rules/buildings';
import { canAfford } from '../../rules/resources';
import {
  MAX_SMITHY_LEVEL,
  RESEARCHABLE_UNIT_TYPES,
  SMITHY_BONUS_PER_LEVEL,
  SMITHY_MESSAGES,
  isResearchable,
  levelsAt,
  researchCost,
  researchRefusal,
  researchSeconds,
  smithyCap,
  type ResearchStep,
  type SmithyLevels,
  type SmithyTrack,
  type TrackLevels,
} from '../../rules/smithy';
import type { UnitType } from '../../rules/units';
import type { VillageId } from '../../rules/ids';
import { changeVillage, pay, playersVillage, readVillage, type SettledVillage, type VillageOrder } from '../village/villages';

export type SmithyView = Schema<'Smithy'>;
type TrackStateView = Schema<'SmithyTrackState'>;

/** A research step as the village's smithy reads it: the rule's step and when it started (epoch ms). */
interface StoredStep extends ResearchStep {
  startedAt: number;
}

/** Every research step of the village, finished or running (read under its row lock in an action). */
async function stepsOf(db: Db, villageId: VillageId): Promise<StoredStep[]> {
  const rows = await db.select().from(unitResearch).where(eq(unitResearch.villageId, villageId)).orderBy(asc(unitResearch.finishesAt));
  return rows.map((r) => ({ unitType: r.unitType, track: r.track, level: r.level, startedAt: r.startedAt.getTime(), finishesAt: r.finishesAt.getTime() }));
}

/** The level a track has reached or is being researched to (its next level is one more). */
function reached(steps: readonly ResearchStep[], type: UnitType, track: SmithyTrack): number {
  return steps.filter((s) => s.unitType === type && s.track === track).reduce((top, s) => Math.max(top, s.level), 0);
}

/** The smithy reply of a settled village and its research steps. */
function smithyView({ state, env, now }: SettledVillage, steps: readonly StoredStep[]): SmithyView {
  const blacksmithLevel = buildingLevels(state.buildings).blacksmith ?? 0;
  const running = steps.find((s) => s.finishesAt > now) ?? null;
  const inForce = levelsAt(steps, now);
  const trackState = (type: UnitType, track: SmithyTrack): TrackStateView => {
    const top = reached(steps, type, track);
    const level = inForce[track][type] ?? 0;
    if (top >= MAX_SMITHY_LEVEL) return { level, next: null };
    const cost = researchCost(type, top + 1);
    const refusal =
      researchRefusal({ type, track, level: top, blacksmithLevel, busy: running !== null }) ?? (canAfford(state.amounts, cost) ? null : SMITHY_MESSAGES.notEnough);
    return { level, next: { level: top + 1, cost, researchTime: researchSeconds(type, top + 1, env.worldSpeed), refusal } };
  };
  return {
    villageId: state.id,
    blacksmithLevel,
    maxLevel: smithyCap(blacksmithLevel),
    bonusPerLevel: SMITHY_BONUS_PER_LEVEL,
    research: running && {
      unitType: running.unitType,
      track: running.track,
      level: running.level,
      startedAt: new Date(running.startedAt).toISOString(),
      finishesAt: new Date(running.finishesAt).toISOString(),
      remainingTime: Math.max(0, Math.ceil((running.finishesAt - now) / 1000)),
    },
    unitTypes: RESEARCHABLE_UNIT_TYPES.map((type) => ({ unitType: type, attack: trackState(type, 'attack'), defense: trackState(type, 'defense') })),
  };
}

/** GET smithy: one of the caller's villages, settled to now, with its research. */
export async function getSmithy(db: Db, order: VillageOrder): Promise<SmithyView> {
  const village = await readVillage(db, order.actor, order.villageId, order.now);
  return smithyView(village, await stepsOf(db, order.villageId));
}

/** Which level to research: a unit type and a track. */
export interface ResearchOrder {
  unitType: UnitType;
  track: SmithyTrack;
}

/**
 * Starts the next level of a track in one of the player's villages. Under the village's row lock, settled to now: the
 * research steps are read after the lock, so two requests at once start one research and pay once.
 */
export async function startResearch(db: Db, order: VillageOrder, { unitType, track }: ResearchOrder): Promise<SmithyView> {
  return db.transaction(async (tx) => {
    const head = await playersVillage(tx, order);
    const steps = await stepsOf(tx, order.villageId);
    const { result: step, village } = await changeVillage(tx, {
      village: head,
      now: order.now,
      change: ({ state, env, now }): StoredStep => {
        const level = reached(steps, unitType, track);
        const refusal = researchRefusal({
          type: unitType,
          track,
          level,
          blacksmithLevel: buildingLevels(state.buildings).blacksmith ?? 0,
          busy: steps.some((s) => s.finishesAt > now),
        });
        if (refusal) throw isResearchable(unitType) ? conflict(worded(refusal)) : badRequest(worded(refusal));
        pay(state, researchCost(unitType, level + 1));
        return { unitType, track, level: level + 1, startedAt: now, finishesAt: now + researchSeconds(unitType, level + 1, env.worldSpeed) * 1000 };
      },
    });
    await tx.insert(unitResearch).values({
      villageId: order.villageId,
      unitType,
      track,
      level: step.level,
      startedAt: new Date(step.startedAt),
      finishesAt: new Date(step.finishesAt),
    });
    return smithyView(village, [...steps, step]);
  });
}

/** The smithy levels in force at `at` in each of the villages (a village without research has none). */
export async function smithyLevelsAt(db: Db, villageIds: readonly VillageId[], at: Date): Promise<Map<VillageId, SmithyLevels>> {
  if (villageIds.length === 0) return new Map();
  const rows = await db
    .select({ villageId: unitResearch.villageId, unitType: unitResearch.unitType, track: unitResearch.track, level: max(unitResearch.level) })
    .from(unitResearch)
    .where(and(inArray(unitResearch.villageId, [...villageIds]), lte(unitResearch.finishesAt, at)))
    .groupBy(unitResearch.villageId, unitResearch.unitType, unitResearch.track);
  return smithyLevelsOf(rows);
}

/** One finished research level: the highest of its village, unit and track. */
export interface ResearchedLevel {
  villageId: VillageId;
  unitType: UnitResearchRow['unitType'];
  track: UnitResearchRow['track'];
  level: number | null;
}

/** Each village's smithy levels from its highest finished levels (smithyLevelsAt's rows, or a battle's one read). */
export function smithyLevelsOf(rows: readonly ResearchedLevel[]): Map<VillageId, SmithyLevels> {
  const levels = new Map<VillageId, SmithyLevels>();
  for (const row of rows) {
    const village = levels.get(row.villageId) ?? { attack: {}, defense: {} };
    const track: TrackLevels = village[row.track];
    track[row.unitType] = row.level ?? 0;
    levels.set(row.villageId, village);
  }
  return levels;
}
