// A unit type's picture from assets/units, shown beside its name wherever units are listed; a letter if the picture is missing.
import type { UnitType } from '../../rules/units';
import { unitName } from '../i18n/game';
import { useLanguage } from '../i18n/format';
import { ArtImage } from './ArtIcon';

/** Every picture under assets/units, bundled as its own hashed file (as ArtIcon's, not inlined into the script). */
const PICTURES: Readonly<Record<string, string>> = import.meta.glob<string>('../../../assets/units/*.svg', {
  eager: true,
  query: '?url&no-inline',
  import: 'default',
});

/** The bundled address of a unit type's picture, or undefined when assets/units has none. */
export function unitIconUrl(type: string): string | undefined {
  return PICTURES[`../../../assets/units/${type}.svg`];
}

export interface UnitIconProps {
  type: UnitType;
  size?: number;
  className?: string;
}

/** Decoration beside the unit’s name (which says it for screen readers), so it is hidden from them. */
export function UnitIcon({ type, size = 24, className }: UnitIconProps) {
  return <ArtImage src={unitIconUrl(type)} name={unitName(type)} size={size} className={className ? `type-icon ${className}` : 'type-icon'} />;
}

/** The unit’s picture and name together, for a table cell, a list item or a line of text. */
export function UnitName({ type, size = 20 }: { type: UnitType; size?: number }) {
  useLanguage();
  return (
    <span className="icon-label">
      <UnitIcon type={type} size={size} />
      {unitName(type)}
    </span>
  );
}
