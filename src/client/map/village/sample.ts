// Sample villages for the designer's village view and the village bench: the fields, every inner building type, a wall and
// free plots, all at levels of one look, with constructions when asked. Plain data, no Pixi.
import { INNER_TYPES, STARTING_BUILDINGS, type InnerType } from '../../../rules/buildings';
import type { SceneBuilding } from './layout';
import type { BuildingLook } from './village-atlas-data';

/** A level inside each look's range, varied a little by slot so the sample does not look stamped out. */
const LEVELS: Readonly<Record<BuildingLook, readonly number[]>> = { 1: [3, 5, 8], 2: [11, 14, 18], 3: [21, 25, 30] };

export interface SampleOptions {
  look: BuildingLook;
  /** Which constructions run: none, one upgrade (as a village can have), or one of each kind (an upgrade, a new building on its plot, a field). */
  constructions: 'none' | 'one' | 'every kind';
  /** Seconds left of each construction. */
  remaining?: number;
}

/** The inner buildings in slot order after the great hall: every type once, and a second warehouse and granary. */
const INNER_ORDER: readonly InnerType[] = [...INNER_TYPES.filter((type) => type !== 'great_hall'), 'warehouse', 'granary'];

export function sampleVillage({ look, constructions, remaining = 754 }: SampleOptions): SceneBuilding[] {
  const levels = LEVELS[look];
  const level = (slot: number) => levels[slot % levels.length] ?? 1;
  const buildings: SceneBuilding[] = STARTING_BUILDINGS.map((start) => ({
    slot: start.slot,
    type: start.type,
    level: level(start.slot),
    isUpgrading: false,
    remainingTime: null,
  }));
  INNER_ORDER.forEach((type, index) => {
    buildings.push({ slot: 20 + index, type, level: level(index), isUpgrading: false, remainingTime: null });
  });
  const upgrade = (slot: number) => {
    const building = buildings.find((b) => b.slot === slot);
    if (building) Object.assign(building, { isUpgrading: true, remainingTime: remaining });
  };
  if (constructions !== 'none') upgrade(19);
  if (constructions === 'every kind') {
    upgrade(5);
    // A building just placed: level 0 on its plot, its first level under way.
    buildings.push({ slot: 36, type: 'warehouse', level: 0, isUpgrading: true, remainingTime: remaining });
  }
  return buildings;
}
