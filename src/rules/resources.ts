// The four resources of a village and small arithmetic over resource bundles.
import { isOneOf } from './tuples';

export const RESOURCE_TYPES = ['timber', 'stone', 'iron', 'mead'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/** An amount (or rate, or capacity) of every resource. */
export type Resources = Record<ResourceType, number>;

/** What a new village holds of every resource: below the 70% warning mark of the 800 a village stores without a warehouse. */
export const STARTING_RESOURCES = 500;

export const RESOURCE_NAMES: Readonly<Record<ResourceType, string>> = {
  timber: 'Timber',
  stone: 'Stone',
  iron: 'Iron',
  mead: 'Mead',
};

export function isResourceType(value: string): value is ResourceType {
  return isOneOf(RESOURCE_TYPES, value);
}

export function resources(timber: number, stone: number, iron: number, mead: number): Resources {
  return { timber, stone, iron, mead };
}

export function sameForEach(amount: number): Resources {
  return resources(amount, amount, amount, amount);
}

export function startingStock(): Resources {
  return sameForEach(STARTING_RESOURCES);
}

export function addResources(a: Resources, b: Partial<Resources>): Resources {
  return mapResources((r) => a[r] + (b[r] ?? 0));
}

export function subtractResources(a: Resources, b: Partial<Resources>): Resources {
  return mapResources((r) => a[r] - (b[r] ?? 0));
}

export function scaleResources(a: Resources, factor: number): Resources {
  return mapResources((r) => a[r] * factor);
}

/** True when the stock covers the price; a request that cannot pay must change nothing. */
export function canAfford(stock: Resources, price: Partial<Resources>): boolean {
  return RESOURCE_TYPES.every((r) => stock[r] >= (price[r] ?? 0));
}

export function mapResources(f: (resource: ResourceType) => number): Resources {
  return { timber: f('timber'), stone: f('stone'), iron: f('iron'), mead: f('mead') };
}

/** Costs are quoted in round numbers, so every formula-made price is rounded to a multiple of 5. */
export function roundToFive(value: number): number {
  return Math.round(value / 5) * 5;
}
