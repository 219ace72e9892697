// The night truce of the world the map shows, in one line under the title; nothing for a world without one.
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { mapWorldIdAtom } from '../../state/map';
import { worldsQuery } from '../../state/queries';
import { describeTruce } from '../../../rules/night-truce';

export function MapTruce() {
  const { t } = useTranslation('map-panel');
  const worldId = useAtomValue(mapWorldIdAtom);
  const world = useQuery({ ...worldsQuery(), enabled: worldId !== null }).data?.find((w) => w.id === worldId);
  if (!world?.truce) return null;
  return (
    <p className="alert alert--info map-page__truce" data-testid="map-truce">
      {t('page.truce', { name: world.name, truce: describeTruce(world.truce) })}
    </p>
  );
}
