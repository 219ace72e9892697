// Pure helpers of the army page: what the address asks for, the army being composed, the march preview, who may lead it,
// and what the rules refuse before sending (the target's relation to the player among them).
import type { Hero } from '../../api/heroes';
import type { SendableMovementType, UnitCounts } from '../../api/army';
import type { Unit } from '../../api/villages';
import { marchSeconds } from '../../../rules/movements';
import { UNITS, UNIT_TYPES, carryCapacity, slowestSpeed, unitEntries, type UnitType } from '../../../rules/units';
import { distance } from '../../../rules/world';
import { freeTextError, normaliseVillageName, villageNameError } from '../../../rules/validation';
import { sendRefusal } from '../../../rules/movements';
import { protectionRefusalFor } from '../../../rules/protection';
import { targetOnVacationRefusal } from '../../../rules/vacation';
import { truceNotice, truceRefusal, type NightTruce } from '../../../rules/night-truce';
import { isFriendly, relationOf, type TargetRelation } from '../../../rules/diplomacy';
import type { MapViewer } from '../../../rules/tile-looks';
import { i18n } from '../../i18n';

/** The missions the form offers, in order; their label and hint are army:missions.<id>.label / .hint. */
export const MISSIONS: readonly SendableMovementType[] = ['attack', 'raid', 'reinforce', 'scout'];

export type Mission = SendableMovementType | 'settle';

export interface ArmyRequest {
  target: { x: number; y: number } | null;
  mission: Mission | null;
}

