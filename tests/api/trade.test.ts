// Merchants and the marketplace through the API with a fake clock: shipments out and home, races for merchants and stock, offers (list, withdraw, accept once), the exchange, the preview and refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Schema } from '../../src/contract';
import { startTestApp, requests, type TestApp } from './harness';
import { amounts, newVillage, overview, type MadeVillage, type Player } from './village-helpers';
import { movementsOf, placeAt } from './army-helpers';
import { movements, tradeOffers, villages } from '../../src/server/db/schema';
import { setBuildingLevel } from '../../src/server/operators/operator';
import { createWorld } from '../../src/server/operators/world-admin';
import { sweepDueArrivals } from '../../src/server/sweeper';
import { EXCHANGE_COOLDOWN_SECONDS, TRADE_MESSAGES, merchantSeconds } from '../../src/rules/trade';
import { RESOURCE_TYPES, type Resources } from '../../src/rules/resources';
import { idOf, type OfferId, type WorldId } from '../../src/rules/ids';

type MarketJson = Schema<'Market'>;
type MovementJson = Schema<'Movement'>;
type OfferJson = Schema<'TradeOffer'>;

let t: TestApp;
let world: WorldId;
const { call } = requests(() => t);

beforeAll(async () => {
  t = await startTestApp();
  world = (await createWorld(t.database.db, { name: 'Trade Fjords', speed: 1 })).id;
});
afterAll(async () => {
  await t.close();
});

interface Trader {
  player: Player;
  village: MadeVillage;
}

interface TraderSetup {
  x: number;
  y: number;
  /** Marketplace level; 0 for none. */
  marketplace?: number;
  /** Warehouse and granary level; 0 keeps the 800 a village stores without them. */
  stores?: number;
  /** Stock of every resource, as of now. */
  stock?: number;
  world?: WorldId;
}

/** A new player's village on (x, y) with a marketplace, stores and stock, set straight in the database. */
async function trader({ x, y, marketplace = 10, stores = 20, stock = 10_000, world: at = world }: TraderSetup): Promise<Trader> {
  const made = await newVillage(t, at, 'trd');
  const db = t.database.db;
  await placeAt(t, made.village.id, x, y);
  if (marketplace > 0) await setBuildingLevel(db, { villageId: made.village.id, type: 'marketplace', level: marketplace }, t.clock.now());
  for (const type of ['warehouse', 'granary']) if (stores > 0) await setBuildingLevel(db, { villageId: made.village.id, type, level: stores }, t.clock.now());
  await setStock(made.village, { timber: stock, stone: stock, iron: stock, mead: stock });
  return { player: made.player, village: { ...made.village, x, y } };
}

async function setStock(village: MadeVillage, stock: Resources): Promise<void> {
  await t.database.db
    .update(villages)
    .set({ ...stock, resourcesAt: t.clock.now() })
    .where(eq(villages.id, village.id));
}

const stockOf = async (side: Trader): Promise<Record<string, number>> => amounts(await overview(t, side.player, side.village.id));
const capacityOf = async (side: Trader, resource: string): Promise<number> => (await overview(t, side.player, side.village.id)).resources.find((r) => r.type === resource)!.capacity;
const marketOf = async (side: Trader): Promise<MarketJson> => (await call<MarketJson>(side.player, 'GET', `/api/villages/${side.village.id}/market`)).body;
const cargo = (partial: Partial<Resources>): Resources => ({ timber: 0, stone: 0, iron: 0, mead: 0, ...partial });
const ship = (from: Trader, to: { x: number; y: number }, resources: Resources) =>
  call<{ movement: MovementJson; market: MarketJson }>(from.player, 'POST', `/api/villages/${from.village.id}/market/shipments`, { x: to.x, y: to.y, resources });
const offerFrom = (from: Trader, offer: { resource: string; amount: number }, want: { resource: string; amount: number }) =>
  call<{ offer: OfferJson }>(from.player, 'POST', `/api/villages/${from.village.id}/market/offers`, { offer, want });
const accept = (who: Trader, offerId: string) => call<Schema<'AcceptedTrade'>>(who.player, 'POST', `/api/trade-offers/${offerId}/accept`, { villageId: who.village.id });
const iso = (ms: number) => new Date(ms).toISOString();

