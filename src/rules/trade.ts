// Merchants and the market: how many merchants a marketplace keeps, what they carry and how fast, the limits on offers and the exchange.
import { RESOURCE_TYPES, type ResourceType, type Resources } from './resources';
import { distance, type Point } from './world';

/** Merchants a marketplace keeps per level (level 10: ten merchants). */
export const MERCHANTS_PER_LEVEL = 1;
/** Resources one merchant carries, all kinds together. */
export const MERCHANT_LOAD = 500;
/** Tiles a merchant walks per hour at world speed 1 (armies' fastest foot soldiers walk 6 to 7). */
export const MERCHANT_SPEED = 16;
/**
 * An offer may ask at most twice what it gives and give at most twice what it asks: a trade is a trade, not a gift
 * to a friend (2,000 timber for 1 iron is refused).
 */
export const MAX_OFFER_RATIO = 2;
/** Seconds between two uses of the merchant exchange in one village. */
export const EXCHANGE_COOLDOWN_SECONDS = 3600;

export const OFFER_STATUSES = ['open', 'taken', 'withdrawn'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** One amount of one resource, as an offer gives or asks it. */
export interface ResourceAmount {
  resource: ResourceType;
  amount: number;
}

export const TRADE_MESSAGES = {
  noMarketplace: 'Build a marketplace first',
  nothingToSend: 'Choose at least one resource to send',
  notEnoughMerchants: 'Not enough merchants at home',
  sameVillage: 'Merchants cannot deliver to the village they stand in',
  otherWorld: 'That village is in another world',
  noVillageThere: 'There is no village on that tile',
  sameResource: 'Offer and ask for two different resources',
  ratio: `An offer may ask at most ${MAX_OFFER_RATIO} times what it gives, and give at most ${MAX_OFFER_RATIO} times what it asks`,
  offerClosed: 'This offer is no longer open',
  ownOffer: 'You cannot accept your own offer',
  notYourOffer: 'This offer is not yours',
  noSuchOffer: 'No such offer',
  exchangeSame: 'Exchange between two different resources',
  exchangeCooldown: 'The merchant exchange can be used once an hour in each village',
} as const;

/** Merchants a marketplace of `level` keeps (none without one). */
export function merchantsAt(level: number): number {
  return Math.max(0, level) * MERCHANTS_PER_LEVEL;
}

/** The total of a shipment, all kinds together. */
export function shipmentTotal(cargo: Partial<Resources>): number {
  return RESOURCE_TYPES.reduce((sum, r) => sum + (cargo[r] ?? 0), 0);
}

/** Merchants needed to carry `total` resources (0 for nothing). */
export function merchantsNeeded(total: number): number {
  return Math.ceil(Math.max(0, total) / MERCHANT_LOAD);
}

/** Merchants' speed in tiles per hour in a world of `worldSpeed`. */
export function merchantSpeed(worldSpeed: number): number {
  return MERCHANT_SPEED * worldSpeed;
}

/** Seconds merchants take from one tile to another (at least one second). The walk home takes as long. */
export function merchantSeconds(from: Point, to: Point, worldSpeed: number): number {
  const hours = distance(from.x, from.y, to.x, to.y) / merchantSpeed(worldSpeed);
  return Math.max(1, Math.round(hours * 3600));
}

/** Why an offer's two sides cannot stand, or null: two different resources, within the ratio limit. */
export function offerRefusal(offer: ResourceAmount, want: ResourceAmount): string | null {
  if (offer.resource === want.resource) return TRADE_MESSAGES.sameResource;
  if (want.amount > offer.amount * MAX_OFFER_RATIO || offer.amount > want.amount * MAX_OFFER_RATIO) return TRADE_MESSAGES.ratio;
  return null;
}

/** What a delivery lands in stores holding `stock` of at most `capacity`: what is taken in and what is lost. */
export function landing(cargo: Resources, stock: Resources, capacity: Resources): { kept: Resources; lost: Resources } {
  const kept = { timber: 0, stone: 0, iron: 0, mead: 0 };
  const lost = { timber: 0, stone: 0, iron: 0, mead: 0 };
  for (const r of RESOURCE_TYPES) {
    const room = Math.max(0, Math.floor(capacity[r] - stock[r]));
    kept[r] = Math.min(cargo[r], room);
    lost[r] = cargo[r] - kept[r];
  }
  return { kept, lost };
}

/** A single amount as the four resources (the others 0). */
export function asResources({ resource, amount }: ResourceAmount): Resources {
  const all = { timber: 0, stone: 0, iron: 0, mead: 0 };
  all[resource] = amount;
  return all;
}

/** When the exchange may be used again after `lastAt` (epoch ms), or null when it may be used at `now`. */
export function exchangeAvailableAt(lastAt: number | null, now: number): number | null {
  if (lastAt === null) return null;
  const next = lastAt + EXCHANGE_COOLDOWN_SECONDS * 1000;
  return next > now ? next : null;
}

