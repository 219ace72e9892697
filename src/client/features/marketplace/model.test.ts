import { describe, expect, it } from 'vitest';
import type { Market, TradeOffer } from '../../api/trade';
import type { Movement } from '../../api/army';
import { TRADE_MESSAGES } from '../../../rules/trade';
import {
  acceptRefusal,
  amountOf,
  askRange,
  coordinate,
  exchangeMax,
  exchangeRefusal,
  instantRefusal,
  isShipmentOf,
  maxToSend,
  newOfferRefusal,
  onClientClock,
  parseTarget,
  serverOffsetMs,
} from './model';

const MARKET: Market = {
  villageId: 'v1',
  marketplaceLevel: 2,
  merchants: { total: 2, atHome: 2, travelling: 0, reserved: 0 },
  merchantLoad: 500,
  merchantSpeed: 16,
  maxOfferRatio: 2,
  exchange: { availableAt: null, cooldownSeconds: 3600 },
};
const none = { timber: 0, stone: 0, iron: 0, mead: 0 };
const stock = { timber: 900, stone: 50, iron: 0, mead: 700 };
const capacity = { timber: 1000, stone: 1000, iron: 1000, mead: 800 };

describe('the address and typed amounts', () => {
  it('reads a target tile from ?x=&y= and nothing else', () => {
    expect(parseTarget(new URLSearchParams('x=12&y=-4'))).toEqual({ x: 12, y: -4 });
    expect(parseTarget(new URLSearchParams('x=12'))).toBeNull();
    expect(parseTarget(new URLSearchParams('x=201&y=0'))).toBeNull();
    expect(coordinate(' -200 ')).toBe(-200);
    expect(coordinate('1.5')).toBeNull();
  });

  it('reads amounts as whole numbers from 0 up to the contract’s limit', () => {
    expect(amountOf('')).toBe(0);
    expect(amountOf('-3')).toBe(0);
    expect(amountOf('12.7')).toBe(12);
    expect(amountOf('99999999999')).toBe(10_000_000);
  });
});

describe('sending', () => {
  it('fills up to the stock and what the merchants at home can still carry', () => {
    expect(maxToSend('timber', { amounts: none, stock, market: MARKET })).toBe(900);
    expect(maxToSend('timber', { amounts: { ...none, mead: 300 }, stock, market: MARKET })).toBe(700);
    expect(maxToSend('iron', { amounts: none, stock, market: MARKET })).toBe(0);
    expect(maxToSend('stone', { amounts: { ...none, timber: 1000, stone: 20 }, stock, market: MARKET })).toBe(0);
  });

  it('knows some refusals before the server answers', () => {
    const from = { x: 0, y: 0 };
    expect(instantRefusal({ amounts: none, market: MARKET, from, target: { x: 3, y: 3 } })).toBe(TRADE_MESSAGES.nothingToSend);
    expect(instantRefusal({ amounts: { ...none, timber: 5 }, market: MARKET, from, target: from })).toBe(TRADE_MESSAGES.sameVillage);
    expect(instantRefusal({ amounts: { ...none, timber: 1001 }, market: MARKET, from, target: { x: 3, y: 3 } })).toBe(TRADE_MESSAGES.notEnoughMerchants);
    expect(instantRefusal({ amounts: { ...none, timber: 1000 }, market: MARKET, from, target: { x: 3, y: 3 } })).toBeNull();
  });
});

describe('offers', () => {
  it('names what an amount may ask for within the ratio', () => {
    expect(askRange(1000)).toEqual({ min: 500, max: 2000 });
    expect(askRange(3)).toEqual({ min: 2, max: 6 });
    expect(askRange(0)).toBeNull();
  });

  it('refuses a new offer beyond the ratio, of one resource, without merchants or stock', () => {
    const order = (offer: number, want: number) => ({ offer: { resource: 'timber' as const, amount: offer }, want: { resource: 'iron' as const, amount: want }, market: MARKET, stock });
    expect(newOfferRefusal(order(500, 1000))).toBeNull();
    expect(newOfferRefusal(order(500, 1001))).toBe(TRADE_MESSAGES.ratio);
    expect(newOfferRefusal(order(500, 249))).toBe(TRADE_MESSAGES.ratio);
    expect(newOfferRefusal({ ...order(500, 500), want: { resource: 'timber', amount: 500 } })).toBe(TRADE_MESSAGES.sameResource);
    expect(newOfferRefusal(order(1001, 1001))).toBe(TRADE_MESSAGES.notEnoughMerchants);
    expect(newOfferRefusal({ ...order(950, 950), stock: { ...stock, timber: 900 } })).toBe('Not enough timber');
  });

  it('refuses to accept without merchants or the asked resource', () => {
    const offer = { want: { resource: 'stone', amount: 40 } } as Pick<TradeOffer, 'want'>;
    const take = (want: TradeOffer['want'], market = MARKET) => acceptRefusal({ ...offer, want } as TradeOffer, { market, stock });
    expect(take({ resource: 'stone', amount: 40 })).toBeNull();
    expect(take({ resource: 'stone', amount: 60 })).toBe('Not enough stone');
    expect(take({ resource: 'timber', amount: 600 }, { ...MARKET, merchants: { ...MARKET.merchants, atHome: 1 } })).toBe(TRADE_MESSAGES.notEnoughMerchants);
  });
});

describe('the exchange', () => {
  it('gives at most the stock of one and the room in the other store', () => {
    expect(exchangeMax({ from: 'timber', to: 'stone' }, { stock, capacity })).toBe(900);
    expect(exchangeMax({ from: 'timber', to: 'mead' }, { stock, capacity })).toBe(100);
    expect(exchangeRefusal({ from: 'timber', to: 'timber', amount: 5 }, { stock, capacity })).toBe(TRADE_MESSAGES.exchangeSame);
    expect(exchangeRefusal({ from: 'timber', to: 'mead', amount: 101 }, { stock, capacity })).toMatch(/no room/);
    expect(exchangeRefusal({ from: 'stone', to: 'iron', amount: 51 }, { stock, capacity })).toBe('Not enough stone');
    expect(exchangeRefusal({ from: 'timber', to: 'mead', amount: 100 }, { stock, capacity })).toBeNull();
  });

  it('puts a server instant on the client’s clock', () => {
    const offset = serverOffsetMs('2026-01-01T12:00:05.000Z', Date.parse('2026-01-01T12:00:00.000Z'));
    expect(offset).toBe(5000);
    expect(onClientClock('2026-01-01T13:00:05.000Z', offset)).toBe(Date.parse('2026-01-01T13:00:00.000Z'));
    expect(onClientClock(null, offset)).toBeNull();
    expect(serverOffsetMs(undefined, 1)).toBe(0);
  });
});

describe('shipments', () => {
  it('are merchants’ movements from or to the village', () => {
    const move = (type: Movement['type'], from: string, to: string) => ({ type, fromVillage: { id: from }, toVillage: { id: to } }) as Movement;
    expect(isShipmentOf(move('delivery', 'v1', 'v2'), 'v1')).toBe(true);
    expect(isShipmentOf(move('merchants_return', 'v2', 'v1'), 'v1')).toBe(true);
    expect(isShipmentOf(move('delivery', 'v2', 'v3'), 'v1')).toBe(false);
    expect(isShipmentOf(move('attack', 'v1', 'v2'), 'v1')).toBe(false);
  });
});
