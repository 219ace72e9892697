// Pure helpers of the army page: what the address asks for, the army being composed, the march preview, who may lead it.
import type { Hero } from '../../api/heroes';
import type { SendableMovementType, UnitCounts } from '../../api/army';
import type { Unit } from '../../api/villages';
import { marchSeconds } from '../../../rules/movements';
import { UNITS, UNIT_TYPES, carryCapacity, slowestSpeed, unitEntries, type UnitType } from '../../../rules/units';
import { distance } from '../../../rules/world';
import { freeTextError, normaliseVillageName, villageNameError } from '../../../rules/validation';
import { sendRefusal } from '../../../rules/movements';
import { protectionRefusalFor } from '../../../rules/protection';

export const MISSIONS: readonly { id: SendableMovementType; label: string; hint: string }[] = [
  { id: 'attack', label: 'Attack', hint: 'Fight to the end; survivors bring loot home. Rams lower the wall, catapults a building, a jarl lowers loyalty.' },
  { id: 'raid', label: 'Raid', hint: 'Strike, grab loot and leave: the loser loses only as many as the winner.' },
  { id: 'reinforce', label: 'Reinforce', hint: 'Station troops in your own or an ally’s village to defend it.' },
  { id: 'scout', label: 'Scout', hint: 'Viking Raiders spy on the village: its resources and troops (and defences, if enough come back). They fight only its scouts.' },
];

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

/** 'Bondi 10, Viking Raider 5' for a unit map; 'none' when empty. */
export function describeUnits(units: UnitCounts): string {
  const entries = unitEntries(units);
  return entries.length === 0 ? 'none' : entries.map(([type, n]) => `${UNITS[type].name} ${n}`).join(', ');
}

/** An order as the form knows it: where from, the target looked up (with its owner's beginner protection), who sends. */
export interface MissionOrder {
  from: { id: string; worldId: string };
  target: { villageId: string | null; ownerId: string | null; worldId: string; protectedUntil?: string | null } | null;
  viewerId: string | null;
  /** The server's clock now (this clock plus the offset an overview read showed), in ms; this clock when left out. */
  serverNow?: number;
}

/**
 * Why a mission cannot go to the target as far as the client knows, or null: the game's own rules (sendRefusal, then
 * beginner protection as the server last named its end), with the target's relation known only when it is the player's
 * own village (the server refuses an ally's or a stranger's, and checks protection again).
 */
export function missionRefusal(mission: SendableMovementType, order: MissionOrder): string | null {
  const { from, target, viewerId } = order;
  if (!target || !target.villageId) return null;
  const own = target.ownerId !== null && target.ownerId === viewerId;
  const shield = target.protectedUntil ? Date.parse(target.protectedUntil) : Number.NaN;
  return (
    sendRefusal(mission, { from, to: { id: target.villageId, worldId: target.worldId } }, own ? 'own' : null) ??
    protectionRefusalFor(mission, Number.isFinite(shield) ? shield : null, order.serverNow ?? Date.now())
  );
}

/** Why a new village's name would be refused (the server's own rules), or null. */
export function validateVillageName(name: string): string | null {
  const normalised = normaliseVillageName(name);
  if (normalised === '') return 'Village name is required';
  return villageNameError(normalised) ?? freeTextError(normalised) ?? null;
}
