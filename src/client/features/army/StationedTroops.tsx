// Reinforcements: the player's troops standing in other villages (with Recall) and allies' troops standing in theirs.
import { useAtomValue } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { recallStationedTroops, type StationedTroopsList } from '../../api/army';
import { putMovement } from '../../state/army';
import { queryKeys } from '../../state/queryKeys';
import { userIdAtom } from '../../state/session';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { PlayerLink } from '../../ui/PlayerLink';
import { useAction } from '../../ui/useAction';
import { UnitsLine } from './UnitsLine';

export function StationedTroops({ stationed }: { stationed: StationedTroopsList | null }) {
  const { t } = useTranslation('army');
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const recall = useAction({
    mutationFn: (stationedId: string) => recallStationedTroops(stationedId),
    // The reply is the march home: it joins the movements, and the troops no longer stand abroad.
    onSuccess: (movement) => {
      putMovement(client, viewer, movement);
      void client.invalidateQueries({ queryKey: queryKeys.stationed(viewer) });
    },
    success: (movement) => t('stationed.success', { name: movement.toVillage.name }),
    failure: t('stationed.failure'),
  });
  const busy = recall.pending ? (recall.variables ?? null) : null;

  return (
    <section className="card army-stationed" aria-labelledby="army-stationed-title">
      <h2 id="army-stationed-title">{t('stationed.title')}</h2>
      {stationed === null ? (
        <p className="muted">{t('loading')}</p>
      ) : (
        <>
          <h3>{t('stationed.abroadTitle')}</h3>
          {stationed.abroad.length === 0 ? (
            <p className="muted">{t('stationed.abroadEmpty')}</p>
          ) : (
            <ul className="stationed-list">
              {stationed.abroad.map((s) => (
                <li key={s.id}>
                  <span>
                    <Trans t={t} i18nKey="stationed.abroadLine" values={{ village: s.village.name, x: s.village.x, y: s.village.y, home: s.homeVillage.name }} components={{ strong: <strong /> }} />
                    <UnitsLine units={s.units} />
                  </span>
                  <button type="button" className="button button--secondary button--small" disabled={busy !== null} onClick={() => recall.run(s.id)}>
                    {busy === s.id ? t('stationed.recalling') : t('stationed.recall')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <ActionOutcome message={recall.outcome} />
          <h3>{t('stationed.guestsTitle')}</h3>
          {stationed.guests.length === 0 ? (
            <p className="muted">{t('stationed.guestsEmpty')}</p>
          ) : (
            <ul className="stationed-list">
              {stationed.guests.map((s) => (
                <li key={s.id}>
                  <span>
                    <Trans t={t} i18nKey="stationed.guestsLine" values={{ village: s.village.name }} components={{ player: <PlayerLink player={s.owner} />, strong: <strong /> }} />
                    <UnitsLine units={s.units} />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
