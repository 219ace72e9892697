// Sending resources with merchants to the village on a tile (paid at once under the village's lock), and the preview of such a shipment.
import { sitterRefusal } from '../../rules/sitters';
import { and, eq } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { movements, villages, type MovementRow } from '../db/schema';
import { inserted } from '../db/rows';
import { conflict, forbidden, notFound, worded } from '../errors';
import { TRADE_MESSAGES, landing, merchantSeconds, merchantsNeeded, shipmentTotal } from '../../rules/trade';
import { canAfford, type Resources } from '../../rules/resources';
import { villageEconomy } from '../../rules/village-timeline';
import type { PlayerId, VillageId, WorldId } from '../../rules/ids';
import { NOT_ENOUGH_RESOURCES, changeVillage, pay, playersVillage, readVillage, type VillageOrder } from '../village/villages';
import { loadVillageHead, settleStoredVillage, toVillageState, type StoredVillageState } from '../village/store';
import { notifyPlayers } from '../live/notify';
import { oneMovementView, type MovementView } from '../army/movements';
import { marketOf, marketplaceLevel, merchantsAway, merchantsOf, type MarketView } from './market';
import { countTransfers, transferRefusal } from '../fair-play/pushing';

const iso = (at: Date) => at.toISOString();

/** A village merchants may be sent to: where it stands and whose it is. */
export interface TradePlace {
  id: VillageId;
  worldId: WorldId;
  name: string;
  x: number;
  y: number;
  ownerId: PlayerId | null;
}

/** A tile of a world, where a shipment is sent. */
export interface Tile {
  worldId: WorldId;
  x: number;
  y: number;
}

/** The village standing on a tile, or null. */
export async function villageAt(db: Db, { worldId, x, y }: Tile): Promise<TradePlace | null> {
  const [row] = await db
    .select({ id: villages.id, worldId: villages.worldId, name: villages.name, x: villages.x, y: villages.y, ownerId: villages.ownerId })
    .from(villages)
    .where(and(eq(villages.worldId, worldId), eq(villages.x, x), eq(villages.y, y)));
  return row ?? null;
}

/** Everything a shipment's refusal depends on, as the sending village stands now. */
export interface ShipmentCheck {
  from: Pick<StoredVillageState, 'id' | 'worldId' | 'buildings'>;
  to: { id: VillageId; worldId: WorldId };
  merchantsAtHome: number;
  cargo: Resources;
  stock: Resources;
}

/** Why a shipment could not leave now, or null: the one list of refusals both the send and its preview give. */
export function shipmentRefusal({ from, to, merchantsAtHome, cargo, stock }: ShipmentCheck): string | null {
  if (marketplaceLevel(from) < 1) return TRADE_MESSAGES.noMarketplace;
  if (to.id === from.id) return TRADE_MESSAGES.sameVillage;
  if (to.worldId !== from.worldId) return TRADE_MESSAGES.otherWorld;
  const total = shipmentTotal(cargo);
  if (total === 0) return TRADE_MESSAGES.nothingToSend;
  if (merchantsNeeded(total) > merchantsAtHome) return TRADE_MESSAGES.notEnoughMerchants;
  if (!canAfford(stock, cargo)) return NOT_ENOUGH_RESOURCES;
  return null;
}

/** A delivery leaving now: who sends which merchants with what, from where to where, and how long they walk. */
export interface DeliveryOrder {
  worldId: WorldId;
  ownerId: PlayerId | null;
  fromVillageId: VillageId;
  toVillageId: VillageId;
  cargo: Resources;
  merchants: number;
  departedAt: Date;
  seconds: number;
}

/** Inserts a delivery (inside the transaction that paid for its cargo). */
export async function insertDelivery(tx: Db, order: DeliveryOrder): Promise<MovementRow> {
  const { seconds, ...row } = order;
  const rows = await tx
    .insert(movements)
    .values({ ...row, type: 'delivery', units: {}, arrivesAt: new Date(order.departedAt.getTime() + seconds * 1000) })
    .returning();
  return inserted(rows);
}

/** A tile and what to send there. */
export interface ShipmentRequest {
  x: number;
  y: number;
  resources: Resources;
  /** The sitter sending in the owner's name, in a sitting session (who may only send to the owner's own villages). */
  sittingBy?: PlayerId | null;
}

/** What a sitter may not do with the owner's merchants. */
export const SITTERS_SHIP = 'send resources to another player’s village';

const wholeCargo = (resources: Resources): Resources => ({ timber: resources.timber, stone: resources.stone, iron: resources.iron, mead: resources.mead });

/**
 * Sends resources from one of the player's villages to the village on a tile of its world. Under the village's row lock,
 * settled to now: the merchants at home are counted and the cargo is paid, so two sends at once never use more merchants
 * or resources than the village has.
 */
