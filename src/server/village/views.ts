// Shapes settled village state into the replies of openapi.yaml (Village, VillageOverview, Building, Unit, Field, Production).
import type { Schema } from '../../contract';
import { RESOURCE_TYPES } from '../../rules/resources';
import { FIELD_RESOURCE, buildingLevels, isFieldType } from '../../rules/buildings';
import type { UnitType } from '../../rules/units';
import { UNITS, UNIT_TYPES, trainingTimeSeconds } from '../../rules/units';
import { defenseBonusPercent, fieldProduction, militaryPower, population, totalUpkeep } from '../../rules/economy';
import type { BuildingState, StarvationRecord, TrainingOrderState, VillageEnv, VillageState } from '../../rules/village-timeline';
import { nextUnitAt, shownStarvation, villageEconomy, wholeAmounts } from '../../rules/village-timeline';
import { spedUpTraining } from '../../rules/world-events';
import { isProtected } from '../../rules/protection';

// Reply shapes come from the contract; the compiler holds every view below to openapi.yaml.
export type VillageView = Schema<'Village'>;
export type ResourceEntryView = Schema<'ResourceEntry'>;
export type BuildingView = Schema<'Building'>;
export type TrainingOrderView = Schema<'TrainingOrder'>;
export type UnitView = Schema<'Unit'>;
export type AvailableUnitTypeView = Schema<'AvailableUnitType'>;
export type ConstructionQueueItemView = Schema<'ConstructionQueueItem'>;
export type VillageStatisticsView = Schema<'VillageStatistics'>;
export type VillageOverviewView = Schema<'VillageOverview'>;
export type VillageStarvationView = Schema<'VillageStarvation'>;
export type FieldView = Schema<'Field'>;
export type ProductionView = Schema<'Production'>;

/** Whole seconds from `now` to `at`, rounded up so a countdown never reaches 0 before the event. */
export function secondsUntil(at: number, now: number): number {
  return Math.max(0, Math.ceil((at - now) / 1000));
}

const iso = (at: number): string => new Date(at).toISOString();

export function villageView(state: VillageState): VillageView {
  return {
    id: state.id,
    name: state.name,
    x: state.x,
    y: state.y,
    population: population(state.buildings),
    loyalty: state.loyalty,
    isCapital: state.isCapital,
    worldId: state.worldId,
    ownerId: state.ownerId,
  };
}

export function buildingView(building: BuildingState, now: number): BuildingView {
  const finishes = building.upgradeFinishesAt;
  return {
    id: building.id,
    type: building.type,
    level: building.level,
    slot: building.slot,
    isUpgrading: finishes !== null,
    remainingTime: finishes === null ? null : secondsUntil(finishes, now),
    upgradeFinishesAt: finishes === null ? null : iso(finishes),
    updatedAt: iso(building.updatedAt),
  };
}

export function buildingViews(state: VillageState, now: number): BuildingView[] {
  return [...state.buildings].sort((a, b) => a.slot - b.slot).map((b) => buildingView(b, now));
}

export function constructionQueue(state: VillageState, now: number): ConstructionQueueItemView[] {
  return state.buildings
    .filter((b): b is BuildingState & { upgradeFinishesAt: number } => b.upgradeFinishesAt !== null)
    .sort((a, b) => a.upgradeFinishesAt - b.upgradeFinishesAt)
    .map((b) => ({
      buildingId: b.id,
      buildingType: b.type,
      slot: b.slot,
      targetLevel: b.level + 1,
      finishesAt: iso(b.upgradeFinishesAt),
      remainingTime: secondsUntil(b.upgradeFinishesAt, now),
    }));
}

function orderView(order: TrainingOrderState, now: number): TrainingOrderView {
  return {
    id: order.id,
    unitType: order.unitType,
    count: order.count - order.done,
    unitTrainingTime: Math.round(order.secondsEach),
    nextUnitFinishesAt: iso(nextUnitAt(order)),
    finishesAt: iso(order.finishesAt),
    remainingTime: secondsUntil(order.finishesAt, now),
  };
}

/**
 * One unit type of the village, or null when it has none at home and none in training. While training,
 * remainingTime counts down to the next unit of the type (the count rises then); the queue has the rest.
 */
