// Pins the population tiers of villages on the map: their order, thresholds and edges.
import { describe, expect, it } from 'vitest';
import { TIER_MIN_POPULATION, VILLAGE_TIERS, villageTier } from './village-tiers';

describe('villageTier', () => {
  it('has four tiers from hamlet to city with rising thresholds, the first from 0', () => {
    expect(VILLAGE_TIERS).toEqual(['hamlet', 'village', 'town', 'city']);
    expect(VILLAGE_TIERS.map((tier) => TIER_MIN_POPULATION[tier])).toEqual([0, 100, 300, 600]);
  });

  it('puts each population in the highest tier it reaches', () => {
    expect(villageTier(0)).toBe('hamlet');
    expect(villageTier(2)).toBe('hamlet');
    expect(villageTier(99)).toBe('hamlet');
    expect(villageTier(100)).toBe('village');
    expect(villageTier(299)).toBe('village');
    expect(villageTier(300)).toBe('town');
    expect(villageTier(599)).toBe('town');
    expect(villageTier(600)).toBe('city');
    expect(villageTier(5000)).toBe('city');
  });

  it('calls a new village and a new barbarian camp hamlets, and a grown camp a town', () => {
    expect(villageTier(2)).toBe('hamlet');
    expect(villageTier(47)).toBe('hamlet');
    expect(villageTier(350)).toBe('town');
  });

  it('reads a missing or broken population as a hamlet', () => {
    expect(villageTier(Number.NaN)).toBe('hamlet');
    expect(villageTier(-5)).toBe('hamlet');
  });
});
