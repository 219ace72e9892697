// A battle as one decision: from everything on the field (a scene) to everything that changes (a plan) the server then writes.
import type { Resources } from './resources';
import type { UnitCounts } from './units';
import { addUnits, cleanUnits, lose, resolveBattle, subtractUnits, upkeepOf, type BattleKind } from './combat';
import { battleExperience, type HeroType } from './heroes';
import { catapultHit, type CatapultHit, type TargetBuilding } from './catapults';
import type { BuildingType } from './buildings';
import type { TrackLevels } from './smithy';

/** Hours a hero rests after a lost battle, at world speed 1. */
export const HERO_REST_HOURS = 1;

/** The jarl who stays to rule a conquered village: it leaves the army and joins no village's units. */
export const JARLS_RULING_CONQUEST: UnitCounts = { jarl: 1 };

/** A hero as a battle sees it; instants in ms since the epoch. */
export interface BattleHero {
  id: string;
  type: HeroType;
  attack: number;
  defense: number;
  experience: number;
  victories: number;
  defeats: number;
  /** Until when the hero rests after a lost battle, or null. */
  restingUntil: number | null;
}

/** A hero standing in the defending village and not on a mission; whether it defends is the rule's to say. */
export interface HeroAtHome extends BattleHero {
  ownerId: string;
}

/** An army of another player stationed in the defending village. */
export interface StationedGroup {
  id: string;
  units: UnitCounts;
  /** The smithy defence levels of the group's home village at the battle instant (left out: no upgrades). */
  defenseLevels?: TrackLevels;
}

export interface DefendingVillage {
  /** Null for an abandoned village. */
  ownerId: string | null;
  /** The village's own units at home. */
  units: UnitCounts;
  stationed: readonly StationedGroup[];
  /** The highest wall level standing at the battle instant. */
  wallLevel: number;
  loyalty: number;
  isCapital: boolean;
  /** What the village holds, in whole units (loot never takes a fraction). */
  stock: Resources;
  heroesAtHome: readonly HeroAtHome[];
  /** Its buildings, for the catapults to hit (left out: none to hit). */
  buildings?: readonly TargetBuilding[];
  /** The village's smithy defence levels at the battle instant, for its own units (left out: no upgrades). */
  defenseLevels?: TrackLevels;
}

/** Everything on the field at the battle instant, as plain data the server has loaded. */
export interface BattleScene {
  kind: BattleKind;
  /** Null when the attacking player is gone. */
  attackerId: string | null;
  attackers: UnitCounts;
  attackerHero: BattleHero | null;
  /** What the attack's catapults aim at; null or left out: a building drawn at random. */
  catapultTarget?: BuildingType | null;
  /** The smithy attack levels of the village the army left, at the battle instant (left out: no upgrades). */
  attackLevels?: TrackLevels;
  village: DefendingVillage;
  /** Percent the attacker's wonders add to its attack at the battle instant. */
  combatBonusPercent: number;
  /** Percent the defender's wonders add to its defence at the battle instant. */
  allianceDefenseBonusPercent: number;
  /** Percent a night truce of the world adds to the defence of a battle landing in it (truceDefenceBonus; left out: none). */
  truceDefenceBonusPercent?: number;
  /** The battle instant, ms since the epoch. */
  at: number;
  worldSpeed: number;
  /** Numbers in [0, 1); seeded by the movement so whoever applies the battle draws the same. */
  random: () => number;
}

export interface StationedAfter {
  id: string;
  survivors: UnitCounts;
  /** Nobody of the group is left: it is removed rather than kept empty. */
  gone: boolean;
}

/** A village changing hands. It also stops being a capital, drops its training orders and hands over its wonder. */
export interface Conquest {
  newOwnerId: string;
  /** Whose it was; their heroes standing in it withdraw to their capital. */
  formerOwnerId: string | null;
  /** Units of the army that stay to rule it (and so do not march home). */
  staying: UnitCounts;
}

