// A village without a marketplace sees only the way to build one: what it still requires, or its construction counting down.
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import type { VillageOverview } from '../../api/villages';
import { buildingLevels, requirementsMet } from '../../../rules/buildings';
import { buildingName } from '../../i18n/game';
import { ArrivalCountdown } from '../../ui/ArrivalCountdown';
import { BuildingIcon } from '../../ui/BuildingIcon';

/** The village page's buildings tab with the marketplace chosen in its build panel. */
export const BUILD_MARKETPLACE_LINK = '/game/village?tab=buildings&build=marketplace';

export interface NoMarketplaceProps {
  villageName: string;
  /** The village's last overview read (its buildings), or null while it is read. */
  overview: VillageOverview | null;
  /** Date.now() when that read arrived. */
  readAt: number;
  /** Called when a marketplace under construction is finished. */
  onBuilt: () => void;
}

export function NoMarketplace({ villageName, overview, readAt, onBuilt }: NoMarketplaceProps) {
  const { t } = useTranslation('marketplace');
  const building = overview?.buildings.find((b) => b.type === 'marketplace' && b.isUpgrading);
  const missing = overview ? requirementsMet('marketplace', buildingLevels(overview.buildings)).missing.map((m) => t('none.requirement', { building: buildingName(m.type), level: m.level })) : [];
  return (
    <section className="card market-none" aria-labelledby="market-none-title">
      <h2 id="market-none-title" className="icon-label">
        <BuildingIcon type="marketplace" size={40} />
        {t('refusals.noMarketplace')}
      </h2>
      {building ? (
        <p>
          <Trans
            t={t}
            i18nKey="none.building"
            values={{ village: villageName }}
            components={{ countdown: <ArrivalCountdown until={readAt + (building.remainingTime ?? 0) * 1000} onDone={onBuilt} /> }}
          />
        </p>
      ) : (
        <>
          <p>{t('none.text', { village: villageName })}</p>
          {missing.length > 0 && (
            <p className="muted">
              {t('none.requires', { building: buildingName('marketplace'), what: missing.join(', ') })}
            </p>
          )}
          <Link className="button" to={BUILD_MARKETPLACE_LINK}>
            {t('none.build')}
          </Link>
        </>
      )}
    </section>
  );
}
