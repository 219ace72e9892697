// The player table with search by name or e-mail and paging; admins also get Edit and Delete, moderators Suspend for players of a lower role.
import { useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '../../api/admin';
import { apiError } from '../../api/client';
import { adminUsersQuery } from '../../state/queries';
import { queryKeys } from '../../state/queryKeys';
import { userIdAtom } from '../../state/session';
import { suspensionRefusal, type Role } from '../../../rules/roles';
import { formatDateTime, formatInteger } from '../../i18n/format';
import { Spinner } from '../../ui/Spinner';
import { DeleteUserDialog } from './DeleteUserDialog';
import { EditUserDialog } from './EditUserDialog';
import { SuspendUserDialog } from './SuspensionForm';
import { pageCount } from './model';
import { RoleBadge } from './RoleBadge';
import './admin.css';

export const PAGE_SIZE = 20;

interface Props {
  /** Edit (role, suspension, temporary password) and Delete: admins only (the server refuses everyone else anyway). */
  canAdminister: boolean;
  /**
   * Without Edit, a Suspend (or Lift) button on the rows this role may act on by the suspension rule: the signed-in
   * staff member's role. Left out, the table only looks.
   */
  suspendAs?: Role;
  /** The heading; 'User Management' when left out. */
  title?: string;
}

export function PlayerManagement({ canAdminister, suspendAs, title }: Props) {
  const { t } = useTranslation('admin');
  const viewer = useAtomValue(userIdAtom);
  // Nobody suspends themselves, and staff below admin only those of a lower role: no button the server would refuse.
  const maySuspend = (user: AdminUser) => suspendAs !== undefined && user.id !== viewer && suspensionRefusal(suspendAs, user.role) === null;
  const hasActions = canAdminister || suspendAs !== undefined;
  const client = useQueryClient();
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  // The page on screen stays while the next one is read; the actions write the players they changed into it.
  const read = useQuery(adminUsersQuery(viewer, query, page, PAGE_SIZE));
  const load = read.isError
    ? ({ kind: 'error', message: apiError(read.error, t('players.failed')) } as const)
    : read.data
      ? ({ kind: 'ready', users: read.data.users, total: read.data.total } as const)
      : ({ kind: 'loading' } as const);
  const [opened, setOpened] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [toSuspend, setToSuspend] = useState<AdminUser | null>(null);
  // The dialogs show the player as the list has them now, their own changes included.
  const current = (user: AdminUser | null) => (user === null ? null : (read.data?.users.find((u) => u.id === user.id) ?? user));
  const editing = current(opened);
  const suspending = current(toSuspend);

  function onSearch(event: FormEvent) {
    event.preventDefault();
    setPage(1);
    setQuery(draft);
    // The same search sent again reads again.
    void client.invalidateQueries({ queryKey: queryKeys.adminUsers(viewer) });
  }

  const pages = load.kind === 'ready' ? pageCount(load.total, PAGE_SIZE) : 1;
  return (
    <section className="card" aria-labelledby="admin-users-title">
      <div className="page__header">
        <h2 id="admin-users-title">{title ?? t('players.title')}</h2>
        <form className="row row--inline player-search" role="search" aria-label={t('players.search')} onSubmit={onSearch}>
          <label htmlFor="player-search" className="visually-hidden">
            {t('players.searchLabel')}
          </label>
          <input
            id="player-search"
            className="input"
            type="search"
            maxLength={100}
            placeholder={t('players.searchPlaceholder')}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="button button--small">
            {t('players.searchButton')}
          </button>
        </form>
      </div>
      {!canAdminister &&
        (suspendAs ? (
          <p className="muted">{t('players.suspendOnly')}</p>
        ) : (
          <p className="muted">{t('players.lookOnly')}</p>
        ))}
      {load.kind === 'loading' && <Spinner label={t('players.loading')} />}
      {load.kind === 'error' && (
        <div className="alert" role="alert">
          {load.message}
        </div>
      )}
      {load.kind === 'ready' && (
        <>
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">{t('players.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('players.id')}</th>
                  <th scope="col">{t('players.username')}</th>
                  <th scope="col">{t('players.email')}</th>
                  <th scope="col">{t('players.role')}</th>
                  <th scope="col">{t('players.status')}</th>
                  <th scope="col">{t('players.villages')}</th>
                  <th scope="col">{t('players.lastSeen')}</th>
                  {hasActions && <th scope="col">{t('players.actions')}</th>}
                </tr>
              </thead>
              <tbody>
                {load.users.length === 0 && (
                  <tr>
                    <td colSpan={hasActions ? 8 : 7} className="muted">
                      {t('players.noMatch', { query })}
                    </td>
                  </tr>
                )}
                {load.users.map((user) => (
                  <tr key={user.id}>
                    <td>
                      <code title={user.id}>{user.id.slice(0, 8)}</code>
                    </td>
                    <td>{user.username}</td>
                    <td>{user.email}</td>
                    <td>
                      <RoleBadge role={user.role} />
                    </td>
                    <td>
                      {user.suspended ? (
                        <span className="badge badge--red" title={user.suspensionReason ?? undefined}>
                          {t('players.suspended')}
                        </span>
                      ) : user.mustChangePassword ? (
                        <span className="badge badge--gold">{t('players.temporaryPassword')}</span>
                      ) : (
                        <span className="badge badge--green">{t('players.active')}</span>
                      )}
                    </td>
                    <td>{formatInteger(user.villageCount)}</td>
                    <td>{user.lastSeenAt ? formatDateTime(user.lastSeenAt) : t('players.never')}</td>
                    {canAdminister ? (
                      <td className="actions">
                        <button
                          type="button"
                          className="button button--secondary button--small"
                          aria-label={t('players.editLabel', { name: user.username })}
                          onClick={() => setOpened(user)}
                        >
                          {t('players.edit')}
                        </button>
                        <button
                          type="button"
                          className="button button--danger button--small"
                          aria-label={t('players.deleteLabel', { name: user.username })}
                          onClick={() => setDeleting(user)}
                        >
                          {t('players.delete')}
                        </button>
                      </td>
                    ) : (
                      hasActions && (
                        <td className="actions">
                          {maySuspend(user) && (
                            <button
                              type="button"
                              className={user.suspended ? 'button button--secondary button--small' : 'button button--danger button--small'}
                              aria-label={user.suspended ? t('players.liftLabel', { name: user.username }) : t('players.suspendLabel', { name: user.username })}
                              onClick={() => setToSuspend(user)}
                            >
                              {user.suspended ? t('players.lift') : t('players.suspend')}
                            </button>
                          )}
                        </td>
                      )
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className="pager" aria-label={t('players.pages')}>
            <button type="button" className="button button--ghost button--small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              {t('players.previous')}
            </button>
            <span>{t('players.where', { page, pages, count: load.total })}</span>
            <button type="button" className="button button--ghost button--small" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              {t('players.next')}
            </button>
          </nav>
        </>
      )}
      {editing && <EditUserDialog user={editing} onClose={() => setOpened(null)} />}
      {suspending && <SuspendUserDialog user={suspending} onClose={() => setToSuspend(null)} />}
      {deleting && <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} onDeleted={() => setDeleting(null)} />}
    </section>
  );
}
