// The database-out-of-reach test on the errors node-postgres really throws: a refused connection, wrapped as Drizzle wraps it, against faults that stay 500s.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { isDatabaseUnavailable } from './unavailable';

/** A port that was free a moment ago: nobody listens there. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function refusal(): Promise<unknown> {
  const pool = new pg.Pool({ connectionString: `postgres://vikings@127.0.0.1:${await closedPort()}/vikings` });
  try {
    await pool.query('select 1');
  } catch (error) {
    return error;
  } finally {
    await pool.end();
  }
  throw new Error('the query reached a database');
}

describe('isDatabaseUnavailable', () => {
  it('recognises a refused connection, bare and wrapped as Drizzle wraps a failed query', async () => {
    const refused = await refusal();
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: refused }))).toBe(true);
  });

  it("recognises PostgreSQL's shutdown and connection states and the driver's cut connections", () => {
    const state = (code: string) => Object.assign(new Error('terminating connection due to administrator command'), { code });
    expect(isDatabaseUnavailable(state('57P01'))).toBe(true);
    expect(isDatabaseUnavailable(state('57P03'))).toBe(true);
    expect(isDatabaseUnavailable(state('08006'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('leaves ordinary faults alone: a constraint, a syntax error, a bug', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax error at or near "selec"'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });
});
