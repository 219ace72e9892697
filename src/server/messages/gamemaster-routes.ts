// Routes of the gamemaster tag about mail: the reported messages, open first, and resolving a report (the contract's role guard admits moderators and up).
import type { AppContext } from '../context';
import type { Handlers } from '../operations';
import * as reports from './reports';

export function messageReportRoutes(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  return {
    async listMessageReports({ query }) {
      return reports.listMessageReports(db, { page: query.page ?? 1, limit: query.limit ?? 20 });
    },

    async resolveMessageReport({ user, params }) {
      return reports.resolveMessageReport(db, user.id, params.messageReportId, clock.now());
    },
  };
}
