// Operator actions on a player's villages that game masters need for tests and events: granting resources and setting a building's level.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/open';
import { badRequest, notFound } from '../errors';
import { BUILDINGS, INNER_SLOT_FIRST, INNER_SLOT_LAST, MAX_BUILDING_LEVEL, isBuildingType, isFieldType, type BuildingType } from '../../rules/buildings';
import { RESOURCE_TYPES, isResourceType, type Resources } from '../../rules/resources';
import { findUserByEmail } from '../accounts/accounts';
import { grantIntoCapital, type Granted } from '../village/rewards';
import { loadVillageHead } from '../village/store';
import { changeVillage } from '../village/villages';
import type { VillageId } from '../../rules/ids';

/** Parses `timber=N stone=N ...` (any subset, whole numbers from 0 to 10,000,000). */
export function parseResourceArgs(args: readonly string[]): Partial<Resources> {
  const out: Partial<Resources> = {};
  for (const arg of args) {
    const [, resource, digits] = /^([a-z]+)=(\d+)$/.exec(arg) ?? [];
    if (resource === undefined || digits === undefined || !isResourceType(resource)) throw badRequest('grant_argument_form', { argument: arg });
    const amount = Number(digits);
    if (amount > 10_000_000) throw badRequest('grant_too_much', { resource });
    out[resource] = amount;
  }
  if (Object.keys(out).length === 0) throw badRequest('grant_nothing');
  return out;
}

/** Adds resources to the capital of the player with `email`, capped by its capacity; returns what landed. */
export async function grantToPlayer(db: Db, email: string, resources: Partial<Resources>, now: Date): Promise<Granted> {
  const user = await findUserByEmail(db, email);
  if (!user) throw notFound('no_user_with_email', { email });
  const granted = await db.transaction((tx) => grantIntoCapital(tx, user.id, { resources, units: {} }, now));
  if (!granted) throw notFound('no_village_yet', { email });
  return granted;
}

export function describeGrant(email: string, asked: Partial<Resources>, granted: Granted): string {
  const parts = RESOURCE_TYPES.filter((r) => asked[r] !== undefined).map((r) =>
    granted.resources[r] === asked[r] ? `${r} +${granted.resources[r]}` : `${r} +${granted.resources[r]} (asked ${asked[r]}; the store is full)`,
  );
  return `Granted to the capital of ${email} (village ${granted.villageId}): ${parts.join(', ')}`;
}

export interface BuildingSet {
  villageName: string;
  type: BuildingType;
  slot: number;
  from: number | null;
  to: number;
}

/** The operator's order to set one building of a village to a level, the type by its name as typed. */
export interface BuildingLevelOrder {
  villageId: VillageId;
  type: string;
  level: number;
}

/**
 * Sets a building of the village to `level` (0-30) under the village's lock, cancelling an upgrade in
 * progress. A type the village lacks is placed in its first free inner slot.
 */
export async function setBuildingLevel(db: Db, { villageId, type, level }: BuildingLevelOrder, now: Date): Promise<BuildingSet> {
  if (!isBuildingType(type)) throw badRequest('unknown_building_type', { type });
  if (!Number.isInteger(level) || level < 0 || level > MAX_BUILDING_LEVEL) throw badRequest('building_level_range', { max: MAX_BUILDING_LEVEL });
  return db.transaction(async (tx) => {
    const head = await loadVillageHead(tx, villageId, now, true);
    if (!head) throw notFound('no_village_with_id', { id: villageId });
    const { result } = await changeVillage(tx, {
      village: head,
      now,
      change: ({ state }) => {
        const existing = [...state.buildings].filter((b) => b.type === type).sort((a, b) => b.level - a.level)[0];
        if (existing) {
          const from = existing.level;
          Object.assign(existing, { level, upgradeStartedAt: null, upgradeFinishesAt: null, updatedAt: now.getTime() });
          return { villageName: state.name, type, slot: existing.slot, from, to: level };
        }
        if (isFieldType(type)) throw badRequest('fields_exist_already', { building: type });
        const taken = new Set(state.buildings.map((b) => b.slot));
        let slot = INNER_SLOT_FIRST;
        while (slot <= INNER_SLOT_LAST && taken.has(slot)) slot += 1;
        if (slot > INNER_SLOT_LAST) throw badRequest('no_free_inner_slot');
        state.buildings.push({ id: randomUUID(), slot, type, level, upgradeStartedAt: null, upgradeFinishesAt: null, updatedAt: now.getTime() });
        return { villageName: state.name, type, slot, from: null, to: level };
      },
    });
    return result;
  });
}

export function describeBuildingSet(change: BuildingSet): string {
  const name = BUILDINGS[change.type].name;
  return change.from === null
    ? `${change.villageName}: ${name} placed in slot ${change.slot} at level ${change.to}`
    : `${change.villageName}: ${name} in slot ${change.slot} set from level ${change.from} to ${change.to}`;
}
