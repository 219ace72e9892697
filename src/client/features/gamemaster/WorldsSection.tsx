// World Management: every world with its live figures, the Set Maintenance / Set Online toggle and its end date (an ended world links its hall of fame), and the form that opens a new world (with its night truce).
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { createWorld, setWorldEndDate, setWorldStatus, type CreateWorldRequest, type GmWorld, type SettableWorldStatus } from '../../api/gamemaster';
import { DEFAULT_TRUCE, isTimeZone, truceError, type NightTruce } from '../../../rules/night-truce';
import { formatDateTime, formatDecimal, formatInteger, formatNumber, formatPercent } from '../../i18n/format';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { useAction } from '../../ui/useAction';
import { lagText } from './model';
import { useGmCache } from './useGmCache';

interface Props {
  worlds: GmWorld[];
}

function StatusToggle({ entry }: { entry: GmWorld }) {
  const { t } = useTranslation('gamemaster');
  const cache = useGmCache();
  const toggle = useAction({
    mutationFn: (status: SettableWorldStatus) => setWorldStatus(entry.world.id, status),
    onSuccess: (world) => cache.worldChanged(world),
    failure: t('worlds.statusFailed'),
  });
  const online = entry.world.status === 'online';
  const action = online ? t('worlds.setMaintenance') : t('worlds.setOnline');

  function onToggle() {
    const next = online ? 'maintenance' : 'online';
    if (next === 'maintenance' && !window.confirm(t('worlds.confirmMaintenance', { name: entry.world.name }))) return;
    toggle.run(next);
  }

  return (
    <>
      <ActionButton
        className="button button--secondary button--small"
        aria-label={t('worlds.toggleLabel', { action, name: entry.world.name })}
        pending={toggle.pending}
        onClick={onToggle}
      >
        {action}
      </ActionButton>
      <ActionOutcome message={toggle.outcome} />
    </>
  );
}

