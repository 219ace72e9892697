// Orderly stop on SIGINT/SIGTERM: what start-up opened is closed in reverse (HTTP, sweeper, database, data-dir lock), with a hard deadline.
import type { FastifyInstance } from 'fastify';

/** Requests in flight may run this long after a stop signal before their connections are cut. */
export const GRACE_MS = 3000;
/** If closing still hangs at this point the process exits non-zero anyway (promised: gone within 5 s). */
export const DEADLINE_MS = 4500;

interface Closer {
  name: string;
  close(): Promise<void> | void;
}

export class Shutdown {
  private readonly closers: Closer[] = [];
  private stopping = false;

  constructor(private readonly deadlineMs = DEADLINE_MS) {}

  /** Registers what to close on stop; the last one opened is closed first. */
  add(name: string, close: Closer['close']): void {
    this.closers.push({ name, close });
  }

  /** Stops on SIGINT (Ctrl-C) and SIGTERM; a repeated signal (npm forwards Ctrl-C too) changes nothing. */
  onSignals(announce: (signal: NodeJS.Signals) => void = () => {}): void {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.on(signal, () => {
        if (!this.stopping) announce(signal);
        void this.stop(0);
      });
    }
  }

  /** Closes everything registered and exits with `code`, or with 1 when a step fails or the deadline passes. */
  async stop(code: number): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    const deadline = setTimeout(() => {
      console.error(`Shutdown did not finish within ${this.deadlineMs / 1000} s: exiting anyway.`);
      process.exit(1);
    }, this.deadlineMs);
    deadline.unref();
    let failed = false;
    for (const closer of this.closers.reverse()) {
      try {
        await closer.close();
      } catch (error) {
        failed = true;
        console.error(`Shutdown: closing the ${closer.name} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    process.exit(failed ? 1 : code);
  }
}

/**
 * Closes the HTTP server: no new connections; requests in flight finish, and so do requests that arrive on connections
 * already open (answered with `Connection: close`, buildApp turns Fastify's 503 off); then Fastify's onClose hooks run (the
 * sweeper stops there). Long-lived responses such as server-sent event streams never finish by themselves: end them in a
 * `preClose` hook beside their route, which Fastify runs before it waits for requests in flight (onClose comes only after
 * the server has stopped). Whatever is still open after `graceMs` is cut.
 *
 * `proxied` (TRUST_PROXY is set: a reverse proxy keeps connections open to this process): idle keep-alive connections are
 * left for the proxy to close. Closing one here races a request the proxy may be writing onto it at that moment, and the
 * proxy cannot pass a POST cut that way to another process (it may have been carried out). The proxy closes its idle
 * connections after its own keep-alive timeout, which docs/DEPLOY.md keeps below `graceMs`; until then a request on one is
 * served, and the `Connection: close` of its reply retires the connection.
 */
export async function closeHttp(app: FastifyInstance, graceMs = GRACE_MS, { proxied = false } = {}): Promise<void> {
  if (proxied) {
    // Node's server.close() closes idle connections by calling this; behind a proxy that is the proxy's to do (above).
    app.server.closeIdleConnections = () => {};
  }
  // Node closes idle keep-alive sockets once, when the server stops listening; a socket whose request finishes later
  // turns idle afterwards and would hold close() until its keep-alive timeout, so idle sockets are reaped until done.
  // (Behind a proxy such a socket is closed at once by the `Connection: close` its reply carried.)
  const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
  const cut = setTimeout(() => app.server.closeAllConnections(), graceMs);
  try {
    await app.close();
  } finally {
    clearInterval(reaper);
    clearTimeout(cut);
  }
}