function coordinate(text: string | null): number | null {
  if (text === null || !/^-?\d{1,3}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return Math.abs(value) <= 200 ? value : null;
}

/** What the map's details panel asks for: `?x=12&y=-40&mission=attack` (mission attack, raid, reinforce, scout or settle). */
export function parseArmyRequest(params: URLSearchParams): ArmyRequest {
  const x = coordinate(params.get('x'));
  const y = coordinate(params.get('y'));
  const mission = params.get('mission');
  const known = mission === 'attack' || mission === 'raid' || mission === 'reinforce' || mission === 'scout' || mission === 'settle';
  return { target: x !== null && y !== null ? { x, y } : null, mission: known ? mission : null };
}

/** Units standing at home, by type (units in training are not there yet). */
export function unitsAtHome(units: readonly Unit[]): UnitCounts {
  const home: UnitCounts = {};
  for (const unit of units) if (unit.count > 0) home[unit.type] = unit.count;
  return home;
}

/** A typed count as a whole number between 0 and what is at home; anything unreadable is 0. */
export function clampCount(text: string, atHome: number): number {
  const value = Math.floor(Number(text));
  if (!Number.isFinite(value) || value <= 0) return 0;
  return Math.min(value, Math.max(0, atHome));
}

/** The army chosen on the form, keeping only types with a positive count that are at home. */
export function chosenArmy(counts: Readonly<Record<string, string>>, home: UnitCounts): UnitCounts {
  const army: UnitCounts = {};
  for (const type of UNIT_TYPES) {
    const n = clampCount(counts[type] ?? '', home[type] ?? 0);
    if (n > 0) army[type] = n;
  }
  return army;
}

export interface MarchPreview {
  distance: number;
  /** Seconds on the road at the pace of the slowest unit (an alliance wonder may shorten it). */
  seconds: number;
  slowest: UnitType;
  carry: number;
}

/** The march as the server will time it (the same rule), or null without units. */
export function marchPreview(from: { x: number; y: number }, to: { x: number; y: number }, army: UnitCounts, worldSpeed: number): MarchPreview | null {
  const seconds = marchSeconds(from, to, army, { worldSpeed });
  const speed = slowestSpeed(army);
  if (seconds === null || speed === null) return null;
  const slowest = unitEntries(army).find(([type]) => UNITS[type].speed === speed)![0];
  return { distance: distance(from.x, from.y, to.x, to.y), seconds, slowest, carry: carryCapacity(army) };
}

/** Heroes who may lead an army out of `villageId` now: they stay there and are neither away nor resting. */
export function heroesReady(heroes: readonly Hero[], villageId: string): Hero[] {
  return heroes.filter((h) => h.villageId === villageId && h.isActive && !h.isOnMission);
}

/** What the form knows of the player's standing: who they are with their alliance's relations, and whether those are read. */
export interface PlayerStanding {
  viewer: MapViewer | null;
  /** The alliance (and, in one, its relations) has been read (relationsKnownAtom). */
  known: boolean;
}

/** The target's owner and alliance as looked up: `allianceId` undefined while the alliance is not read yet. */
export interface TargetStanding {
  ownerId: string | null;
  allianceId: string | null | undefined;
}

/**
 * How the target stands to the player as far as the form can tell (relationOf), or null while it cannot: nobody signed
 * in, the player's relations not read yet, or the target's alliance not looked up yet. Their own village they always know.
 */
export function targetRelation({ viewer, known }: PlayerStanding, target: TargetStanding): TargetRelation | null {
  if (!viewer) return null;
  if (target.ownerId !== null && target.ownerId === viewer.id) return 'own';
  if (!known) return null;
  // Barbarians and, for a player outside any alliance, everybody else stand in no relation, whatever their alliance.
  if (target.ownerId === null || viewer.allianceId === null) return 'other';
  if (target.allianceId === undefined) return null;
  return relationOf({ ownerId: viewer.id, allianceId: viewer.allianceId }, { ownerId: target.ownerId, allianceId: target.allianceId }, viewer.relations);
}

/** An order as the form knows it: where from, the target looked up (with its owner's beginner protection and vacation), who sends. */
export interface MissionOrder {
  from: { id: string; worldId: string };
  /** `allianceTag` names the target's alliance in a refusal (a confederate's, a pact partner's). */
  target: {
    villageId: string | null;
    ownerId: string | null;
    worldId: string;
    protectedUntil?: string | null;
    vacationUntil?: string | null;
    allianceTag?: string | null;
  } | null;
  viewerId: string | null;
  /** How the target stands to the player (targetRelation); null or left out while unknown, when only the rules the form can tell refuse. */
  relation?: TargetRelation | null;
  /** The server's clock now (this clock plus the offset an overview read showed), in ms; this clock when left out. */
  serverNow?: number;
  /** The world's night truce, and when the march would land on the server's clock (the preview's): null or left out when unknown. */
  truce?: NightTruce | null;
  arrivesAt?: number | null;
}

/** The relation an order is judged by: the player's own village is told by its owner, anything else as the order says. */
function relationIn({ target, viewerId, relation }: MissionOrder): TargetRelation | null {
  if (target && target.ownerId !== null && target.ownerId === viewerId) return 'own';
  return relation ?? null;
}

/**
 * Why a mission cannot go to the target as far as the client knows, or null: the game's own rules (sendRefusal with the
 * target's relation when it is known, then the target's owner on vacation, then beginner protection as the server last
 * named their ends, then a night truce it would land in). The server refuses the rest, and checks them all again.
 */
export function missionRefusal(mission: SendableMovementType, order: MissionOrder): string | null {
  const { from, target } = order;
  if (!target || !target.villageId) return null;
  const now = order.serverNow ?? Date.now();
  const shield = target.protectedUntil ? Date.parse(target.protectedUntil) : Number.NaN;
  const away = target.vacationUntil ? Date.parse(target.vacationUntil) : Number.NaN;
  const hostile = mission !== 'reinforce';
  return (
    sendRefusal(mission, { from, to: { id: target.villageId, worldId: target.worldId } }, relationIn(order), target.allianceTag) ??
    (hostile && away > now ? targetOnVacationRefusal(away) : null) ??
    protectionRefusalFor(mission, Number.isFinite(shield) ? shield : null, now) ??
    (hostile && typeof order.arrivesAt === 'number' ? truceRefusal(order.truce ?? null, order.arrivesAt) : null)
  );
}

/** What the form says of a night truce that raises the defence of an attack or raid landing in it, or null. */
export function truceNote(mission: SendableMovementType, order: MissionOrder): string | null {
  if ((mission !== 'attack' && mission !== 'raid') || typeof order.arrivesAt !== 'number' || order.truce?.mode !== 'defence_bonus') return null;
  return truceNotice(order.truce, order.arrivesAt);
}

/**
 * Whether the form should offer to reinforce instead: the mission (an attack, a raid, a scout) is refused because the
 * target is a friend's village (one's own, an ally's, a confederate's, a pact partner's), and reinforcing it is not.
 */
export function offersReinforcement(mission: SendableMovementType, order: MissionOrder): boolean {
  if (mission === 'reinforce') return false;
  const relation = relationIn(order);
  return relation !== null && isFriendly(relation) && missionRefusal(mission, order) !== null && missionRefusal('reinforce', order) === null;
}

/** Why a new village's name would be refused (the server's own rules), or null. */
export function validateVillageName(name: string): string | null {
  const normalised = normaliseVillageName(name);
  if (normalised === '') return i18n.t('army:found.nameRequired');
  return villageNameError(normalised) ?? freeTextError(normalised) ?? null;
}
