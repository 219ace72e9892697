// Typed calls on trade: a village's market and merchants, the shipment preview, sending resources, the exchange and the offers.
import { api, unwrap } from './client';
import type { Schema } from '../../contract';

export type Market = Schema<'Market'>;
export type Merchants = Schema<'Merchants'>;
export type ShipmentPreview = Schema<'ShipmentPreview'>;
export type ShipmentResponse = Schema<'ShipmentResponse'>;
export type ResourceAmounts = Schema<'ResourceAmounts'>;
export type ExchangeRequest = Schema<'ExchangeRequest'>;
export type TradeOffer = Schema<'TradeOffer'>;
export type TradeOfferList = Schema<'TradeOfferList'>;
export type CreateTradeOfferRequest = Schema<'CreateTradeOfferRequest'>;
export type AcceptedTrade = Schema<'AcceptedTrade'>;
export type ResourceTypeName = Schema<'ResourceType'>;

/** Where merchants go and what they carry: the target tile and the four amounts. */
export interface Shipment {
  x: number;
  y: number;
  resources: ResourceAmounts;
}

/** Which open offers of others to list: by what they give or ask, one page at a time. */
export interface OfferFilter {
  offering?: ResourceTypeName;
  wanting?: ResourceTypeName;
  page: number;
  limit: number;
}

/** The village's marketplace level, its merchants (at home, travelling, held by offers) and the exchange's next use. */
export function getMarket(villageId: string, signal?: AbortSignal): Promise<Market> {
  return unwrap(api.GET('/api/villages/{villageId}/market', { params: { path: { villageId } }, signal }));
}

/** What sending `shipment` from the village would take and bring; `refusal` says why it could not leave now. */
export function previewShipment(villageId: string, shipment: Shipment, signal?: AbortSignal): Promise<ShipmentPreview> {
  const { x, y, resources } = shipment;
  return unwrap(api.GET('/api/villages/{villageId}/market/preview', { params: { path: { villageId }, query: { x, y, ...resources } }, signal }));
}

/** The merchants leave at once; the reply is their movement and the market afterwards. */
export function sendResources(villageId: string, shipment: Shipment): Promise<ShipmentResponse> {
  return unwrap(api.POST('/api/villages/{villageId}/market/shipments', { params: { path: { villageId } }, body: shipment }));
}

/** One resource for the same amount of another; the reply is the market afterwards (the exchange's next use). */
export function exchangeResources(villageId: string, exchange: ExchangeRequest): Promise<Market> {
  return unwrap(api.POST('/api/villages/{villageId}/market/exchange', { params: { path: { villageId } }, body: exchange }));
}

/** Others' open offers nearest to the village first (one page), and the village's own open offers. */
export function listTradeOffers(villageId: string, filter: OfferFilter, signal?: AbortSignal): Promise<TradeOfferList> {
  const query = {
    page: filter.page,
    limit: filter.limit,
    ...(filter.offering ? { offering: filter.offering } : {}),
    ...(filter.wanting ? { wanting: filter.wanting } : {}),
  };
  return unwrap(api.GET('/api/villages/{villageId}/market/offers', { params: { path: { villageId }, query }, signal }));
}

/** Posts an offer: its resources leave the stores and its merchants are held until it is taken or withdrawn. */
export async function createTradeOffer(villageId: string, order: CreateTradeOfferRequest): Promise<TradeOffer> {
  const { offer } = await unwrap(api.POST('/api/villages/{villageId}/market/offers', { params: { path: { villageId } }, body: order }));
  return offer;
}

/** Withdraws an open offer of the player's; its resources and merchants come back. */
export async function withdrawTradeOffer(offerId: string): Promise<TradeOffer> {
  const { offer } = await unwrap(api.DELETE('/api/trade-offers/{offerId}', { params: { path: { offerId } } }));
  return offer;
}

/** Accepts an offer, paying from `villageId`: both shipments leave at once. */
export function acceptTradeOffer(offerId: string, villageId: string): Promise<AcceptedTrade> {
  return unwrap(api.POST('/api/trade-offers/{offerId}/accept', { params: { path: { offerId } }, body: { villageId } }));
}
