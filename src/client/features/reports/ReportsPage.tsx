// /game/reports: the player's battle reports, 20 a page, newest first; unread ones are marked and opening one marks it read.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useSearchParams } from 'react-router';
import { listBattles, markBattleRead, type BattleReportPage } from '../../api/army';
import { reportsVersionAtom, unreadReportsAtom } from '../../state/army';
import { Spinner } from '../../ui/Spinner';
import { ReportCard } from './ReportCard';
import { REPORTS_PAGE_SIZE, pageCount } from './model';
import './reports.css';

type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; page: BattleReportPage };

function pageParam(text: string | null): number {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

export default function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const page = pageParam(params.get('page'));
  const version = useAtomValue(reportsVersionAtom);
  const setUnread = useSetAtom(unreadReportsAtom);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const sequence = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++sequence.current;
    try {
      const read = await listBattles(page, REPORTS_PAGE_SIZE);
      if (mine !== sequence.current) return;
      setLoad({ status: 'ready', page: read });
      setUnread(read.unread);
    } catch (error) {
      console.error('Loading the battle reports failed', error);
      if (mine === sequence.current) setLoad((old) => (old.status === 'ready' ? old : { status: 'error' }));
    }
  }, [page, setUnread]);

  // A report arriving (live event) raises the version: the page is read again where it stands.
  useEffect(() => {
    void reload();
  }, [reload, version]);

  async function toggle(reportId: string) {
    const opening = !open.has(reportId);
    setOpen((old) => {
      const next = new Set(old);
      if (opening) next.add(reportId);
      else next.delete(reportId);
      return next;
    });
    if (!opening || load.status !== 'ready') return;
    const report = load.page.battles.find((b) => b.id === reportId);
    if (!report || report.read) return;
    // Shown as read at once; the server hears of it in the background.
    setLoad((old) =>
      old.status === 'ready'
        ? { status: 'ready', page: { ...old.page, unread: Math.max(0, old.page.unread - 1), battles: old.page.battles.map((b) => (b.id === reportId ? { ...b, read: true } : b)) } }
        : old,
    );
    setUnread((n) => Math.max(0, n - 1));
    try {
      await markBattleRead(reportId);
    } catch (error) {
      console.error('Marking the report read failed', error);
      void reload();
    }
  }

  const goTo = (next: number) => setParams(next === 1 ? {} : { page: String(next) });

  return (
    <section className="page reports" aria-labelledby="reports-title">
      <h1 id="reports-title" className="page__title">
        Reports
      </h1>
      {load.status === 'loading' && <Spinner label="Loading your reports..." />}
      {load.status === 'error' && (
        <div className="card">
          <p>Could not load your reports.</p>
          <button type="button" className="button button--secondary" onClick={() => void reload()}>
            Try again
          </button>
        </div>
      )}
      {load.status === 'ready' && (
        <div className="card">
          <p className="reports__summary">
            {load.page.total === 0 ? 'No battles yet. Reports of your attacks, raids and defences appear here.' : `${load.page.total} report${load.page.total === 1 ? '' : 's'}, ${load.page.unread} unread`}
          </p>
          {load.page.battles.length > 0 && (
            <ul className="report-list" aria-label="Battle reports">
              {load.page.battles.map((report) => (
                <ReportCard key={report.id} report={report} open={open.has(report.id)} onToggle={() => void toggle(report.id)} />
              ))}
            </ul>
          )}
          {pageCount(load.page.total) > 1 && (
            <nav className="reports__pages" aria-label="Report pages">
              <button type="button" className="button button--secondary button--small" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                Previous
              </button>
              <span>
                Page {page} of {pageCount(load.page.total)}
              </span>
              <button type="button" className="button button--secondary button--small" disabled={page >= pageCount(load.page.total)} onClick={() => goTo(page + 1)}>
                Next
              </button>
            </nav>
          )}
        </div>
      )}
    </section>
  );
}
