// Pins what a battle changes: survivors of every group, loot, wall, loyalty and conquest, heroes, the army going home and the report.
import { describe, it, expect } from 'vitest';
import { HERO_REST_HOURS, JARLS_RULING_CONQUEST, planBattle, seededRandom, type BattleHero, type BattleScene, type DefendingVillage, type HeroAtHome } from './battle';
import { LOYALTY_AFTER_CONQUEST } from './combat';
import { mapResources } from './resources';

const AT = Date.UTC(2025, 0, 1, 12);
const HOUR = 3_600_000;
const none = mapResources(() => 0);

type SceneChanges = Partial<Omit<BattleScene, 'village'>> & { village?: Partial<DefendingVillage> };

/** An attack on a plain village of 1,000 of each resource: no defenders, wall, heroes or wonders unless the test adds them. */
function scene(changes: SceneChanges): BattleScene {
  const { village, ...rest } = changes;
  return {
    kind: 'attack',
    attackerId: 'attacker',
    attackers: {},
    attackerHero: null,
    combatBonusPercent: 0,
    allianceDefenseBonusPercent: 0,
    at: AT,
    worldSpeed: 1,
    random: () => 0,
    ...rest,
    village: {
      ownerId: 'defender',
      units: {},
      stationed: [],
      wallLevel: 0,
      loyalty: 100,
      isCapital: false,
      stock: mapResources(() => 1000),
      heroesAtHome: [],
      ...village,
    },
  };
}

function hero(id: string, changes: Partial<BattleHero> = {}): BattleHero {
  return { id, type: 'warrior', attack: 0, defense: 0, experience: 10, victories: 2, defeats: 1, restingUntil: null, ...changes };
}

function guard(id: string, changes: Partial<HeroAtHome> = {}): HeroAtHome {
  return { ...hero(id, { type: 'guardian' }), ownerId: 'defender', ...changes };
}

describe('an attack', () => {
  it('won: the defenders all fall, the loot leaves the village and goes home with the survivors', () => {
    // 6,000 attack against 3,000 defence: the attackers lose 0.5^1.5 = 35%.
    const plan = planBattle(scene({ attackers: { viking_raider: 100 }, village: { units: { bondi: 100 } } }));
    expect(plan.winner).toBe('attacker');
    expect(plan.winnerId).toBe('attacker');
    expect(plan.homeSurvivors).toEqual({});
    expect(plan.defenderUnits).toEqual({ bondi: 100 });
    expect(plan.defenderLosses).toEqual({ bondi: 100 });
    // 65 raiders carry 5,200, more than the 4,000 the village holds.
    expect(plan.loot).toEqual(mapResources(() => 1000));
    expect(plan.armyHome).toEqual({ units: { viking_raider: 65 }, loot: mapResources(() => 1000) });
    expect(plan.report).toEqual({
      type: 'attack',
      attackerUnits: { viking_raider: 100 },
      attackerLosses: { viking_raider: 35 },
      defenderUnits: { bondi: 100 },
      defenderLosses: { bondi: 100 },
      winner: 'attacker',
      loot: mapResources(() => 1000),
      wallDamage: 0,
      loyaltyChange: 0,
      villageConquered: false,
      buildingHit: null,
    });
  });

  it('lost: the attackers all fall, nothing is taken, and the defender counts the win', () => {
    const plan = planBattle(scene({ attackers: { bondi: 10 }, village: { units: { huscarl: 100 } } }));
    expect(plan.winner).toBe('defender');
    expect(plan.winnerId).toBe('defender');
    expect(plan.homeSurvivors).toEqual({ huscarl: 100 });
    expect(plan.loot).toEqual(none);
    expect(plan.armyHome).toEqual({ units: {}, loot: null });
    expect(plan.report.attackerLosses).toEqual({ bondi: 10 });
  });

  it('nobody counts a win for a player who is gone', () => {
    expect(planBattle(scene({ attackerId: null, attackers: { bondi: 10 } })).winnerId).toBeNull();
    expect(planBattle(scene({ attackers: { bondi: 10 }, village: { ownerId: null, units: { huscarl: 100 } } })).winnerId).toBeNull();
  });
});

