// How the map names a movement in words: its kind from the style (an incoming one says so), and what the player may
// know of it (their own: the units or merchants; someone else's: nothing but its arrival). Plain functions, no atlas module.
import type { MovementStyle } from '../../map/atlas-data';
import type { MapMovement, MovementKind } from '../../state/mapMovements';
import { formatNumber } from '../../../rules/format';
import { UNITS, unitEntries } from '../../../rules/units';

/** 'Attack', or 'Incoming attack' for someone else's coming at the player. */
export function movementTitle(movements: Readonly<Record<MovementKind, MovementStyle>>, movement: Pick<MapMovement, 'kind' | 'own'>): string {
  const label = movements[movement.kind].label;
  return movement.own ? label : `Incoming ${label.toLowerCase()}`;
}

/** What is on the road, as far as the player may know: null for someone else's movement. */
export function movementLoad(movement: Pick<MapMovement, 'units' | 'merchants'>): string | null {
  if (movement.units === null) return null;
  if (movement.merchants > 0) return `${formatNumber(movement.merchants)} ${movement.merchants === 1 ? 'merchant' : 'merchants'}`;
  const units = unitEntries(movement.units).map(([type, count]) => `${formatNumber(count)} ${UNITS[type].name}`);
  return units.length > 0 ? units.join(', ') : null;
}
