// Routes of the trade tag: the market of a village, shipments and their preview, the merchant exchange, and trade offers.
import type { AppContext } from '../context';
import { idOf, type Handlers, type OfferId, type PlayerId, type VillageId } from '../operations';
import { getMarket } from './market';
import { previewShipment, sendResources } from './shipments';
import { exchangeResources } from './exchange';
import { acceptTradeOffer, createTradeOffer, listTradeOffers, withdrawTradeOffer } from './offers';

export function tradeRoutes(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  /** The caller acting on the village the path names, now. */
  const order = (actor: PlayerId, villageId: string) => ({ actor, villageId: idOf<VillageId>(villageId), now: clock.now() });
  return {
    async getMarket({ user, params }) {
      return getMarket(db, order(user.id, params.villageId));
    },

    async previewShipment({ user, params, query }) {
      const resources = { timber: query.timber ?? 0, stone: query.stone ?? 0, iron: query.iron ?? 0, mead: query.mead ?? 0 };
      return previewShipment(db, order(user.id, params.villageId), { x: query.x, y: query.y, resources });
    },

    async sendResources({ user, sitter, params, body }) {
      // A sitter (in a sitting session) may only ship between the owner's own villages: the service refuses the rest.
      return sendResources(db, order(user.id, params.villageId), { ...body, sittingBy: sitter?.id ?? null });
    },

    async exchangeResources({ user, params, body }) {
      return exchangeResources(db, order(user.id, params.villageId), body);
    },

    async listTradeOffers({ user, params, query }) {
      return listTradeOffers(db, order(user.id, params.villageId), { offering: query.offering, wanting: query.wanting, page: query.page ?? 1, limit: query.limit ?? 20 });
    },

    async createTradeOffer({ user, params, body }) {
      return createTradeOffer(db, order(user.id, params.villageId), body);
    },

    async withdrawTradeOffer({ user, params }) {
      return withdrawTradeOffer(db, { actor: user.id, offerId: idOf<OfferId>(params.offerId), now: clock.now() });
    },

    async acceptTradeOffer({ user, params, body }) {
      return acceptTradeOffer(db, { actor: user.id, offerId: idOf<OfferId>(params.offerId), now: clock.now() }, idOf<VillageId>(body.villageId));
    },
  };
}
