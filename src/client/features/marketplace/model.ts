// Pure helpers of the marketplace page: the target the address asks for, typed amounts, what merchants at home can carry, the hints shown before the server answers, offers' limits and the exchange.
import type { Movement } from '../../api/army';
import type { Market, TradeOffer } from '../../api/trade';
import { RESOURCE_NAMES, mapResources, type ResourceType, type Resources } from '../../../rules/resources';
import { MAX_OFFER_RATIO, TRADE_MESSAGES, merchantsNeeded, offerRefusal, shipmentTotal, type ResourceAmount } from '../../../rules/trade';

/** The client's own refusals (English; refusals.ts gives them in the player's language). */
export const MARKET_FORM_MESSAGES = {
  chooseOffer: 'Choose what to offer and what to ask for',
  chooseAmount: 'Choose an amount to exchange',
} as const;

/** 'Not enough timber'. */
export function notEnoughMessage(resource: ResourceType): string {
  return `Not enough ${RESOURCE_NAMES[resource].toLowerCase()}`;
}

/** 'The stone store has no room for that much'. */
export function noRoomMessage(resource: ResourceType): string {
  return `The ${RESOURCE_NAMES[resource].toLowerCase()} store has no room for that much`;
}

/** The contract's largest amount of one resource in a request. */
export const MAX_AMOUNT = 10_000_000;

/** A map coordinate typed or in the address ('-40'), or null for anything else. */
export function coordinate(text: string | null): number | null {
  if (text === null || !/^\s*-?\d{1,3}\s*$/.test(text)) return null;
  const value = Number(text.trim());
  return Math.abs(value) <= 200 ? value : null;
}

/** The tile the map asked to send to: `?x=12&y=-4`, or null. */
export function parseTarget(params: URLSearchParams): { x: number; y: number } | null {
  const x = coordinate(params.get('x'));
  const y = coordinate(params.get('y'));
  return x !== null && y !== null ? { x, y } : null;
}

/** A typed amount as a whole number from 0 to MAX_AMOUNT; anything unreadable is 0. */
export function amountOf(text: string | undefined): number {
  const value = Math.floor(Number(text ?? ''));
  if (!Number.isFinite(value) || value <= 0) return 0;
  return Math.min(value, MAX_AMOUNT);
}

/** The four typed amounts of the send form. */
export function amountsOf(texts: Partial<Record<ResourceType, string>>): Resources {
  return mapResources((r) => amountOf(texts[r]));
}

/** What the merchants at home can carry together. */
export function carryLimit(market: Market): number {
  return market.merchants.atHome * market.merchantLoad;
}

/** The 'max' of one resource on the send form: what is in stock, within what the merchants at home can still carry. */
export function maxToSend(resource: ResourceType, order: { amounts: Resources; stock: Resources; market: Market }): number {
  const others = shipmentTotal(order.amounts) - order.amounts[resource];
  return Math.max(0, Math.min(Math.floor(order.stock[resource]), carryLimit(order.market) - others));
}

/**
 * Why the shipment cannot leave, as far as the client already knows before the server's preview answers (the game's
 * own messages), or null. The preview's `refusal` is the word that counts.
 */
export function instantRefusal(order: { amounts: Resources; market: Market; from: { x: number; y: number }; target: { x: number; y: number } | null }): string | null {
  const { amounts, market, from, target } = order;
  if (target && target.x === from.x && target.y === from.y) return TRADE_MESSAGES.sameVillage;
  const total = shipmentTotal(amounts);
  if (total === 0) return TRADE_MESSAGES.nothingToSend;
  if (merchantsNeeded(total) > market.merchants.atHome) return TRADE_MESSAGES.notEnoughMerchants;
  return null;
}

/** What an offer of `amount` may ask in return: from a half to twice as much (MAX_OFFER_RATIO), or null for no amount. */
export function askRange(amount: number, ratio: number = MAX_OFFER_RATIO): { min: number; max: number } | null {
  if (amount <= 0) return null;
  return { min: Math.ceil(amount / ratio), max: Math.floor(amount * ratio) };
}

/** Why an offer being typed cannot be posted (the rule the server applies, then merchants and stock), or null. */
export function newOfferRefusal(order: { offer: ResourceAmount; want: ResourceAmount; market: Market; stock: Resources | null }): string | null {
  const { offer, want, market, stock } = order;
  if (offer.amount <= 0 || want.amount <= 0) return MARKET_FORM_MESSAGES.chooseOffer;
  const rule = offerRefusal(offer, want);
  if (rule) return rule;
  if (merchantsNeeded(offer.amount) > market.merchants.atHome) return TRADE_MESSAGES.notEnoughMerchants;
  if (stock && stock[offer.resource] < offer.amount) return notEnoughMessage(offer.resource);
  return null;
}

/** Why this village cannot take `offer` now (it pays the asked amount and its merchants carry it), or null. */
export function acceptRefusal(offer: TradeOffer, village: { market: Market; stock: Resources | null }): string | null {
  if (merchantsNeeded(offer.want.amount) > village.market.merchants.atHome) return TRADE_MESSAGES.notEnoughMerchants;
  if (village.stock && village.stock[offer.want.resource] < offer.want.amount) return notEnoughMessage(offer.want.resource);
  return null;
}

/** The exchange's 'max': what is in stock of `from` and still fits in the store of `to` (an amount that would not fit is refused). */
export function exchangeMax(exchange: { from: ResourceType; to: ResourceType }, stores: { stock: Resources; capacity: Resources }): number {
  const room = Math.floor(stores.capacity[exchange.to] - stores.stock[exchange.to]);
  return Math.max(0, Math.min(Math.floor(stores.stock[exchange.from]), room));
}

/** Why the exchange cannot be used as typed, or null; whether it is available now is shown by its countdown. */
export function exchangeRefusal(exchange: { from: ResourceType; to: ResourceType; amount: number }, stores: { stock: Resources; capacity: Resources } | null): string | null {
  if (exchange.from === exchange.to) return TRADE_MESSAGES.exchangeSame;
  if (exchange.amount <= 0) return MARKET_FORM_MESSAGES.chooseAmount;
  if (!stores) return null;
  if (stores.stock[exchange.from] < exchange.amount) return notEnoughMessage(exchange.from);
  if (exchangeMax(exchange, stores) < exchange.amount) return noRoomMessage(exchange.to);
  return null;
}

/** Merchants leaving, arriving at or walking home to `villageId`. */
export function isShipmentOf(movement: Movement, villageId: string): boolean {
  return (movement.type === 'delivery' || movement.type === 'merchants_return') && (movement.fromVillage.id === villageId || movement.toVillage.id === villageId);
}

/** How far the server's clock is ahead of the client's, from a read's `serverTime` and the client's clock when it arrived. */
export function serverOffsetMs(serverTime: string | undefined, readAt: number): number {
  const server = serverTime === undefined ? Number.NaN : Date.parse(serverTime);
  return Number.isFinite(server) && readAt > 0 ? server - readAt : 0;
}

/** A server instant (ISO) on the client's clock, or null when there is none. */
export function onClientClock(iso: string | null, offsetMs: number): number | null {
  if (iso === null) return null;
  const instant = Date.parse(iso);
  return Number.isFinite(instant) ? instant - offsetMs : null;
}
