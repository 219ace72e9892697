// /game/marketplace: the selected village's merchants, sending resources with a live preview, offers, the merchant exchange and its shipments.
import { useCallback, type ComponentType, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import type { ArmyMovement } from '../../state/army';
import { marketQuery, movementsQuery } from '../../state/queries';
import { queryKeys } from '../../state/queryKeys';
import { userIdAtom } from '../../state/session';
import { useSelectedOverview, villagesQueryAtom, villagesStatusAtom } from '../../state/village';
import { mapResources } from '../../../rules/resources';
import { useLiveResources } from '../../ui/resources';
import { Spinner } from '../../ui/Spinner';
import type { MarketContext } from './context';
import { CreateOfferForm } from './CreateOfferForm';
import { ExchangeForm } from './ExchangeForm';
import { MerchantsCard } from './MerchantsCard';
import { NoMarketplace } from './NoMarketplace';
import { OffersSection } from './OffersSection';
import { SendResourcesForm } from './SendResourcesForm';
import { isShipmentOf, parseTarget, serverOffsetMs } from './model';
import './marketplace.css';

/** What the list of shipments gets: the village's deliveries and merchants walking home, and what to do when one arrives. */
export interface ShipmentListProps {
  movements: readonly ArmyMovement[] | null;
  onArrived: () => void;
}

export interface MarketplacePageProps {
  /** Lists the shipments (app/ composes in the army's movement list: features never import each other). */
  ShipmentList: ComponentType<ShipmentListProps>;
}

function Frame({ subtitle, children }: { subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation('marketplace');
  return (
    <section className="page marketplace" aria-labelledby="marketplace-title">
      <header className="page__header">
        <h1 id="marketplace-title" className="page__title">
          {t('title')}
        </h1>
        {subtitle && <p className="muted marketplace__village">{subtitle}</p>}
      </header>
      {children}
    </section>
  );
}

function Retry({ what, onRetry }: { what: string; onRetry: () => void }) {
  const { t } = useTranslation('marketplace');
  return (
    <div className="card">
      <p>{t('couldNotLoad', { what })}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {t('tryAgain')}
      </button>
    </div>
  );
}

export default function MarketplacePage({ ShipmentList }: MarketplacePageProps) {
  const { t } = useTranslation('marketplace');
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const villagesStatus = useAtomValue(villagesStatusAtom);
  const villagesRead = useAtomValue(villagesQueryAtom);
  const { village, read } = useSelectedOverview();
  const villageId = village?.id ?? '';
  const market = useQuery(marketQuery(viewer, villageId));
  const movements = useQuery(movementsQuery(viewer)).data ?? null;
  const [params] = useSearchParams();
  const target = parseTarget(params);
  const resources = useLiveResources(read?.overview.resources, read?.readAt ?? 0);

  // Merchants arriving or coming home change the market and the stores: both are read again, with the movements.
  const onArrived = useCallback(() => {
    void client.invalidateQueries({ queryKey: queryKeys.movements(viewer) });
    void client.invalidateQueries({ queryKey: queryKeys.market(viewer, villageId) });
    void client.invalidateQueries({ queryKey: queryKeys.overview(viewer, villageId) });
  }, [client, viewer, villageId]);

  if (!village) {
    if (villagesRead.data?.length === 0) {
      return (
        <Frame>
          <div className="card">
            <p>
              <Trans t={t} i18nKey="noVillage" components={{ join: <Link to="/game/village" /> }} />
            </p>
          </div>
        </Frame>
      );
    }
    return <Frame>{villagesStatus === 'error' ? <Retry what={t('what.villages')} onRetry={() => void villagesRead.refetch()} /> : <Spinner label={t('loadingVillages')} />}</Frame>;
  }

  const subtitle = `${village.name} (${village.x}|${village.y})`;
  if (!market.data) {
    return <Frame subtitle={subtitle}>{market.isError ? <Retry what={t('what.market')} onRetry={() => void market.refetch()} /> : <Spinner label={t('loadingMarket')} />}</Frame>;
  }

  if (market.data.marketplaceLevel === 0) {
    return (
      <Frame subtitle={subtitle}>
        <NoMarketplace villageName={village.name} overview={read?.overview ?? null} readAt={read?.readAt ?? 0} onBuilt={onArrived} />
      </Frame>
    );
  }

  const byType = new Map(resources.map((r) => [r.type, r]));
  const ctx: MarketContext = {
    viewer,
    village,
    market: market.data,
    stock: read ? mapResources((r) => byType.get(r)?.live ?? 0) : null,
    capacity: read ? mapResources((r) => byType.get(r)?.capacity ?? 0) : null,
    serverOffsetMs: read ? serverOffsetMs(read.overview.serverTime, read.readAt) : 0,
  };
  const shipments = movements === null ? null : movements.filter((m) => isShipmentOf(m, village.id));

  return (
    <Frame subtitle={subtitle}>
      <MerchantsCard market={market.data} />
      <div className="marketplace-grid">
        <SendResourcesForm key={`${village.id}|${target ? `${target.x}|${target.y}` : ''}`} ctx={ctx} initialTarget={target} />
        <ShipmentList movements={shipments} onArrived={onArrived} />
      </div>
      <div className="marketplace-grid">
        <CreateOfferForm key={`offer-${village.id}`} ctx={ctx} />
        <ExchangeForm key={`exchange-${village.id}`} ctx={ctx} />
      </div>
      <OffersSection key={village.id} ctx={ctx} />
    </Frame>
  );
}
