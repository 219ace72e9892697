// The game master's reported messages, open ones first: who wrote to whom, the message as plain text, the reason, and Resolve.
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { apiError } from '../../api/client';
import { resolveMessageReport, type MessageReport, type MessageReportList } from '../../api/gamemaster';
import { messageReportsQuery } from '../../state/queries';
import { queryKeys } from '../../state/queryKeys';
import { userIdAtom } from '../../state/session';
import { ActionButton } from '../../ui/ActionButton';
import { ActionOutcome } from '../../ui/ActionOutcome';
import { formatDateTime, formatInteger } from '../../i18n/format';
import { Pager } from '../../ui/Pager';
import { MessagePartiesRows } from '../../ui/MessageParties';
import { PlayerLink } from '../../ui/PlayerLink';
import { Spinner } from '../../ui/Spinner';
import { useAction } from '../../ui/useAction';

export const REPORTS_PAGE_SIZE = 10;

function ReportItem({ report }: { report: MessageReport }) {
  const { t } = useTranslation('gamemaster');
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
    failure: t('reports.resolveFailed'),
  });
  const { message } = report;
  const open = report.resolvedAt === null;
  return (
    <li className={open ? 'card gm-report gm-report--open' : 'card gm-report'} aria-label={t('reports.item', { subject: message.subject })}>
      <div className="gm-report__head">
        <span className={open ? 'badge badge--red' : 'badge badge--grey'}>{open ? t('reports.open') : t('reports.resolved')}</span>
        <span className="muted">
          <Trans
            t={t}
            i18nKey="reports.reported"
            values={{ when: formatDateTime(report.reportedAt) }}
            components={{ reporter: <PlayerLink player={report.reporter} fallback={t('reports.formerPlayer')} /> }}
          />
          {report.resolvedAt && t('reports.resolvedAt', { when: formatDateTime(report.resolvedAt) })}
        </span>
      </div>
      <dl className="gm-report__facts">
        <MessagePartiesRows message={message} />
        <div>
          <dt>{t('reports.subject')}</dt>
          <dd className="gm-report__text">{message.subject}</dd>
        </div>
      </dl>
      {/* Text only, line breaks kept: what a player wrote is never read as markup. */}
      <div className="gm-report__body">{message.body}</div>
      {message.report && <p className="muted">{t('reports.sharesReport')}</p>}
      <p className="gm-report__reason">
        <strong>{t('reports.reason')}</strong> <span className="gm-report__text">{report.reason}</span>
      </p>
      {open && (
        <div className="row">
          <ActionButton className="button button--small" pending={resolve.pending} busyLabel={t('reports.resolving')} onClick={() => resolve.run()}>
            {t('reports.resolve')}
          </ActionButton>
          <ActionOutcome message={resolve.outcome} />
        </div>
      )}
    </li>
  );
}

export function MessageReportsSection() {
  const { t } = useTranslation('gamemaster');
  const viewer = useAtomValue(userIdAtom);
  const [page, setPage] = useState(1);
  const read = useQuery(messageReportsQuery(viewer, page, REPORTS_PAGE_SIZE));
  const list = read.data;
  return (
    <section className="card" aria-labelledby="gm-reports-title">
      <h2 id="gm-reports-title">{list && list.open > 0 ? t('reports.titleOpen', { open: formatInteger(list.open) }) : t('reports.title')}</h2>
      {!list && read.isError && (
        <div className="alert" role="alert">
          {apiError(read.error, t('reports.failed'))}
        </div>
      )}
      {!list && !read.isError && <Spinner label={t('reports.loading')} />}
      {list && list.reports.length === 0 && <p className="muted">{t('reports.empty')}</p>}
      {list && list.reports.length > 0 && (
        <ul className="gm-reports">
          {list.reports.map((report) => (
            <ReportItem key={report.id} report={report} />
          ))}
        </ul>
      )}
      {list && <Pager page={page} pages={Math.max(1, Math.ceil(list.total / REPORTS_PAGE_SIZE))} onPage={setPage} label={t('reports.pages')} />}
    </section>
  );
}
