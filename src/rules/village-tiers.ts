// How big a village looks on the map: its population tier (hamlet, village, town, city), from the population the map tiles carry.

/** The tiers from smallest to largest; the map draws each with its own icon and the legend names them. */
export const VILLAGE_TIERS = ['hamlet', 'village', 'town', 'city'] as const;
export type VillageTier = (typeof VILLAGE_TIERS)[number];

/**
 * The population from which a village is of each tier (docs/GAME_RULES.md, "The map view"). A new village (population 2)
 * and a new barbarian camp (47) are hamlets; a fully grown barbarian camp (350) is a town; a city takes a player's work.
 */
export const TIER_MIN_POPULATION: Readonly<Record<VillageTier, number>> = {
  hamlet: 0,
  village: 100,
  town: 300,
  city: 600,
};

/** The tier of a village of `population` inhabitants (anything below the village threshold, a broken number too, is a hamlet). */
export function villageTier(population: number): VillageTier {
  let tier: VillageTier = 'hamlet';
  for (const candidate of VILLAGE_TIERS) if (population >= TIER_MIN_POPULATION[candidate]) tier = candidate;
  return tier;
}
