// What every route factory receives: the database, the clock, the config, shared limiters, the live event streams and the metrics.
import type { FastifyRequest } from 'fastify';
import type { Db } from './db/open';
import type { Clock } from './clock';
import type { AppConfig } from './config';
import type { LiveHub } from './live/hub';
import type { ActivityLog } from './accounts/activity';
import type { GameMetrics } from './metrics/metrics';
import type { UserRow } from './db/schema';
import type { SessionSitter } from './accounts/sessions';
import { unauthorized } from './errors';

export interface AppContext {
  db: Db;
  clock: Clock;
  config: AppConfig;
  live: LiveHub;
  activity: ActivityLog;
  /** This server's metrics (GET /metrics): the sweeper reports to them. */
  metrics: GameMetrics;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guard on secured operations. */
    user: UserRow | null;
    /** The bearer token of this request, when one was sent. */
    sessionToken: string | null;
    /** Set by the auth guard in a sitting session: the sitter playing `user`'s account. */
    sitter: SessionSitter | null;
  }
}

/** The signed-in user of a secured operation (the guard has already refused anonymous calls). */
export function signedIn(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}
