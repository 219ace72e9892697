// buildApp: the whole HTTP server as a factory, composed of the plugins in src/server/http; main.ts listens with it and tests call it with a fresh PGlite.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Db, Listen } from './db/open';
import { LiveHub } from './live/hub';
import { Presence } from './live/presence';
import type { Clock } from './clock';
import type { AppConfig } from './config';
import type { AppContext } from './context';
import { ActivityLog } from './accounts/activity';
import { authBodyChecks } from './accounts/form-checks';
import { registerOperations } from './openapi';
import { requestValidatorCompiler } from './request-validation';
import { allHandlers } from './handlers';
import { signInLimits } from './http/rate-limit';
import { securityHeaders } from './http/security';
import { errorReplies } from './http/error-replies';
import { sessionGuards } from './http/session-guard';
import { staticClient } from './http/static-client';
import { lifecycle } from './http/lifecycle';
import { metricsEndpoint } from './http/metrics';
import { logDestination, RequestLog } from './http/request-log';
import { GameMetrics } from './metrics/metrics';

export interface BuildOptions {
  db: Db;
  clock: Clock;
  config: AppConfig;
  /** Replies are written by Fastify's serialiser from their openapi.yaml schemas; off only to measure what that costs. */
  serialiseReplies?: boolean;
  /** LISTEN on the database (Database.listen), for live event streams; without it they carry only keep-alives. */
  listen?: Listen;
}

/**
 * A request as the log shows it. Addresses of the sign-in pages carry one-time codes and OAuth states in
 * their query: those never reach a log.
 */
export function loggedRequest(request: { method: string; url: string; ip?: string }) {
  const [path = '', query] = request.url.split('?', 2);
  const secret = path.startsWith('/api/auth/') || path.startsWith('/auth/');
  return { method: request.method, url: query === undefined ? path : `${path}?${secret ? '[redacted]' : query}`, remoteAddress: request.ip };
}

/** Trusts the first `hops` addresses counted from our side: hop 0 is the socket's peer (the nearest proxy). */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export async function buildApp({ db, clock, config, serialiseReplies = true, listen }: BuildOptions): Promise<FastifyInstance> {
  const options: FastifyServerOptions = {
    logger: config.logging ? { level: config.logLevel, serializers: { req: loggedRequest }, stream: logDestination() } : false,
    // One line per request when the reply is done, instead of Fastify's two (http/request-log.ts).
    logController: new RequestLog(),
    // A hop count or the proxies' addresses: the client's address is then taken from the right of X-Forwarded-For,
    // where our own proxies wrote it, never from the left, where the client may write anything.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 64 * 1024,
    // A request arriving on an open connection while the server stops is served (with `Connection: close`), not
    // answered 503: a proxy in front could not pass that 503 of a POST to another process (see shutdown.ts).
    return503OnClosing: false,
    // Fastify's 10 s for a plugin or onReady hook: a first start lays out the default world (lifecycle.ts), which on a
    // busy two-core machine took longer, and the server exited instead of starting late.
    pluginTimeout: 60_000,
  };
  const app = Fastify(options);
  app.setValidatorCompiler(requestValidatorCompiler());
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.decorateRequest('sitter', null);

  const live = new LiveHub(listen ?? null, new Presence(db));
  const metrics = new GameMetrics({ db, clock, openStreams: () => live.size });
  const ctx: AppContext = { db, clock, config, live, activity: new ActivityLog(db), metrics };
  await app.register(securityHeaders, { config });
  await app.register(errorReplies);
  await app.register(metricsEndpoint, { metrics, token: config.metricsToken });
  const limits = await signInLimits(app, db, clock, config.authRateLimit);
  const operations = registerOperations(app, allHandlers(ctx), sessionGuards(ctx), { checks: authBodyChecks, serialiseReplies, limits });
  await app.register(staticClient, { staticDir: config.staticDir, operations, discord: config.discord !== null });
  await app.register(lifecycle, { ctx, listen: listen ?? null });
  return app;
}
