// /game/rankings: a world's players, alliances, attackers and defenders (this week or all time) and heroes, paged, with 'Find me' and how fresh each list is.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { apiError } from '../../api/client';
import type { CombatPeriod } from '../../api/rankings';
import { allianceRankingsQuery, combatRankingsQuery, myRankingsQuery, playerRankingsQuery, worldsQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { selectedVillageAtom, villagesAtom, villagesStatusAtom } from '../../state/village';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { formatDate } from '../../i18n/format';
import { Pager } from '../../ui/Pager';
import { useClock } from '../../ui/resources';
import { Spinner } from '../../ui/Spinner';
import { Tabs } from '../../ui/Tabs';
import { useAction } from '../../ui/useAction';
import { AllianceTable, CombatTable, PlayerTable, type Marks } from './RankingTables';
import { RANKINGS_PAGE_SIZE, findMeText, freshness, isTabId, myRankOn, pageCount, pageOfMine, pageParam, periodParam, type RankedTab, type TabId } from './model';
import './rankings.css';

export interface RankingsPageProps {
  /** The heroes' leaderboard; app/ composes it in from the heroes feature (features never import each other). */
  heroes?: ReactNode;
}

/** Where the page stands: which list, which page of it, which week. */
interface View {
  tab: TabId;
  page: number;
  period: CombatPeriod;
}

/** The rank 'Find me' found, and on which list. */
interface Found {
  tab: RankedTab;
  period: CombatPeriod;
  rank: number;
}

/** The lists a panel reads, as keys of the rankings namespace ('lists.players.loading'). */
type ListName = 'players' | 'alliances' | 'attackers' | 'defenders';

/** One list's read as the page shows it: the table, its freshness, the pager; a failure with a retry. */
function ListPanel<T extends { total: number }>({ read, what, children }: { read: UseQueryResult<T>; what: ListName; children: (data: T) => ReactNode }) {
  const { t } = useTranslation('rankings');
  if (read.data) return <>{children(read.data)}</>;
  if (read.isError) {
    return (
      <div>
        <p>{apiError(read.error, t(`lists.${what}.failed`))}</p>
        <button type="button" className="button button--secondary" onClick={() => void read.refetch()}>
          {t('tryAgain')}
        </button>
      </div>
    );
  }
  return <Spinner label={t(`lists.${what}.loading`)} />;
}

function Empty() {
  const { t } = useTranslation('rankings');
  return <p className="muted">{t('empty')}</p>;
}

interface ListProps {
  worldId: string;
  view: View;
  marks: Marks;
  onPage: (page: number) => void;
}

function PlayersList({ worldId, view, marks, onPage }: ListProps) {
  const { t } = useTranslation('rankings');
  const read = useQuery(playerRankingsQuery(worldId, view.page, RANKINGS_PAGE_SIZE));
  const now = useClock(30_000);
  return (
    <ListPanel read={read} what="players">
      {(list) => (
        <>
          <p className="rankings__freshness">{freshness(list.computedAt, now)}</p>
          {list.entries.length === 0 ? <Empty /> : <PlayerTable list={list} marks={marks} />}
          <Pager page={view.page} pages={pageCount(list.total)} onPage={onPage} label={t('lists.players.pages')} />
        </>
      )}
    </ListPanel>
  );
}

function AlliancesList({ worldId, view, marks, onPage }: ListProps) {
  const { t } = useTranslation('rankings');
  const read = useQuery(allianceRankingsQuery(worldId, view.page, RANKINGS_PAGE_SIZE));
  const now = useClock(30_000);
  return (
    <ListPanel read={read} what="alliances">
      {(list) => (
        <>
          <p className="rankings__freshness">{freshness(list.computedAt, now)}</p>
          {list.entries.length === 0 ? <Empty /> : <AllianceTable list={list} marks={marks} />}
          <Pager page={view.page} pages={pageCount(list.total)} onPage={onPage} label={t('lists.alliances.pages')} />
        </>
      )}
    </ListPanel>
  );
}

function CombatList({ worldId, view, marks, onPage, onPeriod, board }: ListProps & { board: 'attackers' | 'defenders'; onPeriod: (period: CombatPeriod) => void }) {
  const { t } = useTranslation('rankings');
  const read = useQuery(combatRankingsQuery(worldId, { board, period: view.period }, view.page, RANKINGS_PAGE_SIZE));
  return (
    <>
      <div className="rankings__period" role="group" aria-label={t('period.label')}>
        {(['week', 'all'] as const).map((period) => (
          <button
            key={period}
            type="button"
            className={view.period === period ? 'button button--small' : 'button button--secondary button--small'}
            aria-pressed={view.period === period}
            onClick={() => onPeriod(period)}
          >
            {period === 'week' ? t('period.week') : t('period.all')}
          </button>
        ))}
      </div>
      <ListPanel read={read} what={board}>
        {(list) => (
          <>
            <p className="rankings__freshness">
              {list.since ? t('combat.countedSince', { date: formatDate(list.since) }) : t('combat.counted')}
            </p>
            {list.entries.length === 0 ? <Empty /> : <CombatTable list={list} marks={marks} />}
            <Pager page={view.page} pages={pageCount(list.total)} onPage={onPage} label={t(`lists.${board}.pages`)} />
          </>
        )}
      </ListPanel>
    </>
  );
}

/** The world shown: the address's, else the selected village's, else the first online world (a player without a village). */
function useRankingWorld(fromAddress: string | null) {
  const village = useAtomValue(selectedVillageAtom);
  const villages = useAtomValue(villagesAtom);
  const villagesStatus = useAtomValue(villagesStatusAtom);
  const worlds = useQuery(worldsQuery());
  const known = villages !== null || villagesStatus === 'error';
  const fallback = worlds.data?.find((world) => world.status === 'online') ?? worlds.data?.[0] ?? null;
  const worldId = fromAddress ?? (known ? (village?.worldId ?? fallback?.id ?? null) : null);
  return { worldId, worlds: worlds.data ?? [], settled: worldId !== null || (known && (worlds.isSuccess || worlds.isError)) };
}

export default function RankingsPage({ heroes }: RankingsPageProps) {
  const { t } = useTranslation('rankings');
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const view: View = { tab: isTabId(tabParam) ? tabParam : 'players', page: pageParam(params.get('page')), period: periodParam(params.get('period')) };
  const { worldId, worlds, settled } = useRankingWorld(params.get('world'));
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const [found, setFound] = useState<Found | null>(null);

  const go = (next: Partial<View> & { world?: string }) => {
    const merged = { ...view, ...next };
    const query: Record<string, string> = {};
    const world = next.world ?? params.get('world');
    if (world) query.world = world;
    if (merged.tab !== 'players') query.tab = merged.tab;
    if (merged.period !== 'week' && (merged.tab === 'attackers' || merged.tab === 'defenders')) query.period = merged.period;
    if (merged.page !== 1) query.page = String(merged.page);
    setParams(query);
  };

  const rankedTab: RankedTab | null = view.tab === 'heroes' ? null : view.tab;
  // Asked afresh at each click: the ranks move as the world plays.
  const findMe = useAction({
    mutationFn: async ({ tab, period }: { tab: RankedTab; period: CombatPeriod }) => {
      const my = await client.fetchQuery({ ...myRankingsQuery(viewer, worldId ?? ''), staleTime: 0 });
      return myRankOn(my, tab, period);
    },
    onSuccess: (rank, { tab, period }) => {
      const page = pageOfMine(rank);
      if (rank === null || page === null) return;
      setFound({ tab, period, rank });
      go({ tab, period, page });
    },
    success: (rank, { tab }) => findMeText(rank, tab),
    failure: t('findMe.failed'),
  });

  const selectTab = (tab: TabId) => {
    findMe.mutation.reset();
    go({ tab, page: 1 });
  };
  const marks = (tab: RankedTab): Marks => ({
    viewer,
    found: found && found.tab === tab && (tab === 'players' || tab === 'alliances' || found.period === view.period) ? found.rank : null,
  });
  const onPage = (page: number) => go({ page });
  const onPeriod = (period: CombatPeriod) => {
    findMe.mutation.reset();
    go({ period, page: 1 });
  };

  let body: ReactNode;
  if (worldId === null) {
    body = settled ? <p className="card muted">{t('noWorld')}</p> : <Spinner label={t('loading')} />;
  } else {
    const list = { worldId, view, onPage };
    body = (
      <Tabs<TabId>
        label={t('title')}
        selected={view.tab}
        onSelect={selectTab}
        tabs={[
          { id: 'players', label: t('tabs.players'), panel: <PlayersList {...list} marks={marks('players')} /> },
          { id: 'alliances', label: t('tabs.alliances'), panel: <AlliancesList {...list} marks={marks('alliances')} /> },
          { id: 'attackers', label: t('tabs.attackers'), panel: <CombatList {...list} board="attackers" marks={marks('attackers')} onPeriod={onPeriod} /> },
          { id: 'defenders', label: t('tabs.defenders'), panel: <CombatList {...list} board="defenders" marks={marks('defenders')} onPeriod={onPeriod} /> },
          { id: 'heroes', label: t('tabs.heroes'), panel: heroes ?? <p className="muted">{t('noHeroes')}</p> },
        ]}
      />
    );
  }

  return (
    <section className="page rankings" aria-labelledby="rankings-title">
      <div className="page__header rankings__header">
        <h1 id="rankings-title" className="page__title">
          {t('title')}
        </h1>
        <div className="row rankings__tools">
          {worlds.length > 1 && worldId !== null && (
            <div className="rankings__world">
              <label htmlFor="rankings-world">{t('world')}</label>
              <select id="rankings-world" className="input" value={worldId} onChange={(event) => go({ world: event.target.value, page: 1 })}>
                {worlds.map((world) => (
                  <option key={world.id} value={world.id}>
                    {world.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          {rankedTab && worldId !== null && (
            <ActionButton className="button button--secondary" pending={findMe.pending} busyLabel={t('findMe.busy')} onClick={() => findMe.run({ tab: rankedTab, period: view.period })}>
              {t('findMe.button')}
            </ActionButton>
          )}
        </div>
      </div>
      <ActionOutcome message={findMe.outcome} compact={false} className="rankings__outcome" />
      <div className="card">{body}</div>
    </section>
  );
}
