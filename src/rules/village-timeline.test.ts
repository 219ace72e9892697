// The settling engine on plain state: events in time order with the rates of each moment, starvation, and cost per event.
import { describe, expect, it } from 'vitest';
import { STARTING_BUILDINGS } from './buildings';
import { fieldProduction, population, storageCapacity } from './economy';
import { MS_PER_HOUR } from './settle';
import { STARVATION_SHOWN_MS, nextEventAt, settleVillage, shownStarvation, starvationIn, villageEconomy, type VillageEnv, type VillageState } from './village-timeline';

const T0 = Date.UTC(2026, 0, 1);
const env: VillageEnv = { worldSpeed: 1, bonusPercent: {} };

function freshVillage(): VillageState {
  return {
    id: 'v',
    worldId: 'w',
    ownerId: 'o',
    name: 'Test',
    x: 50,
    y: 0,
    isCapital: true,
    loyalty: 100,
    amounts: { timber: 750, stone: 750, iron: 750, mead: 750 },
    resourcesAt: T0,
    buildings: STARTING_BUILDINGS.map((b) => ({ id: `b${b.slot}`, ...b, upgradeStartedAt: null, upgradeFinishesAt: null, updatedAt: T0 })),
    units: {},
    unitIds: {},
    orders: [],
  };
}

const TIMBER_RATE = 4 * fieldProduction(0);
const MEAD_NET = 6 * fieldProduction(0) - population([{ type: 'great_hall', level: 1 }]);

describe('settleVillage', () => {
  it('applies a store finishing mid-way with the capacity of each moment', () => {
    const village = freshVillage();
    village.amounts.timber = 795;
    village.buildings.push({ id: 'wh', slot: 20, type: 'warehouse', level: 0, upgradeStartedAt: T0, upgradeFinishesAt: T0 + MS_PER_HOUR, updatedAt: T0 });
    const { state, steps } = settleVillage(village, T0 + 2 * MS_PER_HOUR, env);
    expect(steps).toBe(1);
    // Full at 800 until the warehouse stands, then one more hour of growth under the higher cap.
    expect(state.amounts.timber).toBe(800 + TIMBER_RATE);
    expect(storageCapacity(1)).toBeGreaterThan(800 + TIMBER_RATE);
    expect(state.buildings.find((b) => b.id === 'wh')).toMatchObject({ level: 1, upgradeFinishesAt: null, updatedAt: T0 + MS_PER_HOUR });
    expect(village.buildings.find((b) => b.id === 'wh')?.level).toBe(0);
  });

  it('costs one step per event, however long the village sat idle', () => {
    const village = freshVillage();
    village.amounts.mead = 800;
    village.unitIds.bondi = 'u';
    village.orders.push({ id: 'o1', unitType: 'bondi', count: 300, done: 0, secondsEach: 60, startedAt: T0, finishesAt: T0 + 300 * 60_000 });
    const month = settleVillage(village, T0 + 30 * 24 * MS_PER_HOUR, env);
    // 300 units arrive; hunger then takes the ones the village cannot feed (in as many steps as it empties).
    expect(month.state.orders).toEqual([]);
    expect((month.state.units.bondi ?? 0) + (month.starved.bondi ?? 0)).toBe(300);
    expect(month.state.units.bondi).toBe(MEAD_NET);
    expect(month.steps).toBeLessThan(300 + 300);
    const again = settleVillage(month.state, T0 + 60 * 24 * MS_PER_HOUR, env);
    expect(again.steps).toBe(0);
    expect(nextEventAt(again.state, env)).toBeNull();
  });

  it('advances each interval with the upkeep of the units present then', () => {
    const village = freshVillage();
    village.amounts.mead = 500;
    village.unitIds.bondi = 'u';
    // Two bondi, one at +1 h and one at +2 h: mead net 10, then 9, then 8 an hour.
    village.orders.push({ id: 'o1', unitType: 'bondi', count: 2, done: 0, secondsEach: 3600, startedAt: T0, finishesAt: T0 + 2 * MS_PER_HOUR });
    expect(nextEventAt(village, env)).toBe(T0 + MS_PER_HOUR);
    const { state, steps } = settleVillage(village, T0 + 3 * MS_PER_HOUR, env);
    expect(steps).toBe(2);
    expect(state.amounts.mead).toBe(500 + MEAD_NET + (MEAD_NET - 1) + (MEAD_NET - 2));
    expect(state.units.bondi).toBe(2);
  });

  it('starves units at the instant the granary runs dry, hungriest first, until the net is not negative', () => {
    const village = freshVillage();
    village.amounts.mead = 10;
    village.units = { bondi: 5, catapult: 3 };
    // Net 10 - 5 - 18 = -13 an hour: empty after 10/13 h; then catapults (upkeep 6) go first.
    const emptyAt = nextEventAt(village, env)!;
    expect(emptyAt).toBe(T0 + Math.ceil((10 / 13) * MS_PER_HOUR));
    const before = settleVillage(village, emptyAt - 1, env);
    expect(before.steps).toBe(0);
    expect(before.state.units).toEqual({ bondi: 5, catapult: 3 });
    const { state, starved } = settleVillage(village, emptyAt + MS_PER_HOUR, env);
    // Two catapults leave the net at -1, so a third one starves too.
    expect(starved).toEqual({ catapult: 3 });
    expect(state.units).toEqual({ bondi: 5, catapult: 0 });
    expect(state.amounts.mead).toBe(MEAD_NET - 5);
  });

  it('records each starvation as a happening with its instant and losses, so the owner can be told', () => {
    const village = freshVillage();
    village.amounts.mead = 10;
    village.units = { bondi: 5, catapult: 3 };
    village.unitIds.bondi = 'u';
    // After the catapults starve, a bondi joins every hour: the net falls below 0 again and the granary runs dry a second time.
    const emptyAt = nextEventAt(village, env)!;
    village.orders.push({ id: 'o1', unitType: 'bondi', count: MEAD_NET, done: 0, secondsEach: 3600, startedAt: emptyAt, finishesAt: emptyAt + MEAD_NET * MS_PER_HOUR });
    const { happened, starved } = settleVillage(village, emptyAt + 30 * MS_PER_HOUR, env);
    const hunger = happened.filter((h) => h.kind === 'units_starved');
    expect(hunger).toHaveLength(2);
    expect(hunger[0]).toEqual({ kind: 'units_starved', units: { catapult: 3 }, at: emptyAt });
    expect(hunger[1]).toMatchObject({ kind: 'units_starved', units: { bondi: 5 } });
    // Every loss is in exactly one happening, and they come in time order among the rest.
    const total: Record<string, number> = {};
    for (const h of hunger) for (const [type, n] of Object.entries(h.units)) total[type] = (total[type] ?? 0) + (n ?? 0);
    expect(total).toEqual(starved);
    expect(happened.map((h) => h.at)).toEqual([...happened.map((h) => h.at)].sort((a, b) => a - b));
  });

  it('records no starvation while the granary holds mead', () => {
    const village = freshVillage();
    village.amounts.mead = 800;
    village.units = { bondi: 5 };
    expect(settleVillage(village, T0 + 48 * MS_PER_HOUR, env).happened).toEqual([]);
  });
});

