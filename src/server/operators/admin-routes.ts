// Routes of the admin tag: players (search, roles, suspension, temporary passwords, deletion), dashboard figures and the audit log.
import type { AppContext } from '../context';
import { idOf, type Handlers, type PlayerId } from '../operations';
import { listUsers } from '../accounts/accounts';
import * as admin from './admin';
import { listAudit } from './audit';

export function adminRoutes(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  return {
    async listUsers() {
      return listUsers(db);
    },

    async searchUsers({ query }) {
      return admin.searchUsers(db, query.q, query.page ?? 1, query.limit ?? 20);
    },

    async getAdminStats() {
      return admin.adminStats(db, clock.now());
    },

    async setUserRole({ user, params, body }) {
      return admin.setUserRole(db, user, { userId: idOf<PlayerId>(params.userId), role: body.role }, clock.now());
    },

    async suspendUser({ user, params, body }) {
      return admin.suspendUser(db, user, { userId: idOf<PlayerId>(params.userId), reason: body.reason }, clock.now());
    },

    async unsuspendUser({ user, params }) {
      return admin.unsuspendUser(db, user, idOf<PlayerId>(params.userId), clock.now());
    },

    async setTemporaryPassword({ user, params, body }) {
      return admin.setTemporaryPassword(db, user, { userId: idOf<PlayerId>(params.userId), password: body.password }, clock.now());
    },

    async deleteUser({ user, params, body }) {
      return admin.deleteUser(db, user, { userId: idOf<PlayerId>(params.userId), confirmUsername: body.confirmUsername }, clock.now());
    },

    async listAuditLog({ query }) {
      return listAudit(db, query.page ?? 1, query.limit ?? 20);
    },
  };
}
