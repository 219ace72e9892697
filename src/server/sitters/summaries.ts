// What a sitter's action did, in words for the owner's log: read from the request the sitter made and the rows it names.
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/open';
import { buildings, villages } from '../db/schema';
import { BUILDINGS, isBuildingType } from '../../rules/buildings';
import { UNITS, isUnitType } from '../../rules/units';
import { RESOURCE_NAMES, RESOURCE_TYPES, isResourceType } from '../../rules/resources';
import { isSmithyTrack, trackWord } from '../../rules/smithy';
import { formatNumber } from '../../rules/format';
import { idOf, type VillageId } from '../../rules/ids';

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

/** "3 Bondi, 1 Huscarl" from a map of unit counts. */
function unitsText(units: unknown): string {
  if (typeof units !== 'object' || units === null) return 'troops';
  const parts = Object.entries(units).flatMap(([type, n]) => (isUnitType(type) && typeof n === 'number' && n > 0 ? [`${n} ${UNITS[type].name}`] : []));
  return parts.length > 0 ? parts.join(', ') : 'troops';
}

/** "100 Timber, 50 Stone" from a map of resources. */
function resourcesText(resources: unknown): string {
  const parts = RESOURCE_TYPES.flatMap((type) => {
    const n = count(resources, type);
    return n !== null && n > 0 ? [`${formatNumber(n)} ${RESOURCE_NAMES[type]}`] : [];
  });
  return parts.length > 0 ? parts.join(', ') : 'nothing';
}

/** Villages by id as the log names them: "Name (x|y)". */
async function villageNames(db: Db, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = ids.flatMap((id) => (id === null ? [] : [idOf<VillageId>(id)]));
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: villages.id, name: villages.name, x: villages.x, y: villages.y }).from(villages).where(inArray(villages.id, wanted));
  return new Map(rows.map((v) => [v.id, `${v.name} (${v.x}|${v.y})`]));
}

/** The building a request names, as "the Barracks" with its level, or null. */
async function buildingOf(db: Db, buildingId: string | null): Promise<{ name: string; level: number } | null> {
  if (buildingId === null) return null;
  const [row] = await db
    .select({ type: buildings.type, level: buildings.level })
    .from(buildings)
    .where(eq(buildings.id, buildingId));
  return row ? { name: BUILDINGS[row.type].name, level: row.level } : null;
}

/** The owner's log line for a sitter's successful action. */
export async function summariseSitterAction(db: Db, action: SitterRequest): Promise<string> {
  const { params, body } = action;
  const villageId = text(params, 'villageId');
  const from = text(body, 'fromVillageId');
  const to = text(body, 'toVillageId');
  const names = await villageNames(db, [villageId, from, to]);
  const where = villageId ? ` in ${names.get(villageId) ?? 'a village'}` : '';
  switch (action.operationId) {
    case 'constructBuilding': {
      const type = text(body, 'buildingType');
      return `Began building a ${type && isBuildingType(type) ? BUILDINGS[type].name : 'building'}${where}`;
    }
    case 'upgradeBuilding': {
      const building = await buildingOf(db, text(params, 'buildingId'));
      return building ? `Began upgrading the ${building.name} to level ${building.level + 1}${where}` : `Began an upgrade${where}`;
    }
    case 'trainUnits': {
      const type = text(body, 'unitType');
      return `Began training ${count(body, 'count') ?? 'some'} ${type && isUnitType(type) ? UNITS[type].name : 'units'}${where}`;
    }
    case 'startResearch': {
      const type = text(body, 'unitType');
      const track = text(body, 'track');
      return `Began researching the ${track && isSmithyTrack(track) ? trackWord(track) : 'strength'} of the ${type && isUnitType(type) ? UNITS[type].name : 'units'}${where}`;
    }
    case 'sendTroops':
      return `Sent ${unitsText(field(body, 'units'))} from ${(from && names.get(from)) ?? 'a village'} to reinforce ${(to && names.get(to)) ?? 'a village'}`;
    case 'sendResources':
      return `Sent ${resourcesText(field(body, 'resources'))}${villageId ? ` from ${names.get(villageId) ?? 'a village'}` : ''} to (${count(body, 'x') ?? '?'}|${count(body, 'y') ?? '?'})`;
    case 'exchangeResources': {
      const give = text(body, 'from');
      const get = text(body, 'to');
      const name = (type: string | null) => (type && isResourceType(type) ? RESOURCE_NAMES[type] : 'resources');
      return `Exchanged ${formatNumber(count(body, 'amount') ?? 0)} ${name(give)} for ${name(get)}${where}`;
    }
    case 'markBattleRead':
      return 'Marked a battle report read';
    case 'logout':
      return 'Ended the sitting session';
    default:
      return `${action.contractSummary}${where}`;
  }
}