export interface HeroUpdate {
  id: string;
  won: boolean;
  experienceGained: number;
  experience: number;
  victories: number;
  defeats: number;
  /** A winner keeps what it had; a loser rests from the battle instant. */
  restingUntil: number | null;
}

/** The battle report's fields that the battle decides (names and places are the server's to add). */
export interface BattleReportFields {
  type: BattleKind;
  attackerUnits: UnitCounts;
  attackerLosses: UnitCounts;
  defenderUnits: UnitCounts;
  defenderLosses: UnitCounts;
  winner: 'attacker' | 'defender';
  loot: Resources;
  wallDamage: number;
  /** Loyalty points taken (0 or negative). */
  loyaltyChange: number;
  villageConquered: boolean;
  /** The building the catapults hit, its level before and after, or null. */
  buildingHit: Omit<CatapultHit, 'id'> | null;
}

/** Everything the battle changes. */
export interface BattlePlan {
  winner: 'attacker' | 'defender';
  /** The player who counts a battle won (the defender as it was before any conquest), or null when gone. */
  winnerId: string | null;
  /** The village's own units left at home. */
  homeSurvivors: UnitCounts;
  /** Each stationed group after the battle, in the scene's order. */
  stationed: StationedAfter[];
  /** All defenders, own and stationed, and all their losses. */
  defenderUnits: UnitCounts;
  defenderLosses: UnitCounts;
  /** Taken out of the village's stock at once, whether or not it reaches the attacker's home. */
  loot: Resources;
  /** The wall's level after rams knocked it down (its upgrade in progress is lost), or null when untouched. */
  wallLevelAfter: number | null;
  /** The building the surviving catapults of a won attack hit (its upgrade in progress is lost when it falls), or null. */
  buildingHit: CatapultHit | null;
  loyaltyAfter: number;
  conquest: Conquest | null;
  /** The army marching home; it carries the loot only when it won. */
  armyHome: { units: UnitCounts; loot: Resources | null };
  /** The attacking hero first, then the defending heroes in the scene's order. */
  heroes: HeroUpdate[];
  report: BattleReportFields;
}

