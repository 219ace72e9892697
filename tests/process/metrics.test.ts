// GET /metrics of the real server after a short played session: on METRICS_PORT for the scraper, on the game's port only with METRICS_TOKEN, and nowhere on it without either.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compiledServer, freePort, runServer, waitForHealth, type ServerRun } from '../support/server-process';
import { openPglite } from '../../src/server/db/open';
import { createWorld } from '../../src/server/operators/world-admin';
import { playShortSession, type ShortSession } from '../support/short-session';
import { sample, total } from '../support/metrics-text';

const TOKEN = 'process-test-metrics-token-5f2a9c';
const WORLD = 'Metrics Fjord';
const dataDir = mkdtempSync(join(tmpdir(), 'vikings-metrics-'));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Running {
  run: ServerRun;
  base: string;
  metricsBase: string | null;
}

async function start(env: NodeJS.ProcessEnv): Promise<Running> {
  const port = await freePort();
  const metricsPort = env.METRICS_PORT;
  // DATABASE_URL emptied: this test is about the embedded database's server (the metrics read PostgreSQL the same way).
  const run = runServer(compiledServer, { HOST: '127.0.0.1', PORT: String(port), STATIC_DIR: '', LOG_LEVEL: 'silent', SWEEP_INTERVAL_MS: '100', DATA_DIR: dataDir, DATABASE_URL: '', ...env });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, run);
  return { run, base, metricsBase: metricsPort ? `http://127.0.0.1:${metricsPort}` : null };
}

async function stop(server: Running): Promise<void> {
  server.run.child.kill('SIGTERM');
  expect(await server.run.exited, server.run.output()).toBe(0);
}

let worldId: string;
beforeAll(async () => {
  // A fast world (speed 1000: barracks in a third of a second, a raid on a neighbour in seconds), made before any server runs.
  const setup = await openPglite(dataDir);
  worldId = (await createWorld(setup.db, { name: WORLD, speed: 1000, size: 45, maxPlayers: 100 })).id;
  await setup.close();
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the metrics of a server after a short played session', () => {
  it('show requests per operation, open streams, players online, movements in flight and the sweeper lag on METRICS_PORT; the game port asks for the token', async () => {
    const metricsPort = await freePort();
    const server = await start({ METRICS_PORT: String(metricsPort), METRICS_TOKEN: TOKEN });
    let session: ShortSession | null = null;
    try {
      session = await playShortSession(server.base, worldId, 'mtr');
      const scrape = async () => {
        const res = await fetch(`${server.metricsBase}/metrics`);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
        return res.text();
      };
      // The first scrape reads the game's figures afresh, while the raid is on its way.
      const first = await scrape();
      for (const operation of ['register', 'joinWorld', 'getVillageOverview', 'constructBuilding', 'trainUnits', 'sendTroops']) {
        expect(total(first, 'vikings_http_requests_total', { operation }), operation).toBeGreaterThan(0);
      }
      expect(sample(first, 'vikings_http_requests_total', { operation: 'sendTroops', status: '201' })).toBe(1);
      expect(sample(first, 'vikings_live_streams_open')).toBe(2);
      expect(sample(first, 'vikings_movements_in_flight', { world: WORLD, type: 'raid' })).toBe(1);
      expect(sample(first, 'vikings_db_connections', { state: 'idle' })).toBeDefined();
      expect(total(first, 'vikings_db_transactions_total', { outcome: 'committed' })).toBeGreaterThan(0);

      // Presence is written a moment after a stream opens, and the figures are read again every 5 s; the raid lands in
      // seconds, and the sweeper applies it at its next sweep (later on a loaded machine).
      const deadline = Math.max(Date.now(), session.arrivesAt) + 60_000;
      let text = first;
      while (
        Date.now() < deadline &&
        ((sample(text, 'vikings_players_online', { world: WORLD }) ?? 0) < 2 || (sample(text, 'vikings_sweep_lag_seconds_count', { kind: 'arrival' }) ?? 0) < 1)
      ) {
        await sleep(250);
        text = await scrape();
      }
      expect(sample(text, 'vikings_players_online', { world: WORLD })).toBe(2);
      expect(sample(text, 'vikings_sweep_lag_seconds_count', { kind: 'arrival' })).toBeGreaterThanOrEqual(1);
      expect(total(text, 'vikings_sweep_batch_size_count')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'vikings_sweep_duration_seconds_count')).toBeGreaterThan(0);
      expect(sample(text, 'vikings_sweep_failures_total')).toBe(0);
      console.log(
        `metrics: ${text.length} bytes; ${text
          .split('\n')
          .filter((line) => /^vikings_(http_requests_total\{operation="sendTroops"|live_streams_open|players_online|movements_in_flight|sweep_lag_seconds_(count|sum)|db_connections|db_transactions_total)/.test(line))
          .join('; ')}`,
      );

      // The metrics port serves nothing else; the game port serves the metrics for the token only.
      expect((await fetch(`${server.metricsBase}/api/health`)).status).toBe(404);
      const anonymous = await fetch(`${server.base}/metrics`);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.text()).not.toContain('vikings_');
      expect((await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
      expect((await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${session.raider.token}` } })).status).toBe(401);
      const withToken = await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(withToken.status).toBe(200);
      expect(total(await withToken.text(), 'vikings_http_requests_total', { operation: 'getVillageOverview' })).toBeGreaterThan(0);
    } finally {
      for (const stream of session?.streams ?? []) stream.close();
      await stop(server);
    }
    // Stopped: the metrics port is closed with the game.
    await expect(fetch(`http://127.0.0.1:${metricsPort}/metrics`)).rejects.toThrow();
  }, 120_000);

  it('are nowhere on the game port without METRICS_PORT or METRICS_TOKEN', async () => {
    // No sweeper: the played world's barbarians grow at speed 1000, and a sweep running when the stop comes is waited for.
    const server = await start({ METRICS_PORT: '', METRICS_TOKEN: '', SWEEP_INTERVAL_MS: '0' });
    try {
      const asked: Record<string, string>[] = [{}, { authorization: `Bearer ${TOKEN}` }];
      for (const headers of asked) {
        const res = await fetch(`${server.base}/metrics`, { headers });
        expect(res.status).toBe(404);
        expect(await res.text()).not.toContain('vikings_');
      }
    } finally {
      await stop(server);
    }
  }, 180_000);

  it('refuses to start in one line when METRICS_PORT is taken', async () => {
    const busy = await start({ METRICS_PORT: '', METRICS_TOKEN: '', SWEEP_INTERVAL_MS: '0' });
    const otherDir = mkdtempSync(join(tmpdir(), 'vikings-metrics-busy-'));
    try {
      // The running game's own port, taken: the second server says so before it opens its database.
      const taken = new URL(busy.base).port;
      const refused = runServer(compiledServer, { HOST: '127.0.0.1', PORT: String(await freePort()), METRICS_PORT: taken, STATIC_DIR: '', LOG_LEVEL: 'silent', DATABASE_URL: '', DATA_DIR: otherDir });
      expect(await refused.exited).toBe(1);
      expect(refused.output().trim()).toBe(`Port ${taken} is already in use on 127.0.0.1: stop the other server or set METRICS_PORT.`);
    } finally {
      await stop(busy);
      rmSync(otherDir, { recursive: true, force: true });
    }
  }, 180_000);
});
