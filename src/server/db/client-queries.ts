// One place that wraps the query method of every connection of a pg pool, for the few statements the server must watch or answer itself (auth-writes.ts, pipelined-begin.ts).
import type pg from 'pg';

/** A connection's own query method, as pg calls it: (text or config, values?, callback?). */
export type SendQuery = (...args: unknown[]) => unknown;

/** Calls `wrap` instead of each connection's query method, with the connection, its method, the call's arguments and its SQL text. */
export function wrapQueries(pool: pg.Pool, wrap: (client: pg.PoolClient, send: SendQuery, args: unknown[], text: string) => unknown): void {
  pool.on('connect', (client) => {
    const send = client.query.bind(client) as SendQuery;
    client.query = ((...args: unknown[]) => wrap(client, send, args, statementText(args))) as pg.PoolClient['query'];
  });
}

/** The SQL of a query call, whether it passed the text or a config object holding it. */
function statementText(args: unknown[]): string {
  const first = args[0] as string | { text?: string } | undefined;
  return typeof first === 'string' ? first : (first?.text ?? '');
}
