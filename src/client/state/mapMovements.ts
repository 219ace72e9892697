// The player's armies and merchants as the map draws them: each movement with its two ends, its world and its departure
// and arrival on this browser's clock, put here by the map page from the movements query (the map never fetches), and
// the marker under the pointer, for the page's tooltip.
import { atom } from 'jotai';
import type { ArmyMovement, Movement } from './army';

export type MovementKind = Movement['type'];
export type MovementUnits = Movement['units'];

/** A village (or an oasis an army marches at) at one end of a movement. */
export interface MovementEnd {
  id: string;
  name: string;
  x: number;
  y: number;
}

export interface MapMovement {
  id: string;
  kind: MovementKind;
  /** The player's own (they know its strength) or someone else's coming at their village (only when it arrives). */
  own: boolean;
  /** The world of the player's village at one of its ends: the map shows it there only. */
  worldId: string;
  from: MovementEnd;
  to: MovementEnd;
  /** Date.now() instants of its departure and arrival: the marker's place in between is arithmetic, with no server call. */
  departsAt: number;
  arrivesAt: number;
  /** The player's own army's units (none for merchants); null for someone else's, whose strength the server keeps to itself. */
  units: MovementUnits | null;
  /** Merchants on the road, 0 for armies. */
  merchants: number;
}

const NONE: readonly MapMovement[] = [];

/** What the map draws; the map page keeps it in step with the movements query while it is open. */
export const mapMovementsAtom = atom<readonly MapMovement[]>(NONE);

/** A marker under the pointer: which movement, and where its centre is in CSS pixels from the stage's top left corner. */
export interface HoveredMovement {
  id: string;
  left: number;
  top: number;
  /** Width of the stage, so the tooltip can stay inside it. */
  stageWidth: number;
}

export const hoveredMovementAtom = atom<HoveredMovement | null>(null);

/** The villages of the player the map knows the worlds of. */
export interface WorldVillage {
  id: string;
  worldId: string;
}

/**
 * The movements of a movements read as the map draws them. Each is put in the world of the player's village at one of
 * its ends (a movement names villages, not worlds), and one with neither end among `villages` (a village just lost) is
 * left out. The departure is put on this clock as the arrival is: the server's duration before the client's arrival.
 */
export function mapMovementsOf(movements: readonly ArmyMovement[], villages: readonly WorldVillage[]): MapMovement[] {
  const worlds = new Map(villages.map((village) => [village.id, village.worldId]));
  const shown: MapMovement[] = [];
  for (const movement of movements) {
    const worldId = worlds.get(movement.fromVillage.id) ?? worlds.get(movement.toVillage.id);
    if (worldId === undefined) continue;
    const duration = Date.parse(movement.arrivesAt) - Date.parse(movement.departedAt);
    const own = movement.direction === 'outgoing';
    shown.push({
      id: movement.id,
      kind: movement.type,
      own,
      worldId,
      from: end(movement.fromVillage),
      to: end(movement.toVillage),
      departsAt: movement.arrivesAtClient - (Number.isFinite(duration) && duration > 0 ? duration : 0),
      arrivesAt: movement.arrivesAtClient,
      units: own ? movement.units : null,
      merchants: movement.merchants,
    });
  }
  return shown;
}

function end({ id, name, x, y }: MovementEnd): MovementEnd {
  return { id, name, x, y };
}

/**
 * Two reads of the same movements put their instants on this clock a little differently (the server counts whole
 * seconds remaining): within this much they are the same, so a read that changed nothing keeps what the map drew.
 */
const SAME_INSTANT_MS = 1500;

function sameUnits(a: MovementUnits | null, b: MovementUnits | null): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(Reflect.get(a, key), Reflect.get(b, key)));
}

function sameMovement(a: MapMovement, b: MapMovement): boolean {
  return (
    a.id === b.id &&
    a.kind === b.kind &&
    a.own === b.own &&
    a.worldId === b.worldId &&
    a.from.x === b.from.x &&
    a.from.y === b.from.y &&
    a.from.name === b.from.name &&
    a.to.x === b.to.x &&
    a.to.y === b.to.y &&
    a.to.name === b.to.name &&
    a.merchants === b.merchants &&
    Math.abs(a.arrivesAt - b.arrivesAt) < SAME_INSTANT_MS &&
    Math.abs(a.departsAt - b.departsAt) < SAME_INSTANT_MS &&
    sameUnits(a.units, b.units)
  );
}

/** Whether two lists show the same movements, in the same order. */
export function sameMapMovements(a: readonly MapMovement[], b: readonly MapMovement[]): boolean {
  return a === b || (a.length === b.length && a.every((movement, i) => sameMovement(movement, b[i]!)));
}
