// An oasis in the tile details: the village holding it (and its player), or while free the wild animals there now.
import { useQuery } from '@tanstack/react-query';
import type { MapTile } from '../../state/map';
import { oasisQuery } from '../../state/queries';
import { PlayerLink } from '../../ui/PlayerLink';
import { animalsText } from '../../../rules/oases';
import { BARBARIANS } from '../../../rules/barbarians';

export function OasisInfo({ tile }: { tile: MapTile }) {
  // Asked for each oasis selected: the animals grow back by the hour, so the map's tile does not carry them.
  const details = useQuery(oasisQuery(tile.worldId, tile.x, tile.y)).data;
  const holder = details ? details.holder : (tile.oasis?.holder ?? null);
  return (
    <>
      <dt>Held by</dt>
      <dd data-testid="oasis-holder">
        {holder ? (
          <>
            {holder.villageName} (<PlayerLink player={holder.owner} fallback={BARBARIANS} />)
          </>
        ) : (
          'Nobody: free'
        )}
      </dd>
      {!holder && (
        <>
          <dt>Animals</dt>
          <dd data-testid="oasis-animals">{details ? animalsText(details.animals) || 'None' : 'Counting...'}</dd>
        </>
      )}
    </>
  );
}
