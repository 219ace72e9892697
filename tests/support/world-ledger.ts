// The world's books: replays each village from its opening state through every acknowledged action and every battle and homecoming the database recorded, with the rules' own engine, and compares the result with what the database holds.
import { buildingCost } from '../../src/rules/buildings';
import { RESOURCE_TYPES, subtractResources } from '../../src/rules/resources';
import { trainingCost, trainingTimeSeconds, type UnitType } from '../../src/rules/units';
import { spedUpTraining } from '../../src/rules/world-events';
import { settleVillage, villageEconomy, type VillageEnv, type VillageState } from '../../src/rules/village-timeline';
import type { BattleReportRow, MovementRow } from '../../src/server/db/schema';
import type { Ack, LoadLog } from './sim-player';
import type { WorldSnapshot } from './world-check';
import type { VillageId } from '../../src/rules/ids';

/*
 * Why a replay and not a running total: the game keeps no ledger. A village stores its stock at one
 * instant; production between instants follows from its buildings and units, stores cap it, and loot
 * joins only up to the stores. So "production minus spending" is computed the only exact way there is:
 *
 *   opening state (the stored rows just before the load began)
 *   + production, by the pure engine of src/rules (settleVillage), between consecutive events
 *   - what each acknowledged action paid, at the instant its reply names (upgrade and construction:
 *     `updatedAt`; training: the order's start, derived from its first unit's instant; marches: `departedAt`)
 *   - loot and losses of every battle fought at the village (battle_reports, at `occurredAt`)
 *   + every army that came home with its loot (return movements, at `resolvedAt`: their arrival, or later for
 *     one sent home by a battle resolved after its home village had been settled past that arrival)
 *   = the stored state, settled to the same instant.
 *
 * Each input is independent of the outcome being checked: the replies were received before, the reports
 * and returns are the durable record of each battle. An event applied twice (a battle fought again, a
 * return joining twice, a unit trained twice) or an acknowledged spend lost shows as a difference.
 * Limits, kept out of the load on purpose: no quest rewards (the tutorial is skipped), no stationed
 * troops, no heroes, no wonders or world events, no rams or jarls (walls and loyalty stay), and upkeep
 * below production so nobody starves. Training is paid at its order's start rather than at the request
 * instant; that only matters when a store is full or empty between the two, which the loads' reserves avoid.
 */

interface LedgerEvent {
  at: number;
  /** What it was, for the message when the books do not balance. */
  label: string;
  /** Breaks ties at one instant. */
  order: number;
  apply: (state: VillageState, env: VillageEnv) => void;
}

/** Arrivals come before actions at the same instant, as the server applies due arrivals before an action. */
const ARRIVAL = 0;
const ACTION = 1;

function actionEvents(acks: Ack[], speed: number): LedgerEvent[] {
  const events: LedgerEvent[] = [];
  for (const ack of acks) {
    if (ack.kind === 'upgrade') {
      events.push({
        at: ack.at,
        label: `upgrade ${ack.type} to ${ack.toLevel} (${ack.finishesAt - ack.at} ms)`,
        order: ACTION,
        apply: (state) => {
          const building = state.buildings.find((b) => b.id === ack.buildingId)!;
          state.amounts = subtractResources(state.amounts, buildingCost(building.type, building.level + 1));
          Object.assign(building, { upgradeStartedAt: ack.at, upgradeFinishesAt: ack.finishesAt, updatedAt: ack.at });
        },
      });
    } else if (ack.kind === 'construct') {
      events.push({
        at: ack.at,
        label: `construct ${ack.type} (${ack.finishesAt - ack.at} ms)`,
        order: ACTION,
        apply: (state) => {
          state.amounts = subtractResources(state.amounts, buildingCost(ack.type, 1));
          state.buildings.push({ id: ack.buildingId, slot: ack.slot, type: ack.type, level: 0, upgradeStartedAt: ack.at, upgradeFinishesAt: ack.finishesAt, updatedAt: ack.at });
        },
      });
    } else if (ack.kind === 'train') {
      // The load only trains in barracks of level 1 (it raises resource fields only), so one unit's time is known,
      // and the order started one unit's time before its first unit.
      const secondsEach = spedUpTraining(trainingTimeSeconds(ack.unitType as UnitType, 1, speed), 0);
      const startedAt = ack.firstUnitAt - Math.round(secondsEach * 1000);
      events.push({
        at: startedAt,
        label: `train ${ack.count} ${ack.unitType}`,
        order: ACTION,
        apply: (state) => {
          state.amounts = subtractResources(state.amounts, trainingCost(ack.unitType as UnitType, ack.count));
          state.orders.push({ id: `${ack.villageId}-${startedAt}`, unitType: ack.unitType as UnitType, count: ack.count, done: 0, secondsEach, startedAt, finishesAt: startedAt + ack.count * secondsEach * 1000 });
        },
      });
    } else if (ack.kind === 'send') {
      events.push({
        at: ack.departedAt,
        label: `send ${JSON.stringify(ack.units)}`,
        order: ACTION,
        apply: (state) => {
          for (const [type, n] of Object.entries(ack.units)) state.units[type as UnitType] = (state.units[type as UnitType] ?? 0) - n;
        },
      });
    }
  }
  return events;
}

function battleEvent(report: BattleReportRow): LedgerEvent {
  return {
    at: report.occurredAt.getTime(),
    label: `battle, loot ${JSON.stringify(report.loot)}, lost ${JSON.stringify(report.defenderLosses)}`,
    order: ARRIVAL,
    apply: (state) => {
      for (const r of RESOURCE_TYPES) state.amounts[r] = Math.max(0, state.amounts[r] - (report.loot[r] ?? 0));
      for (const [type, n] of Object.entries(report.defenderLosses)) state.units[type as UnitType] = (state.units[type as UnitType] ?? 0) - n;
    },
  };
}

