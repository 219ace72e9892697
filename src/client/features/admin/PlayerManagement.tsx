// The player table with search by name or e-mail and paging; admins also get Edit and Delete, moderators Suspend for players of a lower role.
import { useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '../../api/admin';
import { apiError } from '../../api/client';
import { adminUsersQuery } from '../../state/queries';
import { queryKeys } from '../../state/queryKeys';
import { userIdAtom } from '../../state/session';
import { suspensionRefusal, type Role } from '../../../rules/roles';
import { formatDateTime } from '../../ui/dates';
import { Spinner } from '../../ui/Spinner';
import { DeleteUserDialog } from './DeleteUserDialog';
import { EditUserDialog } from './EditUserDialog';
import { SuspendUserDialog } from './SuspensionForm';
import { pageCount } from './model';
import { RoleBadge } from './RoleBadge';
import './admin.css';

export const USERS_FAILED = 'Failed to load users.';
export const PAGE_SIZE = 20;

interface Props {
  /** Edit (role, suspension, temporary password) and Delete: admins only (the server refuses everyone else anyway). */
  canAdminister: boolean;
  /**
   * Without Edit, a Suspend (or Lift) button on the rows this role may act on by the suspension rule: the signed-in
   * staff member's role. Left out, the table only looks.
   */
  suspendAs?: Role;
  title?: string;
}

export function PlayerManagement({ canAdminister, suspendAs, title = 'User Management' }: Props) {
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
    ? ({ kind: 'error', message: apiError(read.error, USERS_FAILED) } as const)
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
        <h2 id="admin-users-title">{title}</h2>
        <form className="row row--inline player-search" role="search" aria-label="Players" onSubmit={onSearch}>
          <label htmlFor="player-search" className="visually-hidden">
            Search players by name or e-mail
          </label>
          <input
            id="player-search"
            className="input"
            type="search"
            maxLength={100}
            placeholder="Name or e-mail"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="button button--small">
            Search
          </button>
        </form>
      </div>
      {!canAdminister &&
        (suspendAs ? (
          <p className="muted">You may suspend players of a lower role than yours and lift their suspension; roles, passwords and deletion are for admins.</p>
        ) : (
          <p className="muted">Suspending, roles and passwords are for admins; ask one when a player needs it.</p>
        ))}
      {load.kind === 'loading' && <Spinner label="Loading users..." />}
      {load.kind === 'error' && (
        <div className="alert" role="alert">
          {load.message}
        </div>
      )}
      {load.kind === 'ready' && (
        <>
          <div className="table-wrap">
            <table className="table">
              <caption className="visually-hidden">Users</caption>
              <thead>
                <tr>
                  <th scope="col">ID</th>
                  <th scope="col">Username</th>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                  <th scope="col">Status</th>
                  <th scope="col">Villages</th>
                  <th scope="col">Last seen</th>
                  {hasActions && <th scope="col">Actions</th>}
                </tr>
              </thead>
              <tbody>
                {load.users.length === 0 && (
                  <tr>
                    <td colSpan={hasActions ? 8 : 7} className="muted">
                      No player matches “{query}”.
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
                          Suspended
                        </span>
                      ) : user.mustChangePassword ? (
                        <span className="badge badge--gold">Temporary password</span>
                      ) : (
                        <span className="badge badge--green">Active</span>
                      )}
                    </td>
                    <td>{user.villageCount}</td>
                    <td>{user.lastSeenAt ? formatDateTime(user.lastSeenAt) : 'never'}</td>
                    {canAdminister ? (
                      <td className="actions">
                        <button
                          type="button"
                          className="button button--secondary button--small"
                          aria-label={`Edit ${user.username}`}
                          onClick={() => setOpened(user)}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className="button button--danger button--small"
                          aria-label={`Delete ${user.username}`}
                          onClick={() => setDeleting(user)}
                        >
                          Delete
                        </button>
                      </td>
                    ) : (
                      hasActions && (
                        <td className="actions">
                          {maySuspend(user) && (
                            <button
                              type="button"
                              className={user.suspended ? 'button button--secondary button--small' : 'button button--danger button--small'}
                              aria-label={user.suspended ? `Lift the suspension of ${user.username}` : `Suspend ${user.username}`}
                              onClick={() => setToSuspend(user)}
                            >
                              {user.suspended ? 'Lift suspension' : 'Suspend'}
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
          <nav className="pager" aria-label="Player pages">
            <button type="button" className="button button--ghost button--small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Previous
            </button>
            <span>
              Page {page} of {pages} · {load.total} {load.total === 1 ? 'player' : 'players'}
            </span>
            <button type="button" className="button button--ghost button--small" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              Next
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
