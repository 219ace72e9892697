// Two server processes on one PostgreSQL: each trade offer accepted by two players at the same instant, one through each process, is taken exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { jsonCall as call, TwinServers } from '../support/twin-servers';
import type { Database } from '../../src/server/db/open';
import { movements, tradeOffers, villages } from '../../src/server/db/schema';
import { createWorld } from '../../src/server/operators/world-admin';
import { setBuildingLevel } from '../../src/server/operators/operator';
import { idOf, type OfferId, type VillageId } from '../../src/rules/ids';

const url = process.env.DATABASE_URL;
const OFFERS = 12;

interface Trader {
  token: string;
  village: VillageId;
}

describe.skipIf(!url)('trade offers through two server processes', () => {
  const twins = new TwinServers();
  const { bases } = twins;
  let database: Database;

  beforeAll(async () => {
    await twins.start(url!);
    database = twins.database;
  });
  afterAll(() => twins.stop());

  it('takes each offer once when two players accept it at once, one through each process', async () => {
    const world = await createWorld(database.db, { name: 'Twin Markets', speed: 1 });
    const traders: Trader[] = [];
    for (const [i, name] of ['mkseller', 'mkbuyera', 'mkbuyerb'].entries()) {
      const registered = await call<{ token: string }>(bases[0], 'POST', '/api/auth/register', undefined, { username: name, email: `${name}@example.com`, password: 'Valhalla#2026' });
      const joined = await call<{ village: { id: string } }>(bases[1], 'POST', `/api/worlds/${world.id}/join`, registered.json.token);
      const village = idOf<VillageId>(joined.json.village.id);
      // Side by side in a corner; a marketplace of 20 and full stores (the game would build and fill them).
      await database.db.update(villages).set({ x: 150 + 3 * i, y: 150 }).where(eq(villages.id, village));
      for (const type of ['marketplace', 'warehouse', 'granary']) await setBuildingLevel(database.db, { villageId: village, type, level: 20 }, new Date());
      await database.db.update(villages).set({ timber: 20_000, stone: 20_000, iron: 20_000, mead: 20_000, resourcesAt: new Date() }).where(eq(villages.id, village));
      traders.push({ token: registered.json.token, village });
    }
    const [seller, ...buyers] = traders;

    const offers: OfferId[] = [];
    for (let i = 0; i < OFFERS; i++) {
      const made = await call<{ offer: { id: string } }>(bases[i % 2], 'POST', `/api/villages/${seller.village}/market/offers`, seller.token, {
        offer: { resource: 'timber', amount: 500 },
        want: { resource: 'iron', amount: 400 },
      });
      expect(made.status).toBe(201);
      offers.push(idOf<OfferId>(made.json.offer.id));
    }

    const wins = new Map<VillageId, number>(buyers.map((b) => [b.village, 0]));
    for (const [i, offerId] of offers.entries()) {
      // Each round the two buyers swap processes, so either process may be the one that loses.
      const replies = await Promise.all(
        buyers.map((buyer, k) => call<{ error?: string }>(bases[(i + k) % 2], 'POST', `/api/trade-offers/${offerId}/accept`, buyer.token, { villageId: buyer.village })),
      );
      expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(replies.find((r) => r.status === 409)?.json.error).toBe('This offer is no longer open');
      const winner = buyers[replies.findIndex((r) => r.status === 201)].village;
      wins.set(winner, (wins.get(winner) ?? 0) + 1);
    }

    const rows = await database.db.select().from(tradeOffers).where(inArray(tradeOffers.id, offers));
    expect(rows.every((o) => o.status === 'taken' && o.takenByVillageId !== null)).toBe(true);
    // One delivery each way per offer: the seller's timber to its taker, and the taker's iron to the seller.
    const fromSeller = await database.db.select().from(movements).where(eq(movements.fromVillageId, seller.village));
    expect(fromSeller.filter((m) => m.type === 'delivery')).toHaveLength(OFFERS);
    for (const buyer of buyers) {
      const paid = (await database.db.select().from(movements).where(eq(movements.fromVillageId, buyer.village))).filter((m) => m.type === 'delivery');
      expect(paid).toHaveLength(wins.get(buyer.village)!);
      expect(paid.every((m) => m.cargo?.iron === 400 && m.toVillageId === seller.village)).toBe(true);
      const taken = rows.filter((o) => o.takenByVillageId === buyer.village).length;
      expect(taken).toBe(wins.get(buyer.village));
      expect(fromSeller.filter((m) => m.toVillageId === buyer.village)).toHaveLength(taken);
    }
  });
});
