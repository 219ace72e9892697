// /admin: the Admin Dashboard (user count, fixed session figure, server status, and the user table).
import { useEffect, useState } from 'react';
import { listUsers } from '../../api/admin';
import { apiError, type User } from '../../api/client';
import { ROLE_NAMES, parseRole, roleBadgeColour } from '../../../rules/roles';
import { SiteHeader } from '../../ui/SiteHeader';
import { Spinner } from '../../ui/Spinner';
import './admin.css';

export const USERS_FAILED = 'Failed to load users.';
/** A fixed placeholder figure, not a live count: no operation of the contract counts sessions. */
export const ACTIVE_SESSIONS = 87;

type Load = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; users: User[] };

function RoleBadge({ role }: { role: string }) {
  const parsed = parseRole(role) ?? 'user';
  return <span className={`badge badge--${roleBadgeColour(parsed)}`}>{ROLE_NAMES[parsed]}</span>;
}

export default function AdminPage() {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });

  useEffect(() => {
    let live = true;
    listUsers()
      .then((users) => live && setLoad({ kind: 'ready', users }))
      .catch((failure: unknown) => live && setLoad({ kind: 'error', message: apiError(failure, USERS_FAILED) }));
    return () => {
      live = false;
    };
  }, []);

  const users = load.kind === 'ready' ? load.users : [];
  return (
    <>
      <SiteHeader />
      <main className="page">
        <h1 className="page__title">Admin Dashboard</h1>

        <dl className="stat-cards">
          <div className="card">
            <dt className="stat-card__label">Total Users</dt>
            <dd className="stat-card__value" data-testid="total-users">
              {load.kind === 'ready' ? users.length : '—'}
            </dd>
          </div>
          <div className="card">
            <dt className="stat-card__label">Active Sessions</dt>
            <dd className="stat-card__value">{ACTIVE_SESSIONS}</dd>
          </div>
          <div className="card">
            <dt className="stat-card__label">Server Status</dt>
            <dd className="stat-card__value status-online">Online</dd>
          </div>
        </dl>

        <section className="card" aria-labelledby="admin-users-title">
          <h2 id="admin-users-title">User Management</h2>
          {load.kind === 'loading' && <Spinner label="Loading users..." />}
          {load.kind === 'error' && (
            <div className="alert" role="alert">
              {load.message}
            </div>
          )}
          {load.kind === 'ready' && (
            <div className="table-wrap">
              <table className="table">
                <caption className="visually-hidden">Users</caption>
                <thead>
                  <tr>
                    <th scope="col">ID</th>
                    <th scope="col">Username</th>
                    <th scope="col">Email</th>
                    <th scope="col">Role</th>
                    <th scope="col">Actions</th>
                  </tr>
                </thead>
                <tbody>
                  {users.map((user) => (
                    <tr key={user.id}>
                      <td>
                        <code title={user.id}>{user.id.slice(0, 8)}</code>
                      </td>
                      <td>{user.username}</td>
                      <td>{user.email}</td>
                      <td>
                        <RoleBadge role={user.role} />
                      </td>
                      <td className="actions">
                        {/* Edit and Delete are placeholders that do nothing yet: the contract has no operation for them. */}
                        <button type="button" className="button button--secondary button--small">
                          Edit
                        </button>
                        <button type="button" className="button button--danger button--small">
                          Delete
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </main>
    </>
  );
}
