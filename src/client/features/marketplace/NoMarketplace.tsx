// A village without a marketplace sees only the way to build one: what it still requires, or its construction counting down.
import { Link } from 'react-router';
import type { VillageOverview } from '../../api/villages';
import { BUILDINGS, buildingLevels, requirementsMet } from '../../../rules/buildings';
import { TRADE_MESSAGES } from '../../../rules/trade';
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
  const building = overview?.buildings.find((b) => b.type === 'marketplace' && b.isUpgrading);
  const missing = overview ? requirementsMet('marketplace', buildingLevels(overview.buildings)).missing.map((m) => m.text) : [];
  return (
    <section className="card market-none" aria-labelledby="market-none-title">
      <h2 id="market-none-title" className="icon-label">
        <BuildingIcon type="marketplace" size={40} />
        {TRADE_MESSAGES.noMarketplace}
      </h2>
      {building ? (
        <p>
          The marketplace of {villageName} is being built: ready in <ArrivalCountdown until={readAt + (building.remainingTime ?? 0) * 1000} onDone={onBuilt} />.
        </p>
      ) : (
        <>
          <p>
            {villageName} has no marketplace. Merchants carry resources to other villages, and the marketplace is where offers are
            made and taken.
          </p>
          {missing.length > 0 && (
            <p className="muted">
              {BUILDINGS.marketplace.name} requires {missing.join(', ')}.
            </p>
          )}
          <Link className="button" to={BUILD_MARKETPLACE_LINK}>
            Build a marketplace
          </Link>
        </>
      )}
    </section>
  );
}
