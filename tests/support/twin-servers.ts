// Two compiled server processes on one fresh PostgreSQL database, sweeping often, for the exactly-once process tests; and a JSON call to either.
import { compiledServer, freePort, runServer, waitForHealth, type ServerRun } from './server-process';
import { freshPostgres, type FreshPostgres } from './fresh-postgres';
import { openPostgres, type Database } from '../../src/server/db/open';

/** One request to a server at `base`, its reply read as JSON. */
export async function jsonCall<T = Record<string, unknown>>(base: string, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; json: T }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as T };
}

/** Two servers on one database: `bases` their addresses once started, `database` the test's own connection to it. */
export class TwinServers {
  readonly bases: string[] = [];
  private readonly runs: ServerRun[] = [];
  private fresh: FreshPostgres | null = null;
  private opened: Database | null = null;

  get database(): Database {
    if (!this.opened) throw new Error('the twin servers are not started');
    return this.opened;
  }

  /** Makes the database and starts both servers (sweeping every 50 ms, with `env` added), once each answers its health check. */
  async start(url: string, env: Record<string, string> = {}): Promise<void> {
    this.fresh = await freshPostgres(url);
    this.opened = await openPostgres(this.fresh.url);
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      // Tests make dozens of accounts from one address: the sign-in limit (proved in security.test.ts) would refuse them.
      this.runs.push(
        runServer(compiledServer, { HOST: '127.0.0.1', PORT: String(port), STATIC_DIR: '', LOG_LEVEL: 'silent', DATABASE_URL: this.fresh.url, SWEEP_INTERVAL_MS: '50', AUTH_RATE_LIMIT: '1000', ...env }),
      );
      this.bases.push(`http://127.0.0.1:${port}`);
    }
    await Promise.all(this.bases.map((base, i) => waitForHealth(base, this.runs[i])));
  }

  /** Stops both servers, closes the connection and drops the database. */
  async stop(): Promise<void> {
    for (const run of this.runs) {
      run.child.kill('SIGTERM');
      await run.exited;
    }
    await this.opened?.close();
    await this.fresh?.drop();
  }
}
