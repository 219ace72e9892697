// buildApp: the whole HTTP server as a factory; main.ts listens with it and tests call it with a fresh PGlite.
import { existsSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { Db, Listen } from './db/open';
import { LiveHub } from './live/hub';
import { SessionCache } from './accounts/session-cache';
import type { Clock } from './clock';
import type { AppConfig } from './config';
import type { AppContext } from './context';
import { signInLimits } from './http/rate-limit';
import { CHOOSE_PASSWORD_FIRST, OPEN_WITH_TEMPORARY_PASSWORD, currentUser } from './accounts/accounts';
import { ActivityLog } from './accounts/activity';
import { ensureDefaultWorld } from './worlds/bootstrap';
import { startSweeper, type SweeperHandle } from './sweeper';
import { allowedMethods, registerOperations } from './openapi';
import { requestValidatorCompiler } from './request-validation';
import { GameError, forbidden, unauthorized, type ErrorDetail } from './errors';
import { roleAllows, parseRole, type Role } from '../rules/roles';
import { allHandlers } from './handlers';
import { authBodyChecks } from './accounts/form-checks';

/** Cache-Control of content-hashed files. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** How often the players seen are written (last seen, active days). */
const ACTIVITY_FLUSH_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes the players seen so far now instead of at the next minute (tests, shutdown). */
    flushActivity(): Promise<number>;
  }
}

export interface BuildOptions {
  db: Db;
  clock: Clock;
  config: AppConfig;
  /** Replies are written by Fastify's serialiser from their openapi.yaml schemas; off only to measure what that costs. */
  serialiseReplies?: boolean;
  /** LISTEN on the database (Database.listen), for live event streams; without it they carry only keep-alives. */
  listen?: Listen;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

/** Ajv's validation errors as `{ field, message }` a person can read. */
function validationDetails(error: FastifyError): ErrorDetail[] {
  const context = error.validationContext ?? 'body';
  return (error.validation ?? []).map((v) => {
    const missing = (v.params as { missingProperty?: string })?.missingProperty;
    const extra = (v.params as { additionalProperty?: string })?.additionalProperty;
    const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const field = missing ?? extra ?? (path || context);
    const message = missing
      ? `${missing} is required`
      : extra
        ? `${extra} is not allowed`
        : `${field} ${v.message ?? 'is invalid'}`;
    return { field, message };
  });
}

/**
 * A request as the log shows it. Addresses of the sign-in pages carry one-time codes and OAuth states in
 * their query: those never reach a log.
 */
export function loggedRequest(request: { method: string; url: string; ip?: string }) {
  const [path, query] = request.url.split('?', 2);
  const secret = path.startsWith('/api/auth/') || path.startsWith('/auth/');
  return { method: request.method, url: query === undefined ? path : `${path}?${secret ? '[redacted]' : query}`, remoteAddress: request.ip };
}

/** Trusts the first `hops` addresses counted from our side: hop 0 is the socket's peer (the nearest proxy). */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export async function buildApp({ db, clock, config, serialiseReplies = true, listen }: BuildOptions): Promise<FastifyInstance> {
  const options: FastifyServerOptions = {
    logger: config.logging ? { level: config.logLevel, serializers: { req: loggedRequest } } : false,
    // A hop count or the proxies' addresses: the client's address is then taken from the right of X-Forwarded-For,
    // where our own proxies wrote it, never from the left, where the client may write anything.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 64 * 1024,
  };
  const app = Fastify(options);
  app.setValidatorCompiler(requestValidatorCompiler());

  const ctx: AppContext = { db, clock, config, live: new LiveHub(listen ?? null), activity: new ActivityLog(db) };

  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);

