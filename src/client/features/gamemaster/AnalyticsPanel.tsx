// View Analytics: a world's registrations and active players per day for 14 days, and its most common buildings and units, as charts and tables.
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { apiError } from '../../api/client';
import type { GmWorld } from '../../api/gamemaster';
import { analyticsQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { formatInteger } from '../../i18n/format';
import { buildingName, unitName } from '../../i18n/game';
import { Spinner } from '../../ui/Spinner';
import { DayChart, RankingChart } from './Charts';

const TOP = 8;

/** '03-12' from '2026-03-12' (German '12.03.'): the year is the same for a fortnight. */
const shortDay = (day: string, t: TFunction<'gamemaster'>) => t('analytics.shortDay', { month: day.slice(5, 7), day: day.slice(8, 10) });

export function AnalyticsPanel({ worlds }: { worlds: GmWorld[] }) {
  const { t } = useTranslation('gamemaster');
  const [worldId, setWorldId] = useState(worlds[0]?.world.id ?? '');
  const read = useQuery(analyticsQuery(useAtomValue(userIdAtom), worldId));
  const load = read.isError
    ? ({ kind: 'error', message: apiError(read.error, t('analytics.failed')) } as const)
    : read.data
      ? ({ kind: 'ready', data: read.data } as const)
      : ({ kind: 'loading' } as const);

  const data = load.kind === 'ready' ? load.data : null;
  const days = data?.days.map((d) => shortDay(d.day, t)) ?? [];
  const buildings = [...(data?.buildings ?? [])].sort((a, b) => b.count - a.count).slice(0, TOP);
  const units = [...(data?.units ?? [])].sort((a, b) => b.count - a.count).slice(0, TOP);
  return (
    <div className="stack">
      <div className="field gm-analytics__world">
        <label htmlFor="analytics-world">{t('world.label')}</label>
        <select id="analytics-world" className="input" value={worldId} onChange={(event) => setWorldId(event.target.value)}>
          {worlds.map((w) => (
            <option key={w.world.id} value={w.world.id}>
              {w.world.name}
            </option>
          ))}
        </select>
      </div>
      {load.kind === 'loading' && <Spinner label={t('analytics.loading')} />}
      {load.kind === 'error' && (
        <div className="alert" role="alert">
          {load.message}
        </div>
      )}
      {data && (
        <>
          <div className="gm-charts">
            <DayChart title={t('analytics.registrationsChart')} kind="columns" labels={days} values={data.days.map((d) => d.registrations)} />
            <DayChart title={t('analytics.activeChart')} kind="line" labels={days} values={data.days.map((d) => d.activePlayers)} />
            <RankingChart title={t('analytics.buildingsChart')} rows={buildings.map((b) => ({ label: buildingName(b.type), value: b.count }))} />
            <RankingChart title={t('analytics.unitsChart')} rows={units.map((u) => ({ label: unitName(u.type), value: u.count }))} />
          </div>
          <details>
            <summary>{t('analytics.table')}</summary>
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">{t('analytics.perDay')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('analytics.day')}</th>
                    <th scope="col">{t('analytics.registrations')}</th>
                    <th scope="col">{t('analytics.active')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.days.map((d) => (
                    <tr key={d.day}>
                      <td>{d.day}</td>
                      <td>{formatInteger(d.registrations)}</td>
                      <td>{formatInteger(d.activePlayers)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">{t('analytics.buildings')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('analytics.building')}</th>
                    <th scope="col">{t('analytics.built')}</th>
                    <th scope="col">{t('analytics.levels')}</th>
                  </tr>
                </thead>
                <tbody>
                  {buildings.map((b) => (
                    <tr key={b.type}>
                      <td>{buildingName(b.type)}</td>
                      <td>{formatInteger(b.count)}</td>
                      <td>{formatInteger(b.levels)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </div>
  );
}
