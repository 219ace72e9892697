// The alliance's activity feed: newest first, a page at a time, one sentence per entry with its badge and time; a big battle shows its summary and opens its full report.
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import type { AllianceFeedEntry } from '../../api/alliances';
import type { BattleReport } from '../../api/army';
import { apiError } from '../../api/client';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { allianceFeedQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { Modal } from '../../ui/Modal';
import { Pager } from '../../ui/Pager';
import { PlayerLink } from '../../ui/PlayerLink';
import { Spinner } from '../../ui/Spinner';
import { AllianceLink } from './AllianceLink';
import { FEED_GROUP_LABELS, FEED_GROUP_OF, battleLosses, feedSentence, placeName, type FeedGroup, type FeedPart } from './feed';

/** How the page shows a full battle report: the reports feature's card, handed in by app/ (features never import each other). */
export type ReportView = (report: BattleReport) => ReactNode;

const GROUP_BADGES: Readonly<Record<FeedGroup, string>> = {
  members: 'badge--blue',
  ranks: 'badge--purple',
  announcement: 'badge--gold',
  diplomacy: 'badge--green',
  villages: 'badge--grey',
  wonder: 'badge--gold',
  battle: 'badge--red',
};

function Part({ part }: { part: FeedPart }) {
  if (typeof part === 'string') return <>{part}</>;
  if ('alliance' in part) return <AllianceLink alliance={part.alliance} />;
  const { person } = part;
  if (!person) return <>{part.fallback}</>;
  // A deleted account keeps its name in the feed, with nothing to link to.
  if (person.id === null) return <strong>{person.username}</strong>;
  return <PlayerLink player={{ id: person.id, username: person.username }} />;
}

/** Who fought whom, who won and what it cost each side. */
function BattleSummary({ report, onOpen }: { report: BattleReport; onOpen?: () => void }) {
  const { t } = useTranslation('alliance');
  const losses = battleLosses(report);
  const units = (count: number) => t('feed.battle.units', { count, n: formatNumber(count) });
  return (
    <div className="feed-battle">
      <dl className="feed-battle__facts">
        <div>
          <dt>{t('feed.battle.attacker')}</dt>
          <dd>
            <PlayerLink player={report.attacker.user} fallback={t('people.aVanishedPlayer')} /> · {placeName(report.attacker.village)}
          </dd>
        </div>
        <div>
          <dt>{t('feed.battle.defender')}</dt>
          <dd>
            <PlayerLink player={report.defender.user} fallback={report.oasis ? t('people.wildAnimals') : t('people.barbarians')} /> · {placeName(report.defender.village)}
          </dd>
        </div>
        <div>
          <dt>{t('feed.battle.winner')}</dt>
          <dd>{report.winner === 'attacker' ? t('feed.battle.attacker') : t('feed.battle.defender')}</dd>
        </div>
        <div>
          <dt>{t('feed.battle.losses')}</dt>
          <dd>{t('feed.battle.lossesText', { attacker: units(losses.attacker), defender: units(losses.defender) })}</dd>
        </div>
      </dl>
      {onOpen && (
        <button type="button" className="button button--ghost button--small" onClick={onOpen}>
          {t('feed.openReport')}
        </button>
      )}
    </div>
  );
}

function FeedEntry({ entry, onOpenReport }: { entry: AllianceFeedEntry; onOpenReport?: (report: BattleReport) => void }) {
  const { t } = useTranslation('alliance');
  const group = FEED_GROUP_OF[entry.kind];
  const report = entry.report;
  return (
    <li className={`feed-entry feed-entry--${group}`} data-kind={entry.kind}>
      <span className={`badge ${GROUP_BADGES[group]} feed-entry__badge`}>{t(FEED_GROUP_LABELS[group])}</span>
      <div className="feed-entry__body">
        <p className="feed-entry__sentence">
          {feedSentence(entry).map((part, i) => (
            <Part key={i} part={part} />
          ))}
        </p>
        {entry.kind === 'announcement' && entry.text && <blockquote className="feed-entry__quote">{entry.text}</blockquote>}
        {entry.kind === 'battle' &&
          (report ? (
            <BattleSummary report={report} onOpen={onOpenReport && (() => onOpenReport(report))} />
          ) : (
            <p className="muted feed-entry__note">{t('feed.reportGone')}</p>
          ))}
      </div>
      <time className="feed-entry__time muted" dateTime={entry.occurredAt}>
        {formatDateTime(entry.occurredAt)}
      </time>
    </li>
  );
}

export interface ActivityFeedProps {
  reportView?: ReportView;
}

export function ActivityFeed({ reportView }: ActivityFeedProps) {
  const { t } = useTranslation('alliance');
  const id = useId();
  const viewer = useAtomValue(userIdAtom);
  const [page, setPage] = useState(1);
  const [openReport, setOpenReport] = useState<BattleReport | null>(null);
  // Members' actions mark it stale, alliance_changed too, and battles and conquests show within a poll.
  const read = useQuery(allianceFeedQuery(viewer, page));
  const feed = read.data;

  let body: ReactNode;
  if (!feed && read.isError) {
    body = (
      <div className="alliance-failed">
        <p>{apiError(read.error, t('feed.loadFailed'))}</p>
        <button type="button" className="button button--secondary button--small" onClick={() => void read.refetch()}>
          {t('actions.tryAgain')}
        </button>
      </div>
    );
  } else if (!feed) {
    body = <Spinner label={t('feed.loading')} />;
  } else if (feed.entries.length === 0) {
    body = <p className="muted">{page === 1 ? t('feed.empty') : t('feed.noOlder')}</p>;
  } else {
    body = (
      <ol className={read.isPlaceholderData ? 'feed feed--loading' : 'feed'} aria-label={t('feed.list')} aria-busy={read.isPlaceholderData || undefined}>
        {feed.entries.map((entry) => (
          <FeedEntry key={entry.id} entry={entry} onOpenReport={reportView ? setOpenReport : undefined} />
        ))}
      </ol>
    );
  }

  return (
    <section className="card alliance-feed" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('feed.title')}</h2>
      {body}
      {/* The feed says only whether a next page exists: the pages offered are those known so far. */}
      {feed && <Pager page={page} pages={feed.hasMore ? page + 1 : page} onPage={setPage} label={t('feed.pages')} />}
      {reportView && (
        <Modal open={openReport !== null} title={t('feed.reportTitle')} onClose={() => setOpenReport(null)} className="alliance-report-modal">
          {openReport && reportView(openReport)}
        </Modal>
      )}
    </section>
  );
}
