// A building type's picture from assets/buildings, shown beside its name in cards, forms and reports; a letter if the picture is missing.
import type { BuildingType } from '../../rules/buildings';
import { buildingName } from '../i18n/game';
import { useLanguage } from '../i18n/format';
import { ArtImage } from './ArtIcon';

/** Every picture under assets/buildings, bundled as its own hashed file (as ArtIcon's, not inlined into the script). */
const PICTURES: Readonly<Record<string, string>> = import.meta.glob<string>('../../../assets/buildings/*.svg', {
  eager: true,
  query: '?url&no-inline',
  import: 'default',
});

/** The bundled address of a building type's picture, or undefined when assets/buildings has none. */
export function buildingIconUrl(type: string): string | undefined {
  return PICTURES[`../../../assets/buildings/${type}.svg`];
}

export interface BuildingIconProps {
  type: BuildingType;
  size?: number;
  className?: string;
}

/** Decoration beside the building’s name (which says it for screen readers), so it is hidden from them. */
export function BuildingIcon({ type, size = 24, className }: BuildingIconProps) {
  return <ArtImage src={buildingIconUrl(type)} name={buildingName(type)} size={size} className={className ? `type-icon ${className}` : 'type-icon'} />;
}

/** The building’s picture and name together, for a table cell, a list item or a line of text. */
export function BuildingName({ type, size = 20 }: { type: BuildingType; size?: number }) {
  useLanguage();
  return (
    <span className="icon-label">
      <BuildingIcon type={type} size={size} />
      {buildingName(type)}
    </span>
  );
}
