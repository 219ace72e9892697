// /game/rankings: a world's players, alliances, attackers and defenders (this week or all time) and heroes, paged, with 'Find me' and how fresh each list is.
import { useState, type ReactNode } from 'react';
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
import { formatDate } from '../../ui/dates';
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

/** One list's read as the page shows it: the table, its freshness, the pager; a failure with a retry. */
function ListPanel<T extends { total: number }>({ read, what, children }: { read: UseQueryResult<T>; what: string; children: (data: T) => ReactNode }) {
  if (read.data) return <>{children(read.data)}</>;
  if (read.isError) {
    return (
      <div>
        <p>{apiError(read.error, `Could not load the ${what}.`)}</p>
        <button type="button" className="button button--secondary" onClick={() => void read.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return <Spinner label={`Loading the ${what}...`} />;
}

function Empty() {
  return <p className="muted">Nobody is on this list yet.</p>;
}

interface ListProps {
  worldId: string;
  view: View;
  marks: Marks;
  onPage: (page: number) => void;
}

function PlayersList({ worldId, view, marks, onPage }: ListProps) {
  const read = useQuery(playerRankingsQuery(worldId, view.page, RANKINGS_PAGE_SIZE));
  const now = useClock(30_000);
  return (
    <ListPanel read={read} what="player rankings">
      {(list) => (
        <>
          <p className="rankings__freshness">{freshness(list.computedAt, now)}</p>
          {list.entries.length === 0 ? <Empty /> : <PlayerTable list={list} marks={marks} />}
          <Pager page={view.page} pages={pageCount(list.total)} onPage={onPage} label="Player ranking pages" />
        </>
      )}
    </ListPanel>
  );
}

function AlliancesList({ worldId, view, marks, onPage }: ListProps) {
  const read = useQuery(allianceRankingsQuery(worldId, view.page, RANKINGS_PAGE_SIZE));
  const now = useClock(30_000);
  return (
    <ListPanel read={read} what="alliance rankings">
      {(list) => (
        <>
          <p className="rankings__freshness">{freshness(list.computedAt, now)}</p>
          {list.entries.length === 0 ? <Empty /> : <AllianceTable list={list} marks={marks} />}
          <Pager page={view.page} pages={pageCount(list.total)} onPage={onPage} label="Alliance ranking pages" />
        </>
      )}
    </ListPanel>
  );
}

function CombatList({ worldId, view, marks, onPage, onPeriod, board }: ListProps & { board: 'attackers' | 'defenders'; onPeriod: (period: CombatPeriod) => void }) {
  const read = useQuery(combatRankingsQuery(worldId, { board, period: view.period }, view.page, RANKINGS_PAGE_SIZE));
  return (
    <>
      <div className="rankings__period" role="group" aria-label="Period">
        {(['week', 'all'] as const).map((period) => (
          <button
            key={period}
            type="button"
            className={view.period === period ? 'button button--small' : 'button button--secondary button--small'}
            aria-pressed={view.period === period}
            onClick={() => onPeriod(period)}
          >
            {period === 'week' ? 'This week' : 'All time'}
          </button>
        ))}
      </div>
      <ListPanel read={read} what={`${board} rankings`}>
        {(list) => (
          <>
            <p className="rankings__freshness">
              Counted as battles happen{list.since ? `, since ${formatDate(list.since)}` : ''}. Points are the upkeep of the enemy units killed.
            </p>
            {list.entries.length === 0 ? <Empty /> : <CombatTable list={list} marks={marks} />}
            <Pager page={view.page} pages={pageCount(list.total)} onPage={onPage} label={`${board === 'attackers' ? 'Attacker' : 'Defender'} ranking pages`} />
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
    failure: 'Could not find your rank',
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
    body = settled ? <p className="card muted">There is no world to rank yet.</p> : <Spinner label="Loading the rankings..." />;
  } else {
    const list = { worldId, view, onPage };
    body = (
      <Tabs<TabId>
        label="Rankings"
        selected={view.tab}
        onSelect={selectTab}
        tabs={[
          { id: 'players', label: 'Players', panel: <PlayersList {...list} marks={marks('players')} /> },
          { id: 'alliances', label: 'Alliances', panel: <AlliancesList {...list} marks={marks('alliances')} /> },
          { id: 'attackers', label: 'Attackers', panel: <CombatList {...list} board="attackers" marks={marks('attackers')} onPeriod={onPeriod} /> },
          { id: 'defenders', label: 'Defenders', panel: <CombatList {...list} board="defenders" marks={marks('defenders')} onPeriod={onPeriod} /> },
          { id: 'heroes', label: 'Heroes', panel: heroes ?? <p className="muted">The heroes' leaderboard is not available here.</p> },
        ]}
      />
    );
  }

  return (
    <section className="page rankings" aria-labelledby="rankings-title">
      <div className="page__header rankings__header">
        <h1 id="rankings-title" className="page__title">
          Rankings
        </h1>
        <div className="row rankings__tools">
          {worlds.length > 1 && worldId !== null && (
            <div className="rankings__world">
              <label htmlFor="rankings-world">World</label>
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
            <ActionButton className="button button--secondary" pending={findMe.pending} busyLabel="Finding you..." onClick={() => findMe.run({ tab: rankedTab, period: view.period })}>
              Find me
            </ActionButton>
          )}
        </div>
      </div>
      <ActionOutcome message={findMe.outcome} compact={false} className="rankings__outcome" />
      <div className="card">{body}</div>
    </section>
  );
}