describe('bonus periods', () => {
  const bonusEnv = (from: number, to: number | null, percent: number): VillageEnv => ({
    worldSpeed: 1,
    bonusPercent: {},
    bonusPeriods: [{ from, to, bonusPercent: { timber: percent, stone: percent, iron: percent, mead: percent } }],
  });

  it('raise production exactly inside their window, also for a village idle across both edges', () => {
    const village = freshVillage();
    village.amounts.timber = 100;
    // +50% from the second hour to the fourth: 1 h plain, 2 h at 1.5x, 2 h plain.
    const { state, steps } = settleVillage(village, T0 + 5 * MS_PER_HOUR, bonusEnv(T0 + MS_PER_HOUR, T0 + 3 * MS_PER_HOUR, 50));
    expect(state.amounts.timber).toBeCloseTo(100 + TIMBER_RATE * (1 + 2 * 1.5 + 2), 9);
    // The edges are no events to store.
    expect(steps).toBe(0);
  });

  it('give the same amounts whether the village is read at every edge or once', () => {
    const periodEnv = bonusEnv(T0 + MS_PER_HOUR, T0 + 3 * MS_PER_HOUR, 30);
    let stepwise = freshVillage();
    stepwise.amounts.timber = 100;
    for (const h of [0.5, 1, 2, 3, 4]) stepwise = settleVillage(stepwise, T0 + h * MS_PER_HOUR, periodEnv).state;
    const once = freshVillage();
    once.amounts.timber = 100;
    expect(settleVillage(once, T0 + 4 * MS_PER_HOUR, periodEnv).state.amounts.timber).toBeCloseTo(stepwise.amounts.timber, 9);
  });

  it('hold from their start on when open-ended, and show in the rates of the moment', () => {
    const village = freshVillage();
    village.amounts.timber = 0;
    const openEnv = bonusEnv(T0 + MS_PER_HOUR, null, 25);
    const { state } = settleVillage(village, T0 + 3 * MS_PER_HOUR, openEnv);
    expect(state.amounts.timber).toBeCloseTo(TIMBER_RATE * (1 + 2 * 1.25), 9);
    expect(nextEventAt(state, openEnv)).toBeNull();
    expect(villageEconomy(state, openEnv).gross.timber).toBeCloseTo(TIMBER_RATE * 1.25, 9);
    expect(villageEconomy(village, openEnv).gross.timber).toBe(TIMBER_RATE);
  });
});

describe('the starvation the village page tells of', () => {
  it('adds up one settle\'s losses at the instant of the last, and is null when nothing starved', () => {
    const village = freshVillage();
    village.amounts.mead = 10;
    village.units = { bondi: 5, catapult: 3 };
    village.unitIds.bondi = 'u';
    const emptyAt = nextEventAt(village, env)!;
    village.orders.push({ id: 'o1', unitType: 'bondi', count: MEAD_NET, done: 0, secondsEach: 3600, startedAt: emptyAt, finishesAt: emptyAt + MEAD_NET * MS_PER_HOUR });
    const { happened, starved } = settleVillage(village, emptyAt + 30 * MS_PER_HOUR, env);
    const last = happened.filter((h) => h.kind === 'units_starved').at(-1)!;
    expect(starvationIn(happened)).toEqual({ at: last.at, units: starved });
    expect(last.at).toBeGreaterThan(emptyAt);
    expect(starvationIn([{ kind: 'unit_trained', type: 'bondi', at: T0 }])).toBeNull();
    expect(starvationIn([])).toBeNull();
  });

  it('is told for a day after the loss, then no more', () => {
    const record = { at: T0, units: { bondi: 12 } };
    expect(shownStarvation(record, T0)).toBe(record);
    expect(shownStarvation(record, T0 + STARVATION_SHOWN_MS - 1)).toBe(record);
    expect(shownStarvation(record, T0 + STARVATION_SHOWN_MS)).toBeNull();
    expect(shownStarvation(null, T0)).toBeNull();
  });
});
