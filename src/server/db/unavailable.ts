// Tells a database that cannot be reached (restarting, failing over, refusing connections) from a fault of ours, so a request caught by it is answered 503, not 500.

/** What a player reads when the database is away for a moment: a restart or a failover takes seconds. */
export const DATABASE_UNAVAILABLE = "The game's database is unavailable; please try again in a few seconds.";

/** Seconds a client is asked to wait (`Retry-After`): the servers connect again within this. */
export const DATABASE_RETRY_AFTER_S = 5;

/** Socket errors of a connection that could not be made or was cut. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/**
 * PostgreSQL's SQLSTATEs of the same: class 08 (connection exceptions), and class 57's shutting down (admin, crash)
 * and "cannot connect now" (starting up, shutting down, in recovery).
 */
const SQL_STATES = new Set(['08000', '08001', '08003', '08004', '08006', '57P01', '57P02', '57P03']);

/** node-postgres says these in words only: the connection ended under a query, or a pooled client's connection failed. */
const DRIVER_WORDS = /Connection terminated|is not queryable|timeout exceeded when trying to connect|Connection closed/i;

/**
 * Whether `error` (or what it wraps: Drizzle's query error keeps the driver's as `cause`, Node's connection attempts to
 * several addresses gather theirs in `errors`) says the database could not be reached.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  if (SOCKET_CODES.has(code) || SQL_STATES.has(code)) return true;
  if (!code && DRIVER_WORDS.test(error.message)) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}
