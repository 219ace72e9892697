// The trade rules as a specification: merchants per marketplace, loads, travel, the offer ratio, landing and the exchange's hour.
import { describe, expect, it } from 'vitest';
import {
  EXCHANGE_COOLDOWN_SECONDS,
  MAX_OFFER_RATIO,
  TRADE_MESSAGES,
  asResources,
  exchangeAvailableAt,
  landing,
  merchantSeconds,
  merchantsAt,
  merchantsNeeded,
  offerRefusal,
  shipmentTotal,
} from './trade';

describe('merchants', () => {
  it('a marketplace keeps one per level, none without one', () => {
    expect(merchantsAt(0)).toBe(0);
    expect(merchantsAt(1)).toBe(1);
    expect(merchantsAt(10)).toBe(10);
  });

  it('each carries 500 of all kinds together', () => {
    expect(shipmentTotal({ timber: 300, iron: 201 })).toBe(501);
    expect(merchantsNeeded(0)).toBe(0);
    expect(merchantsNeeded(500)).toBe(1);
    expect(merchantsNeeded(501)).toBe(2);
  });

  it('walk 16 tiles an hour, faster in a faster world, never in no time', () => {
    expect(merchantSeconds({ x: 0, y: 0 }, { x: 16, y: 0 }, 1)).toBe(3600);
    expect(merchantSeconds({ x: 0, y: 0 }, { x: 16, y: 0 }, 2)).toBe(1800);
    expect(merchantSeconds({ x: 0, y: 0 }, { x: 0, y: 0 }, 1000)).toBe(1);
  });
});

describe('offers', () => {
  it('trade two different resources', () => {
    expect(offerRefusal({ resource: 'timber', amount: 100 }, { resource: 'timber', amount: 100 })).toBe(TRADE_MESSAGES.sameResource);
  });

  it(`may ask or give at most ${MAX_OFFER_RATIO} times the other side`, () => {
    expect(offerRefusal({ resource: 'timber', amount: 1000 }, { resource: 'iron', amount: 2000 })).toBeNull();
    expect(offerRefusal({ resource: 'timber', amount: 1000 }, { resource: 'iron', amount: 2001 })).toBe(TRADE_MESSAGES.ratio);
    expect(offerRefusal({ resource: 'timber', amount: 2000 }, { resource: 'iron', amount: 1000 })).toBeNull();
    expect(offerRefusal({ resource: 'timber', amount: 2001 }, { resource: 'iron', amount: 1000 })).toBe(TRADE_MESSAGES.ratio);
    // Passing a friend resources for nothing is what the limit stops.
    expect(offerRefusal({ resource: 'timber', amount: 5000 }, { resource: 'iron', amount: 1 })).toBe(TRADE_MESSAGES.ratio);
  });

  it('name one amount as the four resources', () => {
    expect(asResources({ resource: 'iron', amount: 7 })).toEqual({ timber: 0, stone: 0, iron: 7, mead: 0 });
  });
});

describe('a delivery landing', () => {
  it('fills the stores up to their capacity and loses the rest', () => {
    const { kept, lost } = landing({ timber: 600, stone: 100, iron: 0, mead: 50 }, { timber: 900.7, stone: 0, iron: 0, mead: 1000 }, { timber: 1200, stone: 1200, iron: 1200, mead: 1000 });
    expect(kept).toEqual({ timber: 299, stone: 100, iron: 0, mead: 0 });
    expect(lost).toEqual({ timber: 301, stone: 0, iron: 0, mead: 50 });
  });
});

describe('the merchant exchange', () => {
  it('may be used again an hour after its last use', () => {
    expect(exchangeAvailableAt(null, 0)).toBeNull();
    const last = 1_000_000;
    expect(exchangeAvailableAt(last, last + 1000)).toBe(last + EXCHANGE_COOLDOWN_SECONDS * 1000);
    expect(exchangeAvailableAt(last, last + EXCHANGE_COOLDOWN_SECONDS * 1000)).toBeNull();
  });
});
