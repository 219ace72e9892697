// The settling engine: brings a village from its stored snapshot to an instant by applying its due events in time order.
import type { ResourceType, Resources } from './resources';
import { mapResources } from './resources';
import type { BuildingType } from './buildings';
import type { UnitCounts, UnitType } from './units';
import { UNIT_TYPES, unitCount } from './units';
import {
  netMeadPerHour,
  population,
  sumBonusPercents,
  totalUpkeep,
  villageCapacity,
  villageProduction,
} from './economy';
import { MS_PER_HOUR, instantWhenEmpty, settleSnapshot, starvation } from './settle';

/** Times are milliseconds since the epoch throughout the engine; the store turns them into Dates. */
export interface BuildingState {
  id: string;
  slot: number;
  type: BuildingType;
  level: number;
  upgradeStartedAt: number | null;
  upgradeFinishesAt: number | null;
  updatedAt: number;
}

export interface TrainingOrderState {
  id: string;
  unitType: UnitType;
  count: number;
  done: number;
  secondsEach: number;
  startedAt: number;
  finishesAt: number;
}

export interface VillageState {
  id: string;
  worldId: string;
  /** Null for an abandoned village. */
  ownerId: string | null;
  name: string;
  x: number;
  y: number;
  isCapital: boolean;
  loyalty: number;
  amounts: Resources;
  resourcesAt: number;
  buildings: BuildingState[];
  /** Units at home. */
  units: UnitCounts;
  /** Row id of each unit type the village has a row for (the Unit id of the replies). */
  unitIds: Partial<Record<UnitType, string>>;
  /** Training orders in queue order; they run one after another. */
  orders: TrainingOrderState[];
}

/** A production bonus that holds for a while (a world event, a wonder level of the owner's alliance). */
export interface BonusPeriod {
  /** First instant it holds (ms). */
  from: number;
  /** First instant it no longer holds, or null when it has no end in sight. */
  to: number | null;
  bonusPercent: Partial<Record<ResourceType, number>>;
}

/** What the village's rates depend on beyond its own rows. */
export interface VillageEnv {
  worldSpeed: number;
  /** Production bonus in percent per resource that always holds (oases held). */
  bonusPercent: Partial<Record<ResourceType, number>>;
  /**
   * Bonuses with a beginning or an end. Settling stops at each edge and recomputes the rates, so a village
   * idle across an edge earns exactly what it would have earned watched.
   */
  bonusPeriods?: readonly BonusPeriod[];
  /** Percent faster training for orders placed now (world events); the engine does not use it. */
  trainingBonusPercent?: number;
}

/** The production bonus that holds at `atMs`: the permanent one plus every period covering the instant. */
export function bonusAt(env: VillageEnv, atMs: number): Partial<Record<ResourceType, number>> {
  const active = (env.bonusPeriods ?? []).filter((p) => p.from <= atMs && (p.to === null || atMs < p.to)).map((p) => p.bonusPercent);
  if (active.length === 0) return env.bonusPercent;
  return sumBonusPercents(env.bonusPercent, ...active);
}

/** The first edge of a bonus period strictly after `afterMs`, or null. */
function nextBonusEdge(env: VillageEnv, afterMs: number): number | null {
  let next: number | null = null;
  for (const p of env.bonusPeriods ?? []) {
    for (const edge of [p.from, p.to]) {
      if (edge !== null && edge > afterMs && (next === null || edge < next)) next = edge;
    }
  }
  return next;
}

export interface VillageEconomy {
  /** Fields only, per hour, at world speed. */
  base: Resources;
  bonusPercent: Resources;
  /** base x (1 + bonus). */
  gross: Resources;
  population: number;
  upkeep: number;
  /** gross, except mead net of population and unit upkeep (may be negative). */
  net: Resources;
  capacity: Resources;
}

/** The rates and capacities that hold for the village as it stands at its `resourcesAt` (until its next event). */
export function villageEconomy(state: VillageState, env: VillageEnv): VillageEconomy {
  const bonus = bonusAt(env, state.resourcesAt);
  const base = villageProduction(state.buildings, {}, env.worldSpeed);
  const gross = villageProduction(state.buildings, bonus, env.worldSpeed);
  const pop = population(state.buildings);
  const upkeep = totalUpkeep(state.units);
  return {
    base,
    bonusPercent: sumBonusPercents(bonus),
    gross,
    population: pop,
    upkeep,
    net: { ...gross, mead: netMeadPerHour(gross.mead, pop, upkeep) },
    capacity: villageCapacity(state.buildings),
  };
}

