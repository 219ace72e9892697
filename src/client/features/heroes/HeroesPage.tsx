// /game/heroes: the player's heroes out of the most they may lead, recruiting paid by the selected village, and the leaderboard, in three tabs.
import { useCallback } from 'react';
import { useAtomValue } from 'jotai';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { userAtom } from '../../state/session';
import { selectedVillageAtom, villagesAtom, villagesStatusAtom } from '../../state/village';
import { Spinner } from '../../ui/Spinner';
import { Tabs } from '../../ui/Tabs';
import { HeroCard } from './HeroCard';
import { Leaderboard } from './Leaderboard';
import { RecruitTab } from './RecruitTab';
import { maxHeroes, recruitBlock } from './model';
import { useHeroes } from './useHeroes';
import './heroes.css';

const TAB_IDS = ['heroes', 'recruit', 'leaderboard'] as const;
type TabId = (typeof TAB_IDS)[number];

function isTabId(value: string | null): value is TabId {
  return (TAB_IDS as readonly (string | null)[]).includes(value);
}

export default function HeroesPage() {
  const { t } = useTranslation('heroes');
  const village = useAtomValue(selectedVillageAtom);
  const villages = useAtomValue(villagesAtom);
  const villagesStatus = useAtomValue(villagesStatusAtom);
  const user = useAtomValue(userAtom);
  const viewer = user?.id ?? null;
  const villageId = village?.id ?? null;
  const { load, reload } = useHeroes(viewer, villageId, villages !== null || villagesStatus === 'error');
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: TabId = isTabId(tabParam) ? tabParam : 'heroes';
  const selectTab = useCallback((id: TabId) => setParams(id === 'heroes' ? {} : { tab: id }, { replace: true }), [setParams]);

  if (load.status !== 'ready') {
    return (
      <section className="page heroes" aria-labelledby="heroes-title">
        <h1 id="heroes-title" className="page__title">
          {t('page.title')}
        </h1>
        {load.status === 'error' ? (
          <div className="card heroes__failed">
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

  // A price read for another village than the selected one is not shown: the new one is on its way.
  const { heroes, types, leaderboard, cost } = load.data;
  const block = recruitBlock(cost, villageId !== null);
  const limit = maxHeroes(cost ?? load.data.lastCost);
  const typeOf = new Map(types.map((info) => [info.type, info]));

  return (
    <section className="page heroes" aria-labelledby="heroes-title">
      <header className="heroes-header card">
        <div>
          <h1 id="heroes-title" className="heroes-header__title">
            {t('page.title')}
          </h1>
          <p className="heroes-header__count" data-testid="hero-count">
            <strong>{heroes.length}</strong> / {limit}
            <span className="heroes-header__unit">{t('page.heroes')}</span>
          </p>
        </div>
        <div className="heroes-header__recruit">
          <button type="button" className="button" onClick={() => selectTab('recruit')} disabled={block !== null} title={block ?? undefined}>
            {t('page.recruit')}
          </button>
          {block && cost && <p className="heroes-header__reason">{block}</p>}
        </div>
      </header>

      <Tabs<TabId>
        label={t('page.sections')}
        selected={tab}
        onSelect={selectTab}
        tabs={[
          {
            id: 'heroes',
            label: t('page.tabHeroes'),
            panel:
              heroes.length === 0 ? (
                <div className="card heroes__empty">
                  <p>{t('page.empty')}</p>
                  <button type="button" className="button button--secondary" onClick={() => selectTab('recruit')}>
                    {t('page.seeRecruits')}
                  </button>
                </div>
              ) : (
                <div className="hero-grid">
                  {heroes.map((hero) => (
                    <HeroCard key={hero.id} hero={hero} type={typeOf.get(hero.type)} />
                  ))}
                </div>
              ),
          },
          {
            id: 'recruit',
            label: t('page.tabRecruit'),
            panel: <RecruitTab types={types} cost={cost} block={block} villageId={villageId} />,
          },
          { id: 'leaderboard', label: t('page.tabLeaderboard'), panel: <Leaderboard entries={leaderboard} types={types} username={user?.username ?? null} /> },
        ]}
      />
    </section>
  );
}
