// Pins quest progress, objective counting and expiry instants.
import { describe, it, expect } from 'vitest';
import {
  advanceObjective,
  dailyPeriod,
  isQuestComplete,
  nextDailyExpiry,
  nextWeeklyExpiry,
  objectiveLabel,
  questProgressPercent,
  seedProgress,
  weeklyPeriod,
} from './quests';

describe('questProgressPercent', () => {
  it('is the share of objectives met, rounded down', () => {
    const objectives = { view_village: 1, view_map: 1, 'building_upgraded:barracks': 2 };
    expect(questProgressPercent(objectives, {})).toBe(0);
    expect(questProgressPercent(objectives, { view_village: 1 })).toBe(33);
    expect(questProgressPercent(objectives, { view_village: 1, view_map: 3 })).toBe(66);
    expect(questProgressPercent(objectives, { view_village: 1, view_map: 1, 'building_upgraded:barracks': 1 })).toBe(66);
    expect(questProgressPercent(objectives, { view_village: 1, view_map: 1, 'building_upgraded:barracks': 2 })).toBe(100);
  });

  it('counts a quest without objectives as done', () => {
    expect(questProgressPercent({}, {})).toBe(100);
    expect(isQuestComplete({}, {})).toBe(true);
  });
});

describe('advanceObjective', () => {
  const objectives = { battle_won: 3 };

  it('counts up to the target and no further', () => {
    expect(advanceObjective(objectives, {}, 'battle_won')).toEqual({ battle_won: 1 });
    expect(advanceObjective(objectives, { battle_won: 2 }, 'battle_won', 5)).toEqual({ battle_won: 3 });
    expect(isQuestComplete(objectives, { battle_won: 3 })).toBe(true);
  });

  it('ignores events the quest does not ask for', () => {
    const progress = { battle_won: 1 };
    expect(advanceObjective(objectives, progress, 'hero_recruited')).toBe(progress);
  });
});

describe('quest expiry', () => {
  it('ends daily quests at the next 00:00 UTC', () => {
    expect(nextDailyExpiry(Date.UTC(2025, 0, 15, 13, 45))).toBe(Date.UTC(2025, 0, 16));
    expect(nextDailyExpiry(Date.UTC(2025, 0, 15))).toBe(Date.UTC(2025, 0, 16));
  });

  it('ends weekly quests at the next Monday 00:00 UTC', () => {
    // 15 January 2025 is a Wednesday; 20 January a Monday.
    expect(nextWeeklyExpiry(Date.UTC(2025, 0, 15, 8))).toBe(Date.UTC(2025, 0, 20));
    expect(nextWeeklyExpiry(Date.UTC(2025, 0, 19, 23, 59))).toBe(Date.UTC(2025, 0, 20));
    expect(nextWeeklyExpiry(Date.UTC(2025, 0, 20))).toBe(Date.UTC(2025, 0, 27));
  });
});

describe('level objectives', () => {
  it('hold the highest level reached instead of counting', () => {
    const objectives = { 'building_level:great_hall': 5 };
    expect(advanceObjective(objectives, {}, 'building_level:great_hall', 3)).toEqual({ 'building_level:great_hall': 3 });
    expect(advanceObjective(objectives, { 'building_level:great_hall': 3 }, 'building_level:great_hall', 2)).toEqual({ 'building_level:great_hall': 3 });
    expect(advanceObjective(objectives, { 'building_level:great_hall': 3 }, 'building_level:great_hall', 9)).toEqual({ 'building_level:great_hall': 5 });
  });
});

describe('seedProgress', () => {
  const snapshot = {
    buildingLevels: { warehouse: 2, great_hall: 4 },
    units: { bondi: 3 },
    heroes: 1,
    inAlliance: true,
    villages: 2,
  } as const;

  it('counts what the player already has, up to each target', () => {
    const objectives = {
      'building_upgraded:warehouse': 1,
      'building_level:great_hall': 5,
      'units_trained:bondi': 2,
      hero_recruited: 1,
      alliance_joined: 1,
      village_founded: 1,
    };
    expect(seedProgress(objectives, snapshot)).toEqual({
      'building_upgraded:warehouse': 1,
      'building_level:great_hall': 4,
      'units_trained:bondi': 2,
      hero_recruited: 1,
      alliance_joined: 1,
      village_founded: 1,
    });
  });

  it('never counts page visits, battles or buildings the player does not have', () => {
    expect(seedProgress({ view_map: 1, battle_won: 2, 'building_upgraded:barracks': 1 }, snapshot)).toEqual({});
  });
});

describe('objectiveLabel', () => {
  it('names objectives in the game’s words', () => {
    expect(objectiveLabel('building_upgraded:barracks')).toBe('Upgrade Barracks');
    expect(objectiveLabel('units_trained:bondi')).toBe('Train Bondi');
    expect(objectiveLabel('building_level:great_hall')).toBe('Great Hall level');
    expect(objectiveLabel('view_map')).toBe('Look at the world map');
    expect(objectiveLabel('battle_won')).toBe('Win battles');
  });
});

describe('quest periods', () => {
  it('names the UTC day and the week by its Monday', () => {
    expect(dailyPeriod(Date.UTC(2025, 0, 15, 23, 59))).toBe('2025-01-15');
    expect(weeklyPeriod(Date.UTC(2025, 0, 15, 8))).toBe('week of 2025-01-13');
    expect(weeklyPeriod(Date.UTC(2025, 0, 20))).toBe('week of 2025-01-20');
  });
});
