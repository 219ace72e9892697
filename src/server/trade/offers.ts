// Trade offers: posting one (its resources paid and its merchants held), listing a world's nearest first, withdrawing, and accepting one exactly once.
import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { tradeOffers, users, villages, type TradeOfferRow } from '../db/schema';
import { inserted } from '../db/rows';
import { conflict, forbidden, notFound, worded } from '../errors';
import { gateOfVillage, refuseUnlessOpen } from '../worlds/closure';
import { asResources, landing, merchantSeconds, merchantsNeeded, offerRefusal, type ResourceAmount } from '../../rules/trade';
import { distance } from '../../rules/world';
import type { ResourceType } from '../../rules/resources';
import { villageEconomy } from '../../rules/village-timeline';
import { pageWindow, type PageRequest } from '../../rules/paging';
import type { OfferId, PlayerId, VillageId } from '../../rules/ids';
import { changeVillage, pay, playersVillage, readVillage, type VillageOrder } from '../village/villages';
import { loadVillageHead } from '../village/store';
import { notifyPlayers } from '../live/notify';
import { shownDistance } from '../map/distance';
import { oneMovementView } from '../army/movements';
import { marketplaceLevel, merchantsAway, merchantsOf } from './market';
import { insertDelivery } from './shipments';
import { countTransfers } from '../fair-play/pushing';

export type TradeOfferView = Schema<'TradeOffer'>;

/** An offer row with its owner's name and its village, as the views need them. */
interface OfferWithPlace {
  offer: TradeOfferRow;
  username: string;
  village: { id: VillageId; name: string; x: number; y: number };
}

/** Where an offer is seen from (its distance and the merchants' walk), and the world's speed; none for replies about one offer. */
interface Viewpoint {
  x: number;
  y: number;
  worldSpeed: number;
}

const offerColumns = {
  offer: tradeOffers,
  username: users.username,
  village: { id: villages.id, name: villages.name, x: villages.x, y: villages.y },
};

/** Offers with their owners and villages, filtered by `where`. */
function offersWithPlaces(db: Db, where: SQL | undefined) {
  return db
    .select(offerColumns)
    .from(tradeOffers)
    .innerJoin(users, eq(users.id, tradeOffers.ownerId))
    .innerJoin(villages, eq(villages.id, tradeOffers.villageId))
    .where(where);
}

const offered = (row: TradeOfferRow): ResourceAmount => ({ resource: row.offerResource, amount: row.offerAmount });
const wanted = (row: TradeOfferRow): ResourceAmount => ({ resource: row.wantResource, amount: row.wantAmount });

/** An offer as the contract shows it, seen from `from` (distance and walk 0 in replies about one offer). */
function offerView({ offer, username, village }: OfferWithPlace, from: Viewpoint | null): TradeOfferView {
  const tiles = from ? distance(from.x, from.y, village.x, village.y) : 0;
  return {
    id: offer.id,
    status: offer.status,
    owner: { id: offer.ownerId, username },
    village,
    offer: offered(offer),
    want: wanted(offer),
    merchants: offer.merchants,
    createdAt: offer.createdAt.toISOString(),
    distance: shownDistance(tiles),
    travelSeconds: from && tiles > 0 ? merchantSeconds(village, from, from.worldSpeed) : 0,
  };
}

async function oneOffer(db: Db, offerId: OfferId): Promise<OfferWithPlace | null> {
  const [row] = await offersWithPlaces(db, eq(tradeOffers.id, offerId));
  return row ?? null;
}

/** The two sides of an offer as the request states them. */
export interface OfferTerms {
  offer: ResourceAmount;
  want: ResourceAmount;
}

/**
 * Posts an offer from one of the player's villages. Under the village's row lock, settled to now: the two sides are
 * checked, the offered resources are paid and the merchants that will carry them are held from now on.
 */
