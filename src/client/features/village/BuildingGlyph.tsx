// A small picture for a building card, the construction line and the build form: the building type's own icon from assets/buildings.
import type { BuildingType } from '../../../rules/buildings';
import { BuildingIcon } from '../../ui/BuildingIcon';

export function BuildingGlyph({ type, size = 32 }: { type: BuildingType; size?: number }) {
  return <BuildingIcon type={type} size={size} className="building-glyph" />;
}
