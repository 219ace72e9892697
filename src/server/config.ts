// Reads and validates the environment once at boot; a bad value stops the process with a clear message.
import { availableParallelism } from 'node:os';
import { isOneOf } from '../rules/tuples';
import { REGISTRATIONS_PER_ADDRESS_PER_DAY } from '../rules/fair-play';

export interface DiscordConfig {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Base of the provider's API and OAuth pages; tests point it at a local provider. */
  apiBase: string;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /** Where the built client lives; null disables static serving (API tests). */
  staticDir: string | null;
  discord: DiscordConfig | null;
  /** Requests per minute per address on login and register. */
  authRateLimit: number;
  /** Accounts one address may register per UTC day (REGISTRATIONS_PER_ADDRESS); tests that make many raise it. */
  registrationsPerAddress: number;
  /** Whether to print JSON request logs. */
  logging: boolean;
  /** Pino level of those logs (LOG_LEVEL); `silent` turns logging off. */
  logLevel: LogLevel;
  /**
   * Which X-Forwarded-For hops to believe behind a reverse proxy (TRUST_PROXY): false, a number of proxy hops
   * counted from the right, or the proxies' addresses. Never every hop: the left-most is whatever the client wrote.
   */
  trustProxy: false | number | string[];
  /** Served over HTTPS (HTTPS=1): HSTS goes out and cookies are Secure. Off for plain-http LAN play. */
  https: boolean;
  /** Milliseconds between background sweeps of due events; 0 disables the sweeper. */
  sweepIntervalMs: number;
  /** Whom the push services may contact about this server's alerts (VAPID_SUBJECT: a mailto: or https: address). */
  vapidSubject: string;
  /** Push endpoints over plain http on this machine (PUSH_LOOPBACK=1): a local push service for tests, never in production. */
  pushLoopback: boolean;
  /** Argon2's pool (HASH_POOL): hashes and checks at once on threads of their own, and sign-ins that may wait behind them (503 beyond). */
  hashPool: HashPoolSize;
  /** A second listener on `host` serving only GET /metrics (METRICS_PORT); null for none. */
  metricsPort: number | null;
  /** The bearer token that opens GET /metrics on the game's own port (METRICS_TOKEN); null keeps it closed there (404). */
  metricsToken: string | null;
}

export class ConfigError extends Error {}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

function logLevel(env: NodeJS.ProcessEnv): LogLevel {
  const raw = env.LOG_LEVEL?.trim().toLowerCase() || 'info';
  // pino throws a stack trace on an unknown level; a one-line message here says which values work.
  if (!isOneOf(LOG_LEVELS, raw)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  }
  return raw;
}

function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const raw = env[name]?.trim().toLowerCase() ?? '';
  if (raw === '' || raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  throw new ConfigError(`${name} must be 1 or 0, got "${env[name]}"`);
}

/** TRUST_PROXY: unset or 0 (trust nobody), a number of proxy hops, or a comma-separated list of proxy addresses or ranges. */
function trustProxy(env: NodeJS.ProcessEnv): false | number | string[] {
  const raw = env.TRUST_PROXY?.trim() ?? '';
  if (raw === '' || raw === '0' || raw.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 10) throw new ConfigError(`TRUST_PROXY must be at most 10 hops, got "${raw}"`);
    return hops;
  }
  if (raw.toLowerCase() === 'true') {
    throw new ConfigError('TRUST_PROXY=true would believe any address a client writes; give the number of proxies in front (e.g. 1) or their addresses');
  }
  const addresses = raw.split(',').map((part) => part.trim());
  if (addresses.some((a) => !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(a))) {
    throw new ConfigError(`TRUST_PROXY must be a number of hops or proxy addresses like 10.0.0.5 or 10.0.0.0/8, got "${raw}"`);
  }
  return addresses;
}

/** The VAPID subject when VAPID_SUBJECT is unset: push services accept it, but a real address lets them reach the operator. */
export const DEFAULT_VAPID_SUBJECT = 'mailto:admin@localhost';

/** VAPID_SUBJECT: the push services refuse alerts whose subject is neither a mailto: nor an https: address. */
function vapidSubject(env: NodeJS.ProcessEnv): string {
  const raw = env.VAPID_SUBJECT?.trim() || DEFAULT_VAPID_SUBJECT;
  if (!/^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s/]+\S*)$/.test(raw)) {
    throw new ConfigError(`VAPID_SUBJECT must be a mailto: or https: address (mailto:you@example.com), got "${env.VAPID_SUBJECT}"`);
  }
  return raw;
}

/** How many password hashes run at once and how many sign-ins may wait for one. */
export interface HashPoolSize {
  threads: number;
  queue: number;
}

/** Waiting places per hashing thread by default: about a second of waiting at ~30 ms a hash. */
export const HASH_QUEUE_PER_THREAD = 32;

/** One hashing thread per core but one (left to the event loop), and 32 waiting places per thread. */
export function defaultHashPool(cores = availableParallelism()): HashPoolSize {
  const threads = Math.max(1, cores - 1);
  return { threads, queue: threads * HASH_QUEUE_PER_THREAD };
}

