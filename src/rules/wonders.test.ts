// Pins the wonder rules: level costs and building times, settling and contributing, completion, effects and victory.
import { describe, it, expect } from 'vitest';
import {
  WONDERS,
  WONDER_MAX_LEVEL,
  WONDER_TYPES,
  completionPercentage,
  contribute,
  fundingLevel,
  isWonderType,
  levelBuildMs,
  levelResources,
  resourceBonusMap,
  settleWonder,
  sumEffects,
  victory,
  wonderEffects,
  type CompletedWonder,
  type WonderState,
} from './wonders';
import { mapResources, type Resources } from './resources';

const T0 = Date.UTC(2025, 0, 1);
const HOUR = 3_600_000;
const each = (n: number): Resources => mapResources(() => n);

function wonder(changes: Partial<WonderState> = {}): WonderState {
  return { level: 0, status: 'planned', invested: each(0), constructionFinishesAt: null, completedAt: null, ...changes };
}

describe('the five wonders', () => {
  it('are known by type, and only Yggdrasil wins the world by itself', () => {
    expect(WONDER_TYPES).toEqual(['yggdrasil', 'valhalla', 'bifrost', 'mimirs_well', 'odins_throne']);
    expect(WONDER_TYPES.filter((type) => WONDERS[type].victoryCondition)).toEqual(['yggdrasil']);
    expect(isWonderType('valhalla')).toBe(true);
    expect(isWonderType('asgard')).toBe(false);
  });
});

describe('levels', () => {
  it('cost 5,000 of each resource for the first level and 5% more for each level after, rounded', () => {
    expect(levelResources(0)).toEqual(each(5000));
    expect(levelResources(1)).toEqual(each(5250));
    expect(levelResources(10)).toEqual(each(8144));
  });

  it('take 12 hours for the first level and 2% longer for each level after, divided by the world speed', () => {
    expect(levelBuildMs(0, 1)).toBe(12 * HOUR);
    expect(levelBuildMs(0, 3)).toBe(4 * HOUR);
    expect(levelBuildMs(1, 1)).toBe(Math.round(12 * HOUR * 1.02));
  });

  it('collect resources for the level after the one under construction', () => {
    expect(fundingLevel(wonder({ level: 3 }))).toBe(3);
    expect(fundingLevel(wonder({ level: 3, status: 'under_construction' }))).toBe(4);
  });
});

describe('settling a wonder', () => {
  it('starts building a level as soon as its resources are in, paying them out of what was invested', () => {
    const { state } = settleWonder(wonder({ invested: each(5000) }), T0, 1);
    expect(state).toEqual(wonder({ status: 'under_construction', invested: each(0), constructionFinishesAt: T0 + 12 * HOUR }));
  });

  it('stays planned while a resource is missing', () => {
    const input = wonder({ invested: { timber: 5000, stone: 5000, iron: 5000, mead: 4999 } });
    expect(settleWonder(input, T0, 1).state).toEqual(input);
  });

  it('finishes levels in turn and starts the next at once when it is already paid for', () => {
    const input = wonder({ invested: each(5000 + 5250) });
    const started = settleWonder(input, T0, 1).state;
    const { state, levelsFinishedAt } = settleWonder(started, T0 + 100 * HOUR, 1);
    const first = T0 + 12 * HOUR;
    expect(levelsFinishedAt).toEqual([first, first + levelBuildMs(1, 1)]);
    expect(state).toMatchObject({ level: 2, status: 'planned', invested: each(0), constructionFinishesAt: null });
    // The input is left as it was.
    expect(input).toEqual(wonder({ invested: each(5000 + 5250) }));
  });

  it(`is completed when level ${WONDER_MAX_LEVEL} stands`, () => {
    const { state } = settleWonder(wonder({ level: 99, status: 'under_construction', constructionFinishesAt: T0 }), T0 + HOUR, 1);
    expect(state).toMatchObject({ level: 100, status: 'completed', completedAt: T0, constructionFinishesAt: null });
  });

  it('a contribution adds to what is invested; what a level does not need carries on', () => {
    const half = contribute(wonder(), each(2500), T0, 1);
    expect(half).toEqual(wonder({ invested: each(2500) }));
    const paid = contribute(half, each(3500), T0, 1);
    expect(paid).toEqual(wonder({ status: 'under_construction', invested: each(1000), constructionFinishesAt: T0 + 12 * HOUR }));
  });
});

