// The hero leaderboard on its own, reading what it needs (the leaderboard and the hero types): the rankings page shows it as its Heroes tab.
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { heroLeaderboardQuery, heroTypesQuery } from '../../state/queries';
import { userAtom } from '../../state/session';
import { Spinner } from '../../ui/Spinner';
import { Leaderboard } from './Leaderboard';
import './heroes.css';

export function HeroLeaderboardPanel() {
  const { t } = useTranslation('heroes');
  const username = useAtomValue(userAtom)?.username ?? null;
  const leaderboard = useQuery(heroLeaderboardQuery());
  const types = useQuery(heroTypesQuery());
  if (leaderboard.data && types.data) return <Leaderboard entries={leaderboard.data} types={types.data} username={username} />;
  if (leaderboard.isError || types.isError) {
    return (
      <div>
        <p>{t('leaderboard.failed')}</p>
        <button type="button" className="button button--secondary" onClick={() => void Promise.all([leaderboard.refetch(), types.refetch()])}>
          {t('leaderboard.retry')}
        </button>
      </div>
    );
  }
  return <Spinner label={t('leaderboard.loading')} />;
}
