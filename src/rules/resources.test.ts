// Pins resource bundle arithmetic.
import { describe, it, expect } from 'vitest';
import { canAfford, roundToFive, scaleResources, subtractResources } from './resources';

describe('resource bundles', () => {
  const stock = { timber: 750, stone: 750, iron: 750, mead: 750 };

  it('subtracts and scales per resource', () => {
    expect(subtractResources(stock, { timber: 40, stone: 100, iron: 50, mead: 60 })).toEqual({ timber: 710, stone: 650, iron: 700, mead: 690 });
    expect(scaleResources(stock, 2)).toEqual({ timber: 1500, stone: 1500, iron: 1500, mead: 1500 });
  });

  it('affords a price only when every resource covers it', () => {
    expect(canAfford(stock, { timber: 750, stone: 750 })).toBe(true);
    expect(canAfford(stock, { iron: 751 })).toBe(false);
  });

  it('rounds prices to multiples of 5', () => {
    expect([roundToFive(66.8), roundToFive(83.5), roundToFive(100.2), roundToFive(12)]).toEqual([65, 85, 100, 10]);
  });
});
