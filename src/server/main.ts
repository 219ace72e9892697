// Server entry: env -> quick refusals (config, data dir, port) -> open the database -> listen; stops gracefully on SIGINT/SIGTERM.
import type { FastifyInstance } from 'fastify';
import { loadConfig, ConfigError, type AppConfig } from './config';
import { openDatabase, type Database } from './db/open';
import { lockDataDir, DataDirBusyError } from './db/lock';
import { buildApp } from './app';
import { systemClock } from './clock';
import { checkListen, listenProblem } from './listen-check';
import { Shutdown, closeHttp } from './shutdown';
import { serveMetrics } from './metrics/metrics-server';

/**
 * Connections the kernel may hold for the server before it accepts them. Node's default (511) overflowed at a world
 * opening (thousands of players connecting within seconds): each dropped connection attempt waits for the client's SYN
 * retry, 1, 3, 7 and 15 s later, which was most of the openings' slowest answers. The kernel caps it at net.core.somaxconn.
 */
const LISTEN_BACKLOG = 8192;

/** Says why the server cannot start in one line, releases what was taken and exits non-zero. */
async function refuse(shutdown: Shutdown, message: string): Promise<void> {
  console.error(message);
  await shutdown.stop(1);
}

function readConfig(): AppConfig | string {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) return `Configuration error: ${error.message}`;
    throw error;
  }
}

async function main(shutdown: Shutdown) {
  let app: FastifyInstance | null = null;
  shutdown.onSignals((signal) => app?.log.info({ signal }, 'shutting down'));
  const config = readConfig();
  if (typeof config === 'string') return refuse(shutdown, config);

  // The refusals come before the database is opened and migrated, which is the slow part of start-up.
  if (!config.databaseUrl) {
    try {
      shutdown.add('data directory lock', lockDataDir(config.dataDir));
    } catch (error) {
      if (error instanceof DataDirBusyError) return refuse(shutdown, error.message);
      throw error;
    }
  }
  const portProblem = await checkListen(config.host, config.port);
  if (portProblem) return refuse(shutdown, portProblem);
  const metricsPortProblem = config.metricsPort === null ? null : await checkListen(config.host, config.metricsPort, 'METRICS_PORT');
  if (metricsPortProblem) return refuse(shutdown, metricsPortProblem);

  const where = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  let database: Database;
  try {
    database = await openDatabase(config);
  } catch (error) {
    // An unreachable PostgreSQL or a damaged data directory: the operator needs the reason, not the driver's stack.
    return refuse(shutdown, `Cannot open the database (${where}): ${error instanceof Error ? error.message : String(error)}`);
  }
  shutdown.add('database', () => database.close());
  app = await buildApp({ db: database.db, clock: systemClock, config, listen: database.listen });
  const http = app;
  // Behind a reverse proxy (TRUST_PROXY), its idle connections are its to close (see closeHttp).
  shutdown.add('HTTP server', () => closeHttp(http, undefined, { proxied: config.trustProxy !== false }));
  try {
    await app.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG });
  } catch (error) {
    // Someone took the port between the check and now; anything else (a failing onReady hook) is a bug with a stack.
    // Every field of a system error is optional, so any Error reads as one; what is not an Error is a bug too.
    if (!(error instanceof Error)) throw error;
    const failure: NodeJS.ErrnoException = error;
    if (!['listen', 'getaddrinfo'].includes(failure.syscall ?? '')) throw error;
    return refuse(shutdown, listenProblem(failure, config.host, config.port));
  }
  if (config.metricsPort !== null) {
    const metricsAddress = { host: config.host, port: config.metricsPort };
    try {
      const metricsServer = await serveMetrics(app.metrics, metricsAddress);
      // The last opened is closed first: a stopping server is scraped no more.
      shutdown.add('metrics listener', () => metricsServer.close());
    } catch (error) {
      if (!(error instanceof Error)) throw error;
      const failure: NodeJS.ErrnoException = error;
      if (failure.syscall !== 'listen') throw error;
      return refuse(shutdown, listenProblem(failure, metricsAddress.host, metricsAddress.port, 'METRICS_PORT'));
    }
  }
  const shown = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  const metricsAt = config.metricsPort === null ? '' : `, metrics at http://${shown}:${config.metricsPort}/metrics`;
  app.log.info(`Viking game ready at http://${shown}:${config.port} (${where})${metricsAt}`);
}

const shutdown = new Shutdown();
main(shutdown).catch((error: unknown) => {
  // A bug: its stack trace is wanted, and the database is still closed properly.
  console.error(error);
  void shutdown.stop(1);
});
