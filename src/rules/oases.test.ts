import { describe, expect, it } from 'vitest';
import {
  ANNEX_REACH,
  RICH_OASIS_CAP,
  SMALL_OASIS_CAP,
  animalCap,
  animalDefense,
  animalsText,
  animalsAt,
  annexRefusal,
  battleAnnexRefusal,
  heldOasesBonus,
  oasisSlots,
  planOasisBattle,
  type AnnexAttempt,
} from './oases';

const HOUR = 3_600_000;

describe('animals in words', () => {
  it('names each kind, one or many', () => {
    expect(animalsText({ wolf: 5, bear: 1, rat: 0 })).toBe('5 Wolves, 1 Bear');
    expect(animalsText({})).toBe('');
  });
});

describe('animal caps', () => {
  it('richer oases hold stronger animals', () => {
    expect(animalCap({ timber: 25 })).toEqual(SMALL_OASIS_CAP);
    expect(animalCap({ mead: 25 })).toEqual(SMALL_OASIS_CAP);
    expect(animalCap({ iron: 25, mead: 25 })).toEqual(RICH_OASIS_CAP);
    expect(animalCap({ mead: 50 })).toEqual(RICH_OASIS_CAP);
  });
});

describe('animal regrowth', () => {
  const cap = { rat: 10, wolf: 2 };
  it('grows back a tenth of the cap per hour, whole animals only, never above the cap', () => {
    const stored = { animals: {}, at: 0, held: false };
    expect(animalsAt(stored, 0, { cap, worldSpeed: 1 })).toEqual({});
    expect(animalsAt(stored, HOUR, { cap, worldSpeed: 1 })).toEqual({ rat: 1 });
    expect(animalsAt(stored, 5 * HOUR, { cap, worldSpeed: 1 })).toEqual({ rat: 5, wolf: 1 });
    expect(animalsAt(stored, 10 * HOUR, { cap, worldSpeed: 1 })).toEqual({ rat: 10, wolf: 2 });
    expect(animalsAt(stored, 100 * HOUR, { cap, worldSpeed: 1 })).toEqual({ rat: 10, wolf: 2 });
  });
  it('counts from the stored count and instant, faster on faster worlds', () => {
    const stored = { animals: { rat: 3 }, at: 2 * HOUR, held: false };
    expect(animalsAt(stored, 3 * HOUR, { cap, worldSpeed: 1 })).toEqual({ rat: 4 });
    expect(animalsAt(stored, 3 * HOUR, { cap, worldSpeed: 5 })).toEqual({ rat: 8, wolf: 1 });
    // An instant before the stored one grows nothing.
    expect(animalsAt(stored, HOUR, { cap, worldSpeed: 1 })).toEqual({ rat: 3 });
  });
  it('grows nothing back while a village holds the oasis', () => {
    expect(animalsAt({ animals: {}, at: 0, held: true }, 100 * HOUR, { cap, worldSpeed: 1 })).toEqual({});
  });
});

describe('the battle against the animals', () => {
  it('weighs the animals defence by the attackers cavalry share', () => {
    expect(animalDefense({ rat: 2 }, { bondi: 1 })).toBe(50);
    expect(animalDefense({ rat: 2 }, {})).toBe(50);
  });
  it('a strong attack kills every animal, loses the winner share and teaches the hero', () => {
    const hero = { id: 'h', type: 'warrior' as const, attack: 0, defense: 0, experience: 0, victories: 0, defeats: 0, restingUntil: null };
    const plan = planOasisBattle({ kind: 'attack', attackers: { berserker: 100 }, attackerHero: hero, combatBonusPercent: 0, animals: { rat: 10 }, at: 0, worldSpeed: 1 });
    expect(plan.winner).toBe('attacker');
    expect(plan.animalsAfter).toEqual({});
    expect(plan.animalLosses).toEqual({ rat: 10 });
    // 250 defence against 9000 attack: (250/9000)^1.5 of 100 rounds to 0.
    expect(plan.attackerLosses).toEqual({});
    expect(plan.hero?.experienceGained).toBe(10);
    expect(plan.hero?.victories).toBe(1);
  });
  it('a won raid clears the oasis too, the raiders losing the winner share', () => {
    const plan = planOasisBattle({ kind: 'raid', attackers: { bondi: 10 }, attackerHero: null, combatBonusPercent: 0, animals: { rat: 4 }, at: 0, worldSpeed: 1 });
    // 200 attack against 100 defence: the raiders lose (1/2)^1.5 = 35%, the animals all.
    expect(plan.winner).toBe('attacker');
    expect(plan.animalLosses).toEqual({ rat: 4 });
    expect(plan.animalsAfter).toEqual({});
    expect(plan.attackerLosses).toEqual({ bondi: 4 });
  });
  it('a lost raid keeps the winner share of the raiders alive', () => {
    const plan = planOasisBattle({ kind: 'raid', attackers: { bondi: 4 }, attackerHero: null, combatBonusPercent: 0, animals: { rat: 8 }, at: 0, worldSpeed: 1 });
    // 80 attack against 200 defence: both lose (80/200)^1.5 = 25%.
    expect(plan.winner).toBe('defender');
    expect(plan.attackerLosses).toEqual({ bondi: 1 });
    expect(plan.animalsAfter).toEqual({ rat: 6 });
  });
  it('an attack that loses falls to the last unit', () => {
    const plan = planOasisBattle({ kind: 'attack', attackers: { bondi: 1 }, attackerHero: null, combatBonusPercent: 0, animals: { bear: 1 }, at: 0, worldSpeed: 1 });
    expect(plan.winner).toBe('defender');
    expect(plan.attackerSurvivors).toEqual({});
    expect(plan.animalsAfter).toEqual({ bear: 1 });
  });
  it('an empty oasis is won at no loss', () => {
    const plan = planOasisBattle({ kind: 'attack', attackers: { bondi: 1 }, attackerHero: null, combatBonusPercent: 0, animals: {}, at: 0, worldSpeed: 1 });
    expect(plan.winner).toBe('attacker');
    expect(plan.attackerLosses).toEqual({});
  });
});

