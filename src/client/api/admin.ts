// Typed calls of the admin tag: the player list and search, dashboard figures, roles, suspension, temporary passwords, deletion and the audit log.
import { api, unwrap, type User } from './client';
import type { components } from '../../contract';

export type AdminUser = components['schemas']['AdminUser'];
export type AdminUserPage = components['schemas']['AdminUserPage'];
export type AdminStats = components['schemas']['AdminStats'];
export type AuditPage = components['schemas']['AuditPage'];
export type AuditEntry = components['schemas']['AuditEntry'];
export type Role = components['schemas']['Role'];

export function listUsers(): Promise<User[]> {
  return unwrap(api.GET('/api/admin/users'));
}

/** A page of players whose name or e-mail contains `q` (any case); moderators and above. */
export function searchUsers(q: string, page: number, limit: number): Promise<AdminUserPage> {
  const query = q.trim() === '' ? { page, limit } : { q: q.trim(), page, limit };
  return unwrap(api.GET('/api/admin/users/search', { params: { query } }));
}

export function getAdminStats(): Promise<AdminStats> {
  return unwrap(api.GET('/api/admin/stats'));
}

export async function setUserRole(userId: string, role: Role): Promise<AdminUser> {
  const { user } = await unwrap(api.PUT('/api/admin/users/{userId}/role', { params: { path: { userId } }, body: { role } }));
  return user;
}

export async function suspendUser(userId: string, reason: string): Promise<AdminUser> {
  const { user } = await unwrap(api.POST('/api/admin/users/{userId}/suspend', { params: { path: { userId } }, body: { reason } }));
  return user;
}

export async function unsuspendUser(userId: string): Promise<AdminUser> {
  const { user } = await unwrap(api.POST('/api/admin/users/{userId}/unsuspend', { params: { path: { userId } } }));
  return user;
}

/** Sets a password the player must replace at next sign-in; their sessions end. */
export async function setTemporaryPassword(userId: string, password: string): Promise<AdminUser> {
  const { user } = await unwrap(
    api.POST('/api/admin/users/{userId}/temporary-password', { params: { path: { userId } }, body: { password } }),
  );
  return user;
}

/** Deletes a player; the server checks `confirmUsername` against the name too. */
export async function deleteUser(userId: string, confirmUsername: string): Promise<void> {
  await unwrap(api.DELETE('/api/admin/users/{userId}', { params: { path: { userId } }, body: { confirmUsername } }));
}

export function listAuditLog(page: number, limit: number): Promise<AuditPage> {
  return unwrap(api.GET('/api/admin/audit', { params: { query: { page, limit } } }));
}
