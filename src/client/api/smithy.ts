// Typed calls on the smithy: a village's blacksmith research (levels, the research running, the next levels) and starting a research.
import { api, unwrap } from './client';
import type { Schema } from '../../contract';

export type Smithy = Schema<'Smithy'>;
export type SmithyUnit = Schema<'SmithyUnit'>;
export type SmithyTrackState = Schema<'SmithyTrackState'>;
export type SmithyTrackName = Schema<'SmithyTrack'>;
export type ResearchUnitType = Schema<'UnitType'>;

/** The village's blacksmith level, each unit type's attack and defence levels, the research running and what the next levels take. */
export function getSmithy(villageId: string, signal?: AbortSignal): Promise<Smithy> {
  return unwrap(api.GET('/api/villages/{villageId}/smithy', { params: { path: { villageId } }, signal }));
}

/** Starts the next level of one track of a unit type; the reply is the smithy afterwards. */
export function startResearch(villageId: string, unitType: ResearchUnitType, track: SmithyTrackName): Promise<Smithy> {
  return unwrap(api.POST('/api/villages/{villageId}/smithy/research', { params: { path: { villageId } }, body: { unitType, track } }));
}
