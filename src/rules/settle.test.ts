// Pins lazy resource settlement and starvation order.
import { describe, it, expect } from 'vitest';
import { MS_PER_HOUR, instantWhenEmpty, settleResources, settleSnapshot, starvation } from './settle';

const t0 = Date.UTC(2025, 5, 1, 12);
const snapshot = { amounts: { timber: 750, stone: 750, iron: 750, mead: 100 }, at: t0 };
const rates = { timber: 100, stone: 60, iron: 30, mead: -40 };
const capacities = { timber: 800, stone: 1224, iron: 1224, mead: 800 };

describe('settleResources', () => {
  it('adds rate x hours, capped at capacity and floored at 0', () => {
    expect(settleResources(snapshot, rates, capacities, t0 + MS_PER_HOUR / 2)).toEqual({ timber: 800, stone: 780, iron: 765, mead: 80 });
    expect(settleResources(snapshot, rates, capacities, t0 + 2 * MS_PER_HOUR)).toEqual({ timber: 800, stone: 870, iron: 810, mead: 20 });
    expect(settleResources(snapshot, rates, capacities, t0 + 3 * MS_PER_HOUR)).toEqual({ timber: 800, stone: 930, iron: 840, mead: 0 });
  });

  it('costs the same after a month and never goes back in time', () => {
    const month = t0 + 30 * 24 * MS_PER_HOUR;
    expect(settleResources(snapshot, rates, capacities, month)).toEqual({ timber: 800, stone: 1224, iron: 1224, mead: 0 });
    expect(settleResources(snapshot, rates, capacities, t0 - MS_PER_HOUR)).toEqual(snapshot.amounts);
  });

  it('makes a new snapshot to store', () => {
    expect(settleSnapshot(snapshot, rates, capacities, t0 + MS_PER_HOUR)).toEqual({
      amounts: { timber: 800, stone: 810, iron: 780, mead: 60 },
      at: t0 + MS_PER_HOUR,
    });
  });
});

describe('when mead runs out', () => {
  it('finds the instant mead runs out', () => {
    expect(instantWhenEmpty(100, -40, t0)).toBe(t0 + 2.5 * MS_PER_HOUR);
    expect(instantWhenEmpty(0, -40, t0)).toBe(t0);
    expect(instantWhenEmpty(100, 0, t0)).toBeNull();
  });
});

describe('starvation', () => {
  it('starves nobody while mead remains or the net is not negative', () => {
    expect(starvation({ bondi: 5 }, 10, -20).starved).toEqual({});
    expect(starvation({ bondi: 5 }, 0, 0).starved).toEqual({});
  });

  it('starves the largest upkeep first until the net is not negative', () => {
    // catapult 6, drakkar 4, jarl 4 (table order breaks the tie), mounted_jarl 3 ...
    const units = { bondi: 20, mounted_jarl: 2, drakkar: 1, catapult: 1 };
    expect(starvation(units, 0, -5)).toEqual({
      starved: { catapult: 1 },
      remaining: { bondi: 20, mounted_jarl: 2, drakkar: 1, catapult: 0 },
      netMead: 1,
    });
    expect(starvation(units, 0, -14)).toEqual({
      starved: { catapult: 1, drakkar: 1, mounted_jarl: 2 },
      remaining: { bondi: 20, mounted_jarl: 0, drakkar: 0, catapult: 0 },
      netMead: 2,
    });
    expect(starvation(units, 0, -20)).toEqual({
      starved: { catapult: 1, drakkar: 1, mounted_jarl: 2, bondi: 4 },
      remaining: { bondi: 16, mounted_jarl: 0, drakkar: 0, catapult: 0 },
      netMead: 0,
    });
  });

  it('stops when nobody is left', () => {
    expect(starvation({ bondi: 2 }, 0, -10)).toEqual({ starved: { bondi: 2 }, remaining: { bondi: 0 }, netMead: -8 });
  });
});
