// A village's marketplace: its merchants (at home, on the road, held by offers), the merchant exchange's cooldown, and the Market reply.
import { eq, sql } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { marketExchanges, movements, tradeOffers, villages } from '../db/schema';
import { EXCHANGE_COOLDOWN_SECONDS, MAX_OFFER_RATIO, MERCHANT_LOAD, exchangeAvailableAt, merchantSpeed, merchantsAt } from '../../rules/trade';
import { buildingLevels } from '../../rules/buildings';
import type { VillageState } from '../../rules/village-timeline';
import type { VillageId } from '../../rules/ids';
import { readVillage, type SettledVillage, type VillageOrder } from '../village/villages';

export type MarketView = Schema<'Market'>;
export type MerchantsView = Schema<'Merchants'>;

/** The level of the village's marketplace (the highest, should it have several); 0 without one. */
export function marketplaceLevel(state: Pick<VillageState, 'buildings'>): number {
  return buildingLevels(state.buildings).marketplace ?? 0;
}

/** What keeps a village's merchants from home at an instant, and when it last used the exchange. */
export interface MerchantsAway {
  /** On a delivery or walking back. */
  travelling: number;
  /** Held by the village's open offers. */
  reserved: number;
  lastExchangeAt: Date | null;
}

/**
 * Merchants of the village away at `now`, in one statement. They are counted by time, never by what has been applied:
 * the merchants of a delivery are away from its departure until as long again after its arrival (out and back), however
 * late the target village is settled. Read under the village's row lock (every send, offer and acceptance is), the count
 * cannot change underneath: only this village's own actions start a delivery from it or post an offer, and taking an
 * offer turns held merchants into travelling ones in one commit.
 *
 * Read through two indexed halves that add up to exactly that count: a delivery not yet landed (movements_merchants_from),
 * and once it has landed, its walk home, which lands its merchants at that same instant (movements_to; a walk home
 * still to come cannot have been applied). Old deliveries, which never leave the table, are not scanned.
 */
export async function merchantsAway(db: Db, villageId: VillageId, now: Date): Promise<MerchantsAway> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .select({
      outward: sql<number>`(select coalesce(sum(m.merchants), 0)::int from ${movements} m
        where m.from_village_id = ${villageId} and m.resolved_at is null and m.merchants > 0 and m.type = 'delivery'
          and m.arrives_at + (m.arrives_at - m.departed_at) > ${at})`.mapWith(Number),
      homeward: sql<number>`(select coalesce(sum(m.merchants), 0)::int from ${movements} m
        where m.to_village_id = ${villageId} and m.resolved_at is null and m.type = 'merchants_return' and m.arrives_at > ${at})`.mapWith(Number),
      reserved: sql<number>`(select coalesce(sum(o.merchants), 0)::int from ${tradeOffers} o where o.village_id = ${villageId} and o.status = 'open')`.mapWith(Number),
      lastExchangeAt: sql<Date | null>`(select e.exchanged_at from ${marketExchanges} e where e.village_id = ${villageId})`.mapWith((value: string | Date | null) =>
        value === null ? null : new Date(value),
      ),
    })
    .from(villages)
    .where(eq(villages.id, villageId));
  if (!row) return { travelling: 0, reserved: 0, lastExchangeAt: null };
  return { travelling: row.outward + row.homeward, reserved: row.reserved, lastExchangeAt: row.lastExchangeAt };
}

/** The village's merchants: one per marketplace level, less those away. */
export function merchantsOf(state: Pick<VillageState, 'buildings'>, away: MerchantsAway): MerchantsView {
  const total = merchantsAt(marketplaceLevel(state));
  return { total, atHome: Math.max(0, total - away.travelling - away.reserved), travelling: away.travelling, reserved: away.reserved };
}

/** The Market reply of a settled village whose merchants away were just read. */
export function marketView({ state, env, now }: SettledVillage, away: MerchantsAway): MarketView {
  const availableAt = exchangeAvailableAt(away.lastExchangeAt?.getTime() ?? null, now);
  return {
    villageId: state.id,
    marketplaceLevel: marketplaceLevel(state),
    merchants: merchantsOf(state, away),
    merchantLoad: MERCHANT_LOAD,
    merchantSpeed: merchantSpeed(env.worldSpeed),
    maxOfferRatio: MAX_OFFER_RATIO,
    exchange: { availableAt: availableAt === null ? null : new Date(availableAt).toISOString(), cooldownSeconds: EXCHANGE_COOLDOWN_SECONDS },
  };
}

/** The Market of a settled village, its merchants read now (inside an action's transaction: as that action leaves them). */
export async function marketOf(db: Db, village: SettledVillage): Promise<MarketView> {
  return marketView(village, await merchantsAway(db, village.state.id, new Date(village.now)));
}

/** GET market: one of the caller's villages, settled to now. */
export async function getMarket(db: Db, { actor, villageId, now }: VillageOrder): Promise<MarketView> {
  return marketOf(db, await readVillage(db, actor, villageId, now));
}