export async function createTradeOffer(db: Db, order: VillageOrder, terms: OfferTerms): Promise<{ offer: TradeOfferView }> {
  const { actor, villageId, now } = order;
  const merchants = merchantsNeeded(terms.offer.amount);
  const offerId = await db.transaction(async (tx) => {
    const head = await playersVillage(tx, order);
    const away = await merchantsAway(tx, villageId, now);
    await changeVillage(tx, {
      village: head,
      now,
      change: ({ state }) => {
        const refusal = offerRefusal(terms.offer, terms.want);
        if (refusal) throw conflict(worded(refusal));
        if (marketplaceLevel(state) < 1) throw conflict('no_marketplace');
        if (merchants > merchantsOf(state, away).atHome) throw conflict('not_enough_merchants');
        pay(state, asResources(terms.offer));
      },
    });
    const rows = await tx
      .insert(tradeOffers)
      .values({
        worldId: head.village.worldId,
        villageId,
        ownerId: actor,
        offerResource: terms.offer.resource,
        offerAmount: terms.offer.amount,
        wantResource: terms.want.resource,
        wantAmount: terms.want.amount,
        merchants,
        status: 'open',
        createdAt: now,
      })
      .returning({ id: tradeOffers.id });
    return inserted(rows).id;
  });
  const made = await oneOffer(db, offerId);
  if (!made) throw notFound('no_such_offer');
  return { offer: offerView(made, null) };
}

/** Which offers a list shows: of one resource, asking for one, and which page. */
export interface OfferQuery extends PageRequest {
  offering?: ResourceType;
  wanting?: ResourceType;
}

/**
 * Other players' open offers in the village's world, nearest to it first (then oldest first), one page of them; and the
 * caller's own open offers from this village. Nothing is written but what reading the village settles.
 */
