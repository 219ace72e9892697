// Health check: answers once the database is open and answering.
import type { AppContext } from '../context';
import type { Handlers } from '../operations';
import { checkDatabase } from './health';

export function healthRoutes(ctx: AppContext): Handlers {
  return {
    async getHealth() {
      await checkDatabase(ctx.db);
      return { status: 'ok' };
    },
  };
}
