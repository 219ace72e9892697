// Barbarian villages grow while they settle: each growth step due is applied at its own instant, under the village's row lock, exactly once.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/open';
import { growOnce, nextGrowthAt } from '../../rules/barbarians';
import { UNIT_TYPES } from '../../rules/units';
import type { VillageEnv, VillageHappening } from '../../rules/village-timeline';
import { settleWithArrivals, type SettledWithArrivals } from '../army/arrivals';
import type { StoredVillageState, VillageRowExtras } from './store';

/** A locked village to settle up to `upTo`: as stored, with its first unresolved arrival and its next growth step (ms, or null). */
export interface GrowingSettle {
  before: StoredVillageState;
  env: VillageEnv;
  nextArrivalAt: Date | null;
  growsAt: number | null;
  upTo: Date;
}

/** The village settled up to the window's end, with when it grows next (null: it has an owner, or nothing left to grow). */
export interface SettledAndGrown extends SettledWithArrivals {
  growsAt: number | null;
}

/**
 * settleWithArrivals, with the growth of a village without an owner: the village settles to each growth instant due by
 * `upTo` (arrivals before it apply first, so a battle meets the village as it stood), grows one step, and settles on.
 * Steps stop once it is fully grown, so a village idle for months costs as many steps as it has levels to grow, never one
 * per interval. A village conquered on the way stops growing. One that has nothing planned (abandoned by its player, or
 * grown and then raided) starts its next step one interval after `upTo`.
 */
export async function settleAndGrow(tx: Db, { before, env, nextArrivalAt, growsAt, upTo }: GrowingSettle): Promise<SettledAndGrown> {
  let state = before;
  const happened: VillageHappening[] = [];
  let next = state.ownerId === null ? growsAt : null;
  while (next !== null && next <= upTo.getTime()) {
    const settled = await settleWithArrivals(tx, state, env, { nextArrivalAt, upTo: new Date(next) });
    state = settled.state;
    happened.push(...settled.happened);
    if (state.ownerId !== null) break;
    growOnce(state, next);
    // The rules count units by type; the rows that hold them need ids.
    for (const type of UNIT_TYPES) if ((state.units[type] ?? 0) > 0) state.unitIds[type] ??= randomUUID();
    next = nextGrowthAt(state, next, env.worldSpeed);
  }
  const settled = await settleWithArrivals(tx, state, env, { nextArrivalAt, upTo });
  state = settled.state;
  happened.push(...settled.happened);
  if (state.ownerId !== null) next = null;
  else if (next === null) next = nextGrowthAt(state, upTo.getTime(), env.worldSpeed);
  return { state, happened, growsAt: next };
}

/** The village row's column for its next growth instant when it changed, else none (only villages without an owner ever have one). */
export function growsAtColumns({ was, now }: { was: Date | null; now: number | null }): VillageRowExtras {
  if ((was?.getTime() ?? null) === now) return {};
  return { growsAt: now === null ? null : new Date(now) };
}