export async function sendResources(db: Db, order: VillageOrder, request: ShipmentRequest): Promise<{ movement: MovementView; market: MarketView }> {
  const { actor, villageId, now } = order;
  const cargo = wholeCargo(request.resources);
  const { row, market, known } = await db.transaction(async (tx) => {
    const head = await playersVillage(tx, order);
    const target = await villageAt(tx, { worldId: head.village.worldId, x: request.x, y: request.y });
    if (!target) throw notFound('no_village_on_tile');
    if (request.sittingBy && target.ownerId !== actor) throw forbidden(worded(sitterRefusal(SITTERS_SHIP)));
    const away = await merchantsAway(tx, villageId, now);
    const { village } = await changeVillage(tx, {
      village: head,
      now,
      change: ({ state }) => {
        const refusal = shipmentRefusal({ from: state, to: target, merchantsAtHome: merchantsOf(state, away).atHome, cargo, stock: state.amounts });
        // Short of resources, pay() refuses with the same words and names what is missing.
        if (refusal !== null && refusal !== NOT_ENOUGH_RESOURCES) throw conflict(worded(refusal));
        pay(state, cargo);
      },
    });
    // The pushing limit, last of the refusals: counted under this village's lock, rolled back with the payment if refused.
    if (target.ownerId) await countTransfers(tx, { worldId: village.state.worldId, transfers: [{ from: actor, to: target.ownerId, amount: shipmentTotal(cargo) }] }, now);
    const movement = await insertDelivery(tx, {
      worldId: village.state.worldId,
      ownerId: actor,
      fromVillageId: villageId,
      toVillageId: target.id,
      cargo,
      merchants: merchantsNeeded(shipmentTotal(cargo)),
      departedAt: now,
      seconds: merchantSeconds(village.state, target, village.env.worldSpeed),
    });
    // The receiver sees the merchants coming (the notice goes out only if this commits).
    await notifyPlayers(tx, [actor, target.ownerId], { kind: 'movement_launched', villageId: target.id, arrivesAt: iso(movement.arrivesAt) });
    const from = { id: village.state.id, name: village.state.name, x: village.state.x, y: village.state.y };
    const to = { id: target.id, name: target.name, x: target.x, y: target.y };
    return { row: movement, market: await marketOf(tx, village), known: new Map([from, to].map((p) => [p.id, p])) };
  });
  return { movement: await oneMovementView(db, row, { userId: actor, now }, known), market };
}

/** What landing `cargo` at `target` at `arrivesAtMs` would lose, and whether the stock there was known to the caller. */
async function lostOnArrival(db: Db, { actor, now }: VillageOrder, shipment: { target: TradePlace; cargo: Resources; arrivesAtMs: number }): Promise<{ lost: Resources; stockKnown: boolean }> {
  const { target, cargo, arrivesAtMs } = shipment;
  if (target.ownerId === actor) {
    // One's own village: its stock projected to the arrival instant, in memory (nothing is written for a preview).
    const own = await readVillage(db, actor, target.id, now);
    const projected = settleStoredVillage(own.state, arrivesAtMs, own.env).state;
    return { lost: landing(cargo, projected.amounts, villageEconomy(projected, own.env).capacity).lost, stockKnown: true };
  }
  // Someone else's: their stock is not the caller's to see, so only what exceeds the stores' capacity counts.
  const head = await loadVillageHead(db, target.id, now);
  if (!head) return { lost: cargo, stockKnown: false };
  const capacity = villageEconomy(toVillageState(head.village, head.parts), head.env).capacity;
  const empty = { timber: 0, stone: 0, iron: 0, mead: 0 };
  return { lost: landing(cargo, empty, capacity).lost, stockKnown: false };
}

/** What sending `request` from the village would take and bring, and why it could not leave now (null when it could). Writes nothing of its own. */
export async function previewShipment(db: Db, order: VillageOrder, request: ShipmentRequest): Promise<Schema<'ShipmentPreview'>> {
  const { actor, villageId, now } = order;
  const cargo = wholeCargo(request.resources);
  const { state, env } = await readVillage(db, actor, villageId, now);
  const target = await villageAt(db, { worldId: state.worldId, x: request.x, y: request.y });
  if (!target) throw notFound('no_village_on_tile');
  const merchantsAtHome = merchantsOf(state, await merchantsAway(db, villageId, now)).atHome;
  const travelSeconds = merchantSeconds(state, target, env.worldSpeed);
  const arrivesAtMs = now.getTime() + travelSeconds * 1000;
  const { lost, stockKnown } = await lostOnArrival(db, order, { target, cargo, arrivesAtMs });
  return {
    target: { id: target.id, name: target.name, x: target.x, y: target.y },
    merchantsNeeded: merchantsNeeded(shipmentTotal(cargo)),
    merchantsAtHome,
    travelSeconds,
    arrivesAt: new Date(arrivesAtMs).toISOString(),
    lost,
    stockKnown,
    refusal:
      shipmentRefusal({ from: state, to: target, merchantsAtHome, cargo, stock: state.amounts }) ??
      (target.ownerId ? await transferRefusal(db, state.worldId, { from: actor, to: target.ownerId, amount: shipmentTotal(cargo) }, now) : null),
  };
}