describe('a raid', () => {
  it('costs both sides the winner’s share and carries home at most what the survivors can carry', () => {
    const plan = planBattle(scene({ kind: 'raid', attackers: { viking_raider: 100 }, village: { units: { bondi: 100 }, stock: mapResources(() => 10_000) } }));
    expect(plan.winner).toBe('attacker');
    expect(plan.report.attackerLosses).toEqual({ viking_raider: 35 });
    expect(plan.defenderLosses).toEqual({ bondi: 35 });
    expect(plan.homeSurvivors).toEqual({ bondi: 65 });
    // 65 raiders carry 80 each: 5,200 in all, spread over the four resources.
    expect(plan.loot).toEqual(mapResources(() => 1300));
    expect(plan.armyHome).toEqual({ units: { viking_raider: 65 }, loot: mapResources(() => 1300) });
  });

  it('never touches the wall or the loyalty', () => {
    const plan = planBattle(scene({ kind: 'raid', attackers: { battering_ram: 10, jarl: 5 }, village: { wallLevel: 5, loyalty: 10 } }));
    expect(plan.wallLevelAfter).toBeNull();
    expect(plan.loyaltyAfter).toBe(10);
    expect(plan.conquest).toBeNull();
  });
});

describe('walls and rams', () => {
  it('the wall raises the defence by 3% a level', () => {
    // 6,000 attack against 150 Bondi (4,500): enough behind a level 10 wall (5,850), not behind level 12 (6,120).
    const attack = { attackers: { viking_raider: 100 } };
    expect(planBattle(scene({ ...attack, village: { units: { bondi: 150 }, wallLevel: 10 } })).winner).toBe('attacker');
    expect(planBattle(scene({ ...attack, village: { units: { bondi: 150 }, wallLevel: 12 } })).winner).toBe('defender');
  });

  it('every 2 surviving rams of a won attack knock the wall down a level, never below 0', () => {
    const rams = (count: number, wallLevel: number) => planBattle(scene({ attackers: { battering_ram: count }, village: { wallLevel } }));
    expect(rams(5, 10).wallLevelAfter).toBe(8);
    expect(rams(5, 10).report.wallDamage).toBe(2);
    expect(rams(8, 1).wallLevelAfter).toBe(0);
    expect(rams(1, 10).wallLevelAfter).toBeNull();
  });
});

describe('a night truce with a defence bonus', () => {
  it('adds its percent to the defence, on top of the wall and as the wonders’ bonus does', () => {
    // 6,000 attack against 150 Bondi (4,500): +30% (5,850) still loses, +34% (6,030) holds; a level 10 wall and +4% hold too.
    const attack = { attackers: { viking_raider: 100 } };
    expect(planBattle(scene({ ...attack, truceDefenceBonusPercent: 30, village: { units: { bondi: 150 } } })).winner).toBe('attacker');
    expect(planBattle(scene({ ...attack, truceDefenceBonusPercent: 34, village: { units: { bondi: 150 } } })).winner).toBe('defender');
    expect(planBattle(scene({ ...attack, truceDefenceBonusPercent: 4, village: { units: { bondi: 150 }, wallLevel: 10 } })).winner).toBe('defender');
    // The very battle the same percent from wonders would give: the same losses on both sides.
    const withTruce = planBattle(scene({ ...attack, truceDefenceBonusPercent: 30, village: { units: { bondi: 150 } } }));
    const withWonders = planBattle(scene({ ...attack, allianceDefenseBonusPercent: 30, village: { units: { bondi: 150 } } }));
    expect(withTruce).toEqual(withWonders);
    // 5,850 / 6,000 = 0.975, and 0.975^1.5 of 100 raiders is 96 fallen.
    expect(withTruce.report.attackerLosses).toEqual({ viking_raider: 96 });
  });
});