/** A datetime-local field's value (the game master's own time zone) as an instant, or null when it names none. */
function instantOf(local: string): string | null {
  const at = new Date(local);
  return local === '' || Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/**
 * When the world ends: set (ahead only; the server says so otherwise) or cleared while it is played; once ended, when it
 * ended and its hall of fame.
 */
function EndDate({ entry }: { entry: GmWorld }) {
  const { t } = useTranslation('gamemaster');
  const cache = useGmCache();
  const [local, setLocal] = useState('');
  const { world } = entry;
  const change = useAction({
    mutationFn: (endsAt: string | null) => setWorldEndDate(world.id, endsAt),
    onSuccess: (changed) => {
      setLocal('');
      cache.worldChanged(changed);
    },
    success: (changed) =>
      changed.endsAt ? t('endDate.changed', { world: changed.name, date: formatDateTime(changed.endsAt) }) : t('endDate.cleared', { world: changed.name }),
    failure: t('endDate.failed'),
  });
  if (world.status === 'ended') {
    return (
      <div className="gm-end">
        <span>{t('endDate.endedOn', { date: formatDateTime(world.endsAt) })}</span>
        <Link to={`/game/worlds/${encodeURIComponent(world.id)}/hall-of-fame`} aria-label={t('endDate.hallOfFameOf', { world: world.name })}>
          {t('endDate.hallOfFame')}
        </Link>
      </div>
    );
  }

  function onSet(event: FormEvent) {
    event.preventDefault();
    const endsAt = instantOf(local);
    if (endsAt === null) change.refuse(t('endDate.choose'));
    else if (window.confirm(t('endDate.confirm', { world: world.name, date: formatDateTime(endsAt) }))) change.run(endsAt);
  }

  return (
    <form className="gm-end" onSubmit={onSet} aria-label={t('endDate.formOf', { world: world.name })}>
      <span>{world.endsAt ? t('endDate.endsOn', { date: formatDateTime(world.endsAt) }) : t('endDate.none')}</span>
      <input
        className="input"
        type="datetime-local"
        aria-label={t('endDate.fieldOf', { world: world.name })}
        value={local}
        onChange={(event) => setLocal(event.target.value)}
      />
      <ActionButton type="submit" className="button button--secondary button--small" aria-label={t('endDate.setOf', { world: world.name })} pending={change.pending}>
        {t('endDate.set')}
      </ActionButton>
      {world.endsAt && (
        <button
          type="button"
          className="button button--ghost button--small"
          aria-label={t('endDate.clearOf', { world: world.name })}
          onClick={() => change.run(null)}
          disabled={change.pending}
        >
          {t('endDate.clear')}
        </button>
      )}
      <ActionOutcome message={change.outcome} />
    </form>
  );
}

/** The truce the form's fields describe, or null for none. */
function truceOf(form: { truce: string; startHour: string; endHour: string; timeZone: string; bonusPercent: string }): NightTruce | null {
  if (form.truce !== 'refuse' && form.truce !== 'defence_bonus') return null;
  return { mode: form.truce, startHour: Number(form.startHour), endHour: Number(form.endHour), timeZone: form.timeZone.trim(), bonusPercent: Number(form.bonusPercent) };
}

/** '00:00 to 08:00 (Europe/Oslo)' in the player's words. */
function truceHours(truce: NightTruce, t: TFunction<'gamemaster'>): string {
  const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
  return t('truce.hours', { start: hh(truce.startHour), end: hh(truce.endHour), zone: truce.timeZone });
}

/** What the truce does, as src/rules/night-truce's describeTruce says it, in the player's language. */
function describeTruce(truce: NightTruce, t: TFunction<'gamemaster'>): string {
  const hours = truceHours(truce, t);
  return truce.mode === 'refuse' ? t('truce.refuse', { hours }) : t('truce.bonus', { hours, percent: formatPercent(truce.bonusPercent) });
}

/** Why the rules refuse the truce (truceError, checked in its order), in the player's language; null when they accept it. */
function truceProblem(truce: NightTruce, t: TFunction<'gamemaster'>): string | null {
  if (truceError(truce) === null) return null;
  const hour = (h: number) => Number.isInteger(h) && h >= 0 && h <= 23;
  if (!hour(truce.startHour) || !hour(truce.endHour)) return t('truce.hoursInvalid');
  if (truce.startHour === truce.endHour) return t('truce.sameHours');
  if (!isTimeZone(truce.timeZone)) return t('truce.unknownZone', { zone: truce.timeZone });
  return t('truce.bonusInvalid');
}

function CreateWorldForm() {
  const { t } = useTranslation('gamemaster');
  const [form, setForm] = useState({
    name: '',
    speed: '1',
    size: '200',
    maxPlayers: '500',
    truce: 'none',
    startHour: String(DEFAULT_TRUCE.startHour),
    endHour: String(DEFAULT_TRUCE.endHour),
    timeZone: DEFAULT_TRUCE.timeZone,
    bonusPercent: String(DEFAULT_TRUCE.bonusPercent),
  });
  const cache = useGmCache();
  const create = useAction({
    mutationFn: (request: CreateWorldRequest) => createWorld(request),
    onSuccess: () => {
      setForm((current) => ({ ...current, name: '' }));
      cache.worldCreated();
    },
    success: (world) => t('create.opened', { name: world.name }),
    failure: t('create.failed'),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const truce = truceOf(form);
    const refused = truce ? truceProblem(truce, t) : null;
    if (refused) create.refuse(refused);
    else create.run({ name: form.name.trim(), speed: Number(form.speed), size: Number(form.size), maxPlayers: Number(form.maxPlayers), ...(truce ? { truce } : {}) });
  }

  const edit = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }));
  const truce = truceOf(form);
  return (
    <details className="gm-create">
      <summary>{t('create.title')}</summary>
      <form className="gm-form" onSubmit={onSubmit} aria-label={t('create.form')}>
        <div className="field">
          <label htmlFor="world-name">{t('create.name')}</label>
          <input id="world-name" className="input" required maxLength={50} value={form.name} onChange={edit('name')} />
        </div>
        <div className="field">
          <label htmlFor="world-speed">{t('create.speed')}</label>
          <input id="world-speed" className="input" type="number" min={0.1} max={10000} step={0.1} required value={form.speed} onChange={edit('speed')} />
        </div>
        <div className="field">
          <label htmlFor="world-size">{t('create.size')}</label>
          <input id="world-size" className="input" type="number" min={40} max={200} step={1} required value={form.size} onChange={edit('size')} />
        </div>
        <div className="field">
          <label htmlFor="world-capacity">{t('create.capacity')}</label>
          <input id="world-capacity" className="input" type="number" min={1} max={100000} step={1} required value={form.maxPlayers} onChange={edit('maxPlayers')} />
        </div>
        <div className="field">
          <label htmlFor="world-truce">{t('create.truce')}</label>
          <select id="world-truce" className="input" value={form.truce} onChange={edit('truce')}>
            <option value="none">{t('create.truceNone')}</option>
            <option value="refuse">{t('create.truceRefuse')}</option>
            <option value="defence_bonus">{t('create.truceBonus')}</option>
          </select>
        </div>
        {truce && (
          <>
            <div className="field">
              <label htmlFor="world-truce-start">{t('create.fromHour')}</label>
              <input id="world-truce-start" className="input" type="number" min={0} max={23} step={1} required value={form.startHour} onChange={edit('startHour')} />
            </div>
            <div className="field">
              <label htmlFor="world-truce-end">{t('create.untilHour')}</label>
              <input id="world-truce-end" className="input" type="number" min={0} max={23} step={1} required value={form.endHour} onChange={edit('endHour')} />
            </div>
            <div className="field">
              <label htmlFor="world-truce-zone">{t('create.timeZone')}</label>
              <input id="world-truce-zone" className="input" required maxLength={64} placeholder="Europe/Oslo" value={form.timeZone} onChange={edit('timeZone')} />
            </div>
            {truce.mode === 'defence_bonus' && (
              <div className="field">
                <label htmlFor="world-truce-bonus">{t('create.bonus')}</label>
                <input id="world-truce-bonus" className="input" type="number" min={1} max={500} step={1} required value={form.bonusPercent} onChange={edit('bonusPercent')} />
              </div>
            )}
            <p className="muted gm-form__note">{truceProblem(truce, t) ?? describeTruce(truce, t)}</p>
          </>
        )}
        <div className="gm-form__actions">
          <ActionButton type="submit" className="button" pending={create.pending}>
            {t('create.submit')}
          </ActionButton>
          <ActionOutcome message={create.outcome} />
        </div>
      </form>
    </details>
  );
}

