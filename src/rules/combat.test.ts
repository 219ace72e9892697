// Pins the combat arithmetic: strength of each side, losses, loot, rams against walls and jarls against loyalty.
import { describe, it, expect } from 'vitest';
import {
  JARL_LOYALTY_MAX,
  JARL_LOYALTY_MIN,
  LOYALTY_AFTER_CONQUEST,
  RAMS_PER_WALL_LEVEL,
  addUnits,
  attackPower,
  cleanUnits,
  defensePower,
  lootFrom,
  lose,
  missingUnits,
  resolveBattle,
  subtractUnits,
  upkeepOf,
  type BattleInput,
} from './combat';
import { mapResources } from './resources';

const plenty = mapResources(() => 100_000);

/** A battle with no heroes, wonders, wall or jarls' luck unless the test says otherwise. */
function battle(over: Partial<BattleInput>): ReturnType<typeof resolveBattle> {
  return resolveBattle({
    kind: 'attack',
    attackers: {},
    defenders: {},
    heroAttack: 0,
    heroDefense: 0,
    combatBonusPercent: 0,
    allianceDefenseBonusPercent: 0,
    wallLevel: 0,
    loyalty: 100,
    isCapital: false,
    stock: plenty,
    random: () => 0,
    ...over,
  });
}

describe('strength', () => {
  it('attack is the sum of the units’ attack', () => {
    expect(attackPower({ bondi: 10, viking_raider: 5 })).toBe(10 * 20 + 5 * 60);
    expect(attackPower({})).toBe(0);
  });

  it('defence weighs defence against infantry and against cavalry by the attackers’ cavalry share', () => {
    expect(defensePower({ huscarl: 10 }, { bondi: 1 })).toBe(800);
    expect(defensePower({ huscarl: 10 }, { mounted_jarl: 1 })).toBe(600);
    expect(defensePower({ huscarl: 10 }, { bondi: 1, mounted_jarl: 1 })).toBe(700);
  });

  it('the attacking hero adds attack and the wonders’ combat bonus multiplies it', () => {
    const outcome = battle({ attackers: { bondi: 10 }, heroAttack: 50, combatBonusPercent: 20 });
    expect(outcome.attackPower).toBeCloseTo((200 + 50) * 1.2);
  });

  it('defending heroes add defence; the wall (3% a level) and the alliance bonus multiply it', () => {
    const outcome = battle({ attackers: { bondi: 1 }, defenders: { bondi: 100 }, heroDefense: 40, wallLevel: 10, allianceDefenseBonusPercent: 25 });
    expect(outcome.defensePower).toBeCloseTo((3000 + 40) * (1 + (30 + 25) / 100));
  });
});

describe('losses', () => {
  it('each type loses its share rounded to the nearest unit', () => {
    expect(lose({ bondi: 10, huscarl: 3 }, 0.25)).toEqual({ losses: { bondi: 3, huscarl: 1 }, survivors: { bondi: 7, huscarl: 2 } });
    expect(lose({ bondi: 10 }, 1)).toEqual({ losses: { bondi: 10 }, survivors: {} });
    expect(lose({ bondi: 10 }, 0)).toEqual({ losses: {}, survivors: { bondi: 10 } });
  });

  it('in an attack the winner loses (weaker / stronger)^1.5 and the loser falls to the last one', () => {
    // 6,000 attack against 3,000 defence: the attackers lose 0.5^1.5 = 35%.
    const outcome = battle({ attackers: { viking_raider: 100 }, defenders: { bondi: 100 } });
    expect(outcome.winner).toBe('attacker');
    expect(outcome.attackerLossShare).toBeCloseTo(0.5 ** 1.5);
    expect(outcome.attackerLosses).toEqual({ viking_raider: 35 });
    expect(outcome.attackerSurvivors).toEqual({ viking_raider: 65 });
    expect(outcome.defenderLosses).toEqual({ bondi: 100 });
    expect(outcome.defenderSurvivors).toEqual({});
  });

  it('in a raid both sides lose the winner’s share', () => {
    const outcome = battle({ kind: 'raid', attackers: { viking_raider: 100 }, defenders: { bondi: 100 } });
    expect(outcome.winner).toBe('attacker');
    expect(outcome.attackerLosses).toEqual({ viking_raider: 35 });
    expect(outcome.defenderLosses).toEqual({ bondi: 35 });
    expect(outcome.defenderLossShare).toBe(outcome.attackerLossShare);
  });

  it('a tie goes to the defender, and an even fight leaves nobody standing', () => {
    const outcome = battle({ attackers: { bondi: 3 }, defenders: { bondi: 2 } });
    expect(outcome.attackPower).toBe(outcome.defensePower);
    expect(outcome.winner).toBe('defender');
    expect(outcome.attackerSurvivors).toEqual({});
    expect(outcome.defenderSurvivors).toEqual({});
  });

  it('an army meeting nobody loses nobody', () => {
    const outcome = battle({ attackers: { bondi: 5 } });
    expect(outcome.winner).toBe('attacker');
    expect(outcome.attackerLosses).toEqual({});
  });
});

