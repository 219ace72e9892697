// Pins the catalog: unique keys, objectives the game can emit, and a tutorial whose rewards pay for its next steps in time.
import { describe, expect, it } from 'vitest';
import { ALL_QUESTS, DAILY_POOL, TUTORIAL, pickQuests, questDefinition } from './quest-catalog';
import { TUTORIAL_ACTIONS } from './quests';
import { BUILDING_TYPES, buildTimeSeconds, buildingCost } from './buildings';
import { UNIT_TYPES, trainingCost, trainingTimeSeconds } from './units';
import { RESOURCE_TYPES, addResources, startingStock, subtractResources, type Resources } from './resources';

/** Every objective name a service or the tutorial endpoint can emit. */
const EMITTED = new Set<string>([
  'building_upgraded',
  'units_trained',
  'battle_won',
  'resources_contributed',
  'alliance_joined',
  'hero_recruited',
  'village_founded',
  ...TUTORIAL_ACTIONS,
  ...BUILDING_TYPES.flatMap((type) => [`building_upgraded:${type}`, `building_level:${type}`]),
  ...UNIT_TYPES.map((type) => `units_trained:${type}`),
]);

describe('the quest catalog', () => {
  it('has unique keys, found again by key', () => {
    const keys = ALL_QUESTS.map((q) => q.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const quest of ALL_QUESTS) expect(questDefinition(quest.key)).toBe(quest);
  });

  it('asks only for events the game emits, each with a positive target', () => {
    for (const quest of ALL_QUESTS) {
      for (const [name, target] of Object.entries(quest.objectives)) {
        expect(EMITTED.has(name), `${quest.key}: ${name}`).toBe(true);
        expect(target).toBeGreaterThan(0);
      }
    }
  });

  it('teaches the game in at least eight steps: village, a field, barracks, units, warehouse, map, alliance, hero, wonders', () => {
    expect(TUTORIAL.length).toBeGreaterThanOrEqual(8);
    expect(TUTORIAL.map((step) => Object.keys(step.objectives)[0])).toEqual([
      'view_village',
      'building_upgraded:mead_hall',
      'building_upgraded:barracks',
      'units_trained:bondi',
      'building_upgraded:warehouse',
      'view_map',
      'view_alliance',
      'hero_recruited',
      'view_wonders',
    ]);
  });

  it('pays, from the starting stock and its rewards, for the mead hall, the barracks and a bondi, all done within 15 minutes', () => {
    let stock: Resources = startingStock();
    const pay = (price: Resources) => {
      for (const r of RESOURCE_TYPES) expect(stock[r], r).toBeGreaterThanOrEqual(price[r]);
      stock = subtractResources(stock, price);
    };
    const reward = (step: number) => {
      stock = addResources(stock, TUTORIAL[step].rewards.resources);
    };
    reward(0);
    pay(buildingCost('mead_hall', 1));
    reward(1);
    pay(buildingCost('barracks', 1));
    reward(2);
    pay(trainingCost('bondi', 1));
    const seconds = buildTimeSeconds('mead_hall', 1, 1) + buildTimeSeconds('barracks', 1, 1) + trainingTimeSeconds('bondi', 1);
    // A minute to find the first button, then the three waits back to back.
    expect(60 + seconds).toBeLessThanOrEqual(15 * 60);
  });

  it('draws the same daily quests for the same seed, and different ones for others', () => {
    const a = pickQuests(DAILY_POOL, 'player-a:2026-01-01', 3).map((q) => q.key);
    expect(pickQuests(DAILY_POOL, 'player-a:2026-01-01', 3).map((q) => q.key)).toEqual(a);
    expect(new Set(a).size).toBe(3);
    const others = ['b', 'c', 'd', 'e', 'f'].map((p) => pickQuests(DAILY_POOL, `player-${p}:2026-01-01`, 3).map((q) => q.key).join());
    expect(others.some((keys) => keys !== a.join())).toBe(true);
  });
});
