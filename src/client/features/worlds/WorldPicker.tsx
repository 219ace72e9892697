// The world picker: a player without a village sees the worlds and joins one, which founds their capital.
import { useAtomValue, useSetAtom } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n';
import { joinWorld, type World } from '../../api/worlds';
import { worldsQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { putVillage, selectedVillageIdAtom } from '../../state/village';
import { formatDecimal, formatNumber } from '../../i18n/format';
import { STARTING_RESOURCES } from '../../../rules/resources';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { Spinner } from '../../ui/Spinner';
import { useAction } from '../../ui/useAction';
import './worlds.css';

function speedText(speed: number): string {
  return i18n.t('worlds:picker.speedValue', { speed: formatDecimal(speed, 1) });
}

export default function WorldPicker() {
  const { t } = useTranslation('worlds');
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  // Fresh player counts every time the picker opens.
  const worldsRead = useQuery({ ...worldsQuery(), staleTime: 0 });
  const worlds = worldsRead.data ?? null;
  const setSelectedVillageId = useSetAtom(selectedVillageIdAtom);
  const join = useAction({
    mutationFn: (world: World) => joinWorld(world.id),
    // The reply carries the new capital: it is selected and joins the list.
    onSuccess: ({ village }) => {
      setSelectedVillageId(village.id);
      putVillage(client, viewer, village);
    },
    // Joined or refused, the counts or the status may have changed: the worlds are read again.
    onSettled: () => void client.invalidateQueries({ queryKey: worldsQuery().queryKey }),
    failure: t('picker.joinFailed'),
  });
  const joining = join.pending ? (join.variables?.id ?? null) : null;

  return (
    <section className="page worlds" aria-labelledby="worlds-title">
      <header className="worlds__intro">
        <h1 id="worlds-title">{t('picker.title')}</h1>
        <p className="muted">
          {t('picker.intro', { amount: formatNumber(STARTING_RESOURCES) })}
        </p>
      </header>
      {worlds === null ? (
        worldsRead.isError ? (
          <div className="card">
            <p>{t('picker.failed')}</p>
            <button type="button" className="button button--secondary" onClick={() => void worldsRead.refetch()}>
              {t('picker.retry')}
            </button>
          </div>
        ) : (
          <Spinner label={t('picker.loading')} />
        )
      ) : worlds.length === 0 ? (
        <p className="card muted">{t('picker.empty')}</p>
      ) : (
        <ul className="worlds__list" aria-label={t('picker.worlds')}>
          {worlds.map((world) => {
            const full = world.players >= world.maxPlayers;
            const online = world.status === 'online';
            return (
              <li key={world.id} className="world-card card" aria-label={world.name}>
                <div className="world-card__head">
                  <h2 className="world-card__name">{world.name}</h2>
                  <span className={online ? 'badge badge--green' : 'badge badge--red'}>{online ? t('picker.online') : t('picker.maintenance')}</span>
                </div>
                <dl className="world-card__facts">
                  <div>
                    <dt>{t('picker.players')}</dt>
                    <dd>
                      {formatNumber(world.players)}/{formatNumber(world.maxPlayers)}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('picker.speed')}</dt>
                    <dd>{speedText(world.speed)}</dd>
                  </div>
                  <div>
                    <dt>{t('picker.size')}</dt>
                    <dd>{t('picker.sizeValue', { side: world.size * 2 + 1 })}</dd>
                  </div>
                </dl>
                <button type="button" className="button" onClick={() => join.run(world)} disabled={joining !== null}>
                  {joining === world.id ? t('picker.joining') : t('picker.join')}
                </button>
                {full && online && <p className="muted world-card__note">{t('picker.full')}</p>}
                {join.variables?.id === world.id && <ActionOutcome message={join.outcome} />}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
