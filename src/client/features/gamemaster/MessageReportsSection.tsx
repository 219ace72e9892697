// The game master's reported messages, open ones first: who wrote to whom, the message as plain text, the reason, and Resolve.
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiError } from '../../api/client';
import { resolveMessageReport, type MessageReport, type MessageReportList } from '../../api/gamemaster';
import { messageReportsQuery } from '../../state/queries';
import { queryKeys } from '../../state/queryKeys';
import { userIdAtom } from '../../state/session';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { formatDateTime } from '../../ui/dates';
import { Pager } from '../../ui/Pager';
import { MessagePartiesRows } from '../../ui/MessageParties';
import { PlayerLink } from '../../ui/PlayerLink';
import { Spinner } from '../../ui/Spinner';
import { useAction } from '../../ui/useAction';

export const REPORTS_PAGE_SIZE = 10;

function ReportItem({ report }: { report: MessageReport }) {
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  const resolve = useAction({
    mutationFn: () => resolveMessageReport(report.id),
    // The reply is the report as it stands now: it replaces the old one; the pages are read again (open ones lead).
    onSuccess: (resolved) => {
      client.setQueriesData<MessageReportList>({ queryKey: queryKeys.messageReports(viewer) }, (list) =>
        list ? { ...list, reports: list.reports.map((r) => (r.id === resolved.id ? resolved : r)) } : list,
      );
      void client.invalidateQueries({ queryKey: queryKeys.messageReports(viewer) });
    },
    failure: 'Failed to resolve the report',
  });
  const { message } = report;
  const open = report.resolvedAt === null;
  return (
    <li className={open ? 'card gm-report gm-report--open' : 'card gm-report'} aria-label={`Report of “${message.subject}”`}>
      <div className="gm-report__head">
        <span className={open ? 'badge badge--red' : 'badge badge--grey'}>{open ? 'Open' : 'Resolved'}</span>
        <span className="muted">
          Reported {formatDateTime(report.reportedAt)} by <PlayerLink player={report.reporter} fallback="a former player" />
          {report.resolvedAt && ` · resolved ${formatDateTime(report.resolvedAt)}`}
        </span>
      </div>
      <dl className="gm-report__facts">
        <MessagePartiesRows message={message} />
        <div>
          <dt>Subject</dt>
          <dd className="gm-report__text">{message.subject}</dd>
        </div>
      </dl>
      {/* Text only, line breaks kept: what a player wrote is never read as markup. */}
      <div className="gm-report__body">{message.body}</div>
      {message.report && <p className="muted">The message shares a battle report.</p>}
      <p className="gm-report__reason">
        <strong>Reason:</strong> <span className="gm-report__text">{report.reason}</span>
      </p>
      {open && (
        <div className="row">
          <ActionButton className="button button--small" pending={resolve.pending} busyLabel="Resolving..." onClick={() => resolve.run()}>
            Resolve
          </ActionButton>
          <ActionOutcome message={resolve.outcome} />
        </div>
      )}
    </li>
  );
}

export function MessageReportsSection() {
  const viewer = useAtomValue(userIdAtom);
  const [page, setPage] = useState(1);
  const read = useQuery(messageReportsQuery(viewer, page, REPORTS_PAGE_SIZE));
  const list = read.data;
  return (
    <section className="card" aria-labelledby="gm-reports-title">
      <h2 id="gm-reports-title">Reported messages{list && list.open > 0 ? ` (${list.open} open)` : ''}</h2>
      {!list && read.isError && (
        <div className="alert" role="alert">
          {apiError(read.error, 'Failed to load the reported messages.')}
        </div>
      )}
      {!list && !read.isError && <Spinner label="Loading reported messages..." />}
      {list && list.reports.length === 0 && <p className="muted">No message has been reported.</p>}
      {list && list.reports.length > 0 && (
        <ul className="gm-reports">
          {list.reports.map((report) => (
            <ReportItem key={report.id} report={report} />
          ))}
        </ul>
      )}
      {list && <Pager page={page} pages={Math.max(1, Math.ceil(list.total / REPORTS_PAGE_SIZE))} onPage={setPage} label="Reported message pages" />}
    </section>
  );
}
