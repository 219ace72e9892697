// Throughput of GET /api/map/area at radius 25 against a route that sends a precomputed reply of the same size.
// Run with `npx tsx bench/map-area.ts`; it listens on 127.0.0.1 only and stops by itself. Exits 1 when the area route
// serves less than AREA_TARGET of the precomputed route's requests per second.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { buildApp } from '../src/server/app';
import { systemClock } from '../src/server/clock';
import { testConfig } from '../src/server/config';
import { openPglite } from '../src/server/db/open';
import { seedWorld } from './support/seed-world';
import { createSession } from '../src/server/accounts/sessions';
import { mapAreaJson } from '../src/server/map/area';
import { MapAreaCache } from '../src/server/map/area-cache';
import { AREA_TARGET } from './support/targets';

const VILLAGES = 300;
const OWNERS = 30;
const RADIUS = 25;
const MAX_REQUESTS = 2000;
const MAX_SECONDS = 10;
const CONCURRENCY = 8;


// A hard stop in case anything hangs; unref'd so it never keeps a finished run alive.
setTimeout(() => {
  console.error('bench: gave up after 120 s');
  process.exit(1);
}, 120_000).unref();

interface Run {
  requests: number;
  seconds: number;
  bytes: number;
}

/** Keeps CONCURRENCY requests in flight until MAX_REQUESTS are done or MAX_SECONDS have passed. */
async function load(port: number, path: string, headers: Record<string, string>): Promise<Run> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const started = performance.now();
  const deadline = started + MAX_SECONDS * 1000;
  let issued = 0;
  let done = 0;
  let bytes = 0;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const request = http.get({ host: '127.0.0.1', port, path, headers, agent }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`${path}: HTTP ${response.statusCode}`));
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve());
        response.on('error', reject);
      });
      request.on('error', reject);
    });
  const worker = async () => {
    while (issued < MAX_REQUESTS && performance.now() < deadline) {
      issued++;
      await one();
      done++;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  agent.destroy();
  return { requests: done, seconds: (performance.now() - started) / 1000, bytes: bytes / Math.max(done, 1) };
}

async function main() {
  const database = await openPglite('');
  const db = database.db;
  const app = await buildApp({ db, clock: systemClock, config: testConfig() });

  // The baseline: the same bytes, but nothing computed and no database; only routing, headers and gzip.
  let fixedReply = '';
  app.get('/bench/fixed', async (_request, reply) => reply.type('application/json; charset=utf-8').send(fixedReply));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;

  const { world, owners } = await seedWorld(db, { villages: VILLAGES, owners: OWNERS, reach: RADIUS, withBuildings: true });
  const token = await createSession(db, owners[0].id, new Date());

  const areaPath = `/api/map/area/${world.id}/0/0/${RADIUS}`;
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };

  // In-process cost of one reply, without HTTP: database reads plus writing the JSON.
  for (let i = 0; i < 50; i++) fixedReply = await mapAreaJson(db, { worldId: world.id, x: 0, y: 0, radius: RADIUS }, new Date());
  const serviceRuns = 300;
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  for (let i = 0; i < serviceRuns; i++) await mapAreaJson(db, { worldId: world.id, x: (i % 20) - 10, y: 0, radius: RADIUS }, new Date());
  const serviceMs = (performance.now() - wallBefore) / serviceRuns;
  const cpu = process.cpuUsage(cpuBefore);
  const serviceCpuMs = (cpu.user + cpu.system) / 1000 / serviceRuns;

  // The same far from any village: one world row back, so nearly all of it is terrain and JSON writing.
  const emptyBefore = process.cpuUsage();
  for (let i = 0; i < serviceRuns; i++) await mapAreaJson(db, { worldId: world.id, x: 150, y: (i % 20) - 10, radius: RADIUS }, new Date());
  const emptyCpu = process.cpuUsage(emptyBefore);
  const emptyCpuMs = (emptyCpu.user + emptyCpu.system) / 1000 / serviceRuns;

  // The cache as the route uses it: a hit (one small read of the chunk versions), and a miss after a change to one village.
  const cache = new MapAreaCache();
  await cache.area(db, { worldId: world.id, x: 0, y: 0, radius: RADIUS }, new Date());
  const hitBefore = process.cpuUsage();
  for (let i = 0; i < serviceRuns; i++) await cache.area(db, { worldId: world.id, x: 0, y: 0, radius: RADIUS }, new Date());
  const hitCpu = process.cpuUsage(hitBefore);
  const hitCpuMs = (hitCpu.user + hitCpu.system) / 1000 / serviceRuns;

  const rawBytes = Buffer.byteLength(fixedReply);
  const gzipBytes = gzipSync(fixedReply).length;
  const villageTiles = (JSON.parse(fixedReply) as { tiles: { type: string }[] }).tiles.filter((t) => t.type === 'village').length;

  // Warm up both routes, then measure each in turn.
  await load(port, areaPath, headers);
  await load(port, '/bench/fixed', headers);
  const area = await load(port, areaPath, headers);
  const fixed = await load(port, '/bench/fixed', headers);

  console.log(`map area radius ${RADIUS}: ${VILLAGES} villages (${villageTiles} on the area), ${OWNERS} owners, seed 42`);
  console.log(`reply size: ${(rawBytes / 1024).toFixed(1)} KiB raw, ${(gzipBytes / 1024).toFixed(1)} KiB gzipped (on the wire: ${(area.bytes / 1024).toFixed(1)} KiB)`);
  console.log(`service alone: ${serviceMs.toFixed(2)} ms wall, ${serviceCpuMs.toFixed(2)} ms CPU per area; ${emptyCpuMs.toFixed(2)} ms CPU for an area without villages`);
  console.log(`cached (the route): ${hitCpuMs.toFixed(2)} ms CPU per area when nothing changed (a read of the chunk versions and the ETag)`);
  const line = (name: string, run: Run) =>
    console.log(`${name.padEnd(28)} ${(run.requests / run.seconds).toFixed(0).padStart(6)} req/s  (${run.requests} requests in ${run.seconds.toFixed(2)} s, concurrency ${CONCURRENCY})`);
  line('GET area (real)', area);
  line('GET precomputed, same size', fixed);
  const ratio = area.requests / area.seconds / (fixed.requests / fixed.seconds);
  const met = ratio >= AREA_TARGET;
  console.log(`area ratio: ${ratio.toFixed(2)} of the precomputed reply's requests per second (target >= ${AREA_TARGET}) ${met ? 'OK' : 'MISSED'}`);
  if (!met) process.exitCode = 1;

  await app.close();
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
