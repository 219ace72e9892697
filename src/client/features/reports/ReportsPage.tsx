// /game/reports: the player's battle reports, 20 a page, newest first; unread ones are marked and opening one marks it read.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from 'jotai';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { markBattleRead, type BattleReportPage } from '../../api/army';
import { battlePageQuery, unreadReportsQuery } from '../../state/queries';
import { queryKeys } from '../../state/queryKeys';
import { userIdAtom } from '../../state/session';
import { Spinner } from '../../ui/Spinner';
import { ReportCard } from './ReportCard';
import { REPORTS_PAGE_SIZE, pageCount } from './model';
import './reports.css';

function pageParam(text: string | null): number {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** The page with one report marked read. */
function withRead(page: BattleReportPage, reportId: string): BattleReportPage {
  const report = page.battles.find((b) => b.id === reportId);
  if (!report || report.read) return page;
  return { ...page, unread: Math.max(0, page.unread - 1), battles: page.battles.map((b) => (b.id === reportId ? { ...b, read: true } : b)) };
}

export default function ReportsPage() {
  const { t } = useTranslation('reports');
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'));
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  // A report arriving (live event) marks the reports stale: the page is read again where it stands.
  const read = useQuery(battlePageQuery(viewer, page, REPORTS_PAGE_SIZE));
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());

  const markRead = useMutation({
    mutationFn: (reportId: string) => markBattleRead(reportId),
    // Shown as read at once, here and in the side navigation; the server hears of it in the background.
    onMutate: (reportId) => {
      const pageKey = battlePageQuery(viewer, page, REPORTS_PAGE_SIZE).queryKey;
      void client.cancelQueries({ queryKey: queryKeys.battles(viewer) });
      client.setQueryData(pageKey, (old) => (old ? withRead(old, reportId) : old));
      client.setQueryData(unreadReportsQuery(viewer).queryKey, (n) => Math.max(0, (n ?? 0) - 1));
    },
    onError: (error) => {
      console.error('Marking the report read failed', error);
      void client.invalidateQueries({ queryKey: queryKeys.battles(viewer) });
    },
  });

  function toggle(reportId: string) {
    const opening = !open.has(reportId);
    setOpen((old) => {
      const next = new Set(old);
      if (opening) next.add(reportId);
      else next.delete(reportId);
      return next;
    });
    const report = read.data?.battles.find((b) => b.id === reportId);
    if (!opening || !report || report.read) return;
    markRead.mutate(reportId);
  }

  const load = read.data ? ({ status: 'ready', page: read.data } as const) : read.isError ? ({ status: 'error' } as const) : ({ status: 'loading' } as const);

  const goTo = (next: number) => setParams(next === 1 ? {} : { page: String(next) });

  return (
    <section className="page reports" aria-labelledby="reports-title">
      <h1 id="reports-title" className="page__title">
        {t('page.title')}
      </h1>
      {load.status === 'loading' && <Spinner label={t('page.loading')} />}
      {load.status === 'error' && (
        <div className="card">
          <p>{t('page.loadFailed')}</p>
          <button type="button" className="button button--secondary" onClick={() => void read.refetch()}>
            {t('page.tryAgain')}
          </button>
        </div>
      )}
      {load.status === 'ready' && (
        <div className="card">
          <p className="reports__summary">
            {load.page.total === 0 ? t('page.empty') : t('page.summary', { count: load.page.total, unread: load.page.unread })}
          </p>
          {load.page.battles.length > 0 && (
            <ul className="report-list" aria-label={t('page.list')}>
              {load.page.battles.map((report) => (
                <ReportCard key={report.id} report={report} open={open.has(report.id)} onToggle={() => toggle(report.id)} shareable />
              ))}
            </ul>
          )}
          {pageCount(load.page.total) > 1 && (
            <nav className="reports__pages" aria-label={t('page.pages')}>
              <button type="button" className="button button--secondary button--small" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                {t('page.previous')}
              </button>
              <span>{t('page.where', { page, pages: pageCount(load.page.total) })}</span>
              <button type="button" className="button button--secondary button--small" disabled={page >= pageCount(load.page.total)} onClick={() => goTo(page + 1)}>
                {t('page.next')}
              </button>
            </nav>
          )}
        </div>
      )}
    </section>
  );
}
