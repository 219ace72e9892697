// What a sitter's action did, for the owner's log: read from the request the sitter made and the rows it names, worded in
// the owner's language by src/rules/sitter-log.ts.
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/open';
import { buildings, villages } from '../db/schema';
import { isBuildingType, type BuildingType } from '../../rules/buildings';
import { isUnitType, type UnitType } from '../../rules/units';
import { RESOURCE_TYPES, isResourceType, type ResourceType } from '../../rules/resources';
import { isSmithyTrack } from '../../rules/smithy';
import { idOf, type VillageId } from '../../rules/ids';
import type { Language } from '../../rules/language-choice';
import { sitterLogLine, type SitterDeed } from '../../rules/sitter-log';

/** The request of a sitter's action as the log reads it: its operation, path parameters and body, as they came. */
export interface SitterRequest {
  operationId: string;
  /** The contract's summary of the operation: the words of an action this file has none of its own for. */
  contractSummary: string;
  params: unknown;
  body: unknown;
}

/** The field `key` of a request part, if it is there. */
function field(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null) return undefined;
  const found: unknown = Object.getOwnPropertyDescriptor(value, key)?.value;
  return found;
}

const text = (value: unknown, key: string): string | null => {
  const found = field(value, key);
  return typeof found === 'string' ? found : null;
};

const count = (value: unknown, key: string): number | null => {
  const found = field(value, key);
  return typeof found === 'number' ? found : null;
};

/** The units of a request's map of unit counts, in its order: the known types with a count. */
function unitsOf(units: unknown): { type: UnitType; count: number }[] {
  if (typeof units !== 'object' || units === null) return [];
  return Object.entries(units).flatMap(([type, n]) => (isUnitType(type) && typeof n === 'number' ? [{ type, count: n }] : []));
}

/** The resources of a request's map of resources. */
function resourcesOf(resources: unknown): Partial<Record<ResourceType, number>> {
  return Object.fromEntries(
    RESOURCE_TYPES.flatMap((type) => {
      const n = count(resources, type);
      return n === null ? [] : [[type, n]];
    }),
  );
}

/** Villages by id as the log names them: "Name (x|y)". */
async function villageNames(db: Db, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = ids.flatMap((id) => (id === null ? [] : [idOf<VillageId>(id)]));
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: villages.id, name: villages.name, x: villages.x, y: villages.y }).from(villages).where(inArray(villages.id, wanted));
  return new Map(rows.map((v) => [v.id, `${v.name} (${v.x}|${v.y})`]));
}

/** The building a request names, with its level, or null. */
async function buildingOf(db: Db, buildingId: string | null): Promise<{ type: BuildingType; level: number } | null> {
  if (buildingId === null) return null;
  const [row] = await db.select({ type: buildings.type, level: buildings.level }).from(buildings).where(eq(buildings.id, buildingId));
  return row ?? null;
}

/** What a sitter's successful action did, read from its request and the rows it names. */
async function deedOf(db: Db, action: SitterRequest): Promise<SitterDeed> {
  const { params, body } = action;
  const villageId = text(params, 'villageId');
  const from = text(body, 'fromVillageId');
  const to = text(body, 'toVillageId');
  const names = await villageNames(db, [villageId, from, to]);
  // A village the request named: its name, null when it is not found; undefined when the request named none.
  const village = villageId ? (names.get(villageId) ?? null) : undefined;
  const unit = (type: string | null) => (type && isUnitType(type) ? type : null);
  const resource = (type: string | null) => (type && isResourceType(type) ? type : null);
  switch (action.operationId) {
    case 'constructBuilding': {
      const type = text(body, 'buildingType');
      return { operation: 'constructBuilding', building: type && isBuildingType(type) ? type : null, village };
    }
    case 'upgradeBuilding':
      return { operation: 'upgradeBuilding', building: await buildingOf(db, text(params, 'buildingId')), village };
    case 'trainUnits':
      return { operation: 'trainUnits', unit: unit(text(body, 'unitType')), count: count(body, 'count'), village };
    case 'startResearch': {
      const track = text(body, 'track');
      return { operation: 'startResearch', unit: unit(text(body, 'unitType')), track: track && isSmithyTrack(track) ? track : null, village };
    }
    case 'sendTroops':
      return { operation: 'sendTroops', units: unitsOf(field(body, 'units')), from: from ? (names.get(from) ?? null) : null, to: to ? (names.get(to) ?? null) : null };
    case 'sendResources':
      return { operation: 'sendResources', resources: resourcesOf(field(body, 'resources')), village, x: count(body, 'x'), y: count(body, 'y') };
    case 'exchangeResources':
      return { operation: 'exchangeResources', amount: count(body, 'amount') ?? 0, give: resource(text(body, 'from')), get: resource(text(body, 'to')), village };
    case 'markBattleRead':
      return { operation: 'markBattleRead' };
    case 'logout':
      return { operation: 'logout' };
    default:
      return { operation: 'other', summary: action.contractSummary, village };
  }
}

/** The owner's log line for a sitter's successful action, in the owner's language (the log is theirs to read). */
export async function summariseSitterAction(db: Db, action: SitterRequest, language: Language): Promise<string> {
  return sitterLogLine(await deedOf(db, action), language);
}
