// Battles: attack against defence weighted by the attacker's mix, losses by the strength ratio, loot, rams against walls and jarls against loyalty.
import { RESOURCE_TYPES, mapResources, type Resources } from './resources';
import { defenseBonusPercent } from './economy';
import { UNITS, UNIT_TYPES, carryCapacity, cavalryShare, unitEntries, type UnitCounts, type UnitType } from './units';
import { smithyFactor, type TrackLevels } from './smithy';

export const BATTLE_KINDS = ['attack', 'raid'] as const;
export type BattleKind = (typeof BATTLE_KINDS)[number];

/** The two sides of a battle: who won it. */
export const BATTLE_SIDES = ['attacker', 'defender'] as const;
export type BattleSide = (typeof BATTLE_SIDES)[number];

/** The exponent of the losses: the winner loses (weaker / stronger)^1.5 of its army. */
export const LOSS_EXPONENT = 1.5;
/** Surviving rams needed to knock down one wall level. */
export const RAMS_PER_WALL_LEVEL = 2;
/** Loyalty points a surviving jarl takes, drawn between these. */
export const JARL_LOYALTY_MIN = 20;
export const JARL_LOYALTY_MAX = 30;
/** Loyalty a village has right after it changes hands. */
export const LOYALTY_AFTER_CONQUEST = 20;

export interface BattleInput {
  kind: BattleKind;
  attackers: UnitCounts;
  defenders: UnitCounts;
  /** Attack added by the attacking hero. */
  heroAttack: number;
  /** Defence added by heroes at home in the defending village. */
  heroDefense: number;
  /** Percent the attacker's alliance wonders add to its attack. */
  combatBonusPercent: number;
  /** Percent the defender's alliance wonders add to its defence (the wall comes on top). */
  allianceDefenseBonusPercent: number;
  wallLevel: number;
  loyalty: number;
  /** Whether the defending village is a capital (capitals cannot be taken). */
  isCapital: boolean;
  /** What the defender holds (whole units), for loot. */
  stock: Resources;
  /** A number in [0, 1) for the jarls' draw; the caller owns the randomness. */
  random: () => number;
  /** The attackers' smithy attack levels (left out: no upgrades). */
  attackLevels?: TrackLevels;
  /** Defenders fighting with smithy defence levels, each group part of `defenders` (left out, or a unit in no group: no upgrades). */
  upgradedDefenders?: readonly UpgradedGroup[];
}

/** Some of the defenders and the smithy defence levels of the village they come from. */
export interface UpgradedGroup {
  units: UnitCounts;
  levels: TrackLevels;
}

export interface BattleOutcome {
  winner: BattleSide;
  attackPower: number;
  defensePower: number;
  /** Share of each side's units that falls (the caller applies the defender's share to each group of defenders). */
  attackerLossShare: number;
  defenderLossShare: number;
  attackerLosses: UnitCounts;
  defenderLosses: UnitCounts;
  attackerSurvivors: UnitCounts;
  defenderSurvivors: UnitCounts;
  loot: Resources;
  wallDamage: number;
  /** Loyalty points taken (0 or negative). */
  loyaltyChange: number;
  loyaltyAfter: number;
  conquered: boolean;
}

/** The attack of units, each type's attack times its smithy factor (1.015^level; no levels: 1). */
export function attackPower(units: UnitCounts, levels: TrackLevels = {}): number {
  return unitEntries(units).reduce((sum, [type, count]) => sum + UNITS[type].attack * smithyFactor(levels[type] ?? 0) * count, 0);
}

/**
 * The defenders' strength against this attacking mix: defence vs infantry and vs cavalry, weighted by the attackers'
 * cavalry share, each type's times its smithy factor (no levels: 1).
 */
export function defensePower(defenders: UnitCounts, attackers: UnitCounts, levels: TrackLevels = {}): number {
  const cavalry = cavalryShare(attackers);
  return unitEntries(defenders).reduce(
    (sum, [type, count]) => sum + (UNITS[type].defenseInfantry * (1 - cavalry) + UNITS[type].defenseCavalry * cavalry) * smithyFactor(levels[type] ?? 0) * count,
    0,
  );
}

/** What the groups' smithy levels add to the defence they would have without upgrades. */
export function smithyDefenseBonus(groups: readonly UpgradedGroup[], attackers: UnitCounts): number {
  return groups.reduce((sum, group) => sum + defensePower(group.units, attackers, group.levels) - defensePower(group.units, attackers), 0);
}

/** Each type loses `share` of its count, rounded to the nearest unit. */
export function lose(units: UnitCounts, share: number): { losses: UnitCounts; survivors: UnitCounts } {
  const losses: UnitCounts = {};
  const survivors: UnitCounts = {};
  for (const [type, count] of unitEntries(units)) {
    const lost = Math.min(count, Math.round(count * share));
    if (lost > 0) losses[type] = lost;
    if (count - lost > 0) survivors[type] = count - lost;
  }
  return { losses, survivors };
}

/**
 * Takes up to `capacity` from `stock`, as evenly over the four resources as what is there allows:
 * never more than the defender holds.
 */
