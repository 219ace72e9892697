// What Fastify's schema serialiser does to a village overview: JSON time per reply, and overview requests per second over HTTP, with and without it.
// Run with `npx tsx bench/reply-serialiser.ts`; both apps run on in-memory PGlite on 127.0.0.1 and stop by themselves.
import { performance } from 'node:perf_hooks';
// Fastify's own serialiser compiler, used here directly to time one reply without the network.
import fastJson from 'fast-json-stringify';
import { inlineRefs } from '../src/server/openapi';
import { buildApp } from '../src/server/app';
import { systemClock } from '../src/server/clock';
import { testConfig } from '../src/server/config';
import { openPglite } from '../src/server/db/open';

const SECONDS = 8;
const CONCURRENCY = 8;

setTimeout(() => {
  console.error('bench: gave up after 180 s');
  process.exit(1);
}, 180_000).unref();

async function measure(serialiseReplies: boolean) {
  const database = await openPglite('');
  const app = await buildApp({ db: database.db, clock: systemClock, config: testConfig(), serialiseReplies });
  // Time spent turning the reply object into JSON, whichever way the app is set up.
  let jsonNs = 0;
  let replies = 0;
  app.addHook('preSerialization', async (request, _reply, payload) => {
    (request as unknown as { serialiseStart: bigint }).serialiseStart = process.hrtime.bigint();
    return payload;
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    const start = (request as unknown as { serialiseStart?: bigint }).serialiseStart;
    if (start !== undefined && request.url.endsWith('/overview')) {
      jsonNs += Number(process.hrtime.bigint() - start);
      replies += 1;
    }
    return payload;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const registered = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bencher', email: 'bencher@example.com', password: 'Valhalla#2026' }),
  });
  const { token } = (await registered.json()) as { token: string };
  const headers = { authorization: `Bearer ${token}` };
  const worlds = (await (await fetch(`${base}/api/worlds`, { headers })).json()) as { worlds: { id: string }[] };
  const joined = (await (await fetch(`${base}/api/worlds/${worlds.worlds[0].id}/join`, { method: 'POST', headers })).json()) as {
    village: { id: string };
  };
  const url = `${base}/api/map/village/${joined.village.id}/overview`;
  const sample = await (await fetch(url, { headers })).text();
  const size = sample.length;

  // Warm up, then count completed reads for SECONDS with CONCURRENCY callers.
  for (let i = 0; i < 200; i++) await (await fetch(url, { headers })).text();
  jsonNs = 0;
  replies = 0;
  let done = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until) {
        await (await fetch(url, { headers })).text();
        done += 1;
      }
    }),
  );
  await app.close();
  await database.close();
  return { perSecond: done / SECONDS, jsonMicros: jsonNs / replies / 1000, size, sample: JSON.parse(sample) as unknown };
}

/** Microseconds per call of `write` on the overview object, best of five rounds of 5,000 calls. */
function timeWrites(write: (value: unknown) => string, value: unknown): number {
  let best = Infinity;
  for (let round = 0; round < 5; round++) {
    const start = performance.now();
    for (let i = 0; i < 5000; i++) write(value);
    best = Math.min(best, ((performance.now() - start) * 1000) / 5000);
  }
  return best;
}

async function main() {
  const plain = await measure(false);
  const schema = await measure(true);
  const plainAgain = await measure(false);
  const schemaAgain = await measure(true);
  const compiled = fastJson(inlineRefs({ $ref: '#/components/schemas/VillageOverview' }) as object);
  const stringifyOnly = timeWrites(JSON.stringify, schema.sample);
  const serialiserOnly = timeWrites(compiled, schema.sample);
  console.log(`village overview reply: ${schema.size} bytes`);
  console.log(`one reply to JSON alone: JSON.stringify ${stringifyOnly.toFixed(1)} µs, schema serialiser ${serialiserOnly.toFixed(1)} µs`);
  console.log(`JSON.stringify:        ${plain.jsonMicros.toFixed(1)} / ${plainAgain.jsonMicros.toFixed(1)} µs per reply, ${plain.perSecond.toFixed(0)} / ${plainAgain.perSecond.toFixed(0)} overviews/s`);
  console.log(`schema serialiser:     ${schema.jsonMicros.toFixed(1)} / ${schemaAgain.jsonMicros.toFixed(1)} µs per reply, ${schema.perSecond.toFixed(0)} / ${schemaAgain.perSecond.toFixed(0)} overviews/s`);
  process.exit(0);
}

void main();
