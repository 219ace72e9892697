// The audit log: who did what to whom and when, newest first, a page at a time.
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiError } from '../../api/client';
import { auditLogQuery } from '../../state/queries';
import { userIdAtom } from '../../state/session';
import { formatDateTime } from '../../i18n/format';
import { Spinner } from '../../ui/Spinner';
import { auditActionText, pageCount } from './model';

const LIMIT = 15;

/** Every action on the page marks the log stale, so the newest entry shows at once. */
export function AuditLog() {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const read = useQuery(auditLogQuery(useAtomValue(userIdAtom), page, LIMIT));
  const load = read.isError
    ? ({ kind: 'error', message: apiError(read.error, t('audit.failed')) } as const)
    : read.data
      ? ({ kind: 'ready', page: read.data } as const)
      : ({ kind: 'loading' } as const);

  const pages = load.kind === 'ready' ? pageCount(load.page.total, LIMIT) : 1;
  return (
    <section className="card" aria-labelledby="admin-audit-title">
      <h2 id="admin-audit-title">{t('audit.title')}</h2>
      {load.kind === 'loading' && <Spinner label={t('audit.loading')} />}
      {load.kind === 'error' && (
        <div className="alert" role="alert">
          {load.message}
        </div>
      )}
      {load.kind === 'ready' && (
        <>
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">{t('audit.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('audit.when')}</th>
                  <th scope="col">{t('audit.who')}</th>
                  <th scope="col">{t('audit.what')}</th>
                  <th scope="col">{t('audit.whom')}</th>
                  <th scope="col">{t('audit.detail')}</th>
                </tr>
              </thead>
              <tbody>
                {load.page.entries.length === 0 && (
                  <tr>
                    <td colSpan={5} className="muted">
                      {t('audit.empty')}
                    </td>
                  </tr>
                )}
                {load.page.entries.map((entry) => (
                  <tr key={entry.id}>
                    <td>{formatDateTime(entry.createdAt)}</td>
                    <td>{entry.actor.username}</td>
                    <td>{auditActionText(entry.action)}</td>
                    <td>{entry.target?.name ?? '—'}</td>
                    <td className="audit__detail">{entry.detail || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="pager" aria-label={t('audit.pages')}>
            <button type="button" className="button button--ghost button--small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              {t('audit.newer')}
            </button>
            <span>{t('audit.where', { page, pages })}</span>
            <button type="button" className="button button--ghost button--small" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              {t('audit.older')}
            </button>
          </nav>
        </>
      )}
    </section>
  );
}