describe('annexing', () => {
  const attempt = (change: Partial<AnnexAttempt> = {}, village: Partial<AnnexAttempt['village']> = {}): AnnexAttempt => ({
    kind: 'attack',
    won: true,
    heroLed: true,
    animalsLeft: {},
    village: { x: 0, y: 0, longhouseLevel: 10, oasesHeld: 0, holdsThis: false, ownedByAttacker: true, ...village },
    oasis: { x: 2, y: 2 },
    ...change,
  });
  it('longhouse levels 10, 15 and 20 hold one, two and three oases', () => {
    expect([0, 9, 10, 14, 15, 19, 20].map(oasisSlots)).toEqual([0, 0, 1, 1, 2, 2, 3]);
  });
  it('a won attack led by a hero, no animals left, within reach and with a free slot annexes', () => {
    expect(annexRefusal(attempt())).toBeNull();
    expect(annexRefusal(attempt({}, { longhouseLevel: 15, oasesHeld: 1 }))).toBeNull();
  });
  it('tells the battle conditions apart from the village ones', () => {
    expect(battleAnnexRefusal({ kind: 'attack', won: true, heroLed: true, animalsLeft: {} })).toBeNull();
    expect(battleAnnexRefusal({ kind: 'attack', won: true, heroLed: true, animalsLeft: { bear: 1 } })).toMatch(/Animals are left/);
  });
  it('refuses a raid, a lost battle, no hero, animals left', () => {
    expect(annexRefusal(attempt({ kind: 'raid' }))).toMatch(/raid/);
    expect(annexRefusal(attempt({ won: false }))).toMatch(/animals won/);
    expect(annexRefusal(attempt({ heroLed: false }))).toMatch(/hero/);
    expect(annexRefusal(attempt({ animalsLeft: { rat: 1 } }))).toMatch(/Animals are left/);
  });
  it('refuses beyond the reach, without a longhouse slot, or an oasis already held by the village', () => {
    expect(ANNEX_REACH).toBe(3);
    expect(annexRefusal(attempt({ oasis: { x: 3, y: 0 } }))).toBeNull();
    expect(annexRefusal(attempt({ oasis: { x: 3, y: 1 } }))).toMatch(/more than 3 tiles/);
    expect(annexRefusal(attempt({}, { longhouseLevel: 9 }))).toMatch(/Longhouse of level 10/);
    expect(annexRefusal(attempt({}, { longhouseLevel: 14, oasesHeld: 1 }))).toMatch(/all taken/);
    expect(annexRefusal(attempt({}, { holdsThis: true }))).toMatch(/already holds/);
    expect(annexRefusal(attempt({}, { ownedByAttacker: false }))).toMatch(/no longer yours/);
  });
  it('adds the bonuses of the held oases per resource', () => {
    expect(heldOasesBonus([{ timber: 25 }, { timber: 25, mead: 25 }])).toEqual({ timber: 50, mead: 25 });
    expect(heldOasesBonus([])).toEqual({});
  });
});
