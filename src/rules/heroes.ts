// Heroes: the five types, rarity draw, starting stats, levelling, recruitment price and power.
import type { Resources } from './resources';
import { canAfford, scaleResources } from './resources';
import { isOneOf } from './tuples';

export const HERO_TYPES = ['warrior', 'guardian', 'pathfinder', 'chieftain', 'skald'] as const;
export type HeroType = (typeof HERO_TYPES)[number];

export const HERO_STATS = ['attack', 'defense', 'speed', 'leadership'] as const;
export type HeroStat = (typeof HERO_STATS)[number];
export type HeroStats = Record<HeroStat, number>;

/** The skald's strength is learning faster, not a fighting stat, so its primary stat is 'experience'. */
export type HeroPrimaryStat = HeroStat | 'experience';

export interface HeroTypeInfo {
  name: string;
  icon: string;
  primaryStat: HeroPrimaryStat;
  description: string;
  specialAbility: string;
}

export const HERO_TYPE_INFO: Readonly<Record<HeroType, HeroTypeInfo>> = {
  warrior: {
    name: 'Warrior',
    icon: '⚔️',
    primaryStat: 'attack',
    description: 'A battle-hardened raider who leads from the front of the shield wall.',
    specialAbility: 'Battle Fury: a high attack that adds to every army he joins',
  },
  guardian: {
    name: 'Guardian',
    icon: '🛡️',
    primaryStat: 'defense',
    description: 'A steadfast protector who holds the gate while the village sleeps.',
    specialAbility: 'Shield Wall: a high defense that makes the hero hard to fell',
  },
  pathfinder: {
    name: 'Pathfinder',
    icon: '🧭',
    primaryStat: 'speed',
    description: 'A scout who knows every fjord, pass and forest trail.',
    specialAbility: 'Swift Trails: a high speed for long journeys across the map',
  },
  chieftain: {
    name: 'Chieftain',
    icon: '👑',
    primaryStat: 'leadership',
    description: 'A born leader whose word gathers warriors to the longhouse.',
    specialAbility: 'Rally: a high leadership that inspires the warband',
  },
  skald: {
    name: 'Skald',
    icon: '🎵',
    primaryStat: 'experience',
    description: 'A poet who turns every deed into a saga and learns from each one.',
    specialAbility: 'Saga Keeper: experience gain +25%',
  },
};

export const HERO_RARITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary'] as const;
export type HeroRarity = (typeof HERO_RARITIES)[number];

/** Draw chances in percent, in rarity order; they add up to 100. */
export const RARITY_CHANCE_PERCENT: Readonly<Record<HeroRarity, number>> = {
  common: 50,
  uncommon: 25,
  rare: 15,
  epic: 8,
  legendary: 2,
};

export const HERO_LEVEL_CAP = 100;
export const DEFAULT_MAX_HEROES = 5;
export const SKALD_EXPERIENCE_BONUS_PERCENT = 25;
export const HERO_BASE_STAT = 10;
export const HERO_STAT_PER_RARITY_STEP = 5;
export const HERO_LEVEL_UP_STAT_GAIN = 2;
export const HERO_LEVEL_UP_PRIMARY_GAIN = 5;

/** The price of the first hero; the n-th costs (1 + heroes owned) times as much. */
export const HERO_RECRUITMENT_BASE_COST: Readonly<Resources> = { timber: 500, stone: 400, iron: 600, mead: 300 };

export interface HeroProgress {
  level: number;
  experience: number;
}

export interface HeroPowerInput extends HeroStats {
  level: number;
}

export function isHeroType(value: string): value is HeroType {
  return isOneOf(HERO_TYPES, value);
}

/** The stat a type doubles at birth and favours on level-up; none for the skald. */
export function boostedStat(type: HeroType): HeroStat | null {
  const primary = HERO_TYPE_INFO[type].primaryStat;
  return primary === 'experience' ? null : primary;
}

export function experienceForNextLevel(level: number): number {
  return Math.floor(100 * 1.1 ** level);
}

export function canLevelUp(hero: HeroProgress): boolean {
  return hero.level < HERO_LEVEL_CAP && hero.experience >= experienceForNextLevel(hero.level);
}

/** Levelling spends the threshold; experience beyond it carries over to the next level. */
export function levelUpProgress(hero: HeroProgress): HeroProgress {
  if (!canLevelUp(hero)) return hero;
  return { level: hero.level + 1, experience: hero.experience - experienceForNextLevel(hero.level) };
}

export function recruitmentCost(heroesOwned: number): Resources {
  return scaleResources({ ...HERO_RECRUITMENT_BASE_COST }, 1 + Math.max(0, heroesOwned));
}

export function canRecruit(heroesOwned: number, stock: Resources, maxHeroes = DEFAULT_MAX_HEROES): boolean {
  if (heroesOwned >= maxHeroes) return false;
  return canAfford(stock, recruitmentCost(heroesOwned));
}

/** Draws a rarity from a uniform number in [0, 1); the source of randomness is the caller's. */
export function rollRarity(random: () => number): HeroRarity {
  const roll = Math.min(Math.max(random(), 0), 0.999999) * 100;
  let threshold = 0;
  for (const rarity of HERO_RARITIES) {
    threshold += RARITY_CHANCE_PERCENT[rarity];
    if (roll < threshold) return rarity;
  }
  return 'legendary';
}

export function startingStats(type: HeroType, rarity: HeroRarity): HeroStats {
  const base = HERO_BASE_STAT + HERO_STAT_PER_RARITY_STEP * HERO_RARITIES.indexOf(rarity);
  const stats: HeroStats = { attack: base, defense: base, speed: base, leadership: base };
  const boosted = boostedStat(type);
  if (boosted) stats[boosted] = base * 2;
  return stats;
}

/** Each level adds 2 to every stat, and 5 (instead of 2) to the type's primary stat. */
export function levelUpStats(stats: HeroStats, type: HeroType): HeroStats {
  const boosted = boostedStat(type);
  const gain = (stat: HeroStat) => (stat === boosted ? HERO_LEVEL_UP_PRIMARY_GAIN : HERO_LEVEL_UP_STAT_GAIN);
  return {
    attack: stats.attack + gain('attack'),
    defense: stats.defense + gain('defense'),
    speed: stats.speed + gain('speed'),
    leadership: stats.leadership + gain('leadership'),
  };
}

export function totalPower(hero: HeroPowerInput): number {
  return (hero.attack + hero.defense + hero.speed + hero.leadership) * hero.level;
}

/** Experience from a battle: the upkeep of the enemy units killed, +25% for a skald, rounded down. */
export function battleExperience(type: HeroType, enemyUpkeepKilled: number): number {
  const bonus = type === 'skald' ? SKALD_EXPERIENCE_BONUS_PERCENT : 0;
  return Math.floor((Math.max(0, enemyUpkeepKilled) * (100 + bonus)) / 100);
}
