// Typed calls on world wonders: a world's wonders, the wonder types, alliance effects, victory, founding and contributing.
import { api, unwrap } from './client';
import type { Schema } from '../../contract';

export type Wonder = Schema<'Wonder'>;
export type WonderTypeInfo = Schema<'WonderTypeInfo'>;
export type WonderTypeName = Schema<'WonderType'>;
export type WonderStatus = Schema<'WonderStatus'>;
export type AllianceEffects = Schema<'AllianceEffects'>;
export type VictoryCheck = Schema<'VictoryCheck'>;
export type ResourceAmounts = Schema<'ResourceAmounts'>;

/** `worldId` picks the world to look at (the selected village's); without it the server uses the player's first capital's. */
function worldQuery(worldId?: string) {
  return { params: { query: worldId ? { worldId } : {} } };
}

export async function listWonders(worldId?: string): Promise<Wonder[]> {
  const { wonders } = await unwrap(api.GET('/api/wonders', worldQuery(worldId)));
  return wonders;
}

export async function listWonderTypes(): Promise<WonderTypeInfo[]> {
  const { wonderTypes } = await unwrap(api.GET('/api/wonders/types/info'));
  return wonderTypes;
}

/** What the wonders of the player's alliance (or the player's own) give in that world. */
export async function getAllianceEffects(worldId?: string): Promise<AllianceEffects> {
  const { effects } = await unwrap(api.GET('/api/wonders/alliance/effects', worldQuery(worldId)));
  return effects;
}

export function checkVictory(worldId?: string): Promise<VictoryCheck> {
  return unwrap(api.GET('/api/wonders/victory/check', worldQuery(worldId)));
}

/** Founds a wonder of `wonderType` in `villageId` (its great hall must stand at level 20). */
export async function constructWonder(villageId: string, wonderType: WonderTypeName, wonderName: string): Promise<Wonder> {
  const { wonder } = await unwrap(api.POST('/api/wonders/construct', { body: { villageId, wonderType, wonderName } }));
  return wonder;
}

/** Gives `resources` from `villageId` to a wonder: all of them or, when the village cannot pay, nothing. */
export async function contributeToWonder(wonderId: string, villageId: string, resources: ResourceAmounts): Promise<Wonder> {
  const { wonder } = await unwrap(
    api.POST('/api/wonders/{wonderId}/contribute', { params: { path: { wonderId } }, body: { villageId, resources } }),
  );
  return wonder;
}
