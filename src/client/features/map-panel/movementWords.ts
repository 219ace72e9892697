// How the map names a movement in words: its kind from the style (an incoming one says so), and what the player may
// know of it (their own: the units or merchants; someone else's: nothing but its arrival). Plain functions, no atlas module.
import type { MovementStyle } from '../../map/atlas-data';
import type { MapMovement, MovementKind } from '../../state/mapMovements';
import { unitEntries } from '../../../rules/units';
import { currentLanguage, i18n } from '../../i18n';
import { formatNumber } from '../../i18n/format';
import { unitName } from '../../i18n/game';
import { styledLabel } from './tileLabels';

/** 'Attack', or 'Incoming attack' for someone else's coming at the player. */
export function movementTitle(movements: Readonly<Record<MovementKind, MovementStyle>>, movement: Pick<MapMovement, 'kind' | 'own'>): string {
  const label = styledLabel(`movementKinds.${movement.kind}`, movements[movement.kind].label);
  return movement.own ? label : i18n.t('map-panel:incoming', { kind: currentLanguage() === 'en' ? label.toLowerCase() : label });
}

/** What is on the road, as far as the player may know: null for someone else's movement. */
export function movementLoad(movement: Pick<MapMovement, 'units' | 'merchants'>): string | null {
  if (movement.units === null) return null;
  if (movement.merchants > 0) return i18n.t('map-panel:merchants', { count: movement.merchants, n: formatNumber(movement.merchants) });
  const units = unitEntries(movement.units).map(([type, count]) => i18n.t('map-panel:unitCount', { n: formatNumber(count), unit: unitName(type) }));
  return units.length > 0 ? units.join(', ') : null;
}