  await app.register(helmet, {
    // HSTS only when the server knows it is reached over HTTPS: on a plain-http LAN it would lock players out.
    strictTransportSecurity: config.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https://cdn.discordapp.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // The game may be served over plain http on a LAN; forcing https there would break every asset.
  });
  await app.register(compress, { threshold: 1024 });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      const details = validationDetails(error);
      return reply.code(400).send({ error: `Invalid request: ${details[0]?.message ?? error.message}`, details });
    }
    if (error instanceof GameError) {
      return reply.code(error.status).send(error.details ? { error: error.message, details: error.details } : { error: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large.
      return reply.code(status).send({ error: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.' });
  });

  // A player's village, messages and the admin lists must never sit in a shared or browser cache: every API reply is
  // no-store unless its operation says what it may be cached for (the map area's ETag replies do).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  const operations = registerOperations(app, allHandlers(ctx), {
    async requireUser(request, operationId) {
      const token = bearerToken(request);
      if (!token) throw unauthorized('Authentication required');
      const now = clock.now();
      const user = await currentUser(db, token, now);
      if (!user) throw unauthorized('Your session has expired. Please log in again.');
      // With a temporary password from an admin, the player may only see who they are and choose their own.
      if (user.mustChangePassword && !OPEN_WITH_TEMPORARY_PASSWORD.has(operationId)) throw forbidden(CHOOSE_PASSWORD_FIRST);
      request.user = user;
      request.sessionToken = token;
      ctx.activity.note(user.id);
    },
    requireRole(request, role: Role) {
      const actual = parseRole(request.user?.role ?? '') ?? 'user';
      if (!roleAllows(actual, role)) throw forbidden("You don't have permission to access this page.");
    },
  }, { checks: authBodyChecks, serialiseReplies, limits: await signInLimits(app, db, clock, config.authRateLimit) });

  const methodsOf = allowedMethods(operations);

  const staticRoot = config.staticDir ? resolve(config.staticDir) : null;
  const serveClient = staticRoot !== null && existsSync(resolve(staticRoot, 'index.html'));
  const hashedAssets = staticRoot === null ? '' : resolve(staticRoot, 'assets') + sep;
  if (serveClient) {
    // wildcard: files are looked up per request, so a rebuilt dist/ is served without a restart.
    await app.register(fastifyStatic, {
      root: staticRoot,
      wildcard: true,
      index: ['index.html'],
      maxAge: '1h',
      // Files under assets/ carry a hash of their content in their name, so a name never changes content: a year, and
      // no revalidation. The page itself is always revalidated so a new build is picked up; the rest (favicon) an hour.
      setHeaders: (reply, path) => {
        if (path.endsWith('.html')) reply.header('cache-control', 'no-cache');
        else if (path.startsWith(hashedAssets)) reply.header('cache-control', IMMUTABLE);
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const allowed = methodsOf(path);
    if (allowed.length > 0) {
      return reply.code(405).header('allow', allowed.join(', ')).send({ error: `${request.method} is not allowed here; use ${allowed.join(' or ')}` });
    }
    if (path.startsWith('/api/') || path === '/api' || !serveClient || request.method !== 'GET') {
      return reply.code(404).send({ error: `No such endpoint: ${request.method} ${path}` });
    }
    if (/\.[a-z0-9]+$/i.test(path)) return reply.code(404).send({ error: 'File not found' });
    // Single-page app: every other GET is a client route.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  let sweeper: SweeperHandle | null = null;
  // Event streams never end by themselves: close them before Fastify waits for open requests.
  app.addHook('preClose', async () => {
    await ctx.live.stop();
  });
  let stopSessionCache: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    await ctx.live.start();
    // On PostgreSQL, session lookups are remembered only while this process hears of changed accounts.
    if (listen) stopSessionCache = await SessionCache.listen(db, listen);
    await ensureDefaultWorld(db);
    if (config.sweepIntervalMs > 0) sweeper = startSweeper(ctx, (err) => app.log.error({ err }, 'sweep failed'));
  });
  const activityTimer = setInterval(() => void ctx.activity.flush(clock.now()).catch((err) => app.log.error({ err }, 'activity flush failed')), ACTIVITY_FLUSH_MS);
  activityTimer.unref();
  app.decorate('flushActivity', () => ctx.activity.flush(clock.now()));
  app.addHook('onClose', async () => {
    clearInterval(activityTimer);
    await ctx.activity.flush(clock.now()).catch(() => {});
    await sweeper?.stop();
    await stopSessionCache?.();
  });

  return app;
}