describe('loot', () => {
  it('spreads the carry capacity as evenly as the stock allows', () => {
    expect(lootFrom({ timber: 500, stone: 20, iron: 300, mead: 0 }, 600)).toEqual({ timber: 290, stone: 20, iron: 290, mead: 0 });
  });

  it('never takes more than the village holds, nor more than the army carries', () => {
    expect(lootFrom({ timber: 10, stone: 20, iron: 30, mead: 40 }, 1000)).toEqual({ timber: 10, stone: 20, iron: 30, mead: 40 });
    expect(lootFrom(plenty, 0)).toEqual(mapResources(() => 0));
    expect(lootFrom(plenty, 99.9)).toEqual({ timber: 25, stone: 25, iron: 25, mead: 24 });
  });

  it('only a winning attacker takes anything, up to its survivors’ carry', () => {
    const won = battle({ kind: 'raid', attackers: { viking_raider: 100 }, defenders: { bondi: 100 } });
    expect(won.loot).toEqual(mapResources(() => (65 * 80) / 4));
    const lost = battle({ kind: 'raid', attackers: { bondi: 10 }, defenders: { huscarl: 100 } });
    expect(lost.winner).toBe('defender');
    expect(lost.loot).toEqual(mapResources(() => 0));
  });
});

describe('rams and walls', () => {
  it(`every ${RAMS_PER_WALL_LEVEL} surviving rams knock the wall down one level, never below 0`, () => {
    expect(RAMS_PER_WALL_LEVEL).toBe(2);
    expect(battle({ attackers: { battering_ram: 5 }, wallLevel: 10 }).wallDamage).toBe(2);
    expect(battle({ attackers: { battering_ram: 8 }, wallLevel: 3 }).wallDamage).toBe(3);
    expect(battle({ attackers: { battering_ram: 1 }, wallLevel: 3 }).wallDamage).toBe(0);
  });

  it('rams that fell knock nothing down, and neither a raid nor a lost attack touches the wall', () => {
    // 6,400 against 3,565: 2 of 6 rams fall, 4 survive: 2 levels.
    const example = battle({ attackers: { viking_raider: 100, battering_ram: 6, jarl: 1 }, defenders: { bondi: 50, huscarl: 20 }, wallLevel: 5 });
    expect(example.attackPower).toBe(6400);
    expect(example.defensePower).toBeCloseTo(3565);
    expect(example.attackerLosses).toEqual({ viking_raider: 42, battering_ram: 2 });
    expect(example.wallDamage).toBe(2);
    expect(battle({ kind: 'raid', attackers: { battering_ram: 8 }, wallLevel: 5 }).wallDamage).toBe(0);
    expect(battle({ attackers: { battering_ram: 8 }, defenders: { huscarl: 100 }, wallLevel: 5 }).wallDamage).toBe(0);
  });
});

describe('jarls and loyalty', () => {
  it(`each surviving jarl takes ${JARL_LOYALTY_MIN} to ${JARL_LOYALTY_MAX} loyalty, drawn from the random source`, () => {
    expect(battle({ attackers: { jarl: 2 }, random: () => 0 })).toMatchObject({ loyaltyChange: -40, loyaltyAfter: 60, conquered: false });
    expect(battle({ attackers: { jarl: 2 }, random: () => 0.999 })).toMatchObject({ loyaltyChange: -60, loyaltyAfter: 40, conquered: false });
  });

  it(`loyalty brought to 0 conquers the village, which then has ${LOYALTY_AFTER_CONQUEST} loyalty`, () => {
    expect(battle({ attackers: { jarl: 2 }, loyalty: 30 })).toMatchObject({ loyaltyChange: -30, loyaltyAfter: LOYALTY_AFTER_CONQUEST, conquered: true });
  });

  it('capitals are immune, and raids and lost attacks take no loyalty', () => {
    expect(battle({ attackers: { jarl: 5 }, loyalty: 10, isCapital: true })).toMatchObject({ loyaltyChange: 0, loyaltyAfter: 10, conquered: false });
    expect(battle({ kind: 'raid', attackers: { jarl: 5 }, loyalty: 10 })).toMatchObject({ loyaltyChange: 0, conquered: false });
    expect(battle({ attackers: { jarl: 5 }, defenders: { huscarl: 100 }, loyalty: 10 })).toMatchObject({ loyaltyChange: 0, conquered: false });
  });
});

describe('army arithmetic', () => {
  it('upkeep is what a hero learns from killing units', () => {
    expect(upkeepOf({ bondi: 10, jarl: 2 })).toBe(10 * 1 + 2 * 4);
  });

  it('adds, subtracts and cleans counts, leaving no zero or negative type', () => {
    expect(addUnits({ bondi: 1 }, { bondi: 2, jarl: 1 })).toEqual({ bondi: 3, jarl: 1 });
    expect(subtractUnits({ bondi: 3, jarl: 1 }, { jarl: 1, huscarl: 4 })).toEqual({ bondi: 3 });
    expect(cleanUnits({ bondi: 0, huscarl: -1, jarl: 2 })).toEqual({ jarl: 2 });
  });

  it('names the types a village lacks for an order', () => {
    expect(missingUnits({ bondi: 2 }, { bondi: 5, jarl: 1 })).toEqual([
      { type: 'bondi', wanted: 5, home: 2 },
      { type: 'jarl', wanted: 1, home: 0 },
    ]);
    expect(missingUnits({ bondi: 5 }, { bondi: 5 })).toEqual([]);
  });
});
