// Troop movements: how long a march takes, what may be sent where, and the order in which arrivals happen.
import { distance, type Point } from './world';
import { slowestSpeed, type UnitCounts } from './units';

export const MOVEMENT_TYPES = ['attack', 'raid', 'reinforce', 'return'] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];

/** What a player may order; returns are made by the game. */
export const SENDABLE_MOVEMENTS = ['attack', 'raid', 'reinforce'] as const;
export type SendableMovement = (typeof SENDABLE_MOVEMENTS)[number];

/**
 * Seconds a march takes: distance / (slowest unit's tiles per hour x world speed), shortened by the
 * alliance's movement bonus in percent; at least one second. Null for an empty army.
 */
export function marchSeconds(from: Point, to: Point, units: UnitCounts, worldSpeed: number, speedBonusPercent = 0): number | null {
  const speed = slowestSpeed(units);
  if (speed === null) return null;
  const hours = distance(from.x, from.y, to.x, to.y) / (speed * worldSpeed * (1 + speedBonusPercent / 100));
  return Math.max(1, Math.round(hours * 3600));
}

/** Why a movement may not go from one village to another, or null. */
export function sendRefusal(
  type: SendableMovement,
  sender: { ownerId: string; allianceId: string | null },
  target: { ownerId: string | null; allianceId: string | null; worldId: string; id: string },
  from: { worldId: string; id: string },
): string | null {
  if (target.id === from.id) return 'Troops cannot march to the village they stand in';
  if (target.worldId !== from.worldId) return 'That village is in another world';
  const own = target.ownerId === sender.ownerId;
  const ally = !own && sender.allianceId !== null && target.allianceId === sender.allianceId;
  if (type === 'reinforce') return own || ally ? null : 'You can only reinforce your own villages and your allies’';
  if (own) return 'You cannot attack your own village';
  if (ally) return 'That village belongs to an ally';
  return null;
}