/** What `a` holds beyond `b`, resource by resource. */
async function beyond(a: Trader, b: Trader): Promise<Resources> {
  const [x, y] = [await stockOf(a), await stockOf(b)];
  return { timber: x.timber - y.timber, stone: x.stone - y.stone, iron: x.iron - y.iron, mead: x.mead - y.mead };
}

/** Spots of their own on the map for each test, far from the capitals' ring. */
let row = 0;
function corner(): number {
  row += 1;
  return 190 - row * 4;
}

describe('shipments', () => {
  it('leave at once, show on both sides, land exactly what was sent, and the merchants are home after as long again', async () => {
    const y = corner();
    const sender = await trader({ x: -190, y, marketplace: 5 });
    // The receiver and its twin are alike in everything but the shipment: what one holds beyond the other is what landed.
    const receiver = await trader({ x: -182, y, marketplace: 0, stores: 0, stock: 300 });
    const twin = await trader({ x: -150, y, marketplace: 0, stores: 0, stock: 300 });
    const sent = cargo({ timber: 400, stone: 300, mead: 100 });
    const before = await stockOf(sender);
    const departed = t.clock.now().getTime();
    const reply = await ship(sender, receiver.village, sent);
    expect(reply.status).toBe(201);
    const seconds = merchantSeconds({ x: -190, y }, { x: -182, y }, 1);
    expect(seconds).toBe(1800);
    expect(reply.body.movement).toMatchObject({ type: 'delivery', direction: 'outgoing', units: {}, loot: null, cargo: sent, merchants: 2, remainingTime: seconds, arrivesAt: iso(departed + seconds * 1000) });
    expect(reply.body.market.merchants).toEqual({ total: 5, atHome: 3, travelling: 2, reserved: 0 });
    const after = await stockOf(sender);
    for (const r of RESOURCE_TYPES) expect(before[r] - after[r], r).toBe(sent[r]);

    // Both players see it coming; the receiver sees what comes. No army is on the march.
    expect((await movementsOf(t, receiver.player)).find((m) => m.id === reply.body.movement.id)).toMatchObject({ type: 'delivery', direction: 'incoming', cargo: sent, merchants: 2 });
    expect((await movementsOf(t, sender.player)).map((m) => m.id)).toContain(reply.body.movement.id);
    expect((await call<Schema<'GameStats'>>(sender.player, 'GET', '/api/game/stats')).body).toMatchObject({ activeMovements: 0, totalUnits: 0 });

    t.clock.set(departed + seconds * 1000 - 1000);
    expect(await beyond(receiver, twin)).toEqual(cargo({}));
    t.clock.set(departed + seconds * 1000);
    expect(await beyond(receiver, twin)).toEqual(sent);

    // Landed: the merchants walk home, which only their owner sees.
    const walk = (await movementsOf(t, sender.player)).find((m) => m.type === 'merchants_return');
    expect(walk).toMatchObject({ direction: 'outgoing', cargo: null, merchants: 2, fromVillage: { id: receiver.village.id }, toVillage: { id: sender.village.id }, arrivesAt: iso(departed + 2 * seconds * 1000) });
    expect((await movementsOf(t, receiver.player)).some((m) => m.type === 'merchants_return')).toBe(false);
    t.clock.set(departed + 2 * seconds * 1000 - 1000);
    expect((await marketOf(sender)).merchants).toMatchObject({ atHome: 3, travelling: 2 });
    t.clock.set(departed + 2 * seconds * 1000);
    expect((await marketOf(sender)).merchants).toEqual({ total: 5, atHome: 5, travelling: 0, reserved: 0 });
    expect((await movementsOf(t, sender.player)).filter((m) => m.merchants > 0)).toEqual([]);
  });

  it('free the merchants on time even when nobody looks at the target, and the sweeper lands them', async () => {
    const y = corner();
    const sender = await trader({ x: -190, y, marketplace: 2 });
    const receiver = await trader({ x: -174, y, marketplace: 0 });
    const departed = t.clock.now().getTime();
    expect((await ship(sender, receiver.village, cargo({ iron: 1000 }))).status).toBe(201);
    // Sixteen tiles: an hour out, an hour back. Nothing reads the receiver meanwhile.
    t.clock.set(departed + 3_600_000 + 1000);
    expect((await marketOf(sender)).merchants).toMatchObject({ atHome: 0, travelling: 2 });
    t.clock.set(departed + 7_200_000);
    expect((await marketOf(sender)).merchants).toMatchObject({ atHome: 2, travelling: 0 });
    const [delivery] = await t.database.db.select().from(movements).where(and(eq(movements.fromVillageId, sender.village.id), eq(movements.type, 'delivery')));
    expect(delivery.resolvedAt).toBeNull();
    expect(await sweepDueArrivals(t.database.db, t.clock.now())).toBeGreaterThanOrEqual(1);
    const rows = await t.database.db.select().from(movements).where(eq(movements.toVillageId, sender.village.id));
    expect(rows.map((m) => m.type)).toEqual(['merchants_return']);
    expect((await marketOf(sender)).merchants).toMatchObject({ atHome: 2, travelling: 0 });
  });

  it('land up to the stores’ capacity: what does not fit is lost', async () => {
    const y = corner();
    const sender = await trader({ x: -190, y });
    const receiver = await trader({ x: -186, y, marketplace: 0, stores: 0, stock: 300 });
    const twin = await trader({ x: -150, y, marketplace: 0, stores: 0, stock: 300 });
    const full = await capacityOf(receiver, 'timber');
    await setStock(receiver.village, { timber: full, stone: 300, iron: 300, mead: 300 });
    await setStock(twin.village, { timber: full, stone: 300, iron: 300, mead: 300 });
    const reply = await ship(sender, receiver.village, cargo({ timber: 300, stone: 200 }));
    t.clock.set(new Date(reply.body.movement.arrivesAt).getTime());
    expect((await stockOf(receiver)).timber).toBe(full);
    expect(await beyond(receiver, twin)).toEqual(cargo({ stone: 200 }));
  });

  it('never use more merchants or resources than the village has when sent at once', async () => {
    const y = corner();
    const sender = await trader({ x: -190, y, marketplace: 3 });
    const receiver = await trader({ x: -186, y, marketplace: 0 });
    const before = await stockOf(sender);
    const replies = await Promise.all(Array.from({ length: 6 }, () => ship(sender, receiver.village, cargo({ timber: 500 }))));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(3);
    expect(replies.filter((r) => r.status === 409).map((r) => r.body.error)).toEqual(Array(3).fill(TRADE_MESSAGES.notEnoughMerchants));
    expect(before.timber - (await stockOf(sender)).timber).toBe(1500);
    expect((await marketOf(sender)).merchants).toMatchObject({ atHome: 0, travelling: 3 });

    const poor = await trader({ x: -190, y: y - 2, marketplace: 10, stock: 1000 });
    const tries = await Promise.all(Array.from({ length: 5 }, () => ship(poor, receiver.village, cargo({ stone: 400 }))));
    expect(tries.filter((r) => r.status === 201)).toHaveLength(2);
    expect(tries.filter((r) => r.status === 409).map((r) => r.body.error)).toEqual(Array(3).fill('Not enough resources'));
    expect((await stockOf(poor)).stone).toBe(200);
    const away = await t.database.db.select().from(movements).where(eq(movements.fromVillageId, poor.village.id));
    expect(away.reduce((sum, m) => sum + (m.cargo?.stone ?? 0), 0)).toBe(800);
  });

  it('are refused without a marketplace, to the village itself, to an empty tile and with nothing in them', async () => {
    const y = corner();
    const sender = await trader({ x: -190, y, marketplace: 0 });
    const other = await trader({ x: -186, y });
    const before = await stockOf(sender);
    expect(await ship(sender, other.village, cargo({ timber: 10 }))).toMatchObject({ status: 409, body: { error: TRADE_MESSAGES.noMarketplace } });
    expect(await ship(other, other.village, cargo({ timber: 10 }))).toMatchObject({ status: 409, body: { error: TRADE_MESSAGES.sameVillage } });
    expect(await ship(other, { x: -188, y }, cargo({ timber: 10 }))).toMatchObject({ status: 404, body: { error: TRADE_MESSAGES.noVillageThere } });
    expect(await ship(other, sender.village, cargo({}))).toMatchObject({ status: 409, body: { error: TRADE_MESSAGES.nothingToSend } });
    expect((await ship(other, sender.village, cargo({ timber: 10_001 }))).status).toBe(409);
    expect((await ship(sender, other.village, cargo({ timber: 10 }))).status).toBe(409);
    // Someone else's village as the source.
    expect((await call(sender.player, 'POST', `/api/villages/${other.village.id}/market/shipments`, { x: -190, y, resources: cargo({ timber: 1 }) })).status).toBe(403);
    expect(await stockOf(sender)).toEqual(before);
    expect(await marketOf(sender)).toMatchObject({ marketplaceLevel: 0, merchants: { total: 0, atHome: 0, travelling: 0, reserved: 0 } });
  });
});

