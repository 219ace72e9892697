// The server's log: one line per request when its reply is done, written to stdout in batches rather than a write per line.
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import pino from 'pino';

/** Lines wait in memory until this many bytes have gathered, or `FLUSH_MS` has passed, whichever comes first. */
const BATCH_BYTES = 8 * 1024;
const FLUSH_MS = 1_000;

let destination: pino.DestinationStream | null = null;

/**
 * Standard output, written in batches. With a write per line (pino's default) the writes were about 5% of a loaded
 * server's main thread (bench/README.md, "Request logs and security headers"). A batch waits at most a second, so
 * `journalctl -f` still follows the game as it plays; pino flushes what is left when the process exits, also after an
 * uncaught error. Only a SIGKILL loses the last second's lines. One stream per process: tests build many apps in one.
 */
export function logDestination(): pino.DestinationStream {
  destination ??= pino.destination({ dest: 1, minLength: BATCH_BYTES, periodicFlush: FLUSH_MS, sync: false });
  return destination;
}

/**
 * Fastify's own request logging writes two lines a request ("incoming request", then "request completed"). Here the
 * second carries what both did: the request (through the logger's `req` serialiser, so secrets stay redacted), the
 * reply's status, and the time from the request's arrival. Every other line Fastify writes (a reply that failed, a
 * stream's error, a route not found) is its own. A request that never finishes leaves no line; the metrics' open
 * streams and the error log cover the cases where that matters.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
