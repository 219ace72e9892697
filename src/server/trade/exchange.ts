// The merchant exchange: one resource for the same amount of another, once an hour per village, never beyond the stores.
import { marketExchanges } from '../db/schema';
import type { Db } from '../db/open';
import { conflict } from '../errors';
import { asResources, exchangeAvailableAt } from '../../rules/trade';
import type { ResourceType } from '../../rules/resources';
import { villageEconomy } from '../../rules/village-timeline';
import { changeVillage, pay, playersVillage, type VillageOrder } from '../village/villages';
import { marketOf, marketplaceLevel, merchantsAway, type MarketView } from './market';

/** An exchange as the request states it. */
export interface ExchangeRequest {
  from: ResourceType;
  to: ResourceType;
  amount: number;
}

/**
 * Exchanges `amount` of one resource for as much of another in one of the player's villages. Under the village's row
 * lock, settled to now: the cooldown is read and renewed in the same transaction, so two exchanges at once make one.
 */
export async function exchangeResources(db: Db, order: VillageOrder, { from, to, amount }: ExchangeRequest): Promise<MarketView> {
  const { villageId, now } = order;
  return db.transaction(async (tx) => {
    const head = await playersVillage(tx, order);
    const { lastExchangeAt } = await merchantsAway(tx, villageId, now);
    const { village } = await changeVillage(tx, {
      village: head,
      now,
      change: ({ state, env }) => {
        if (marketplaceLevel(state) < 1) throw conflict('no_marketplace');
        if (from === to) throw conflict('exchange_same_resource');
        if (exchangeAvailableAt(lastExchangeAt?.getTime() ?? null, now.getTime()) !== null) throw conflict('exchange_cooldown');
        pay(state, asResources({ resource: from, amount }));
        // What would not fit is refused rather than lost: the player chose the amount.
        if (state.amounts[to] + amount > villageEconomy(state, env).capacity[to]) throw conflict('no_room_in_stores');
        state.amounts[to] += amount;
      },
    });
    await tx
      .insert(marketExchanges)
      .values({ villageId, exchangedAt: now })
      .onConflictDoUpdate({ target: marketExchanges.villageId, set: { exchangedAt: now } });
    return marketOf(tx, village);
  });
}
