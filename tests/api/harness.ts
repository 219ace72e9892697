// API test harness: buildApp on a fresh PGlite (or a fresh PostgreSQL database when DATABASE_URL is set) and a fake clock.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app';
import { FakeClock } from '../../src/server/clock';
import { testConfig, type AppConfig } from '../../src/server/config';
import { dumpOfMigratedPglite, openPglite, openPostgres, type Database, type OpenOptions } from '../../src/server/db/open';
import { assertNoViolation, checkRepliesAgainstContract } from './contract';
import { freshPostgres } from '../support/fresh-postgres';
import { idOf, type PlayerId } from '../../src/rules/ids';

export interface TestApp {
  app: FastifyInstance;
  clock: FakeClock;
  database: Database;
  /** SQL statements run so far through the app's database, transaction control left out (for "same number of queries" checks). */
  queryCount(): number;
  close(): Promise<void>;
}

const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

/**
 * A migrated database's dump, made once per test process (files share it: isolate is off): every fresh PGlite starts
 * from it, about 1 s instead of 5 to 6 (initdb and 25 migrations in WebAssembly). Migrations still run on each open
 * and find nothing to do.
 */
let migrated: Promise<Uint8Array> | null = null;
function migratedDump(): Promise<Uint8Array> {
  migrated ??= dumpOfMigratedPglite().catch((error: unknown) => {
    migrated = null;
    throw error;
  });
  return migrated;
}

export async function startTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const clock = new FakeClock();
  let queries = 0;
  // Transaction control is left out: Drizzle sends BEGIN and COMMIT as statements on PostgreSQL but not on PGlite, and a
  // count should mean the same on both.
  const options: OpenOptions = { logger: { logQuery: (query) => void (TRANSACTION_CONTROL.test(query) || (queries += 1)) } };
  const url = process.env.DATABASE_URL;
  const fresh = url ? await freshPostgres(url) : null;
  const database = fresh ? await openPostgres(fresh.url, options) : await openPglite('', { ...options, startFrom: await migratedDump() });
  const drop = fresh ? fresh.drop : async () => {};
  const app = await buildApp({ db: database.db, clock, config: testConfig(overrides), listen: database.listen });
  checkRepliesAgainstContract(app);
  await app.ready();
  // No test opts in: every reply that comes back through inject has been held against openapi.yaml.
  const inject = app.inject.bind(app) as (options: InjectOptions | string) => Promise<LightMyRequestResponse>;
  const checkedInject = async (options: InjectOptions | string) => {
    const res = await inject(options);
    assertNoViolation(res.headers);
    return res;
  };
  // Only the promise form is replaced; the tests use no chain or callback form of inject.
  app.inject = checkedInject as unknown as typeof app.inject;
  return {
    app,
    clock,
    database,
    queryCount: () => queries,
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

let counter = 0;
/** A unique, valid registration body. */
export function newPlayer(prefix = 'p') {
  counter += 1;
  const tag = `${prefix}${counter}${randomBytes(3).toString('hex')}`.slice(0, 18);
  return { username: tag, email: `${tag}@example.com`, password: 'Valhalla#2026' };
}

export async function registerPlayer(app: FastifyInstance, body = newPlayer()) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const json = res.json() as { token: string; user: { id: string; username: string; email: string; role: string } };
  // The reply's id read as the player it names, as a route reads a path's id.
  return { ...json, user: { ...json.user, id: idOf<PlayerId>(json.user.id) }, body, auth: { authorization: `Bearer ${json.token}` } };
}

export function json<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json() as T;
}

/** Who sends a request: a registered player (their bearer header), or null for nobody signed in. */
export type Caller = { auth: Record<string, string> } | null;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One request to the app as `who`, answered as inject's reply. */
export function request(t: TestApp, who: Caller, method: Method, url: string, payload?: unknown): Promise<LightMyRequestResponse> {
  return t.app.inject({ method, url, headers: who ? who.auth : {}, payload: payload as Record<string, unknown> | undefined });
}

/**
 * The request helpers of a test file, bound to its app. `app` is read at each request, since the file's beforeAll starts
 * the app after the helpers are made. `request` answers inject's reply; `call` answers { status, body }, the body parsed
 * as T with the error message a refusal carries.
 */
export function requests(app: () => TestApp) {
  return {
    request: (who: Caller, method: Method, url: string, payload?: unknown) => request(app(), who, method, url, payload),
    async call<T = Record<string, unknown>>(who: Caller, method: Method, url: string, payload?: unknown): Promise<{ status: number; body: T & { error?: string } }> {
      const res = await request(app(), who, method, url, payload);
      return { status: res.statusCode, body: res.json() as T & { error?: string } };
    },
  };
}