/** The instant the next unit of an order finishes. */
export function nextUnitAt(order: TrainingOrderState): number {
  return order.startedAt + Math.round((order.done + 1) * order.secondsEach * 1000);
}

type VillageEvent =
  | { at: number; kind: 'building'; building: BuildingState }
  | { at: number; kind: 'unit'; order: TrainingOrderState }
  | { at: number; kind: 'starvation' }
  | { at: number; kind: 'rates' };

/**
 * The earliest pending event. Ties keep a fixed order: buildings by slot, then training orders in queue
 * order, then starvation (which is judged with the rates after the others at that instant). With `env`,
 * the edges of bonus periods count too: nothing happens there but the rates change.
 */
function nextEvent(state: VillageState, economy: VillageEconomy, env?: VillageEnv): VillageEvent | null {
  let next: VillageEvent | null = null;
  for (const building of state.buildings) {
    const at = building.upgradeFinishesAt;
    if (at !== null && (next === null || at < next.at)) next = { at, kind: 'building', building };
  }
  for (const order of state.orders) {
    const at = nextUnitAt(order);
    if (next === null || at < next.at) next = { at, kind: 'unit', order };
  }
  if (economy.net.mead < 0 && unitCount(state.units) > 0) {
    const at = instantWhenEmpty(state.amounts.mead, economy.net.mead, state.resourcesAt);
    if (at !== null && (next === null || at < next.at)) next = { at, kind: 'starvation' };
  }
  const edge = env ? nextBonusEdge(env, state.resourcesAt) : null;
  if (edge !== null && (next === null || edge < next.at)) next = { at: edge, kind: 'rates' };
  return next;
}

/**
 * The instant at which something next falls due in the village (the sweeper's `nextEventAt`), or null.
 * Bonus edges are left out: they change nothing that must be stored, and any later settle applies them.
 */
export function nextEventAt(state: VillageState, env: VillageEnv): number | null {
  return nextEvent(state, villageEconomy(state, env))?.at ?? null;
}

/** Something that happened in a village while it settled, for quests and for telling the player. */
export type VillageHappening =
  | { kind: 'building_upgraded'; type: BuildingType; level: number; at: number }
  | { kind: 'unit_trained'; type: UnitType; at: number }
  /** The granary ran dry at `at` and these units died of hunger (only types that lost some). */
  | { kind: 'units_starved'; units: UnitCounts; at: number };

export interface SettleResult {
  state: VillageState;
  /** Events applied; the cost of a settle is proportional to this, never to the time elapsed. */
  steps: number;
  /** Units lost to hunger while settling. */
  starved: UnitCounts;
  /** Levels finished, units trained and units starved, in time order. */
  happened: VillageHappening[];
}

/** Units a village lost to hunger, as its page tells the owner: every unit lost and the instant of the last loss. */
export interface StarvationRecord {
  at: number;
  units: UnitCounts;
}

/**
 * What one settle lost to hunger: the units of all its `units_starved` happenings added up, at the instant of the last;
 * null when nothing starved. A settle that starves replaces the village's record with this (losses of earlier settles
 * are not added), so the page tells of the latest settle's losses.
 */
export function starvationIn(happened: readonly VillageHappening[]): StarvationRecord | null {
  const units: UnitCounts = {};
  let at: number | null = null;
  for (const h of happened) {
    if (h.kind !== 'units_starved') continue;
    for (const type of UNIT_TYPES) {
      const lost = h.units[type] ?? 0;
      if (lost > 0) units[type] = (units[type] ?? 0) + lost;
    }
    at = Math.max(h.at, at ?? h.at);
  }
  return at === null ? null : { at, units };
}

/** How long the village page keeps telling of the last starvation: a day. */
export const STARVATION_SHOWN_MS = 24 * MS_PER_HOUR;

/** The record while the page still tells of it at `now` (less than STARVATION_SHOWN_MS old), else null. */
export function shownStarvation(record: StarvationRecord | null, now: number): StarvationRecord | null {
  return record !== null && now - record.at < STARVATION_SHOWN_MS ? record : null;
}

