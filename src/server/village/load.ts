// One village with everything settling it needs (row, world, next arrival, buildings, units, orders, wonders, events) in one call of a stored read, instead of seven statements.
import type { Db } from '../db/open';
import { callStoredRead, instantFromJson as date, rowFromJson, wonderFromJson, type WonderJson } from '../db/stored-reads';
import { buildings, trainingOrders, units, villages, worldEvents, type BuildingRow, type TrainingOrderRow, type UnitRow, type VillageRow } from '../db/schema';
import { heldOasis, type EnvSources } from './env';
import type { AllianceId, VillageId } from '../../rules/ids';
import type { Schema } from '../../contract';
import type { WorldEndReason, WorldEnding } from '../../rules/world-rounds';

type Json = Record<string, unknown>;

/** What the `village` and `lockedVillage` stored reads answer (src/server/db/stored-reads.ts). */
interface VillageJson {
  village: Json;
  worldSpeed: number;
  worldStatus: string;
  worldEndsAt: string | null;
  worldEnding: { reason: WorldEndReason; winner: Schema<'AllianceRef'> | null; victory: Schema<'HallOfFameVictory'> | null } | null;
  nextArrivalAt: string | null;
  buildings: Json[];
  units: Json[];
  orders: Json[];
  wonders: WonderJson[];
  membership: { allianceId: AllianceId; joinedAt: string } | null;
  events: Json[];
  worldSeed: number;
  heldOases: { x: number; y: number; annexedAt: string }[];
  /** The locked read only. */
  ownerVacationEndsAt?: string | null;
}

export interface LoadedVillage {
  village: VillageRow;
  worldSpeed: number;
  worldStatus: string;
  /** When the village's world ends (or ended); null while none is set. */
  worldEndsAt: Date | null;
  /** How the world ended, once it is closed (its hall of fame's words); null before. */
  worldEnding: WorldEnding | null;
  nextArrivalAt: Date | null;
  parts: { buildings: BuildingRow[]; units: UnitRow[]; orders: TrainingOrderRow[] };
  env: EnvSources;
  /** Read with the lock only (null without one): when the owner's vacation in the village's world ends, if they ever took one there. */
  ownerVacationEndsAt: Date | null;
}

/** A hall of fame's winner and victory as the refusal of a closed world's actions names them. */
export function endingOf({ reason, winner, victory }: NonNullable<VillageJson['worldEnding']>): WorldEnding {
  return {
    reason,
    winner: winner && { name: winner.name, tag: winner.tag },
    victory: victory && { kind: victory.type, wonderType: victory.wonder.type, username: victory.user?.username ?? null },
  };
}

function loadedFrom(json: VillageJson): LoadedVillage {
  const village = rowFromJson(villages, json.village);
  return {
    village,
    worldSpeed: json.worldSpeed,
    worldStatus: json.worldStatus,
    worldEndsAt: date(json.worldEndsAt),
    worldEnding: json.worldEnding && endingOf(json.worldEnding),
    nextArrivalAt: date(json.nextArrivalAt),
    parts: {
      buildings: json.buildings.map((b) => rowFromJson(buildings, b)),
      units: json.units.map((u) => rowFromJson(units, u)),
      orders: json.orders.map((o) => rowFromJson(trainingOrders, o)),
    },
    env: {
      wonders: json.wonders.map(wonderFromJson),
      memberships: village.ownerId && json.membership ? [{ userId: village.ownerId, allianceId: json.membership.allianceId, joinedAt: new Date(json.membership.joinedAt) }] : [],
      // The stored read keeps only events ever switched on: their past windows count for idle villages.
      events: json.events.map((e) => rowFromJson(worldEvents, e)),
      heldOases: json.heldOases.map((o) => heldOasis(village.id, { seed: json.worldSeed, x: o.x, y: o.y, annexedAt: new Date(o.annexedAt) })),
    },
    ownerVacationEndsAt: date(json.ownerVacationEndsAt ?? null),
  };
}

/** The village and all it takes to settle it, read in one statement (one snapshot); null when there is no such village. */
export async function loadWholeVillage(db: Db, villageId: VillageId): Promise<LoadedVillage | null> {
  const json = await callStoredRead<VillageJson>(db, 'village', villageId);
  return json ? loadedFrom(json) : null;
}

/**
 * Inside a transaction: the earliest due arrival (at `now`) anywhere whose village no other transaction holds, with that
 * village locked and read whole, in one statement; null when none is left to take.
 */
export async function lockNextArrival(tx: Db, now: Date): Promise<{ arrivesAt: Date; loaded: LoadedVillage } | null> {
  const json = await callStoredRead<VillageJson & { arrivesAt: string }>(tx, 'nextArrival', now);
  return json ? { arrivesAt: new Date(json.arrivesAt), loaded: loadedFrom(json) } : null;
}

/** The same inside a transaction, after taking the village's row lock (the read after the lock sees what its previous holder wrote). */
export async function lockWholeVillage(tx: Db, villageId: VillageId): Promise<LoadedVillage | null> {
  const json = await callStoredRead<VillageJson>(tx, 'lockedVillage', villageId);
  return json ? loadedFrom(json) : null;
}
