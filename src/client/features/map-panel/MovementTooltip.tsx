// The tooltip over a marching army's marker: its kind, its road, and what the player may know of it (their own: units and
// arrival; someone else's coming at them: the arrival only).
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../i18n/format';
import { hoveredMovementAtom, mapMovementsAtom } from '../../state/mapMovements';
import { ArrivalCountdown } from '../../ui/ArrivalCountdown';
import { mapArt } from './mapStyle';
import { movementLoad, movementTitle } from './movementWords';
import { tooltipPlace } from './tooltipPlace';

/** The box around a marker the tooltip keeps clear of, in CSS pixels. */
const MARKER_BOX = 18;

export function MovementTooltip() {
  const { t } = useTranslation('map-panel');
  const hovered = useAtomValue(hoveredMovementAtom);
  const movements = useAtomValue(mapMovementsAtom);
  const movement = hovered ? movements.find((m) => m.id === hovered.id) : undefined;
  if (!hovered || !movement) return null;
  const place = tooltipPlace({ left: hovered.left - MARKER_BOX / 2, top: hovered.top - MARKER_BOX / 2, size: MARKER_BOX, stageWidth: hovered.stageWidth });
  const load = movementLoad(movement);
  return (
    <div className={`${place.className} map-tooltip--movement`} role="tooltip" style={place.style} data-testid="movement-tooltip">
      <strong>{movementTitle(mapArt.style.movements, movement)}</strong>
      <span className="map-tooltip__route">
        {movement.from.name} ({movement.from.x}|{movement.from.y}) → {movement.to.name} ({movement.to.x}|{movement.to.y})
      </span>
      {load && <span className="map-tooltip__load">{load}</span>}
      <span className="map-tooltip__arrival">
        {t('tooltip.arrivesIn')}
        <ArrivalCountdown until={movement.arrivesAt} />
        {t('tooltip.clock', { time: formatTime(movement.arrivesAt) })}
      </span>
    </div>
  );
}
