// World Management: every world with its live figures and the Set Maintenance / Set Online toggle, and the form that creates one (with its night truce).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { createWorld, setWorldStatus, type CreateWorldRequest, type GmWorld, type WorldStatus } from '../../api/gamemaster';
import { DEFAULT_TRUCE, isTimeZone, truceError, type NightTruce } from '../../../rules/night-truce';
import { formatDecimal, formatInteger, formatNumber, formatPercent } from '../../i18n/format';
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
    mutationFn: (status: WorldStatus) => setWorldStatus(entry.world.id, status),
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
              <th scope="col">{t('worlds.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {worlds.map((entry) => (
              <tr key={entry.world.id}>
                <td>{entry.world.name}</td>
                <td>
                  <span className={entry.world.status === 'online' ? 'badge badge--green' : 'badge badge--gold'}>
                    {entry.world.status === 'online' ? t('worlds.online') : t('worlds.maintenance')}
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
                <td className="actions">
                  <StatusToggle entry={entry} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <CreateWorldForm />
    </section>
  );
}
