// Pins scouting: scouts only, the clash with the defender's scouts, what survivors see and when the defender notices.
import { describe, expect, it } from 'vitest';
import { SCOUTS_FOR_DEFENCES, SCOUTS_ONLY, planScouting, scoutingRefusal, type ScoutedVillage } from './scouting';

const stock = { timber: 120, stone: 80, iron: 40, mead: 300 };

function village(over: Partial<ScoutedVillage> = {}): ScoutedVillage {
  return {
    units: { bondi: 30, huscarl: 5 },
    stationed: [],
    wallLevel: 0,
    stock,
    buildings: [
      { type: 'timber_camp', level: 2 },
      { type: 'mead_hall', level: 0 },
      { type: 'great_hall', level: 3 },
      { type: 'wall', level: 0 },
    ],
    ...over,
  };
}

describe('a scouting order', () => {
  it('takes scouts only', () => {
    expect(scoutingRefusal({ viking_raider: 5 })).toBeNull();
    expect(scoutingRefusal({ viking_raider: 5, bondi: 1 })).toBe(SCOUTS_ONLY);
  });
});

describe('scouts against scouts', () => {
  it('passes a village without scouts unseen, losing nobody, and brings resources and troops back', () => {
    const plan = planScouting({ viking_raider: 3 }, village());
    expect(plan).toMatchObject({ winner: 'attacker', scoutLosses: {}, scoutsHome: { viking_raider: 3 }, detected: false, defenderLosses: {} });
    expect(plan.intel).toEqual({ resources: stock, troops: { bondi: 30, huscarl: 5 }, stationed: {}, defences: null });
  });

  it('sees the defences with enough survivors', () => {
    const plan = planScouting({ viking_raider: SCOUTS_FOR_DEFENCES }, village({ wallLevel: 4 }));
    expect(plan.intel?.defences).toEqual({
      wallLevel: 4,
      buildings: [
        { type: 'timber_camp', level: 2 },
        { type: 'great_hall', level: 3 },
      ],
    });
  });

  it('fights only the scouts: the stronger side wins, the loser falls to the last one, the winner loses ratio^1.5', () => {
    // 20 scouts against 5 at home: ratio 1/4, losses 0.125 * 20 = 2.5 -> 3 (rounded); the 5 defending raiders all fall, nobody else.
    const plan = planScouting({ viking_raider: 20 }, village({ units: { bondi: 30, viking_raider: 5 } }));
    expect(plan).toMatchObject({
      winner: 'attacker',
      scoutLosses: { viking_raider: 3 },
      scoutsHome: { viking_raider: 17 },
      defenderScouts: { viking_raider: 5 },
      defenderLosses: { viking_raider: 5 },
      homeSurvivors: { bondi: 30 },
      detected: true,
    });
    expect(plan.intel?.troops).toEqual({ bondi: 30 });
  });

  it('counts stationed scouts and the wall for the defender; scouts that lose see nothing', () => {
    // 4 home + 4 stationed raiders behind a level 10 wall: 8 * 1.3 = 10.4 against 10 scouts.
    const plan = planScouting(
      { viking_raider: 10 },
      village({ units: { viking_raider: 4 }, stationed: [{ id: 's1', units: { viking_raider: 4, huscarl: 2 } }], wallLevel: 10 }),
    );
    expect(plan.winner).toBe('defender');
    expect(plan.scoutLosses).toEqual({ viking_raider: 10 });
    expect(plan.scoutsHome).toEqual({});
    expect(plan.intel).toBeNull();
    expect(plan.detected).toBe(true);
    // (10 / 10.4)^1.5 = 0.943 of each group's scouts: 4 -> 4 lost; the huscarls never fight.
    expect(plan.stationed).toEqual([{ id: 's1', survivors: { huscarl: 2 }, gone: false }]);
    expect(plan.defenderLosses).toEqual({ viking_raider: 8 });
  });

  it('gives a tie to the defender', () => {
    const plan = planScouting({ viking_raider: 5 }, village({ units: { viking_raider: 5 } }));
    expect(plan.winner).toBe('defender');
    expect(plan.intel).toBeNull();
  });
});
