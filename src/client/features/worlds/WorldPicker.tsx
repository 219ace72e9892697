// The world picker: every world with its real figures; a player joins one (which founds their capital), goes back to one they play in, or reads an ended world's hall of fame.
import { useAtomValue, useSetAtom } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n';
import { joinWorld, type World } from '../../api/worlds';
import { worldsQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { putVillage, selectedVillageIdAtom, villagesAtom, type Village } from '../../state/village';
import { formatDateTime, formatDecimal, formatNumber } from '../../i18n/format';
import { STARTING_RESOURCES } from '../../../rules/resources';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { Spinner } from '../../ui/Spinner';
import { useAction } from '../../ui/useAction';
import './worlds.css';

function speedText(speed: number): string {
  return i18n.t('worlds:picker.speedValue', { speed: formatDecimal(speed, 1) });
}

/** Each status's word (worlds:picker.<status>) and badge. */
const STATUS = {
  online: { label: 'picker.online', badge: 'badge badge--green' },
  maintenance: { label: 'picker.maintenance', badge: 'badge badge--red' },
  ended: { label: 'picker.ended', badge: 'badge badge--grey' },
} as const satisfies Record<World['status'], { label: string; badge: string }>;

/** The village a player goes back to in a world: its capital there, else their first village there. */
function villageIn(villages: readonly Village[] | null, worldId: string): Village | null {
  const there = villages?.filter((v) => v.worldId === worldId) ?? [];
  return there.find((v) => v.isCapital) ?? there[0] ?? null;
}

export default function WorldPicker() {
  const { t } = useTranslation('worlds');
  const viewer = useAtomValue(userIdAtom);
  const villages = useAtomValue(villagesAtom);
  const client = useQueryClient();
  const navigate = useNavigate();
  // Fresh player counts every time the picker opens.
  const worldsRead = useQuery({ ...worldsQuery(), staleTime: 0 });
  const worlds = worldsRead.data ?? null;
  const setSelectedVillageId = useSetAtom(selectedVillageIdAtom);
  const playing = (villages?.length ?? 0) > 0;
  const join = useAction({
    mutationFn: (world: World) => joinWorld(world.id),
    // The reply carries the new capital: it is selected and joins the list; a player of other worlds goes to it.
    onSuccess: ({ village }) => {
      setSelectedVillageId(village.id);
      putVillage(client, viewer, village);
      if (playing) navigate('/game/village');
    },
    // Joined or refused, the counts or the status may have changed: the worlds are read again.
    onSettled: () => void client.invalidateQueries({ queryKey: worldsQuery().queryKey }),
    failure: t('picker.joinFailed'),
  });
  const joining = join.pending ? (join.variables?.id ?? null) : null;

  function play(village: Village) {
    setSelectedVillageId(village.id);
    navigate('/game/village');
  }

  return (
    <section className="page worlds" aria-labelledby="worlds-title">
      <header className="worlds__intro">
        <h1 id="worlds-title">{playing ? t('picker.titlePlaying') : t('picker.title')}</h1>
        <p className="muted">{playing ? t('picker.introPlaying') : t('picker.intro', { amount: formatNumber(STARTING_RESOURCES) })}</p>
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
            const ended = world.status === 'ended';
            const mine = villageIn(villages, world.id);
            const status = STATUS[world.status];
            return (
              <li key={world.id} className={ended ? 'world-card world-card--ended card' : 'world-card card'} aria-label={world.name}>
                <div className="world-card__head">
                  <h2 className="world-card__name">{world.name}</h2>
                  <span className={status.badge}>{t(status.label)}</span>
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
                {world.endsAt && (
                  <p className="muted world-card__note">{t(ended ? 'picker.endedOn' : 'picker.endsOn', { date: formatDateTime(world.endsAt) })}</p>
                )}
                {ended ? (
                  <Link
                    className="button button--secondary"
                    to={`/game/worlds/${encodeURIComponent(world.id)}/hall-of-fame`}
                    aria-label={t('picker.hallOfFameOf', { world: world.name })}
                  >
                    {t('picker.hallOfFame')}
                  </Link>
                ) : mine ? (
                  <button type="button" className="button" onClick={() => play(mine)}>
                    {t('picker.play')}
                  </button>
                ) : (
                  <button type="button" className="button" onClick={() => join.run(world)} disabled={joining !== null}>
                    {joining === world.id ? t('picker.joining') : t('picker.join')}
                  </button>
                )}
                {ended && mine && <p className="muted world-card__note">{t('picker.playedHere')}</p>}
                {full && world.status === 'online' && !mine && <p className="muted world-card__note">{t('picker.full')}</p>}
                {join.variables?.id === world.id && <ActionOutcome message={join.outcome} />}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
