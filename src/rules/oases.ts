// Oases: the wild animals guarding them (kinds, caps by oasis kind, lazy regrowth), the battle against them, and who may annex one.
import { RESOURCE_TYPES, type ResourceType } from './resources';
import type { UnitCounts } from './units';
import { cavalryShare } from './units';
import { LOSS_EXPONENT, attackPower, lose, type BattleKind } from './combat';
import { heroAfterBattle, type BattleHero, type HeroUpdate } from './battle';
import { distance } from './world';

export const ANIMAL_TYPES = ['rat', 'spider', 'wolf', 'boar', 'bear'] as const;
export type AnimalType = (typeof ANIMAL_TYPES)[number];
/** Animals by kind (a missing kind means none). */
export type AnimalCounts = Partial<Record<AnimalType, number>>;

export interface AnimalInfo {
  name: string;
  plural: string;
  /** Defence against infantry and against cavalry, as a unit's. */
  defenseInfantry: number;
  defenseCavalry: number;
  /** What a hero learns from killing one (as a unit's upkeep counts). */
  experience: number;
}

export const ANIMALS: Readonly<Record<AnimalType, AnimalInfo>> = {
  rat: { name: 'Rat', plural: 'Rats', defenseInfantry: 25, defenseCavalry: 20, experience: 1 },
  spider: { name: 'Spider', plural: 'Spiders', defenseInfantry: 35, defenseCavalry: 40, experience: 1 },
  wolf: { name: 'Wolf', plural: 'Wolves', defenseInfantry: 40, defenseCavalry: 60, experience: 1 },
  boar: { name: 'Boar', plural: 'Boars', defenseInfantry: 70, defenseCavalry: 50, experience: 2 },
  bear: { name: 'Bear', plural: 'Bears', defenseInfantry: 140, defenseCavalry: 200, experience: 3 },
};

/** The animals a 25% oasis (one resource, or mead alone) holds at most. */
export const SMALL_OASIS_CAP: AnimalCounts = { rat: 10, spider: 5, wolf: 2 };
/** The animals a 50% oasis (a resource and mead, or +50% mead) holds at most: richer oases, stronger animals. */
export const RICH_OASIS_CAP: AnimalCounts = { spider: 8, wolf: 5, boar: 4, bear: 1 };

/** Share of the cap of each kind that grows back per hour (at world speed 1) while nobody holds the oasis. */
export const REGROWTH_SHARE_PER_HOUR = 0.1;

/** A village may annex oases within this many tiles (straight-line distance). */
export const ANNEX_REACH = 3;
/** Longhouse levels that open an oasis slot each: 10, 15 and 20 hold one, two and three oases. */
export const OASIS_SLOT_LEVELS: readonly number[] = [10, 15, 20];

/** The cap of an oasis of the given bonus: a total bonus of 50% or more is a rich oasis. */
export function animalCap(bonus: Partial<Record<ResourceType, number>>): AnimalCounts {
  const total = Object.values(bonus).reduce((sum, p) => sum + (p ?? 0), 0);
  return { ...(total >= 50 ? RICH_OASIS_CAP : SMALL_OASIS_CAP) };
}

export function animalEntries(animals: AnimalCounts): [AnimalType, number][] {
  return ANIMAL_TYPES.filter((type) => (animals[type] ?? 0) > 0).map((type) => [type, animals[type] ?? 0]);
}

export function animalCount(animals: AnimalCounts): number {
  return animalEntries(animals).reduce((sum, [, n]) => sum + n, 0);
}

/** "3 Rats, 1 Bear": counts by kind in words, empty for none. */
export function animalsText(animals: AnimalCounts): string {
  return animalEntries(animals)
    .map(([type, n]) => `${n} ${n === 1 ? ANIMALS[type].name : ANIMALS[type].plural}`)
    .join(', ');
}

/** Whole, positive counts of known kinds only. */
export function cleanAnimals(animals: AnimalCounts): AnimalCounts {
  const out: AnimalCounts = {};
  for (const [type, count] of animalEntries(animals)) {
    const whole = Math.floor(count);
    if (whole > 0) out[type] = whole;
  }
  return out;
}

