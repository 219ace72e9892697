// The overview tab: resource cards, statistics, the oases held, what is being built, the recent buildings and the army at home.
import { BUILDINGS } from '../../../rules/buildings';
import { formatNumber } from '../../../rules/format';
import { UNITS } from '../../../rules/units';
import { ResourceBar, type ResourceReading } from '../../ui/resources';
import { BuildingGlyph } from './BuildingGlyph';
import { ConstructionStatus } from './BuildingsTab';
import { EndsIn } from './EndsIn';
import { HeldOases } from './HeldOases';
import { armySummary, recentBuildings } from './model';
import type { VillageContext } from './context';

export function OverviewTab({ ctx, resources }: { ctx: VillageContext; resources: readonly (ResourceReading & { live: number })[] }) {
  const { statistics } = ctx.overview;
  const recent = recentBuildings(ctx.overview.buildings);
  const army = armySummary(ctx.overview.units);
  return (
    <div className="stack">
      <section aria-labelledby="resources-title">
        <h2 id="resources-title" className="section-title">Resources</h2>
        <div className="resource-grid">
          {resources.map((r) => (
            <ResourceBar key={r.type} type={r.type} amount={r.live} capacity={r.capacity} production={r.production} />
          ))}
        </div>
      </section>

      <section aria-labelledby="stats-title">
        <h2 id="stats-title" className="section-title">Statistics</h2>
        <dl className="stat-tiles village-stats">
          <div className="stat-tile">
            <dt>Military power</dt>
            <dd>{formatNumber(statistics.militaryPower)}</dd>
          </div>
          <div className="stat-tile">
            <dt>Defense bonus</dt>
            <dd>{formatNumber(statistics.defenseBonus)}%</dd>
          </div>
          <div className="stat-tile">
            <dt>Unit upkeep</dt>
            <dd>
              {formatNumber(statistics.totalUpkeep)} <small>mead/h</small>
            </dd>
          </div>
        </dl>
      </section>

      <HeldOases villageId={ctx.village.id} />

      <ConstructionStatus ctx={ctx} />

      <div className="village-columns">
        <section className="card" aria-labelledby="recent-title">
          <h2 id="recent-title">Recent buildings</h2>
          {recent.length === 0 ? (
            <p className="muted">Nothing built yet. Upgrade a field to get your village going.</p>
          ) : (
            <ul className="plain-list" aria-label="Recent buildings">
              {recent.map((b) => (
                <li key={b.id} className="plain-list__item">
                  <BuildingGlyph type={b.type} size={20} />
                  <span className="plain-list__name">{BUILDINGS[b.type].name}</span>
                  {b.isUpgrading ? (
                    <span className="muted">
                      to level {b.level + 1} in <EndsIn remaining={b.remainingTime ?? 0} readAt={ctx.readAt} onDone={ctx.onCountdownEnd} />
                    </span>
                  ) : (
                    <span className="badge badge--gold">Level {b.level}</span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="card" aria-labelledby="army-title">
          <h2 id="army-title">Army summary</h2>
          {army.length === 0 ? (
            <p className="muted">No units at home.</p>
          ) : (
            <ul className="plain-list" aria-label="Army summary">
              {army.map((u) => (
                <li key={u.id} className="plain-list__item">
                  <span className="plain-list__name">{UNITS[u.type].name}</span>
                  <span className="plain-list__value">{formatNumber(u.count)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
