// Rewards land in the player's capital like any other resource change: under the village's row lock, settled to now, capped by capacity.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/open';
import { mapResources, type Resources } from '../../rules/resources';
import { villageEconomy } from '../../rules/village-timeline';
import { unitEntries, type UnitCounts } from '../../rules/units';
import { capitalId, loadVillageHead } from './store';
import { changeVillage } from './villages';
import type { PlayerId, VillageId } from '../../rules/ids';

export interface Reward {
  resources: Partial<Resources>;
  units: UnitCounts;
}

/** What actually landed: resources above the capacity are lost, as a full store loses production. */
export interface Granted {
  villageId: VillageId;
  resources: Resources;
  units: UnitCounts;
}

/**
 * Adds `reward` to the village `villageId` inside `tx` (locking its row): resources up to the capacity,
 * units at home. Returns what landed.
 */
export async function grantIntoVillage(tx: Db, villageId: VillageId, reward: Reward, now: Date): Promise<Granted | null> {
  const head = await loadVillageHead(tx, villageId, now, true);
  if (!head) return null;
  const { result } = await changeVillage(tx, {
    village: head,
    now,
    change: ({ state, env }) => {
      const capacity = villageEconomy(state, env).capacity;
      const landed = mapResources((r) => {
        const before = state.amounts[r];
        const after = Math.max(before, Math.min(capacity[r], before + (reward.resources[r] ?? 0)));
        state.amounts[r] = after;
        return Math.round(after - before);
      });
      for (const [type, count] of unitEntries(reward.units)) {
        state.unitIds[type] ??= randomUUID();
        state.units[type] = (state.units[type] ?? 0) + count;
      }
      return { villageId, resources: landed, units: { ...reward.units } };
    },
  });
  return result;
}

/** Adds `reward` to the player's capital inside `tx`; null when the player has no village yet. */
export async function grantIntoCapital(tx: Db, userId: PlayerId, reward: Reward, now: Date): Promise<Granted | null> {
  const id = await capitalId(tx, userId);
  return id ? grantIntoVillage(tx, id, reward, now) : null;
}