/** A small seeded generator (mulberry32), so a battle's draw is the same whoever resolves it. */
export function seededRandom(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Heroes of the village's owner defend it; one resting after a lost battle does not, nor does a former owner's. */
export function defendingHeroes(village: DefendingVillage, at: number): HeroAtHome[] {
  if (village.ownerId === null) return [];
  return village.heroesAtHome.filter((h) => h.ownerId === village.ownerId && (h.restingUntil === null || h.restingUntil <= at));
}

/** When a battle is fought (epoch ms) and on how fast a world: what a hero's rest is counted from. */
export interface BattleMoment {
  at: number;
  worldSpeed: number;
}

/** A hero learns from every battle, won or lost; only a loser needs rest, shorter on faster worlds. */
export function heroAfterBattle(hero: BattleHero, won: boolean, enemyUpkeepKilled: number, { at, worldSpeed }: BattleMoment): HeroUpdate {
  const experienceGained = battleExperience(hero.type, enemyUpkeepKilled);
  return {
    id: hero.id,
    won,
    experienceGained,
    experience: hero.experience + experienceGained,
    victories: hero.victories + (won ? 1 : 0),
    defeats: hero.defeats + (won ? 0 : 1),
    restingUntil: won ? hero.restingUntil : at + (HERO_REST_HOURS * 3_600_000) / worldSpeed,
  };
}

/** The battle of an attack or raid landing on a village: who falls, what is taken, who rules afterwards. */
export function planBattle(scene: BattleScene): BattlePlan {
  const { village } = scene;
  const home = cleanUnits(village.units);
  const defenders = village.stationed.reduce((sum, group) => addUnits(sum, group.units), home);
  const guards = defendingHeroes(village, scene.at);
  const outcome = resolveBattle({
    kind: scene.kind,
    attackers: scene.attackers,
    defenders,
    heroAttack: scene.attackerHero?.attack ?? 0,
    heroDefense: guards.reduce((sum, h) => sum + h.defense, 0),
    combatBonusPercent: scene.combatBonusPercent,
    // A night truce's bonus counts like the wonders' one: percent added to the wall's.
    allianceDefenseBonusPercent: scene.allianceDefenseBonusPercent + (scene.truceDefenceBonusPercent ?? 0),
    wallLevel: village.wallLevel,
    loyalty: village.loyalty,
    isCapital: village.isCapital,
    stock: village.stock,
    random: scene.random,
    attackLevels: scene.attackLevels,
    // Each group fights with the smithy of its own village: the defenders' own, and each stationed army's home.
    upgradedDefenders: [
      { units: home, levels: village.defenseLevels ?? {} },
      ...village.stationed.map((group) => ({ units: cleanUnits(group.units), levels: group.defenseLevels ?? {} })),
    ],
  });

  // Defenders fall in the same share in every group. Each group rounds its own losses, so the losses
  // counted (for the report and the attacking hero) are the groups' sum, not the whole army's rounding.
  const homeSide = lose(home, outcome.defenderLossShare);
  let defenderLosses = homeSide.losses;
  const stationed = village.stationed.map((group): StationedAfter => {
    const side = lose(group.units, outcome.defenderLossShare);
    defenderLosses = addUnits(defenderLosses, side.losses);
    return { id: group.id, survivors: side.survivors, gone: Object.keys(side.survivors).length === 0 };
  });

  // A conquest needs someone to hand the village to; without one the loyalty still falls but nobody stays.
  const conquest: Conquest | null =
    outcome.conquered && scene.attackerId !== null ? { newOwnerId: scene.attackerId, formerOwnerId: village.ownerId, staying: JARLS_RULING_CONQUEST } : null;
  const attackerWon = outcome.winner === 'attacker';
  // Catapults work only for a winning attack, after the jarls' draws, with the wall left to the rams.
  const hit =
    attackerWon && scene.kind === 'attack'
      ? catapultHit({
          catapults: outcome.attackerSurvivors.catapult ?? 0,
          ratio: outcome.attackPower === 0 ? 0 : outcome.defensePower / outcome.attackPower,
          target: scene.catapultTarget ?? null,
          buildings: village.buildings ?? [],
          isCapital: village.isCapital,
          random: scene.random,
        })
      : null;

  const heroes: HeroUpdate[] = [];
  if (scene.attackerHero) heroes.push(heroAfterBattle(scene.attackerHero, attackerWon, upkeepOf(defenderLosses), { at: scene.at, worldSpeed: scene.worldSpeed }));
  for (const guard of guards) heroes.push(heroAfterBattle(guard, !attackerWon, upkeepOf(outcome.attackerLosses), { at: scene.at, worldSpeed: scene.worldSpeed }));

  return {
    winner: outcome.winner,
    winnerId: attackerWon ? scene.attackerId : village.ownerId,
    homeSurvivors: homeSide.survivors,
    stationed,
    defenderUnits: defenders,
    defenderLosses,
    loot: outcome.loot,
    wallLevelAfter: outcome.wallDamage > 0 ? Math.max(0, village.wallLevel - outcome.wallDamage) : null,
    buildingHit: hit,
    loyaltyAfter: outcome.loyaltyAfter,
    conquest,
    armyHome: {
      units: conquest ? subtractUnits(outcome.attackerSurvivors, conquest.staying) : outcome.attackerSurvivors,
      loot: attackerWon ? outcome.loot : null,
    },
    heroes,
    report: {
      type: scene.kind,
      attackerUnits: scene.attackers,
      attackerLosses: outcome.attackerLosses,
      defenderUnits: defenders,
      defenderLosses,
      winner: outcome.winner,
      loot: outcome.loot,
      wallDamage: outcome.wallDamage,
      loyaltyChange: outcome.loyaltyChange,
      villageConquered: outcome.conquered,
      buildingHit: hit && { type: hit.type, levelBefore: hit.levelBefore, levelAfter: hit.levelAfter },
    },
  };
}