/** HASH_POOL: `threads` or `threads,queue` (a queue of 0 refuses every sign-in that finds the threads busy). */
function hashPool(env: NodeJS.ProcessEnv): HashPoolSize {
  const raw = env.HASH_POOL?.trim() ?? '';
  if (raw === '') return defaultHashPool();
  const match = /^(\d+)(?:\s*,\s*(\d+))?$/.exec(raw);
  const threads = Number(match?.[1]);
  const queue = match?.[2] === undefined ? threads * HASH_QUEUE_PER_THREAD : Number(match[2]);
  if (!match || threads < 1 || threads > 64 || queue > 100_000) {
    throw new ConfigError(`HASH_POOL must be a number of hashing threads from 1 to 64, optionally with a queue length up to 100000 (4 or 4,128), got "${env.HASH_POOL}"`);
  }
  return { threads, queue };
}

/** A whole-number setting: the value when the variable is unset or empty, and the range it must lie in. */
interface IntegerSetting {
  fallback: number;
  min: number;
  max: number;
}

function integer(env: NodeJS.ProcessEnv, name: string, { fallback, min, max }: IntegerSetting): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

/** METRICS_PORT: a port of its own, never the game's (the metrics would then be public). */
function metricsPort(env: NodeJS.ProcessEnv, gamePort: number): number | null {
  if (env.METRICS_PORT === undefined || env.METRICS_PORT.trim() === '') return null;
  const port = integer(env, 'METRICS_PORT', { fallback: 0, min: 1, max: 65535 });
  if (port === gamePort) throw new ConfigError(`METRICS_PORT must differ from PORT (${gamePort}): the metrics would be served to players`);
  return port;
}

/** Shortest METRICS_TOKEN: a guessable token would open the metrics to anyone on the game's port. */
export const METRICS_TOKEN_MIN_LENGTH = 16;

/** METRICS_TOKEN: printable, without spaces (it travels in an Authorization header), and long enough not to be guessed. */
function metricsToken(env: NodeJS.ProcessEnv): string | null {
  const raw = env.METRICS_TOKEN ?? '';
  if (raw === '') return null;
  if (!/^[\x21-\x7e]+$/.test(raw) || raw.length < METRICS_TOKEN_MIN_LENGTH) {
    throw new ConfigError(`METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} printable characters without spaces (e.g. openssl rand -hex 24)`);
  }
  return raw;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const discordVars = ['DISCORD_CLIENT_ID', 'DISCORD_CLIENT_SECRET', 'DISCORD_REDIRECT_URI'] as const;
  const discordSet = discordVars.filter((name) => env[name]);
  if (discordSet.length > 0 && discordSet.length < discordVars.length) {
    const missing = discordVars.filter((name) => !env[name]);
    throw new ConfigError(`Discord login needs ${discordVars.join(', ')}; missing ${missing.join(', ')}`);
  }
  const discord: DiscordConfig | null =
    discordSet.length === discordVars.length
      ? {
          clientId: env.DISCORD_CLIENT_ID!,
          clientSecret: env.DISCORD_CLIENT_SECRET!,
          redirectUri: env.DISCORD_REDIRECT_URI!,
          apiBase: (env.DISCORD_API_BASE || 'https://discord.com').replace(/\/+$/, ''),
        }
      : null;
  const level = logLevel(env);
  const port = integer(env, 'PORT', { fallback: 3000, min: 1, max: 65535 });
  return {
    port,
    host: env.HOST || '127.0.0.1',
    dataDir: env.DATA_DIR || './data',
    databaseUrl,
    staticDir: env.STATIC_DIR === '' ? null : env.STATIC_DIR || 'dist',
    discord,
    authRateLimit: integer(env, 'AUTH_RATE_LIMIT', { fallback: 20, min: 1, max: 100_000 }),
    registrationsPerAddress: integer(env, 'REGISTRATIONS_PER_ADDRESS', { fallback: REGISTRATIONS_PER_ADDRESS_PER_DAY, min: 1, max: 1_000_000 }),
    logging: level !== 'silent',
    logLevel: level,
    trustProxy: trustProxy(env),
    https: flag(env, 'HTTPS'),
    sweepIntervalMs: integer(env, 'SWEEP_INTERVAL_MS', { fallback: 1000, min: 0, max: 3_600_000 }),
    vapidSubject: vapidSubject(env),
    pushLoopback: flag(env, 'PUSH_LOOPBACK'),
    hashPool: hashPool(env),
    metricsPort: metricsPort(env, port),
    metricsToken: metricsToken(env),
  };
}

/** Config for tests: no static files, no logs, no sweeper unless asked. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '',
    databaseUrl: null,
    staticDir: null,
    discord: null,
    authRateLimit: 1000,
    // API tests register dozens of players from one address; fair-play.test.ts proves the limit with the rule's own number.
    registrationsPerAddress: 100_000,
    logging: false,
    logLevel: 'silent',
    trustProxy: false,
    https: false,
    sweepIntervalMs: 0,
    vapidSubject: DEFAULT_VAPID_SUBJECT,
    pushLoopback: false,
    // The machine's threads, and a line long enough for every test's parallel sign-ins; sign-in-storm.test.ts sets a short one.
    hashPool: { threads: defaultHashPool().threads, queue: 100_000 },
    metricsPort: null,
    metricsToken: null,
    ...overrides,
  };
}
