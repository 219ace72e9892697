// The players whose messages no longer reach the viewer, each with Unblock.
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { blockedPlayersQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { PlayerLink } from '../../ui/PlayerLink';
import { useBlocking } from './useMessages';

export function BlockedPlayers() {
  const { t } = useTranslation('messages');
  const viewer = useAtomValue(userIdAtom);
  const read = useQuery(blockedPlayersQuery(viewer));
  const blocking = useBlocking(viewer);
  return (
    <section className="card blocked-players" aria-labelledby="blocked-title">
      <h2 id="blocked-title">{t('blocked.title')}</h2>
      {read.isError && !read.data && <p className="muted">{t('blocked.loadFailed')}</p>}
      {read.data &&
        (read.data.length === 0 ? (
          <p className="muted">{t('blocked.none')}</p>
        ) : (
          <ul className="blocked-players__list">
            {read.data.map((player) => (
              <li key={player.id}>
                <PlayerLink player={player} />
                <ActionButton
                  className="button button--secondary button--small"
                  pending={blocking.pending && blocking.variables?.player.id === player.id}
                  onClick={() => blocking.run({ player, block: false })}
                  aria-label={t('blocked.unblockName', { name: player.username })}
                >
                  {t('blocked.unblock')}
                </ActionButton>
              </li>
            ))}
          </ul>
        ))}
      <ActionOutcome message={blocking.outcome} />
    </section>
  );
}
