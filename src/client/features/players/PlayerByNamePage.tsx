// /game/players/by-name/:username: finds the player of that name and goes on to their profile (for lists that know only a name).
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { ApiFailure, apiError } from '../../api/client';
import { playerByNameQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { Spinner } from '../../ui/Spinner';

export default function PlayerByNamePage() {
  const { t } = useTranslation('players');
  const username = useParams().username ?? '';
  const viewer = useAtomValue(userIdAtom);
  const read = useQuery(playerByNameQuery(viewer, username));
  if (read.data) return <Navigate to={`/game/players/${encodeURIComponent(read.data.id)}`} replace />;
  if (read.isError) {
    const missing = read.error instanceof ApiFailure && (read.error.status === 404 || read.error.status === 400);
    return (
      <section className="page" aria-labelledby="player-title">
        <h1 id="player-title" className="page__title">
          {t('page.title')}
        </h1>
        <div className="card">
          <p>{missing ? t('byName.missing', { name: username }) : apiError(read.error, t('byName.failed'))}</p>
        </div>
      </section>
    );
  }
  return <Spinner label={t('byName.looking', { name: username })} />;
}