export function WorldsSection({ worlds }: Props) {
  const { t } = useTranslation('gamemaster');
  return (
    <section className="card" aria-labelledby="gm-worlds-title">
      <h2 id="gm-worlds-title">{t('worlds.title')}</h2>
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">{t('worlds.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('worlds.name')}</th>
              <th scope="col">{t('worlds.status')}</th>
              <th scope="col">{t('worlds.players')}</th>
              <th scope="col">{t('worlds.villages')}</th>
              <th scope="col">{t('worlds.population')}</th>
              <th scope="col">{t('worlds.movements')}</th>
              <th scope="col" title={t('worlds.lagHint')}>
                {t('worlds.lag')}
              </th>
              <th scope="col">{t('worlds.speed')}</th>
              <th scope="col">{t('endDate.column')}</th>
              <th scope="col">{t('worlds.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {worlds.map((entry) => (
              <tr key={entry.world.id}>
                <td>{entry.world.name}</td>
                <td>
                  <span className={entry.world.status === 'online' ? 'badge badge--green' : entry.world.status === 'ended' ? 'badge badge--grey' : 'badge badge--gold'}>
                    {entry.world.status === 'online' ? t('worlds.online') : entry.world.status === 'ended' ? t('endDate.ended') : t('worlds.maintenance')}
                  </span>
                </td>
                <td>
                  {formatInteger(entry.world.players)}/{formatInteger(entry.world.maxPlayers)}
                </td>
                <td>{formatNumber(entry.villages)}</td>
                <td>{formatNumber(entry.totalPopulation)}</td>
                <td>{formatNumber(entry.movementsInFlight)}</td>
                <td>{lagText(entry.sweeperLagSeconds)}</td>
                <td>×{formatDecimal(entry.world.speed, 2)}</td>
                <td>
                  <EndDate entry={entry} />
                </td>
                <td className="actions">{entry.world.status !== 'ended' && <StatusToggle entry={entry} />}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <CreateWorldForm />
    </section>
  );
}