describe('jarls and conquest', () => {
  const jarls = (count: number, village: Partial<DefendingVillage>, random = () => 0) =>
    planBattle(scene({ attackers: { viking_raider: 10, jarl: count }, village, random }));

  it('each surviving jarl lowers the loyalty by 20 to 30', () => {
    expect(jarls(2, { loyalty: 100 }).loyaltyAfter).toBe(60);
    expect(jarls(2, { loyalty: 100 }, () => 0.999).loyaltyAfter).toBe(40);
    expect(jarls(2, { loyalty: 100 }).conquest).toBeNull();
  });

  it('loyalty brought to 0 hands a non-capital to the attacker; one jarl stays to rule it', () => {
    const plan = jarls(2, { loyalty: 40 });
    expect(plan.conquest).toEqual({ newOwnerId: 'attacker', formerOwnerId: 'defender', staying: { jarl: 1 } });
    expect(JARLS_RULING_CONQUEST).toEqual({ jarl: 1 });
    expect(plan.loyaltyAfter).toBe(LOYALTY_AFTER_CONQUEST);
    expect(plan.armyHome.units).toEqual({ viking_raider: 10, jarl: 1 });
    expect(plan.report).toMatchObject({ villageConquered: true, loyaltyChange: -40 });
    expect(jarls(1, { loyalty: 20 }).armyHome.units).toEqual({ viking_raider: 10 });
  });

  it('a capital is never conquered', () => {
    const plan = jarls(5, { loyalty: 10, isCapital: true });
    expect(plan.conquest).toBeNull();
    expect(plan.loyaltyAfter).toBe(10);
    expect(plan.armyHome.units).toEqual({ viking_raider: 10, jarl: 5 });
  });

  it('an attacker who is gone takes the loyalty but nobody stays to rule', () => {
    const plan = planBattle(scene({ attackerId: null, attackers: { jarl: 2 }, village: { loyalty: 40 } }));
    expect(plan.conquest).toBeNull();
    expect(plan.report.villageConquered).toBe(true);
    expect(plan.armyHome.units).toEqual({ jarl: 2 });
  });
});

describe('heroes', () => {
  it('the attacking hero adds its attack and learns from the upkeep of the defenders killed', () => {
    // 6,000 against 210 Bondi (6,300): lost alone, won with a hero of attack 400.
    const attack = { attackers: { viking_raider: 100 }, village: { units: { bondi: 210 } } };
    expect(planBattle(scene(attack)).winner).toBe('defender');
    const plan = planBattle(scene({ ...attack, attackerHero: hero('h', { attack: 400, restingUntil: AT - HOUR }) }));
    expect(plan.winner).toBe('attacker');
    expect(plan.heroes).toEqual([{ id: 'h', won: true, experienceGained: 210, experience: 220, victories: 3, defeats: 1, restingUntil: AT - HOUR }]);
  });

  it('a skald learns a quarter more, rounded down', () => {
    const plan = planBattle(scene({ attackers: { viking_raider: 100 }, attackerHero: hero('s', { type: 'skald', attack: 400 }), village: { units: { bondi: 210 } } }));
    expect(plan.heroes[0].experienceGained).toBe(Math.floor(210 * 1.25));
  });

  it('experience is the upkeep of the units killed, not their number', () => {
    // Ten Mounted Jarls eat 3 mead an hour each.
    const plan = planBattle(scene({ attackers: { drakkar: 10 }, attackerHero: hero('h'), village: { units: { mounted_jarl: 10 } } }));
    expect(plan.heroes[0].experienceGained).toBe(30);
  });

  it('the owner’s heroes at home add their defence; both sides learn, and the loser rests HERO_REST_HOURS divided by the world speed', () => {
    // 6,000 against 190 Bondi (5,700) and a guardian's 400: the defenders win, losing (6,000 / 6,100)^1.5 = 185 Bondi.
    const plan = planBattle(
      scene({
        attackers: { viking_raider: 100 },
        attackerHero: hero('a'),
        worldSpeed: 4,
        village: { units: { bondi: 190 }, heroesAtHome: [guard('g', { defense: 400 })] },
      }),
    );
    expect(plan.winner).toBe('defender');
    expect(HERO_REST_HOURS).toBe(1);
    expect(plan.heroes).toEqual([
      { id: 'a', won: false, experienceGained: 185, experience: 195, victories: 2, defeats: 2, restingUntil: AT + HOUR / 4 },
      { id: 'g', won: true, experienceGained: 100, experience: 110, victories: 3, defeats: 1, restingUntil: null },
    ]);
  });

  it('a resting hero and a hero of another player do not defend', () => {
    const heroesAtHome = [guard('resting', { defense: 1000, restingUntil: AT + 1 }), guard('foreign', { defense: 1000, ownerId: 'someone else' }), guard('rested', { restingUntil: AT })];
    const plan = planBattle(scene({ attackers: { bondi: 1 }, village: { heroesAtHome } }));
    expect(plan.winner).toBe('attacker');
    expect(plan.heroes.map((h) => h.id)).toEqual(['rested']);
    expect(plan.heroes[0]).toMatchObject({ won: false, defeats: 2, restingUntil: AT + HOUR });
  });
});