/** The animals of an oasis as stored: how many at which instant (epoch ms), and whether a village holds it. */
export interface StoredAnimals {
  animals: AnimalCounts;
  at: number;
  held: boolean;
}

/** What regrowth is measured against: the oasis's cap and the world's speed. */
export interface RegrowthTerms {
  cap: AnimalCounts;
  worldSpeed: number;
}

/**
 * The animals at `atMs`, computed lazily from the stored count: each kind grows back by REGROWTH_SHARE_PER_HOUR of its cap
 * per hour (faster on faster worlds), whole animals only, never above the cap. A held oasis grows none back.
 */
export function animalsAt(stored: StoredAnimals, atMs: number, { cap, worldSpeed }: RegrowthTerms): AnimalCounts {
  if (stored.held) return cleanAnimals(stored.animals);
  const hours = (Math.max(0, atMs - stored.at) / 3_600_000) * worldSpeed;
  const out: AnimalCounts = {};
  for (const type of ANIMAL_TYPES) {
    const max = cap[type] ?? 0;
    const now = Math.min(max, Math.floor((stored.animals[type] ?? 0) + max * REGROWTH_SHARE_PER_HOUR * hours));
    if (now > 0) out[type] = now;
  }
  return out;
}

/** The animals' defence against this attacking mix, weighted by the attackers' cavalry share as a village's defenders are. */
export function animalDefense(animals: AnimalCounts, attackers: UnitCounts): number {
  const cavalry = cavalryShare(attackers);
  return animalEntries(animals).reduce((sum, [type, n]) => sum + (ANIMALS[type].defenseInfantry * (1 - cavalry) + ANIMALS[type].defenseCavalry * cavalry) * n, 0);
}

/** Each kind loses `share` of its count, rounded to the nearest animal. */
function loseAnimals(animals: AnimalCounts, share: number): { losses: AnimalCounts; survivors: AnimalCounts } {
  const losses: AnimalCounts = {};
  const survivors: AnimalCounts = {};
  for (const [type, count] of animalEntries(animals)) {
    const lost = Math.min(count, Math.round(count * share));
    if (lost > 0) losses[type] = lost;
    if (count - lost > 0) survivors[type] = count - lost;
  }
  return { losses, survivors };
}

/** An attack or raid on an oasis: the army, its hero, the wonders' combat bonus and the animals there at the instant. */
export interface OasisBattleScene {
  kind: BattleKind;
  attackers: UnitCounts;
  attackerHero: BattleHero | null;
  combatBonusPercent: number;
  animals: AnimalCounts;
  at: number;
  worldSpeed: number;
}

export interface OasisBattlePlan {
  winner: 'attacker' | 'defender';
  attackerLosses: UnitCounts;
  attackerSurvivors: UnitCounts;
  animalLosses: AnimalCounts;
  animalsAfter: AnimalCounts;
  hero: HeroUpdate | null;
}

/**
 * The battle against the animals, by the rules of a village battle without a wall, loot or loyalty: the winner loses
 * (weaker / stronger)^1.5 of its side; beaten attackers lose all in an attack and that share in a raid; beaten animals
 * all fall. An oasis without animals is won at no loss.
 */
export function planOasisBattle(scene: OasisBattleScene): OasisBattlePlan {
  const attack = (attackPower(scene.attackers) + (scene.attackerHero?.attack ?? 0)) * (1 + scene.combatBonusPercent / 100);
  const defense = animalDefense(scene.animals, scene.attackers);
  const attackerWins = attack > defense;
  const stronger = Math.max(attack, defense);
  const winnerShare = stronger === 0 ? 0 : (Math.min(attack, defense) / stronger) ** LOSS_EXPONENT;
  const loserShare = scene.kind === 'attack' ? 1 : winnerShare;
  const army = lose(scene.attackers, attackerWins ? winnerShare : loserShare);
  // Animals never retreat: beaten, they fall to the last one, in a raid too (so a raid clears an oasis it wins).
  const beasts = loseAnimals(scene.animals, attackerWins ? 1 : winnerShare);
  const killed = animalEntries(beasts.losses).reduce((sum, [type, n]) => sum + ANIMALS[type].experience * n, 0);
  return {
    winner: attackerWins ? 'attacker' : 'defender',
    attackerLosses: army.losses,
    attackerSurvivors: army.survivors,
    animalLosses: beasts.losses,
    animalsAfter: beasts.survivors,
    hero: scene.attackerHero ? heroAfterBattle(scene.attackerHero, attackerWins, killed, { at: scene.at, worldSpeed: scene.worldSpeed }) : null,
  };
}

