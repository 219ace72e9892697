// The sign-in limits: @fastify/rate-limit with a store in the game's database, so every process shares one count that survives restarts.
import { and, lt, notLike, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Db } from '../db/open';
import type { Clock } from '../clock';
import { rateLimits } from '../db/schema';
import { inserted } from '../db/rows';
import { tooManyRequests } from '../errors';

/** One window of counting: a minute. */
export const LIMIT_WINDOW_MS = 60_000;

/** Counters whose key starts so count a whole UTC day (registrations per address): the purge keeps them two days. */
export const DAY_COUNTER_PREFIX = 'day:';

interface StoreOptions {
  /** The plugin hands over whatever the limit was given; ours are always milliseconds. */
  timeWindow?: unknown;
}

type Incremented = { current: number; ttl: number };

/**
 * Counts a try of `key` in its window (a new window once the old one ran out); one statement, atomic across processes.
 * The mail limit counts with it too, inside the sending transaction, so a refused message is not counted.
 */
export async function increment(db: Db, key: string, windowMs: number, now: Date): Promise<Incremented> {
  const expired = new Date(now.getTime() - windowMs);
  const rows = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.windowStart} <= ${expired} then 1 else ${rateLimits.hits} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${expired} then ${now} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ hits: rateLimits.hits, windowStart: rateLimits.windowStart });
  const row = inserted(rows);
  return { current: row.hits, ttl: Math.max(0, row.windowStart.getTime() + windowMs - now.getTime()) };
}

/** A store class for @fastify/rate-limit (it constructs the store itself), bound to our database and clock. */
function databaseStore(db: Db, clock: Clock) {
  return class DatabaseStore {
    constructor(private readonly options: StoreOptions) {}

    incr(key: string, done: (error: Error | null, result?: Incremented) => void): void {
      const windowMs = typeof this.options.timeWindow === 'number' ? this.options.timeWindow : LIMIT_WINDOW_MS;
      increment(db, key, windowMs, clock.now()).then(
        (result) => done(null, result),
        (error: Error) => done(error),
      );
    }

    /** The store of one limit: the plugin hands over that limit's options merged over the plugin's (its types say route options). */
    child(options: object): DatabaseStore {
      return new DatabaseStore('timeWindow' in options ? { timeWindow: options.timeWindow } : this.options);
    }
  };
}

/** What a sign-in limit checks: one request of `request`, counted under the key it makes. */
export type AttemptLimit = (request: FastifyRequest) => Promise<void>;

export interface SignInLimits {
  /** Per address, before anything else is looked at (malformed tries count too). */
  byAddress: AttemptLimit;
  /** Per account (the e-mail or username tried, or the signed-in player), once the body is read. */
  byAccount: AttemptLimit;
}

/** The account a request tries: the e-mail of a login or registration, else the signed-in player. */
function accountOf(request: FastifyRequest): string | null {
  const body: unknown = request.body;
  if (typeof body === 'object' && body !== null) {
    if ('email' in body && typeof body.email === 'string' && body.email.trim() !== '') return `email:${body.email.trim().toLowerCase()}`;
    if ('username' in body && typeof body.username === 'string' && body.username.trim() !== '') return `username:${body.username.trim().toLowerCase()}`;
  }
  return request.user ? `user:${request.user.id}` : null;
}

/** Registers @fastify/rate-limit with the database store and returns the two sign-in limits. */
export async function signInLimits(app: FastifyInstance, db: Db, clock: Clock, max: number): Promise<SignInLimits> {
  await app.register(rateLimit, { global: false, max, timeWindow: LIMIT_WINDOW_MS, store: databaseStore(db, clock) });
  const check = (key: (request: FastifyRequest) => string | null): AttemptLimit => {
    const limiter = app.createRateLimit({ keyGenerator: (request) => key(request) ?? 'none' });
    return async (request) => {
      if (key(request) === null) return;
      const outcome = await limiter(request);
      if (!outcome.isAllowed && outcome.isExceeded) {
        throw tooManyRequests('too_many_attempts', { seconds: Math.max(1, outcome.ttlInSeconds) });
      }
    };
  };
  return { byAddress: check((request) => `address:${request.ip}`), byAccount: check(accountOf) };
}

/** Forgets windows that ran out long ago (the sweeper calls it now and then). */
export async function purgeRateLimits(db: Db, now: Date): Promise<void> {
  const minutesAgo = new Date(now.getTime() - 10 * LIMIT_WINDOW_MS);
  const daysAgo = new Date(now.getTime() - 2 * 24 * 3_600_000);
  await db
    .delete(rateLimits)
    .where(or(and(lt(rateLimits.windowStart, minutesAgo), notLike(rateLimits.key, `${DAY_COUNTER_PREFIX}%`)), lt(rateLimits.windowStart, daysAgo)));
}