export async function listTradeOffers(db: Db, { actor, villageId, now }: VillageOrder, query: OfferQuery): Promise<Schema<'TradeOfferList'>> {
  const { state, env } = await readVillage(db, actor, villageId, now);
  const here: Viewpoint = { x: state.x, y: state.y, worldSpeed: env.worldSpeed };
  const others = and(
    eq(tradeOffers.worldId, state.worldId),
    eq(tradeOffers.status, 'open'),
    ne(tradeOffers.ownerId, actor),
    query.offering ? eq(tradeOffers.offerResource, query.offering) : undefined,
    query.wanting ? eq(tradeOffers.wantResource, query.wanting) : undefined,
  );
  // The squared Euclidean distance of src/rules/world.ts (the world does not wrap): the same order, in exact integers.
  const dx = sql`(${villages.x} - ${state.x}::int)`;
  const dy = sql`(${villages.y} - ${state.y}::int)`;
  const { limit, offset } = pageWindow(query);
  const page = await offersWithPlaces(db, others)
    .orderBy(sql`${dx} * ${dx} + ${dy} * ${dy}`, asc(tradeOffers.createdAt), asc(tradeOffers.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(tradeOffers).where(others);
  const mine = await offersWithPlaces(db, and(eq(tradeOffers.villageId, villageId), eq(tradeOffers.ownerId, actor), eq(tradeOffers.status, 'open'))).orderBy(
    desc(tradeOffers.createdAt),
    desc(tradeOffers.id),
  );
  return {
    offers: page.map((row) => offerView(row, here)),
    mine: mine.map((row) => offerView(row, here)),
    page: query.page,
    limit: query.limit,
    total: Number(total?.n ?? 0),
  };
}

/** Who acts on which offer, and when. */
export interface OfferOrder {
  actor: PlayerId;
  offerId: OfferId;
  now: Date;
}

/**
 * Withdraws an open offer of the player's: under its village's row lock, the offer closes (once) and its resources go
 * back into the village, up to the stores' capacity as loot does (what no longer fits is lost); its merchants are free.
 */
export async function withdrawTradeOffer(db: Db, { actor, offerId, now }: OfferOrder): Promise<{ offer: TradeOfferView }> {
  await db.transaction(async (tx) => {
    const [offer] = await tx.select().from(tradeOffers).where(eq(tradeOffers.id, offerId));
    if (!offer) throw notFound('no_such_offer');
    if (offer.ownerId !== actor) throw forbidden('offer_not_yours');
    // The offer belongs to its village, whoever holds the village now: the resources go back there.
    const head = await loadVillageHead(tx, offer.villageId, now, true);
    if (!head) throw notFound('no_such_offer');
    refuseUnlessOpen(gateOfVillage(head), now);
    const closed = await tx
      .update(tradeOffers)
      .set({ status: 'withdrawn', closedAt: now })
      .where(and(eq(tradeOffers.id, offerId), eq(tradeOffers.status, 'open')))
      .returning({ id: tradeOffers.id });
    if (closed.length === 0) throw conflict('offer_closed');
    await changeVillage(tx, {
      village: head,
      now,
      change: ({ state, env }) => {
        const { kept } = landing(asResources(offered(offer)), state.amounts, villageEconomy(state, env).capacity);
        state.amounts[offer.offerResource] += kept[offer.offerResource];
      },
    });
  });
  const withdrawn = await oneOffer(db, offerId);
  if (!withdrawn) throw notFound('no_such_offer');
  return { offer: offerView(withdrawn, null) };
}

/**
 * Accepts an offer from one of the player's villages. Under that village's row lock, settled to now: it must have a
 * marketplace, merchants at home for what is asked, and what is asked, which it pays. The offer is then taken by one
 * conditional update (open to taken), so of two requests, in one process or two, exactly one trades; the other changes
 * nothing. Both deliveries leave at once: the offer's merchants with what it offered, the village's with what it asked.
 */
export async function acceptTradeOffer(db: Db, { actor, offerId, now }: OfferOrder, villageId: VillageId): Promise<Schema<'AcceptedTrade'>> {
  const { outgoing, incoming } = await db.transaction(async (tx) => {
    const head = await playersVillage(tx, { actor, villageId, now });
    const found = await oneOffer(tx, offerId);
    if (!found) throw notFound('no_such_offer');
    const { offer, village: offerVillage } = found;
    if (offer.worldId !== head.village.worldId) throw conflict('village_in_other_world');
    if (offer.ownerId === actor || offer.villageId === villageId) throw conflict('own_offer');
    if (offer.status !== 'open') throw conflict('offer_closed');
    const merchants = merchantsNeeded(offer.wantAmount);
    const away = await merchantsAway(tx, villageId, now);
    const { village } = await changeVillage(tx, {
      village: head,
      now,
      change: ({ state }) => {
        if (marketplaceLevel(state) < 1) throw conflict('no_marketplace');
        if (merchants > merchantsOf(state, away).atHome) throw conflict('not_enough_merchants');
        pay(state, asResources(wanted(offer)));
      },
    });
    const taken = await tx
      .update(tradeOffers)
      .set({ status: 'taken', closedAt: now, takenByVillageId: villageId })
      .where(and(eq(tradeOffers.id, offerId), eq(tradeOffers.status, 'open')))
      .returning({ id: tradeOffers.id });
    // Someone else took it (or it was withdrawn) since it was read: the payment above rolls back with this refusal.
    if (taken.length === 0) throw conflict('offer_closed');
    // The pushing limit counts both sides of the trade; a refusal rolls back the payment and the taking.
    const trade = [
      { from: actor, to: offer.ownerId, amount: offer.wantAmount },
      { from: offer.ownerId, to: actor, amount: offer.offerAmount, toYou: true },
    ];
    await countTransfers(tx, { worldId: offer.worldId, transfers: trade }, now);
    const seconds = merchantSeconds(offerVillage, village.state, village.env.worldSpeed);
    const common = { worldId: offer.worldId, departedAt: now, seconds };
    const coming = await insertDelivery(tx, {
      ...common,
      ownerId: offer.ownerId,
      fromVillageId: offer.villageId,
      toVillageId: villageId,
      cargo: asResources(offered(offer)),
      merchants: offer.merchants,
    });
    const going = await insertDelivery(tx, {
      ...common,
      ownerId: actor,
      fromVillageId: villageId,
      toVillageId: offer.villageId,
      cargo: asResources(wanted(offer)),
      merchants,
    });
    const arrivesAt = coming.arrivesAt.toISOString();
    await notifyPlayers(tx, [actor, offer.ownerId], { kind: 'movement_launched', villageId, arrivesAt });
    await notifyPlayers(tx, [actor, offer.ownerId], { kind: 'movement_launched', villageId: offer.villageId, arrivesAt });
    return { outgoing: going, incoming: coming };
  });
  const taken = await oneOffer(db, offerId);
  if (!taken) throw notFound('no_such_offer');
  const viewer = { userId: actor, now };
  return {
    offer: offerView(taken, null),
    outgoing: await oneMovementView(db, outgoing, viewer),
    incoming: await oneMovementView(db, incoming, viewer),
  };
}
