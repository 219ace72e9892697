// The overview tab: resource cards, statistics, the oases held, what is being built, the recent buildings and the army at home.
import { Trans, useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { buildingName, unitName } from '../../i18n/game';
import { ResourceBar, type ResourceReading } from '../../ui/resources';
import { BuildingGlyph } from './BuildingGlyph';
import { ConstructionStatus } from './BuildingsTab';
import { EndsIn } from './EndsIn';
import { HeldOases } from './HeldOases';
import { armySummary, recentBuildings } from './model';
import type { VillageContext } from './context';

export function OverviewTab({ ctx, resources }: { ctx: VillageContext; resources: readonly (ResourceReading & { live: number })[] }) {
  const { t } = useTranslation('village');
  const { statistics } = ctx.overview;
  const recent = recentBuildings(ctx.overview.buildings);
  const army = armySummary(ctx.overview.units);
  return (
    <div className="stack">
      <section aria-labelledby="resources-title">
        <h2 id="resources-title" className="section-title">
          {t('overview.resources')}
        </h2>
        <div className="resource-grid">
          {resources.map((r) => (
            <ResourceBar key={r.type} type={r.type} amount={r.live} capacity={r.capacity} production={r.production} />
          ))}
        </div>
      </section>

      <section aria-labelledby="stats-title">
        <h2 id="stats-title" className="section-title">
          {t('overview.statistics')}
        </h2>
        <dl className="stat-tiles village-stats">
          <div className="stat-tile">
            <dt>{t('overview.militaryPower')}</dt>
            <dd>{formatNumber(statistics.militaryPower)}</dd>
          </div>
          <div className="stat-tile">
            <dt>{t('overview.defenseBonus')}</dt>
            <dd>{t('overview.percent', { value: formatNumber(statistics.defenseBonus) })}</dd>
          </div>
          <div className="stat-tile">
            <dt>{t('overview.upkeep')}</dt>
            <dd>
              {formatNumber(statistics.totalUpkeep)} <small>{t('overview.upkeepUnit')}</small>
            </dd>
          </div>
        </dl>
      </section>

      <HeldOases villageId={ctx.village.id} />

      <ConstructionStatus ctx={ctx} />

      <div className="village-columns">
        <section className="card" aria-labelledby="recent-title">
          <h2 id="recent-title">{t('overview.recent')}</h2>
          {recent.length === 0 ? (
            <p className="muted">{t('overview.nothingBuilt')}</p>
          ) : (
            <ul className="plain-list" aria-label={t('overview.recent')}>
              {recent.map((b) => (
                <li key={b.id} className="plain-list__item">
                  <BuildingGlyph type={b.type} size={20} />
                  <span className="plain-list__name">{buildingName(b.type)}</span>
                  {b.isUpgrading ? (
                    <span className="muted">
                      <Trans
                        t={t}
                        i18nKey="overview.toLevel"
                        values={{ level: b.level + 1 }}
                        components={{ countdown: <EndsIn remaining={b.remainingTime ?? 0} readAt={ctx.readAt} onDone={ctx.onCountdownEnd} /> }}
                      />
                    </span>
                  ) : (
                    <span className="badge badge--gold">{t('level', { level: b.level })}</span>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="card" aria-labelledby="army-title">
          <h2 id="army-title">{t('overview.army')}</h2>
          {army.length === 0 ? (
            <p className="muted">{t('overview.noUnits')}</p>
          ) : (
            <ul className="plain-list" aria-label={t('overview.army')}>
              {army.map((u) => (
                <li key={u.id} className="plain-list__item">
                  <span className="plain-list__name">{unitName(u.type)}</span>
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
