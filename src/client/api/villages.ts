// Typed calls on the player's villages: the list, the overview the village page shows, renaming, building and training.
import { api, unwrap } from './client';
import type { components } from '../../contract';

export type Village = components['schemas']['Village'];
export type VillageOverview = components['schemas']['VillageOverview'];
export type ResourceEntry = components['schemas']['ResourceEntry'];
export type Building = components['schemas']['Building'];
export type Unit = components['schemas']['Unit'];
export type AvailableUnitType = components['schemas']['AvailableUnitType'];
export type BuildingCost = components['schemas']['BuildingCost'];
export type BuildingTypeName = components['schemas']['BuildingType'];
export type UnitTypeName = components['schemas']['UnitType'];

/** The caller's villages in every world, capital first. */
export async function listVillages(): Promise<Village[]> {
  const { villages } = await unwrap(api.GET('/api/villages'));
  return villages;
}

/** Everything the village page shows, settled by the server to its `serverTime`. */
export function getVillageOverview(villageId: string): Promise<VillageOverview> {
  return unwrap(api.GET('/api/map/village/{villageId}/overview', { params: { path: { villageId } } }));
}

export async function renameVillage(villageId: string, name: string): Promise<Village> {
  const { village } = await unwrap(
    api.PUT('/api/map/village/{villageId}/rename', { params: { path: { villageId } }, body: { name } }),
  );
  return village;
}

/** Starts building level 1 of a new inner building in a free slot (19-40). */
export async function constructBuilding(villageId: string, buildingType: BuildingTypeName, slot: number): Promise<Building> {
  const { building } = await unwrap(
    api.POST('/api/villages/{villageId}/buildings', { params: { path: { villageId } }, body: { buildingType, slot } }),
  );
  return building;
}

export async function upgradeBuilding(villageId: string, buildingId: string): Promise<Building> {
  const { building } = await unwrap(
    api.PUT('/api/villages/{villageId}/buildings/{buildingId}/upgrade', { params: { path: { villageId, buildingId } } }),
  );
  return building;
}

/** Cost and time of one level at great hall level 1 and world speed 1 (the client scales the time for previews). */
export function getBuildingCost(buildingType: BuildingTypeName, level: number): Promise<BuildingCost> {
  return unwrap(api.GET('/api/villages/building-costs/{buildingType}/{level}', { params: { path: { buildingType, level } } }));
}

export async function trainUnits(villageId: string, unitType: UnitTypeName, count: number): Promise<Unit> {
  const { unit } = await unwrap(
    api.POST('/api/villages/{villageId}/units', { params: { path: { villageId } }, body: { unitType, count } }),
  );
  return unit;
}
