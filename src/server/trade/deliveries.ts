// Merchants arriving: a delivery lands in the target's stores (what does not fit is lost) and its merchants set off home; their homecoming only tells the owner.
import type { Db } from '../db/open';
import { movements, type MovementRow } from '../db/schema';
import { landing } from '../../rules/trade';
import { RESOURCE_TYPES, type Resources } from '../../rules/resources';
import { villageEconomy, type VillageEnv } from '../../rules/village-timeline';
import { notifyPlayers } from '../live/notify';
import type { StoredVillageState } from '../village/store';

/** A cargo as stored (a key may be left out) as the four resources. */
export function cargoOf(stored: Partial<Resources> | null): Resources {
  return { timber: stored?.timber ?? 0, stone: stored?.stone ?? 0, iron: stored?.iron ?? 0, mead: stored?.mead ?? 0 };
}

/**
 * A delivery reaching the (locked, settled to its arrival) village: the cargo goes into the stores up to their capacity,
 * whoever owns the village now, and the merchants walk home over the same time the way out took. Whether they are busy
 * is counted from the delivery's own instants (see merchantsAway), so the walk home is stored only to be shown.
 */
export async function landDelivery(tx: Db, movement: MovementRow, state: StoredVillageState, env: VillageEnv): Promise<void> {
  const { kept } = landing(cargoOf(movement.cargo), state.amounts, villageEconomy(state, env).capacity);
  for (const r of RESOURCE_TYPES) state.amounts[r] += kept[r];
  const landedAt = movement.arrivesAt.getTime();
  const walk = landedAt - movement.departedAt.getTime();
  await tx.insert(movements).values({
    worldId: movement.worldId,
    type: 'merchants_return',
    ownerId: movement.ownerId,
    fromVillageId: state.id,
    toVillageId: movement.fromVillageId,
    units: {},
    merchants: movement.merchants,
    departedAt: movement.arrivesAt,
    arrivesAt: new Date(landedAt + walk),
  });
  await notifyPlayers(tx, [state.ownerId, movement.ownerId], { kind: 'shipment_arrived', villageId: state.id });
}

/** Merchants home again: nothing changes in the village (they were free from their arrival instant on); the owner hears of it. */
export async function merchantsHome(tx: Db, movement: MovementRow, state: StoredVillageState): Promise<void> {
  await notifyPlayers(tx, [movement.ownerId], { kind: 'movement_returned', villageId: state.id });
}