describe('stationed troops', () => {
  it('fall in the same share as the village’s own units; losses are counted group by group', () => {
    // 100 Bondi in all (3,000) against 6,000: each group of a raid loses 35%, each rounding its own.
    const plan = planBattle(
      scene({
        kind: 'raid',
        attackers: { viking_raider: 100 },
        village: {
          units: { bondi: 50 },
          stationed: [
            { id: 'a', units: { bondi: 40 } },
            { id: 'b', units: { bondi: 10 } },
          ],
        },
      }),
    );
    expect(plan.defenderUnits).toEqual({ bondi: 100 });
    expect(plan.homeSurvivors).toEqual({ bondi: 32 });
    expect(plan.stationed).toEqual([
      { id: 'a', survivors: { bondi: 26 }, gone: false },
      { id: 'b', survivors: { bondi: 6 }, gone: false },
    ]);
    expect(plan.defenderLosses).toEqual({ bondi: 18 + 14 + 4 });
    expect(plan.report.defenderLosses).toEqual(plan.defenderLosses);
  });

  it('are gone when nobody of them is left', () => {
    const plan = planBattle(scene({ attackers: { viking_raider: 100 }, village: { units: { bondi: 10 }, stationed: [{ id: 'a', units: { huscarl: 5 } }] } }));
    expect(plan.stationed).toEqual([{ id: 'a', survivors: {}, gone: true }]);
    expect(plan.defenderLosses).toEqual({ bondi: 10, huscarl: 5 });
  });
});

describe('the seeded generator', () => {
  it('draws the same numbers in [0, 1) for the same seed, whoever applies the battle', () => {
    const draw = (seed: string) => {
      const random = seededRandom(seed);
      return [random(), random(), random()];
    };
    expect(draw('movement-1')).toEqual(draw('movement-1'));
    expect(draw('movement-1')).not.toEqual(draw('movement-2'));
    for (const n of draw('3f1c2a9e-0000-4000-8000-000000000001')) expect(n).toBeGreaterThanOrEqual(0);
    for (const n of draw('3f1c2a9e-0000-4000-8000-000000000001')) expect(n).toBeLessThan(1);
  });

  it('is mulberry32 seeded from the text, as it was when battles drew in the server', () => {
    const random = seededRandom('movement-1');
    expect([random(), random(), random()]).toEqual([0.16556935338303447, 0.618668784853071, 0.5731637447606772]);
  });

  it('makes the jarls’ draw of a movement the same every time', () => {
    const loyalty = (seed: string) => planBattle(scene({ attackers: { jarl: 3 }, random: seededRandom(seed) })).loyaltyAfter;
    expect(loyalty('movement-1')).toBe(loyalty('movement-1'));
  });
});

describe('smithy levels', () => {
  it('the attack counts the levels of the army’s village; each defending group those of its own village', () => {
    const plain = planBattle(scene({ attackers: { viking_raider: 100 }, village: { units: { bondi: 100 }, stationed: [{ id: 's', units: { huscarl: 10 } }] } }));
    const upgraded = planBattle(
      scene({
        attackers: { viking_raider: 100 },
        attackLevels: { viking_raider: 2 },
        village: { units: { bondi: 100 }, defenseLevels: { bondi: 3, huscarl: 20 }, stationed: [{ id: 's', units: { huscarl: 10 }, defenseLevels: { huscarl: 1 } }] },
      }),
    );
    // 6,000 attack against 3,000 + 800 defence. The village's huscarl level does not count for the stationed huscarls.
    const attack = 6000 * 1.015 ** 2;
    const defense = 3000 * 1.015 ** 3 + 800 * 1.015;
    expect(upgraded.winner).toBe('attacker');
    const share = (defense / attack) ** 1.5;
    expect(upgraded.report.attackerLosses).toEqual({ viking_raider: Math.round(100 * share) });
    expect(plain.report.attackerLosses).toEqual({ viking_raider: Math.round(100 * (3800 / 6000) ** 1.5) });
  });
});
