// The metrics listener of METRICS_PORT: a plain HTTP server beside the game's, answering GET /metrics and nothing else.
import { createServer } from 'node:http';
import { METRICS_ROUTE, type GameMetrics } from './metrics';

export interface MetricsServer {
  /** Stops listening and ends its connections (a scraper's keep-alive one too). */
  close(): Promise<void>;
}

/** Listens on host:port; rejects with the listen error (a port taken since the start-up check). */
export function serveMetrics(metrics: GameMetrics, where: { host: string; port: number }): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?', 1)[0];
    if (path !== METRICS_ROUTE || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end(`This port serves GET ${METRICS_ROUTE} only\n`);
      return;
    }
    metrics.scrape().then(
      ({ contentType, text }) => response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(request.method === 'HEAD' ? undefined : text),
      (error: unknown) => {
        console.error(JSON.stringify({ level: 50, msg: 'metrics scrape failed', err: error instanceof Error ? error.message : String(error) }));
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('The metrics could not be read\n');
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: where.host, port: where.port, exclusive: true }, () => {
      server.off('error', reject);
      resolve({
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