export function lootFrom(stock: Resources, capacity: number): Resources {
  const loot = mapResources(() => 0);
  let room = Math.max(0, Math.floor(capacity));
  let open = RESOURCE_TYPES.filter((r) => stock[r] > 0);
  while (room > 0 && open.length > 0) {
    const share = Math.max(1, Math.floor(room / open.length));
    for (const r of open) {
      const take = Math.min(share, stock[r] - loot[r], room);
      loot[r] += take;
      room -= take;
      if (room === 0) break;
    }
    open = open.filter((r) => stock[r] - loot[r] > 0);
  }
  return loot;
}

/** The upkeep (mead per hour) of units: what a hero learns from killing them. */
export function upkeepOf(units: UnitCounts): number {
  return unitEntries(units).reduce((sum, [type, count]) => sum + UNITS[type].upkeep * count, 0);
}

export function resolveBattle(input: BattleInput): BattleOutcome {
  const attack = (attackPower(input.attackers, input.attackLevels) + input.heroAttack) * (1 + input.combatBonusPercent / 100);
  const defenseBonus = defenseBonusPercent(input.wallLevel, input.allianceDefenseBonusPercent);
  const unitsDefense = defensePower(input.defenders, input.attackers) + smithyDefenseBonus(input.upgradedDefenders ?? [], input.attackers);
  const defense = (unitsDefense + input.heroDefense) * (1 + defenseBonus / 100);
  const attackerWins = attack > defense;
  const stronger = Math.max(attack, defense);
  const ratio = stronger === 0 ? 0 : Math.min(attack, defense) / stronger;
  const winnerShare = ratio ** LOSS_EXPONENT;
  // In an attack the loser falls to the last one; in a raid both sides lose the winner's share.
  const loserShare = input.kind === 'attack' ? 1 : winnerShare;
  const attackerLossShare = attackerWins ? winnerShare : loserShare;
  const defenderLossShare = attackerWins ? loserShare : winnerShare;
  const attackerSide = lose(input.attackers, attackerLossShare);
  const defenderSide = lose(input.defenders, defenderLossShare);

  let loot = mapResources(() => 0);
  let wallDamage = 0;
  let loyaltyChange = 0;
  if (attackerWins) {
    loot = lootFrom(input.stock, carryCapacity(attackerSide.survivors));
    if (input.kind === 'attack') {
      wallDamage = Math.min(input.wallLevel, Math.floor((attackerSide.survivors.battering_ram ?? 0) / RAMS_PER_WALL_LEVEL));
      const jarls = attackerSide.survivors.jarl ?? 0;
      if (!input.isCapital) {
        for (let i = 0; i < jarls; i++) loyaltyChange -= JARL_LOYALTY_MIN + Math.floor(input.random() * (JARL_LOYALTY_MAX - JARL_LOYALTY_MIN + 1));
      }
    }
  }
  const loyaltyAfter = Math.max(0, input.loyalty + loyaltyChange);
  const conquered = loyaltyChange < 0 && loyaltyAfter <= 0;
  return {
    winner: attackerWins ? 'attacker' : 'defender',
    attackPower: attack,
    defensePower: defense,
    attackerLossShare,
    defenderLossShare,
    attackerLosses: attackerSide.losses,
    defenderLosses: defenderSide.losses,
    attackerSurvivors: attackerSide.survivors,
    defenderSurvivors: defenderSide.survivors,
    loot,
    wallDamage,
    loyaltyChange: Math.max(loyaltyChange, -input.loyalty),
    loyaltyAfter: conquered ? LOYALTY_AFTER_CONQUEST : loyaltyAfter,
    conquered,
  };
}

/** Counts that are whole and positive only, with nothing left at zero. */
export function cleanUnits(units: UnitCounts): UnitCounts {
  const out: UnitCounts = {};
  for (const type of UNIT_TYPES) {
    const count = units[type] ?? 0;
    if (count > 0) out[type] = count;
  }
  return out;
}

/** a - b per type (never below zero). */
export function subtractUnits(a: UnitCounts, b: UnitCounts): UnitCounts {
  const out: UnitCounts = {};
  for (const type of UNIT_TYPES) {
    const left = (a[type] ?? 0) - (b[type] ?? 0);
    if (left > 0) out[type] = left;
  }
  return out;
}

export function addUnits(a: UnitCounts, b: UnitCounts): UnitCounts {
  const out: UnitCounts = {};
  for (const type of UNIT_TYPES) {
    const sum = (a[type] ?? 0) + (b[type] ?? 0);
    if (sum > 0) out[type] = sum;
  }
  return out;
}

/** Which requested types the village lacks, as readable words; empty when it has them all. */
export function missingUnits(home: UnitCounts, wanted: UnitCounts): { type: UnitType; wanted: number; home: number }[] {
  return unitEntries(wanted)
    .filter(([type, count]) => (home[type] ?? 0) < count)
    .map(([type, count]) => ({ type, wanted: count, home: home[type] ?? 0 }));
}

/** The refusal of an army the village does not have at home: 'Not enough units at home: 5 Bondi (2 at home)'; null when it has. */
export function shortfallRefusal(home: UnitCounts, wanted: UnitCounts): string | null {
  const missing = missingUnits(home, wanted);
  if (missing.length === 0) return null;
  return `Not enough units at home: ${missing.map((m) => `${m.wanted} ${UNITS[m.type].name} (${m.home} at home)`).join(', ')}`;
}