/** Counters for the read-cost test and the benchmark: how much settling work the process has done. */
export const settleMetrics = { settles: 0, steps: 0 };

function copyState(state: VillageState): VillageState {
  return {
    ...state,
    amounts: { ...state.amounts },
    buildings: state.buildings.map((b) => ({ ...b })),
    units: { ...state.units },
    unitIds: { ...state.unitIds },
    orders: state.orders.map((o) => ({ ...o })),
  };
}

/** Loyalty a village wins back per hour at world speed 1, up to 100, after jarls have lowered it. */
export const LOYALTY_REGAIN_PER_HOUR = 2;

function advanceResources(state: VillageState, economy: VillageEconomy, atMs: number, worldSpeed: number): void {
  const hours = Math.max(0, atMs - state.resourcesAt) / 3_600_000;
  const snapshot = settleSnapshot({ amounts: state.amounts, at: state.resourcesAt }, economy.net, economy.capacity, atMs);
  state.amounts = snapshot.amounts;
  state.resourcesAt = snapshot.at;
  if (state.loyalty < 100) state.loyalty = Math.min(100, state.loyalty + LOYALTY_REGAIN_PER_HOUR * worldSpeed * hours);
}

/** What settling has recorded so far: the units that starved and what happened, in order (both grow as events apply). */
interface SettleRecord {
  starved: UnitCounts;
  happened: VillageHappening[];
}

function applyEvent(state: VillageState, event: VillageEvent, economy: VillageEconomy, { starved, happened }: SettleRecord): void {
  switch (event.kind) {
    case 'building': {
      const building = event.building;
      building.level += 1;
      building.upgradeStartedAt = null;
      building.upgradeFinishesAt = null;
      building.updatedAt = event.at;
      happened.push({ kind: 'building_upgraded', type: building.type, level: building.level, at: event.at });
      return;
    }
    case 'unit': {
      const order = event.order;
      order.done += 1;
      state.units[order.unitType] = (state.units[order.unitType] ?? 0) + 1;
      if (order.done >= order.count) state.orders = state.orders.filter((o) => o !== order);
      happened.push({ kind: 'unit_trained', type: order.unitType, at: event.at });
      return;
    }
    case 'starvation': {
      // This is the instant the granary runs dry; rounding may leave a crumb above 0.
      state.amounts = { ...state.amounts, mead: 0 };
      const hunger = starvation(state.units, 0, economy.net.mead);
      state.units = hunger.remaining;
      const lostNow: UnitCounts = {};
      for (const type of UNIT_TYPES) {
        const lost = hunger.starved[type] ?? 0;
        if (lost > 0) {
          starved[type] = (starved[type] ?? 0) + lost;
          lostNow[type] = lost;
        }
      }
      // Recorded as a happening so the server can tell the owner: losses to hunger are never silent.
      if (unitCount(lostNow) > 0) happened.push({ kind: 'units_starved', units: lostNow, at: event.at });
      return;
    }
    case 'rates':
      // Only the rates change; the loop recomputes them.
      return;
  }
}

/**
 * The village at `atMs`: resources advance to each due event with the rates of that moment, the event
 * applies (a level rises, a unit joins, units starve), rates are recomputed, and so on up to `atMs`.
 * Pure: the input state is left untouched.
 */
export function settleVillage(input: VillageState, atMs: number, env: VillageEnv): SettleResult {
  const state = copyState(input);
  const starved: UnitCounts = {};
  const happened: VillageHappening[] = [];
  let steps = 0;
  for (;;) {
    const economy = villageEconomy(state, env);
    const event = nextEvent(state, economy, env);
    if (event === null || event.at > atMs) {
      advanceResources(state, economy, atMs, env.worldSpeed);
      break;
    }
    advanceResources(state, economy, event.at, env.worldSpeed);
    applyEvent(state, event, economy, { starved, happened });
    // A bonus edge is no event of the village: nothing of it needs storing.
    if (event.kind !== 'rates') steps += 1;
  }
  settleMetrics.settles += 1;
  settleMetrics.steps += steps;
  return { state, steps, starved, happened };
}

/** Amounts as the player sees them: whole units, rounded down. */
export function wholeAmounts(amounts: Resources): Resources {
  return mapResources((r) => Math.floor(amounts[r] + 1e-9));
}
