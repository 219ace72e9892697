// How the marketplace's actions write their replies into the cache: the market and movements they return, and what else they change.
import type { QueryClient } from '@tanstack/react-query';
import type { AcceptedTrade, Market, ShipmentResponse } from '../../api/trade';
import { putMovement } from '../../state/army';
import { putQueryData } from '../../state/queryClient';
import { queryKeys, type Viewer } from '../../state/queryKeys';

/** The market a reply carries replaces the last read at once (a read still on its way is older). */
export function putMarket(client: QueryClient, viewer: Viewer, market: Market): void {
  putQueryData(client, queryKeys.market(viewer, market.villageId), market);
}

/** Resources left the village's stores (or came back): its overview and the top bar are read again. */
function stockChanged(client: QueryClient, viewer: Viewer, villageId: string): void {
  void client.invalidateQueries({ queryKey: queryKeys.overview(viewer, villageId) });
}

/** Merchants left: the movement joins the list, the market is the reply's, and previews count fewer merchants at home. */
export function shipped(client: QueryClient, viewer: Viewer, reply: ShipmentResponse): void {
  putMarket(client, viewer, reply.market);
  putMovement(client, viewer, reply.movement);
  void client.invalidateQueries({ queryKey: queryKeys.shipmentPreviews(viewer, reply.market.villageId) });
  stockChanged(client, viewer, reply.market.villageId);
}

/** The exchange answers the market (its next use); the stores changed. */
export function exchanged(client: QueryClient, viewer: Viewer, market: Market): void {
  putMarket(client, viewer, market);
  stockChanged(client, viewer, market.villageId);
}

/**
 * An offer posted or withdrawn holds or frees resources and merchants of the village: its market, previews and offer
 * lists are read again, with its stock.
 */
export function offersChanged(client: QueryClient, viewer: Viewer, villageId: string): void {
  void client.invalidateQueries({ queryKey: queryKeys.market(viewer, villageId) });
  stockChanged(client, viewer, villageId);
}

/**
 * An offer taken: both deliveries join the movements, the village paid and its merchants left, and the offer is gone
 * from every village's lists (another village of the player's may list it too).
 */
export function traded(client: QueryClient, viewer: Viewer, order: { villageId: string; reply: AcceptedTrade }): void {
  putMovement(client, viewer, order.reply.outgoing);
  putMovement(client, viewer, order.reply.incoming);
  void client.invalidateQueries({ queryKey: queryKeys.markets(viewer) });
  stockChanged(client, viewer, order.villageId);
}