describe('the shipment preview', () => {
  it('tells merchants, travel, arrival, what would be lost and why it could not leave, and changes nothing', async () => {
    const y = corner();
    const sender = await trader({ x: -190, y, marketplace: 3 });
    const stranger = await trader({ x: -182, y, marketplace: 0, stores: 0, stock: 0 });
    const preview = (x: number, query: string) => call<Schema<'ShipmentPreview'>>(sender.player, 'GET', `/api/villages/${sender.village.id}/market/preview?x=${x}&y=${y}&${query}`);
    const before = await stockOf(sender);
    const now = t.clock.now().getTime();
    const capacity = await capacityOf(stranger, 'timber');
    const seen = await preview(-182, 'timber=1000&stone=200');
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({
      target: { id: stranger.village.id, name: stranger.village.name, x: -182, y },
      merchantsNeeded: 3,
      merchantsAtHome: 3,
      travelSeconds: 1800,
      arrivesAt: iso(now + 1_800_000),
      // Someone else's stock is not known: only what exceeds the stores counts.
      lost: cargo({ timber: 1000 - capacity }),
      stockKnown: false,
      refusal: null,
    });
    expect((await preview(-182, 'timber=1600')).body).toMatchObject({ merchantsNeeded: 4, refusal: TRADE_MESSAGES.notEnoughMerchants });
    expect((await preview(-182, '')).body).toMatchObject({ merchantsNeeded: 0, refusal: TRADE_MESSAGES.nothingToSend });
    expect((await preview(-190, 'timber=1')).body.refusal).toBe(TRADE_MESSAGES.sameVillage);
    expect((await preview(-186, 'timber=1')).status).toBe(404);

    // One's own second village, its granary full: its stock on arrival is known.
    const second = await trader({ x: -186, y, marketplace: 0, stores: 0, stock: 0 });
    await t.database.db.update(villages).set({ ownerId: sender.player.user.id, isCapital: false }).where(eq(villages.id, second.village.id));
    const granary = await capacityOf({ player: sender.player, village: second.village }, 'mead');
    await setStock(second.village, { timber: 0, stone: 0, iron: 0, mead: granary });
    const own = (await preview(-186, 'mead=300&timber=100')).body;
    expect(own).toMatchObject({ stockKnown: true, lost: cargo({ mead: 300 }), travelSeconds: 900, refusal: null });
    expect(await stockOf(sender)).toEqual(before);
    expect(await t.database.db.select().from(movements).where(eq(movements.fromVillageId, sender.village.id))).toEqual([]);
  });
});

