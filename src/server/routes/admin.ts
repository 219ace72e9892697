// Routes of the admin tag; the admin role is required by openapi.yaml (x-required-role) and checked by the guard.
import type { AppContext } from '../context';
import type { Handlers } from '../operations';
import { listUsers } from '../services/accounts';

export function adminRoutes(ctx: AppContext): Handlers {
  return {
    async listUsers() {
      return listUsers(ctx.db);
    },
  };
}