export function unitView(state: VillageState, type: UnitType, now: number): UnitView | null {
  const id = state.unitIds[type];
  const count = state.units[type] ?? 0;
  const orders = state.orders.filter((o) => o.unitType === type);
  if (!id || (count === 0 && orders.length === 0)) return null;
  const next = orders.length === 0 ? null : Math.min(...orders.map(nextUnitAt));
  return {
    id,
    type,
    count,
    isTraining: orders.length > 0,
    remainingTime: next === null ? null : secondsUntil(next, now),
    trainingQueue: orders.map((o) => orderView(o, now)),
  };
}

export function unitViews(state: VillageState, now: number): UnitView[] {
  return UNIT_TYPES.map((type) => unitView(state, type, now)).filter((u): u is UnitView => u !== null);
}

/** Unit types whose training building stands (level 1 or more), with the time per unit in this village. */
export function availableUnitTypes(state: VillageState, env: VillageEnv): AvailableUnitTypeView[] {
  const levels = buildingLevels(state.buildings);
  return UNIT_TYPES.filter((type) => (levels[UNITS[type].trainedIn] ?? 0) >= 1).map((type) => ({
    type,
    trainingTime: spedUpTraining(trainingTimeSeconds(type, levels[UNITS[type].trainedIn] ?? 0, env.worldSpeed), env.trainingBonusPercent ?? 0),
    cost: { ...UNITS[type].cost },
    canTrain: true,
  }));
}

export function resourceEntries(state: VillageState, env: VillageEnv): ResourceEntryView[] {
  const economy = villageEconomy(state, env);
  const amounts = wholeAmounts(state.amounts);
  return RESOURCE_TYPES.map((type) => ({
    type,
    amount: Math.max(0, amounts[type]),
    capacity: economy.capacity[type],
    production: economy.net[type],
  }));
}

export function statistics(state: VillageState): VillageStatisticsView {
  return {
    militaryPower: militaryPower(state.units),
    defenseBonus: defenseBonusPercent(buildingLevels(state.buildings).wall ?? 0),
    totalUpkeep: totalUpkeep(state.units),
  };
}

/**
 * The overview at `now`; `protectedUntil` is when the owner's beginner protection ends (protectionEnds), shown while it holds.
 * Its `starvation` comes from starvationView.
 */
export function overview(state: VillageState, env: VillageEnv, now: number, protectedUntil: number | null): Omit<VillageOverviewView, 'starvation'> {
  return {
    village: villageView(state),
    resources: resourceEntries(state, env),
    statistics: statistics(state),
    buildings: buildingViews(state, now),
    units: unitViews(state, now),
    availableUnitTypes: availableUnitTypes(state, env),
    constructionQueue: constructionQueue(state, now),
    serverTime: iso(now),
    protectedUntil: protectedUntil !== null && isProtected(protectedUntil, now) ? iso(protectedUntil) : null,
  };
}

/** The village's last starvation while its page still tells of it (shownStarvation: a day), else null. */
export function starvationView(record: StarvationRecord | null, now: number): VillageStarvationView | null {
  const shown = shownStarvation(record, now);
  return shown && { at: iso(shown.at), units: shown.units };
}

export function fieldViews(state: VillageState, env: VillageEnv, now: number): FieldView[] {
  const fields: FieldView[] = [];
  for (const b of [...state.buildings].sort((x, y) => x.slot - y.slot)) {
    if (!isFieldType(b.type)) continue;
    const view = buildingView(b, now);
    fields.push({
      id: b.id,
      slot: b.slot,
      type: b.type,
      resourceType: FIELD_RESOURCE[b.type],
      level: b.level,
      production: fieldProduction(b.level) * env.worldSpeed,
      isUpgrading: view.isUpgrading,
      remainingTime: view.remainingTime,
    });
  }
  return fields;
}

export function productionView(state: VillageState, env: VillageEnv): ProductionView {
  const economy = villageEconomy(state, env);
  return {
    villageId: state.id,
    base: economy.base,
    bonusPercent: economy.bonusPercent,
    gross: economy.gross,
    consumption: { population: economy.population, unitUpkeep: economy.upkeep },
    net: economy.net,
    capacity: { warehouse: economy.capacity.timber, granary: economy.capacity.mead },
  };
}