describe('trade offers', () => {
  it('take the offered resources and hold the merchants; a withdrawal gives both back', async () => {
    const y = corner();
    const seller = await trader({ x: -190, y, marketplace: 5 });
    const before = await stockOf(seller);
    const made = await offerFrom(seller, { resource: 'timber', amount: 1000 }, { resource: 'iron', amount: 1500 });
    expect(made.status).toBe(201);
    expect(made.body.offer).toMatchObject({ status: 'open', offer: { resource: 'timber', amount: 1000 }, want: { resource: 'iron', amount: 1500 }, merchants: 2, distance: 0, travelSeconds: 0 });
    expect(made.body.offer.owner).toEqual({ id: seller.player.user.id, username: seller.player.user.username });
    expect(before.timber - (await stockOf(seller)).timber).toBe(1000);
    expect((await marketOf(seller)).merchants).toEqual({ total: 5, atHome: 3, travelling: 0, reserved: 2 });

    const stranger = await trader({ x: -186, y });
    expect((await call(stranger.player, 'DELETE', `/api/trade-offers/${made.body.offer.id}`)).status).toBe(403);
    expect((await call(seller.player, 'DELETE', '/api/trade-offers/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const withdrawn = await call<{ offer: OfferJson }>(seller.player, 'DELETE', `/api/trade-offers/${made.body.offer.id}`);
    expect(withdrawn).toMatchObject({ status: 200, body: { offer: { status: 'withdrawn' } } });
    expect(await stockOf(seller)).toEqual(before);
    expect((await marketOf(seller)).merchants).toEqual({ total: 5, atHome: 5, travelling: 0, reserved: 0 });
    expect(await call(seller.player, 'DELETE', `/api/trade-offers/${made.body.offer.id}`)).toMatchObject({ status: 409, body: { error: TRADE_MESSAGES.offerClosed } });
    expect((await accept(stranger, made.body.offer.id)).status).toBe(409);
  });

  it('refuse a ratio beyond the limit, the same resource twice, no marketplace and too few merchants, changing nothing', async () => {
    const y = corner();
    const seller = await trader({ x: -190, y, marketplace: 2 });
    const bare = await trader({ x: -186, y, marketplace: 0 });
    const before = await stockOf(seller);
    const refused = [
      await offerFrom(seller, { resource: 'timber', amount: 1000 }, { resource: 'iron', amount: 2001 }),
      await offerFrom(seller, { resource: 'timber', amount: 2001 }, { resource: 'iron', amount: 1000 }),
      await offerFrom(seller, { resource: 'timber', amount: 100 }, { resource: 'timber', amount: 100 }),
      await offerFrom(seller, { resource: 'timber', amount: 1001 }, { resource: 'iron', amount: 1000 }),
      await offerFrom(bare, { resource: 'timber', amount: 100 }, { resource: 'iron', amount: 100 }),
    ];
    expect(refused.map((r) => [r.status, r.body.error])).toEqual([
      [409, TRADE_MESSAGES.ratio],
      [409, TRADE_MESSAGES.ratio],
      [409, TRADE_MESSAGES.sameResource],
      [409, TRADE_MESSAGES.notEnoughMerchants],
      [409, TRADE_MESSAGES.noMarketplace],
    ]);
    expect(await stockOf(seller)).toEqual(before);
    expect(await t.database.db.select().from(tradeOffers).where(eq(tradeOffers.villageId, seller.village.id))).toEqual([]);
    // At the limit exactly, it stands.
    expect((await offerFrom(seller, { resource: 'timber', amount: 1000 }, { resource: 'iron', amount: 2000 })).status).toBe(201);
  });

  it('are listed to others nearest first, filtered and paged; one’s own are apart', async () => {
    const own = (await createWorld(t.database.db, { name: 'Offer Fjords', speed: 1 })).id;
    const asker = await trader({ x: 100, y: 150, world: own });
    const near = await trader({ x: 100, y: 153, world: own });
    const far = await trader({ x: 100, y: 160, world: own });
    const middle = await trader({ x: 106, y: 150, world: own });
    const a = (await offerFrom(far, { resource: 'timber', amount: 500 }, { resource: 'stone', amount: 500 })).body.offer;
    const b = (await offerFrom(near, { resource: 'timber', amount: 500 }, { resource: 'iron', amount: 600 })).body.offer;
    const c = (await offerFrom(middle, { resource: 'iron', amount: 500 }, { resource: 'timber', amount: 400 })).body.offer;
    const mine = (await offerFrom(asker, { resource: 'mead', amount: 500 }, { resource: 'timber', amount: 500 })).body.offer;
    // Another world's offers never show.
    await offerFrom(await trader({ x: 100, y: 151 }), { resource: 'timber', amount: 500 }, { resource: 'iron', amount: 500 });
    const list = (query = '') => call<Schema<'TradeOfferList'>>(asker.player, 'GET', `/api/villages/${asker.village.id}/market/offers${query}`);

    const all = (await list()).body;
    expect(all.offers.map((o) => o.id)).toEqual([b.id, c.id, a.id]);
    expect(all.offers.map((o) => o.distance)).toEqual([3, 6, 10]);
    expect(all.offers.map((o) => o.travelSeconds)).toEqual([3, 6, 10].map((d) => merchantSeconds({ x: 0, y: 0 }, { x: d, y: 0 }, 1)));
    expect(all).toMatchObject({ total: 3, page: 1, limit: 20 });
    expect(all.mine.map((o) => o.id)).toEqual([mine.id]);
    expect((await list('?offering=timber')).body.offers.map((o) => o.id)).toEqual([b.id, a.id]);
    expect((await list('?wanting=timber')).body.offers.map((o) => o.id)).toEqual([c.id]);
    expect((await list('?offering=timber&wanting=iron')).body.offers.map((o) => o.id)).toEqual([b.id]);
    expect((await list('?limit=2&page=2')).body).toMatchObject({ offers: [{ id: a.id }], total: 3, page: 2, limit: 2 });
    // The others do not see it as one's own.
    expect((await call<Schema<'TradeOfferList'>>(near.player, 'GET', `/api/villages/${near.village.id}/market/offers`)).body.offers.map((o) => o.id)).toContain(mine.id);
    expect((await call(near.player, 'GET', `/api/villages/${asker.village.id}/market/offers`)).status).toBe(403);
  });

  it('accepted, send both shipments at once: what was offered to the taker, what was asked to the offerer', async () => {
    const y = corner();
    const seller = await trader({ x: -190, y, marketplace: 5 });
    const buyer = await trader({ x: -182, y, marketplace: 5 });
    const offer = (await offerFrom(seller, { resource: 'timber', amount: 1000 }, { resource: 'iron', amount: 1500 })).body.offer;
    expect(await accept(seller, offer.id)).toMatchObject({ status: 409, body: { error: TRADE_MESSAGES.ownOffer } });
    const sellerBefore = await stockOf(seller);
    const buyerBefore = await stockOf(buyer);
    const departed = t.clock.now().getTime();
    const taken = await accept(buyer, offer.id);
    expect(taken.status).toBe(201);
    expect(taken.body.offer).toMatchObject({ id: offer.id, status: 'taken' });
    expect(taken.body.outgoing).toMatchObject({ type: 'delivery', direction: 'outgoing', cargo: cargo({ iron: 1500 }), merchants: 3, toVillage: { id: seller.village.id }, arrivesAt: iso(departed + 1_800_000) });
    expect(taken.body.incoming).toMatchObject({ type: 'delivery', direction: 'incoming', cargo: cargo({ timber: 1000 }), merchants: 2, fromVillage: { id: seller.village.id }, arrivesAt: iso(departed + 1_800_000) });
    expect(buyerBefore.iron - (await stockOf(buyer)).iron).toBe(1500);
    expect((await marketOf(seller)).merchants).toEqual({ total: 5, atHome: 3, travelling: 2, reserved: 0 });
    expect((await marketOf(buyer)).merchants).toEqual({ total: 5, atHome: 2, travelling: 3, reserved: 0 });
    expect(await accept(buyer, offer.id)).toMatchObject({ status: 409, body: { error: TRADE_MESSAGES.offerClosed } });

    t.clock.set(departed + 1_800_000 - 1);
    const [sellerJustBefore, buyerJustBefore] = [await stockOf(seller), await stockOf(buyer)];
    t.clock.set(departed + 1_800_000);
    const [sellerAfter, buyerAfter] = [await stockOf(seller), await stockOf(buyer)];
    // One millisecond of production may tip a whole unit over.
    expect(sellerAfter.iron - sellerJustBefore.iron).toBeGreaterThanOrEqual(1500);
    expect(sellerAfter.iron - sellerJustBefore.iron).toBeLessThanOrEqual(1501);
    expect(buyerAfter.timber - buyerJustBefore.timber).toBeGreaterThanOrEqual(1000);
    expect(buyerAfter.timber - buyerJustBefore.timber).toBeLessThanOrEqual(1001);
    expect(sellerAfter.timber).toBeGreaterThanOrEqual(sellerBefore.timber);
    const [row] = await t.database.db.select().from(tradeOffers).where(eq(tradeOffers.id, idOf<OfferId>(offer.id)));
    expect(row).toMatchObject({ status: 'taken', takenByVillageId: buyer.village.id });
  });

  it('accepted by two requests at once, trades once', async () => {
    const y = corner();
    const seller = await trader({ x: -190, y, marketplace: 5 });
    const buyers = [await trader({ x: -186, y, marketplace: 5 }), await trader({ x: -182, y, marketplace: 5 })];
    const offer = (await offerFrom(seller, { resource: 'stone', amount: 800 }, { resource: 'mead', amount: 900 })).body.offer;
    const before = await Promise.all(buyers.map(stockOf));
    const replies = await Promise.all(buyers.map((b) => accept(b, offer.id)));
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    const loser = replies.findIndex((r) => r.status === 409);
    expect(replies[loser].body.error).toBe(TRADE_MESSAGES.offerClosed);
    expect(await stockOf(buyers[loser])).toEqual(before[loser]);
    expect(before[1 - loser].mead - (await stockOf(buyers[1 - loser])).mead).toBe(900);
    const fromSeller = await t.database.db.select().from(movements).where(eq(movements.fromVillageId, seller.village.id));
    expect(fromSeller.map((m) => [m.toVillageId, m.cargo?.stone])).toEqual([[buyers[1 - loser].village.id, 800]]);
    expect(await t.database.db.select().from(movements).where(eq(movements.fromVillageId, buyers[loser].village.id))).toEqual([]);
  });
});

describe('the merchant exchange', () => {
  it('trades one for one, once an hour, and refuses what would not fit, changing nothing', async () => {
    const y = corner();
    const village = await trader({ x: -190, y, marketplace: 1, stores: 0, stock: 300 });
    const exchange = (body: { from: string; to: string; amount: number }) => call<MarketJson>(village.player, 'POST', `/api/villages/${village.village.id}/market/exchange`, body);
    await setStock(village.village, { timber: 700, stone: 300, iron: 300, mead: 300 });
    const before = await stockOf(village);
    // 300 + 600 stone would not fit in 800.
    expect(await exchange({ from: 'timber', to: 'stone', amount: 600 })).toMatchObject({ status: 409, body: { error: 'Not enough room in the stores for that' } });
    expect(await exchange({ from: 'timber', to: 'timber', amount: 10 })).toMatchObject({ status: 409, body: { error: TRADE_MESSAGES.exchangeSame } });
    expect(await exchange({ from: 'iron', to: 'stone', amount: 301 })).toMatchObject({ status: 409, body: { error: 'Not enough resources' } });
    expect(await stockOf(village)).toEqual(before);
    const done = await exchange({ from: 'timber', to: 'stone', amount: 200 });
    expect(done.status).toBe(200);
    expect(done.body.exchange).toEqual({ availableAt: iso(t.clock.now().getTime() + EXCHANGE_COOLDOWN_SECONDS * 1000), cooldownSeconds: EXCHANGE_COOLDOWN_SECONDS });
    const after = await stockOf(village);
    expect([before.timber - after.timber, after.stone - before.stone]).toEqual([200, 200]);
    expect(await exchange({ from: 'iron', to: 'stone', amount: 10 })).toMatchObject({ status: 409, body: { error: TRADE_MESSAGES.exchangeCooldown } });
    t.clock.advance(EXCHANGE_COOLDOWN_SECONDS * 1000);
    expect((await marketOf(village)).exchange.availableAt).toBeNull();
    expect((await exchange({ from: 'iron', to: 'mead', amount: 10 })).status).toBe(200);

    const bare = await trader({ x: -186, y, marketplace: 0 });
    expect(await call(bare.player, 'POST', `/api/villages/${bare.village.id}/market/exchange`, { from: 'timber', to: 'stone', amount: 1 })).toMatchObject({
      status: 409,
      body: { error: TRADE_MESSAGES.noMarketplace },
    });
  });
});
