// The audit log: who did what to whom and when, newest first, a page at a time.
import { useEffect, useState } from 'react';
import { listAuditLog, type AuditPage } from '../../api/admin';
import { apiError } from '../../api/client';
import { formatDateTime } from '../../ui/dates';
import { Spinner } from '../../ui/Spinner';
import { auditActionText, pageCount } from './model';

const LIMIT = 15;

type Load = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; page: AuditPage };

/** `version` changes after every action on the page, so the newest entry shows at once. */
export function AuditLog({ version }: { version: number }) {
  const [page, setPage] = useState(1);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    listAuditLog(page, LIMIT)
      .then((result) => live && setLoad({ kind: 'ready', page: result }))
      .catch((failure: unknown) => live && setLoad({ kind: 'error', message: apiError(failure, 'Failed to load the audit log.') }));
    return () => {
      live = false;
    };
  }, [page, version]);

  const pages = load.kind === 'ready' ? pageCount(load.page.total, LIMIT) : 1;
  return (
    <section className="card" aria-labelledby="admin-audit-title">
      <h2 id="admin-audit-title">Audit Log</h2>
      {load.kind === 'loading' && <Spinner label="Loading the audit log..." />}
      {load.kind === 'error' && (
        <div className="alert" role="alert">
          {load.message}
        </div>
      )}
      {load.kind === 'ready' && (
        <>
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">Audit log</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">Whom</th>
                  <th scope="col">Detail</th>
                </tr>
              </thead>
              <tbody>
                {load.page.entries.length === 0 && (
                  <tr>
                    <td colSpan={5} className="muted">
                      Nothing yet.
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
          <nav className="pager" aria-label="Audit log pages">
            <button type="button" className="button button--ghost button--small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Newer
            </button>
            <span>
              Page {page} of {pages}
            </span>
            <button type="button" className="button button--ghost button--small" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              Older
            </button>
          </nav>
        </>
      )}
    </section>
  );
}
