// Pins quest progress, objective counting and expiry instants.
import { describe, it, expect } from 'vitest';
import { advanceObjective, isQuestComplete, nextDailyExpiry, nextWeeklyExpiry, questProgressPercent } from './quests';

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
