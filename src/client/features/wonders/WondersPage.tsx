// /game/wonders: the wonders of the selected village's world with contributions, founding a new one, and the alliance's effects, under a victory banner once the world is won.
import { useCallback, useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../i18n';
import { queryKeys } from '../../state/queryKeys';
import { userIdAtom } from '../../state/session';
import { useSelectedOverview, villagesAtom, villagesStatusAtom } from '../../state/village';
import { Spinner } from '../../ui/Spinner';
import { Tabs } from '../../ui/Tabs';
import { ConstructTab } from './ConstructTab';
import { EffectsTab } from './EffectsTab';
import { VictoryBanner } from './VictoryBanner';
import { WonderCard } from './WonderCard';
import { useWonders } from './useWonders';
import './wonders.css';

const TAB_IDS = ['wonders', 'construct', 'effects'] as const;
type TabId = (typeof TAB_IDS)[number];

function isTabId(value: string | null): value is TabId {
  return (TAB_IDS as readonly (string | null)[]).includes(value);
}

/** How many of the wonder types already rise in the world. */
function worldSummary(count: number, kinds: number): string {
  if (count === 0) return i18n.t('wonders:page.summaryNone', { kinds });
  return i18n.t('wonders:page.summary', { count, kinds });
}

/** Several levels often fall due together: they share one reread. */
const LEVEL_DUE_REFETCH_DELAY_MS = 300;

export default function WondersPage() {
  const { t } = useTranslation('wonders');
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const { village, read: overview } = useSelectedOverview();
  const villages = useAtomValue(villagesAtom);
  const villagesStatus = useAtomValue(villagesStatusAtom);
  const worldId = village?.worldId ?? null;
  const { load, reload } = useWonders(viewer, worldId, villages !== null || villagesStatus === 'error');
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: TabId = isTabId(tabParam) ? tabParam : 'wonders';
  const selectTab = useCallback((id: TabId) => setParams(id === 'wonders' ? {} : { tab: id }, { replace: true }), [setParams]);

  // A level under construction should stand: the world's wonders are read again.
  const pending = useRef<number | null>(null);
  const rereadWhenLevelDue = useCallback(() => {
    if (pending.current !== null) return;
    pending.current = window.setTimeout(() => {
      pending.current = null;
      void client.invalidateQueries({ queryKey: queryKeys.wonders(viewer, worldId) });
    }, LEVEL_DUE_REFETCH_DELAY_MS);
  }, [client, viewer, worldId]);
  useEffect(
    () => () => {
      if (pending.current !== null) window.clearTimeout(pending.current);
    },
    [],
  );

  // Wonders of another world than the selected village's are not shown while the right ones are read.
  if (load.status !== 'ready') {
    return (
      <section className="page wonders" aria-labelledby="wonders-title">
        <h1 id="wonders-title" className="page__title">
          {t('page.title')}
        </h1>
        {load.status === 'error' ? (
          <div className="card wonders__failed">
            <p>{t('page.failed')}</p>
            <button type="button" className="button button--secondary" onClick={() => void reload()}>
              {t('page.retry')}
            </button>
          </div>
        ) : (
          <Spinner label={t('page.loading')} />
        )}
      </section>
    );
  }

  const { wonders, types, effects, victory, readAt } = load.data;
  const typeOf = new Map(types.map((info) => [info.type, info]));
  const greatHalls = overview?.overview.buildings.filter((b) => b.type === 'great_hall') ?? [];
  const builder = village
    ? { id: village.id, name: village.name, greatHallLevel: overview ? Math.max(0, ...greatHalls.map((b) => b.level)) : null }
    : null;

  return (
    <section className="page wonders" aria-labelledby="wonders-title">
      <header className="wonders-header card">
        <div>
          <h1 id="wonders-title" className="wonders-header__title">
            {t('page.title')}
          </h1>
          <p className="wonders-header__facts">{worldSummary(wonders.length, types.length)} {t('page.howToWin')}</p>
        </div>
      </header>

      <VictoryBanner check={victory} />

      <Tabs<TabId>
        label={t('page.sections')}
        selected={tab}
        onSelect={selectTab}
        tabs={[
          {
            id: 'wonders',
            label: t('page.tabWonders'),
            panel:
              wonders.length === 0 ? (
                <div className="card wonders__empty">
                  <p>{t('page.empty')}</p>
                  <button type="button" className="button button--secondary" onClick={() => selectTab('construct')}>
                    {t('page.foundFirst')}
                  </button>
                </div>
              ) : (
                <div className="wonder-grid">
                  {wonders.map((wonder) => (
                    <WonderCard
                      key={wonder.id}
                      wonder={wonder}
                      type={typeOf.get(wonder.type)}
                      readAt={readAt}
                      worldId={worldId}
                      village={village}
                      onLevelDue={rereadWhenLevelDue}
                    />
                  ))}
                </div>
              ),
          },
          { id: 'construct', label: t('page.tabConstruct'), panel: <ConstructTab types={types} wonders={wonders} worldId={worldId} village={builder} /> },
          { id: 'effects', label: t('page.tabEffects'), panel: <EffectsTab effects={effects} /> },
        ]}
      />
    </section>
  );
}