/** How many oases a village with this longhouse level may hold. */
export function oasisSlots(longhouseLevel: number): number {
  return OASIS_SLOT_LEVELS.filter((level) => longhouseLevel >= level).length;
}

/** Everything annexing depends on, at the battle instant. */
export interface AnnexAttempt {
  kind: BattleKind;
  /** Whether the army won and a hero of the attacking village led it. */
  won: boolean;
  heroLed: boolean;
  animalsLeft: AnimalCounts;
  /** The attacking village: where it stands, its longhouse level, how many oases it holds, and whether it holds this one. */
  village: { x: number; y: number; longhouseLevel: number; oasesHeld: number; holdsThis: boolean; ownedByAttacker: boolean };
  oasis: { x: number; y: number };
}

/**
 * Why the attacking village does not annex the oasis after its battle, or null when it does: an attack (not a raid),
 * won, led by a hero, leaving no animals, from a village of the attacker within reach with a free longhouse slot.
 * A held oasis is taken over the same way.
 */
export function annexRefusal(attempt: AnnexAttempt): string | null {
  const { village } = attempt;
  const battle = battleAnnexRefusal(attempt);
  if (battle) return battle;
  if (!village.ownedByAttacker) return 'The attacking village is no longer yours';
  if (village.holdsThis) return 'The village already holds this oasis';
  if (distance(village.x, village.y, attempt.oasis.x, attempt.oasis.y) > ANNEX_REACH) return `The oasis is more than ${ANNEX_REACH} tiles from the village`;
  const slots = oasisSlots(village.longhouseLevel);
  if (slots === 0) return `Annexing an oasis needs a Longhouse of level ${OASIS_SLOT_LEVELS[0]}`;
  if (village.oasesHeld >= slots) return `A Longhouse of level ${village.longhouseLevel} holds ${slots} oasis${slots === 1 ? '' : 'es'}, all taken`;
  return null;
}

/** annexRefusal's conditions on the battle alone (what the server checks before it locks any village). */
export function battleAnnexRefusal(attempt: Pick<AnnexAttempt, 'kind' | 'won' | 'heroLed' | 'animalsLeft'>): string | null {
  if (attempt.kind !== 'attack') return 'Only an attack annexes an oasis, not a raid';
  if (!attempt.won) return 'The animals won';
  if (!attempt.heroLed) return 'A hero must lead the attack to annex an oasis';
  if (animalCount(attempt.animalsLeft) > 0) return 'Animals are left in the oasis';
  return null;
}

/** The bonus a village gets from the oases it holds: their percents added per resource. */
export function heldOasesBonus(bonuses: readonly Partial<Record<ResourceType, number>>[]): Partial<Record<ResourceType, number>> {
  const out: Partial<Record<ResourceType, number>> = {};
  for (const bonus of bonuses) {
    for (const r of RESOURCE_TYPES) if (bonus[r]) out[r] = (out[r] ?? 0) + (bonus[r] ?? 0);
  }
  return out;
}

/** What a battle report tells of an oasis battle besides the armies: the animals, and whether the oasis changed hands. */
export interface OasisBattleNote {
  x: number;
  y: number;
  animals: AnimalCounts;
  animalLosses: AnimalCounts;
  /** The attacking village annexed the oasis. */
  annexed: boolean;
  /** Why it did not, for an attack that did not (null otherwise). */
  notAnnexed: string | null;
  /** The village that held the oasis before a takeover, by name. */
  takenFrom: string | null;
}

/** The name an oasis goes by in movements and reports (which show every place's coordinates beside its name). */
export const OASIS_NAME = 'Oasis';
