// Every operation of openapi.yaml, called with odd paths, queries and bodies by a signed-in player, never fails with a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperations } from '../../src/server/openapi';
import { registerPlayer, startTestApp, type TestApp } from './harness';

let t: TestApp;
let auth: Record<string, string>;
let villageId: string;
let worldId: string;

beforeAll(async () => {
  t = await startTestApp();
  const player = await registerPlayer(t.app);
  auth = player.auth;
  const worlds = (await t.app.inject({ method: 'GET', url: '/api/worlds', headers: auth })).json().worlds as { id: string }[];
  worldId = worlds[0].id;
  const joined = await t.app.inject({ method: 'POST', url: `/api/worlds/${worldId}/join`, headers: auth });
  villageId = joined.json().village.id;
});
afterAll(async () => {
  await t.close();
});

const unknownId = '00000000-0000-4000-8000-000000000000';
const pathValues = () => ['x', '-1', '0', '99999999999', '1.5', '%00', unknownId, villageId, worldId];
const bodies = [undefined, '{}', '[]', 'null', '{"a":', '{"count":-1,"name":"","x":"y","units":{"bondi":-5}}', JSON.stringify({ name: 'n'.repeat(10_000) })];
const queries = ['', '?q=', '?limit=-1&page=0&radius=999&maxDistance=abc&unitSpeed=0', '?q=%25%5F%5C&near=a|b'];

describe('no client mistake gets a 500', () => {
  // The event stream never ends by itself, so inject would wait for ever; tests/api/live.test.ts covers it.
  for (const op of listOperations().filter((o) => o.operationId !== 'streamEvents')) {
    it(`${op.method} ${op.path}`, async () => {
      const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const paths = params.length === 0 ? [op.path] : pathValues().map((v) => op.path.replace(/\{\w+\}/g, encodeURIComponent(v)));
      for (const path of paths) {
        for (const query of queries) {
          for (const body of op.method === 'GET' || op.method === 'DELETE' ? [undefined] : bodies) {
            const res = await t.app.inject({
              method: op.method,
              url: path + query,
              headers: { ...auth, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
              payload: body,
            });
            const what = `${op.method} ${path}${query} ${body ?? ''}`.slice(0, 200);
            expect(res.statusCode, what).toBeLessThan(500);
          }
        }
      }
    });
  }
});
