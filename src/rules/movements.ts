// Troop movements: how long a march takes, what may be sent where, and the order in which arrivals happen.
import { distance, type Point } from './world';
import { slowestSpeed, type UnitCounts } from './units';
import { isFriendly, type TargetRelation } from './diplomacy';

/** Armies (`attack`, `raid`, `reinforce`, `scout`, `return` home) and merchants (`delivery`, `merchants_return` home). */
export const MOVEMENT_TYPES = ['attack', 'raid', 'reinforce', 'return', 'delivery', 'merchants_return', 'scout'] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];

/** Merchants on the road: they carry resources, never troops, and count in no army figure. */
export const MERCHANT_MOVEMENTS = ['delivery', 'merchants_return'] as const;

/** What a player may order; returns are made by the game. */
export const SENDABLE_MOVEMENTS = ['attack', 'raid', 'reinforce', 'scout'] as const;
export type SendableMovement = (typeof SENDABLE_MOVEMENTS)[number];

/** How fast armies march: the world's speed and the alliance's movement bonus in percent (none when left out). */
export interface MarchPace {
  worldSpeed: number;
  speedBonusPercent?: number;
}

/**
 * Seconds a march takes: distance / (slowest unit's tiles per hour x world speed), shortened by the
 * alliance's movement bonus in percent; at least one second. Null for an empty army.
 */
export function marchSeconds(from: Point, to: Point, units: UnitCounts, { worldSpeed, speedBonusPercent = 0 }: MarchPace): number | null {
  const speed = slowestSpeed(units);
  if (speed === null) return null;
  const hours = distance(from.x, from.y, to.x, to.y) / (speed * worldSpeed * (1 + speedBonusPercent / 100));
  return Math.max(1, Math.round(hours * 3600));
}

/**
 * Why a movement may not go from one village to another, or null. `relation` is how the target stands to the sender
 * (`relationOf` in diplomacy.ts), null where the sender cannot tell yet (the client's form before it has read the
 * alliances): only what it can tell is refused there, and the server, which always knows, refuses the rest.
 * `allianceTag` is the target's alliance, named in the refusal of a confederate's or pact partner's village.
 */
export function sendRefusal(
  type: SendableMovement,
  route: { from: { id: string; worldId: string }; to: { id: string; worldId: string } },
  relation: TargetRelation | null,
  allianceTag?: string | null,
): string | null {
  if (route.to.id === route.from.id) return 'Troops cannot march to the village they stand in';
  if (route.to.worldId !== route.from.worldId) return 'That village is in another world';
  if (type === 'reinforce') {
    return relation === null || isFriendly(relation) ? null : 'You can only reinforce your own villages, your alliance’s, your confederates’ and your pact partners’';
  }
  const them = allianceTag ? `[${allianceTag}]` : 'that village’s alliance';
  switch (relation) {
    case 'own':
      return 'You cannot attack your own village';
    case 'ally':
      return 'That village belongs to an ally';
    case 'confederate':
      return `Your alliance is in a confederation with ${them}: their villages cannot be attacked, raided or scouted`;
    case 'pact':
      return `Your alliance has a non-aggression pact with ${them}: their villages cannot be attacked, raided or scouted`;
    default:
      return null;
  }
}
