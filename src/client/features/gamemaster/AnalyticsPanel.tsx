// View Analytics: a world's registrations and active players per day for 14 days, and its most common buildings and units, as charts and tables.
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { apiError } from '../../api/client';
import type { GmWorld } from '../../api/gamemaster';
import { analyticsQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { BUILDINGS } from '../../../rules/buildings';
import { UNITS } from '../../../rules/units';
import { Spinner } from '../../ui/Spinner';
import { DayChart, RankingChart } from './Charts';

const TOP = 8;

/** '03-12' from '2026-03-12': the year is the same for a fortnight. */
const shortDay = (day: string) => day.slice(5);

export function AnalyticsPanel({ worlds }: { worlds: GmWorld[] }) {
  const [worldId, setWorldId] = useState(worlds[0]?.world.id ?? '');
  const read = useQuery(analyticsQuery(useAtomValue(userIdAtom), worldId));
  const load = read.isError
    ? ({ kind: 'error', message: apiError(read.error, 'Failed to load the analytics.') } as const)
    : read.data
      ? ({ kind: 'ready', data: read.data } as const)
      : ({ kind: 'loading' } as const);

  const data = load.kind === 'ready' ? load.data : null;
  const days = data?.days.map((d) => shortDay(d.day)) ?? [];
  const buildings = [...(data?.buildings ?? [])].sort((a, b) => b.count - a.count).slice(0, TOP);
  const units = [...(data?.units ?? [])].sort((a, b) => b.count - a.count).slice(0, TOP);
  return (
    <div className="stack">
      <div className="field gm-analytics__world">
        <label htmlFor="analytics-world">World</label>
        <select id="analytics-world" className="input" value={worldId} onChange={(event) => setWorldId(event.target.value)}>
          {worlds.map((w) => (
            <option key={w.world.id} value={w.world.id}>
              {w.world.name}
            </option>
          ))}
        </select>
      </div>
      {load.kind === 'loading' && <Spinner label="Loading analytics..." />}
      {load.kind === 'error' && (
        <div className="alert" role="alert">
          {load.message}
        </div>
      )}
      {data && (
        <>
          <div className="gm-charts">
            <DayChart title="Registrations per day" kind="columns" labels={days} values={data.days.map((d) => d.registrations)} />
            <DayChart title="Active players per day" kind="line" labels={days} values={data.days.map((d) => d.activePlayers)} />
            <RankingChart title="Most common buildings" rows={buildings.map((b) => ({ label: BUILDINGS[b.type].name, value: b.count }))} />
            <RankingChart title="Most common units" rows={units.map((u) => ({ label: UNITS[u.type].name, value: u.count }))} />
          </div>
          <details>
            <summary>Figures as a table</summary>
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">Players per day</caption>
                <thead>
                  <tr>
                    <th scope="col">Day (UTC)</th>
                    <th scope="col">Registrations</th>
                    <th scope="col">Active players</th>
                  </tr>
                </thead>
                <tbody>
                  {data.days.map((d) => (
                    <tr key={d.day}>
                      <td>{d.day}</td>
                      <td>{d.registrations}</td>
                      <td>{d.activePlayers}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">Buildings</caption>
                <thead>
                  <tr>
                    <th scope="col">Building</th>
                    <th scope="col">Built</th>
                    <th scope="col">Levels in all</th>
                  </tr>
                </thead>
                <tbody>
                  {buildings.map((b) => (
                    <tr key={b.type}>
                      <td>{BUILDINGS[b.type].name}</td>
                      <td>{b.count}</td>
                      <td>{b.levels}</td>
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
