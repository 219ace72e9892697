// /game/village: the selected village with its resources, statistics, buildings, units and smithy, in four tabs.
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { worldsQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { refreshOverview, serverOffsetOf, useSelectedOverview, villagesQueryAtom, villagesStatusAtom, type Village } from '../../state/village';
import { mapResources, type ResourceType } from '../../../rules/resources';
import { CrownIcon } from '../../ui/icons';
import { formatPercent } from '../../i18n/format';
import { useLiveResources } from '../../ui/resources';
import { ProtectionShield } from '../../ui/ProtectionShield';
import { Spinner } from '../../ui/Spinner';
import { Tabs } from '../../ui/Tabs';
import { BuildingsTab } from './BuildingsTab';
import { OverviewTab } from './OverviewTab';
import { RenameButton } from './RenameButton';
import { StarvationNotice } from './StarvationNotice';
import { UnitsTab } from './UnitsTab';
import { SmithyTab } from './SmithyTab';
import type { VillageContext } from './context';
import './village.css';

const TAB_IDS = ['overview', 'buildings', 'units', 'smithy'] as const;
type TabId = (typeof TAB_IDS)[number];

function isTabId(value: string | null): value is TabId {
  return (TAB_IDS as readonly (string | null)[]).includes(value);
}

/** Several countdowns often end together (a card and the queue line): they share one refetch. */
const COUNTDOWN_REFETCH_DELAY_MS = 300;

/** The village as its owner sees it; `shield` is the beginner protection the last overview read carried, while it holds. */
function VillageHeader({ village, shield }: { village: Village; shield?: ReactNode }) {
  const { t } = useTranslation('village');
  return (
    <header className="village-header card">
      <div className="village-header__text">
        <h1 className="village-header__name">
          {village.isCapital && <CrownIcon size={26} />}
          <span>{village.name}</span>
        </h1>
        <p className="village-header__facts">
          <span>
            ({village.x}|{village.y})
          </span>
          <span>{t('header.population', { population: village.population })}</span>
          <span>{t('header.loyalty', { loyalty: formatPercent(Math.round(village.loyalty)) })}</span>
          {village.isCapital && <span className="badge badge--gold">{t('header.capital')}</span>}
        </p>
        {shield && <p className="village-header__shield">{shield}</p>}
      </div>
      <RenameButton village={village} />
    </header>
  );
}

export default function VillagePage() {
  const { t } = useTranslation('village');
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const { village, read, query: overviewRead } = useSelectedOverview();
  const villagesStatus = useAtomValue(villagesStatusAtom);
  const villagesRead = useAtomValue(villagesQueryAtom);
  // The world's speed scales the build times shown before an upgrade starts.
  const worlds = useQuery({ ...worldsQuery(), enabled: village !== null }).data ?? null;
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: TabId = isTabId(tabParam) ? tabParam : 'overview';

  const villageId = village?.id ?? null;
  const refresh = useCallback(async () => {
    if (villageId) await refreshOverview(client, viewer, villageId);
  }, [client, viewer, villageId]);

  const pending = useRef<number | null>(null);
  const refreshAfterCountdown = useCallback(() => {
    if (pending.current !== null) return;
    pending.current = window.setTimeout(() => {
      pending.current = null;
      void refresh();
    }, COUNTDOWN_REFETCH_DELAY_MS);
  }, [refresh]);
  useEffect(
    () => () => {
      if (pending.current !== null) window.clearTimeout(pending.current);
    },
    [],
  );

  const resources = useLiveResources(read?.overview.resources, read?.readAt ?? 0);

  if (!village) {
    return (
      <section className="page village" aria-labelledby="village-title">
        <h1 id="village-title" className="page__title">
          {t('page.title')}
        </h1>
        {villagesStatus === 'error' ? (
          <LoadFailed what={t('page.failedVillages')} onRetry={() => void villagesRead.refetch()} />
        ) : (
          <Spinner label={t('page.loadingVillages')} />
        )}
      </section>
    );
  }

  if (!read) {
    const failed = overviewRead.isError;
    return (
      <section className="page village">
        <VillageHeader village={village} />
        {failed ? <LoadFailed what={t('page.failedVillage')} onRetry={() => void overviewRead.refetch()} /> : <Spinner label={t('page.loadingVillage')} />}
      </section>
    );
  }

  const liveByType = new Map(resources.map((r) => [r.type, r.live]));
  const ctx: VillageContext = {
    village,
    overview: read.overview,
    readAt: read.readAt,
    stock: mapResources((r: ResourceType) => liveByType.get(r) ?? 0),
    worldSpeed: worlds?.find((w) => w.id === village.worldId)?.speed ?? (worlds === null ? null : 1),
    refresh,
    onCountdownEnd: refreshAfterCountdown,
  };

  return (
    <section className="page village">
      <VillageHeader
        village={village}
        shield={
          read.overview.protectedUntil && (
            <ProtectionShield until={read.overview.protectedUntil} serverOffsetMs={serverOffsetOf(read)} onEnd={refreshAfterCountdown} />
          )
        }
      />
      <StarvationNotice starvation={read.overview.starvation} />
      <Tabs<TabId>
        label={t('page.sections')}
        selected={tab}
        onSelect={(id) => setParams(id === 'overview' ? {} : { tab: id }, { replace: true })}
        tabs={[
          { id: 'overview', label: t('page.tabs.overview'), panel: <OverviewTab ctx={ctx} resources={resources} /> },
          { id: 'buildings', label: t('page.tabs.buildings'), panel: <BuildingsTab ctx={ctx} /> },
          { id: 'units', label: t('page.tabs.units'), panel: <UnitsTab ctx={ctx} /> },
          { id: 'smithy', label: t('page.tabs.smithy'), panel: <SmithyTab ctx={ctx} /> },
        ]}
      />
    </section>
  );
}

/** `what` is the whole sentence ('Could not load the village.'). */
function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  const { t } = useTranslation('village');
  return (
    <div className="card village__failed">
      <p>{what}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {t('page.tryAgain')}
      </button>
    </div>
  );
}
