// World Management: every world with its live figures, the Set Maintenance / Set Online toggle and its end date (an ended world links its hall of fame), and the form that opens a new world (with its night truce).
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { createWorld, setWorldEndDate, setWorldStatus, type CreateWorldRequest, type GmWorld, type SettableWorldStatus } from '../../api/gamemaster';
import { formatDateTime } from '../../ui/dates';
import { formatNumber } from '../../../rules/format';
import { DEFAULT_TRUCE, describeTruce, truceError, type NightTruce } from '../../../rules/night-truce';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { useAction } from '../../ui/useAction';
import { lagText } from './model';
import { useGmCache } from './useGmCache';

interface Props {
  worlds: GmWorld[];
}

function StatusToggle({ entry }: { entry: GmWorld }) {
  const cache = useGmCache();
  const toggle = useAction({
    mutationFn: (status: SettableWorldStatus) => setWorldStatus(entry.world.id, status),
    onSuccess: (world) => cache.worldChanged(world),
    failure: 'Failed to change the world status.',
  });
  const online = entry.world.status === 'online';

  function onToggle() {
    const next = online ? 'maintenance' : 'online';
    if (next === 'maintenance' && !window.confirm(`Put ${entry.world.name} in maintenance? Players there cannot act until it is back online.`)) return;
    toggle.run(next);
  }

  return (
    <>
      <ActionButton
        className="button button--secondary button--small"
        aria-label={`${online ? 'Set Maintenance' : 'Set Online'}: ${entry.world.name}`}
        pending={toggle.pending}
        onClick={onToggle}
      >
        {online ? 'Set Maintenance' : 'Set Online'}
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

function CreateWorldForm() {
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
    success: (world) => `${world.name} is open.`,
    failure: 'Failed to create the world.',
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const truce = truceOf(form);
    const refused = truce ? truceError(truce) : null;
    if (refused) create.refuse(refused);
    else create.run({ name: form.name.trim(), speed: Number(form.speed), size: Number(form.size), maxPlayers: Number(form.maxPlayers), ...(truce ? { truce } : {}) });
  }

  const edit = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }));
  const truce = truceOf(form);
  return (
    <details className="gm-create">
      <summary>Create World</summary>
      <form className="gm-form" onSubmit={onSubmit} aria-label="Create world">
        <div className="field">
          <label htmlFor="world-name">Name</label>
          <input id="world-name" className="input" required maxLength={50} value={form.name} onChange={edit('name')} />
        </div>
        <div className="field">
          <label htmlFor="world-speed">Speed</label>
          <input id="world-speed" className="input" type="number" min={0.1} max={10000} step={0.1} required value={form.speed} onChange={edit('speed')} />
        </div>
        <div className="field">
          <label htmlFor="world-size">Size (half-width in tiles)</label>
          <input id="world-size" className="input" type="number" min={40} max={200} step={1} required value={form.size} onChange={edit('size')} />
        </div>
        <div className="field">
          <label htmlFor="world-capacity">Capacity (players)</label>
          <input id="world-capacity" className="input" type="number" min={1} max={100000} step={1} required value={form.maxPlayers} onChange={edit('maxPlayers')} />
        </div>
        <div className="field">
          <label htmlFor="world-truce">Night truce</label>
          <select id="world-truce" className="input" value={form.truce} onChange={edit('truce')}>
            <option value="none">None</option>
            <option value="refuse">Refuse attacks landing at night</option>
            <option value="defence_bonus">Defence bonus at night</option>
          </select>
        </div>
        {truce && (
          <>
            <div className="field">
              <label htmlFor="world-truce-start">From hour (0-23)</label>
              <input id="world-truce-start" className="input" type="number" min={0} max={23} step={1} required value={form.startHour} onChange={edit('startHour')} />
            </div>
            <div className="field">
              <label htmlFor="world-truce-end">Until hour (0-23)</label>
              <input id="world-truce-end" className="input" type="number" min={0} max={23} step={1} required value={form.endHour} onChange={edit('endHour')} />
            </div>
            <div className="field">
              <label htmlFor="world-truce-zone">Time zone</label>
              <input id="world-truce-zone" className="input" required maxLength={64} placeholder="Europe/Oslo" value={form.timeZone} onChange={edit('timeZone')} />
            </div>
            {truce.mode === 'defence_bonus' && (
              <div className="field">
                <label htmlFor="world-truce-bonus">Defence bonus (%)</label>
                <input id="world-truce-bonus" className="input" type="number" min={1} max={500} step={1} required value={form.bonusPercent} onChange={edit('bonusPercent')} />
              </div>
            )}
            <p className="muted gm-form__note">{truceError(truce) ?? describeTruce(truce)}</p>
          </>
        )}
        <div className="gm-form__actions">
          <ActionButton type="submit" className="button" pending={create.pending}>
            Create World
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
      <h2 id="gm-worlds-title">World Management</h2>
      <div className="table-wrap">
        <table className="table">
          <caption className="visually-hidden">Worlds</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Status</th>
              <th scope="col">Players</th>
              <th scope="col">Villages</th>
              <th scope="col">Population</th>
              <th scope="col">Movements</th>
              <th scope="col" title="Age of the oldest event that fell due and waits to be applied">
                Sweeper lag
              </th>
              <th scope="col">Speed</th>
              <th scope="col">{t('endDate.column')}</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {worlds.map((entry) => (
              <tr key={entry.world.id}>
                <td>{entry.world.name}</td>
                <td>
                  <span className={entry.world.status === 'online' ? 'badge badge--green' : entry.world.status === 'ended' ? 'badge badge--grey' : 'badge badge--gold'}>
                    {entry.world.status === 'online' ? 'Online' : entry.world.status === 'ended' ? t('endDate.ended') : 'Maintenance'}
                  </span>
                </td>
                <td>
                  {entry.world.players}/{entry.world.maxPlayers}
                </td>
                <td>{formatNumber(entry.villages)}</td>
                <td>{formatNumber(entry.totalPopulation)}</td>
                <td>{formatNumber(entry.movementsInFlight)}</td>
                <td>{lagText(entry.sweeperLagSeconds)}</td>
                <td>×{entry.world.speed}</td>
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
