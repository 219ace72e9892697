// Every reply counted per operation for /metrics, and GET /metrics on the game's own port: closed (404) unless METRICS_TOKEN is set, then for that bearer token only.
import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { errorBody, say } from '../errors';
import { CLIENT_FILES, METRICS_ROUTE, UNMATCHED, type GameMetrics } from '../metrics/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's metrics; main.ts serves them on METRICS_PORT as well. */
    metrics: GameMetrics;
  }
}

/** The label of a request: its operationId, else what kind of route answered it (bounded, whatever the address). */
function operationOf(request: FastifyRequest): string {
  const operationId = request.routeOptions.config.operationId;
  if (operationId) return operationId;
  if (request.routeOptions.url === undefined) return UNMATCHED;
  return request.routeOptions.url === METRICS_ROUTE ? 'metrics' : CLIENT_FILES;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether `header` is `Bearer <token>`, compared in constant time (digests of equal length). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (\S+)$/i.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

export const metricsEndpoint = fp<{ metrics: GameMetrics; token: string | null }>(async (app, { metrics, token }) => {
  app.decorate('metrics', metrics);
  // Counted when the reply is done (an event stream: when it ends); elapsedTime runs from the request's arrival.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.request(operationOf(request), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.get(METRICS_ROUTE, async (request, reply) => {
    // Without a token the address does not exist here (METRICS_PORT, if set, serves the metrics off this port).
    if (token === null) return reply.code(404).send(errorBody(say('no_such_endpoint', { method: 'GET', path: METRICS_ROUTE })));
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send(errorBody(say('metrics_token_required')));
    }
    const { contentType, text } = await metrics.scrape();
    return reply.type(contentType).header('cache-control', 'no-store').send(text);
  });
});
