// A small picture for a building card: the resource a field yields, or a longhouse roof for inner buildings.
import { FIELD_RESOURCE, isFieldType, type BuildingType } from '../../../rules/buildings';
import { ResourceIcon } from '../../ui/icons';

export function BuildingGlyph({ type, size = 26 }: { type: BuildingType; size?: number }) {
  if (isFieldType(type)) return <ResourceIcon type={FIELD_RESOURCE[type]} size={size} className="building-glyph" />;
  return (
    <svg className="icon building-glyph" width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M2 12 L12 4 L22 12" fill="none" stroke="#d4a84b" strokeWidth="2" strokeLinejoin="round" />
      <path d="M5 11 V20 H19 V11" fill="#3a2a18" stroke="#8f6d25" strokeWidth="1.5" />
      <path d="M10 20 V15 H14 V20" fill="#d4a84b" />
      <path d="M9 4.5 L12 2 L15 4.5" fill="none" stroke="#f0c766" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}
