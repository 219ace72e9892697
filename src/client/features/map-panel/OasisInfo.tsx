// An oasis in the tile details: the village holding it (and its player), or while free the wild animals there now.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MapTile } from '../../state/map';
import { oasisQuery } from '../../state/queries';
import { PlayerLink } from '../../ui/PlayerLink';
import { animalEntries, type AnimalCounts } from '../../../rules/oases';
import { formatInteger } from '../../i18n/format';
import { animalName } from '../../i18n/game';

/** '3 Wolves, 1 Bear' in the player's language (the rules' animalsText in English). */
function animalsText(animals: AnimalCounts): string {
  return animalEntries(animals)
    .map(([type, n]) => `${formatInteger(n)} ${animalName(type, n)}`)
    .join(', ');
}

export function OasisInfo({ tile }: { tile: MapTile }) {
  const { t } = useTranslation('map-panel');
  // Asked for each oasis selected: the animals grow back by the hour, so the map's tile does not carry them.
  const details = useQuery(oasisQuery(tile.worldId, tile.x, tile.y)).data;
  const holder = details ? details.holder : (tile.oasis?.holder ?? null);
  return (
    <>
      <dt>{t('oasis.heldBy')}</dt>
      <dd data-testid="oasis-holder">
        {holder ? (
          <>
            {holder.villageName} (<PlayerLink player={holder.owner} fallback={t('details.barbarians')} />)
          </>
        ) : (
          t('oasis.free')
        )}
      </dd>
      {!holder && (
        <>
          <dt>{t('oasis.animals')}</dt>
          <dd data-testid="oasis-animals">{details ? animalsText(details.animals) || t('oasis.none') : t('oasis.counting')}</dd>
        </>
      )}
    </>
  );
}
