// The player table with search by name or e-mail and paging; admins also get Edit and Delete (moderators and game masters only look).
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { searchUsers, type AdminUser } from '../../api/admin';
import { apiError } from '../../api/client';
import { formatDateTime } from '../../ui/dates';
import { Spinner } from '../../ui/Spinner';
import { DeleteUserDialog } from './DeleteUserDialog';
import { EditUserDialog } from './EditUserDialog';
import { pageCount } from './model';
import { RoleBadge } from './RoleBadge';
import './admin.css';

export const USERS_FAILED = 'Failed to load users.';
export const PAGE_SIZE = 20;

type Load = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; users: AdminUser[]; total: number };

interface Props {
  /** Edit and Delete: admins only (the server refuses everyone else anyway). */
  canAdminister: boolean;
  /** Told after any change, so the page can refresh its figures and the audit log. */
  onChanged?: () => void;
  title?: string;
}

export function PlayerManagement({ canAdminister, onChanged, title = 'User Management' }: Props) {
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    let live = true;
    searchUsers(query, page, PAGE_SIZE)
      .then((result) => live && setLoad({ kind: 'ready', users: result.users, total: result.total }))
      .catch((failure: unknown) => live && setLoad({ kind: 'error', message: apiError(failure, USERS_FAILED) }));
    return () => {
      live = false;
    };
  }, [query, page, reloads]);

  const replaceUser = useCallback(
    (user: AdminUser) => {
      setLoad((current) => (current.kind === 'ready' ? { ...current, users: current.users.map((u) => (u.id === user.id ? user : u)) } : current));
      setEditing((current) => (current?.id === user.id ? user : current));
      onChanged?.();
    },
    [onChanged],
  );

  function onSearch(event: FormEvent) {
    event.preventDefault();
    setPage(1);
    setQuery(draft);
    setReloads((n) => n + 1);
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
      {!canAdminister && <p className="muted">Suspending, roles and passwords are for admins; ask one when a player needs it.</p>}
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
                  {canAdminister && <th scope="col">Actions</th>}
                </tr>
              </thead>
              <tbody>
                {load.users.length === 0 && (
                  <tr>
                    <td colSpan={canAdminister ? 8 : 7} className="muted">
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
                    {canAdminister && (
                      <td className="actions">
                        <button
                          type="button"
                          className="button button--secondary button--small"
                          aria-label={`Edit ${user.username}`}
                          onClick={() => setEditing(user)}
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
      {editing && <EditUserDialog user={editing} onClose={() => setEditing(null)} onChanged={replaceUser} />}
      {deleting && (
        <DeleteUserDialog
          user={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            setReloads((n) => n + 1);
            onChanged?.();
          }}
        />
      )}
    </section>
  );
}