describe('completion', () => {
  it('counts levels out of 100 plus the share of the current level’s resources, with one decimal', () => {
    expect(completionPercentage(wonder({ level: 10, invested: each(8144 / 2) }))).toBe(10.5);
    // More of one resource than the level needs does not make up for another.
    expect(completionPercentage(wonder({ level: 10, invested: { timber: 20_000, stone: 0, iron: 0, mead: 0 } }))).toBe(10.3);
    expect(completionPercentage(wonder({ level: 10, status: 'under_construction' }))).toBe(11);
    expect(completionPercentage(wonder({ level: 100, status: 'completed' }))).toBe(100);
  });
});

describe('effects', () => {
  it('a wonder gives level / 100 of its full effects', () => {
    expect(wonderEffects('valhalla', 50)).toEqual({ resourceBonus: 0, defenseBonus: 0, combatBonus: 10, movementSpeedBonus: 0, prestigePoints: 150 });
    expect(wonderEffects('odins_throne', 100).defenseBonus).toBe(25);
    expect(wonderEffects('bifrost', 100).movementSpeedBonus).toBe(20);
    expect(wonderEffects('mimirs_well', 100).resourceBonus).toBe(25);
    expect(wonderEffects('yggdrasil', 100).resourceBonus).toBe(10);
  });

  it('levels outside 0 to 100 count as the nearest of them', () => {
    expect(wonderEffects('valhalla', 150)).toEqual(wonderEffects('valhalla', 100));
    expect(wonderEffects('valhalla', -5).combatBonus).toBe(0);
  });

  it('an alliance’s wonders add up', () => {
    expect(sumEffects([])).toEqual({ resourceBonus: 0, defenseBonus: 0, combatBonus: 0, movementSpeedBonus: 0, prestigePoints: 0 });
    expect(sumEffects([wonderEffects('valhalla', 100), wonderEffects('mimirs_well', 40), wonderEffects('yggdrasil', 100)])).toEqual({
      resourceBonus: 20,
      defenseBonus: 0,
      combatBonus: 20,
      movementSpeedBonus: 0,
      prestigePoints: 300 + 120 + 1000,
    });
  });

  it('a resource bonus raises all four resources, and none leaves the production alone', () => {
    expect(resourceBonusMap(12)).toEqual(each(12));
    expect(resourceBonusMap(0)).toEqual({});
  });
});

describe('victory', () => {
  const done = (type: CompletedWonder['type'], completedAt: number, allianceId: string | null, ownerId = 'p'): CompletedWonder => ({ type, completedAt, allianceId, ownerId });

  it('nobody has won before a wonder is completed', () => {
    expect(victory([])).toBeNull();
    expect(victory([done('valhalla', T0, 'a'), done('bifrost', T0, 'a')])).toBeNull();
  });

  it('a completed Yggdrasil wins the world, for a player alone too', () => {
    expect(victory([done('yggdrasil', T0, null, 'lone')])).toEqual({ kind: 'wonder_victory', achievedAt: T0, allianceId: null, ownerId: 'lone' });
  });

  it('an alliance holding three completed wonders wins when the third is completed', () => {
    const wonders = [done('valhalla', T0 + 3, 'a', 'x'), done('bifrost', T0 + 1, 'a'), done('mimirs_well', T0 + 2, 'a'), done('odins_throne', T0, null)];
    expect(victory(wonders)).toEqual({ kind: 'multiple_wonders_victory', achievedAt: T0 + 3, allianceId: 'a', ownerId: 'x' });
  });

  it('whichever victory came first counts', () => {
    const three = [done('valhalla', T0 + 1, 'a'), done('bifrost', T0 + 2, 'a'), done('mimirs_well', T0 + 3, 'a', 'x')];
    expect(victory([...three, done('yggdrasil', T0 + 4, 'b', 'y')])?.kind).toBe('multiple_wonders_victory');
    expect(victory([...three, done('yggdrasil', T0, 'b', 'y')])).toEqual({ kind: 'wonder_victory', achievedAt: T0, allianceId: 'b', ownerId: 'y' });
  });
});
