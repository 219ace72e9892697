// The banner the game pages show while the player is on vacation in the selected village's world: until when, and where to end it.
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { vacationQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { selectedVillageAtom, useServerOffset } from '../../state/village';
import { formatDateTime } from '../../ui/dates';
import { usePassed } from '../../ui/usePassed';
import './vacation.css';

export function VacationBanner() {
  const { t } = useTranslation('vacation');
  const viewer = useAtomValue(userIdAtom);
  const worldId = useAtomValue(selectedVillageAtom)?.worldId ?? null;
  const vacation = useQuery(vacationQuery(viewer, worldId)).data?.vacation ?? null;
  const offset = useServerOffset();
  const ended = usePassed(vacation ? Date.parse(vacation.endsAt) - offset : null);
  if (!vacation || ended) return null;
  return (
    <p className="alert alert--info vacation-banner" role="status" data-testid="vacation-banner">
      <Trans
        t={t}
        i18nKey="banner"
        components={{ until: <time dateTime={vacation.endsAt}>{formatDateTime(vacation.endsAt)}</time>, settings: <Link to="/game/settings" /> }}
      />
    </p>
  );
}