function homecomingEvent(movement: MovementRow): LedgerEvent {
  return {
    // When it joined the village: its arrival, or later when the battle that sent it home was resolved after its home
    // village had been settled past that arrival (docs/ARCHITECTURE.md, Movements).
    at: (movement.resolvedAt ?? movement.arrivesAt).getTime(),
    label: `home ${JSON.stringify(movement.units)} with ${JSON.stringify(movement.loot)}`,
    order: ARRIVAL,
    apply: (state, env) => {
      for (const [type, n] of Object.entries(movement.units)) state.units[type as UnitType] = (state.units[type as UnitType] ?? 0) + n;
      const capacity = villageEconomy(state, env).capacity;
      for (const r of RESOURCE_TYPES) state.amounts[r] = Math.max(state.amounts[r], Math.min(capacity[r], state.amounts[r] + (movement.loot?.[r] ?? 0)));
    },
  };
}

/** Replays one village from `opening` to `at`. */
export function replayVillage(opening: VillageState, events: LedgerEvent[], env: VillageEnv, at: number): VillageState {
  let state = opening;
  const sorted = [...events].sort((a, b) => a.at - b.at || a.order - b.order);
  for (const event of sorted) {
    state = settleVillage(state, Math.max(event.at, state.resourcesAt), env).state;
    event.apply(state, env);
  }
  return settleVillage(state, at, env).state;
}

/** The replay's inputs in time order, each instant relative to the opening's `resourcesAt`. */
function timeline(opening: VillageState, events: LedgerEvent[], at: number): string {
  const from = opening.resourcesAt;
  const lines = [...events].sort((a, b) => a.at - b.at || a.order - b.order).map((e) => `  +${e.at - from} ms ${e.label}`);
  return [`  opening ${JSON.stringify(opening.amounts)} ${JSON.stringify(opening.units)}`, ...lines, `  +${at - from} ms settled`].join('\n');
}

export interface LedgerResult {
  /** Villages whose books were checked to the last crumb. */
  balanced: number;
  /** Villages left out: one of their writes got no answer, so only the ranges of checkWorld apply. */
  skipped: number;
  problems: string[];
}

/**
 * Balances every village: opening state + production - spending + loot, by the rules, against the stored state.
 * `openings` are the villages as stored before the load; `world` is the state after it, settled to `world.at`.
 */
export function balanceWorld(openings: Map<VillageId, VillageState>, world: WorldSnapshot, log: LoadLog, speed: number): LedgerResult {
  const env: VillageEnv = { worldSpeed: speed, bonusPercent: {} };
  const problems: string[] = [];
  let balanced = 0;
  let skipped = 0;
  for (const [id, opening] of openings) {
    if (log.unanswered.some((u) => u.villageId === id)) {
      skipped++;
      continue;
    }
    const events = [
      ...actionEvents(
        log.acks.filter((a) => 'villageId' in a && a.villageId === id && a.kind !== 'join'),
        speed,
      ),
      ...world.reports.filter((r) => r.defenderVillage.id === id).map(battleEvent),
      ...world.movements.filter((m) => m.type === 'return' && m.toVillageId === id && m.resolvedAt !== null).map(homecomingEvent),
    ];
    const problemsBefore = problems.length;
    const expected = replayVillage(opening, events, env, world.at);
    const actual = world.villages.get(id)!;
    for (const r of RESOURCE_TYPES) {
      if (Math.abs(expected.amounts[r] - actual.amounts[r]) > 1e-6) problems.push(`village ${id}: ${r} is ${actual.amounts[r]}, the books say ${expected.amounts[r]}`);
    }
    for (const type of new Set([...Object.keys(expected.units), ...Object.keys(actual.units)]) as Set<UnitType>) {
      if ((expected.units[type] ?? 0) !== (actual.units[type] ?? 0)) problems.push(`village ${id}: ${actual.units[type] ?? 0} ${type} at home, the books say ${expected.units[type] ?? 0}`);
    }
    for (const b of actual.buildings) {
      const e = expected.buildings.find((x) => x.id === b.id);
      if (!e || e.level !== b.level) problems.push(`village ${id}: ${b.type} in slot ${b.slot} at level ${b.level}, the books say ${e?.level ?? 'none'}`);
    }
    // A village that does not balance says what its books were made of, so that a rare miss can be read afterwards.
    if (problems.length > problemsBefore) {
      problems.push(`village ${id}: its books\n${timeline(opening, events, world.at)}`);
      // And the stored row beside the books at the row's own instant: whether the difference was there when it was written.
      const stored = world.stored.get(id);
      if (stored) {
        const then = replayVillage(opening, events, env, stored.resourcesAt);
        problems.push(
          `village ${id}: stored at +${stored.resourcesAt - opening.resourcesAt} ms ${JSON.stringify(stored.amounts)} ${JSON.stringify(stored.units)}, ` +
            `the books then ${JSON.stringify(then.amounts)} ${JSON.stringify(then.units)}; buildings ${JSON.stringify(stored.buildings.map((b) => [b.type, b.level, b.upgradeFinishesAt && b.upgradeFinishesAt - opening.resourcesAt]))}, ` +
            `orders ${JSON.stringify(stored.orders.map((o) => [o.unitType, o.count, o.done, o.startedAt - opening.resourcesAt]))}`,
        );
      }
    }
    balanced++;
  }
  return { balanced, skipped, problems };
}
