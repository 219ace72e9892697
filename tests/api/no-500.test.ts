// Every operation of openapi.yaml, called with odd paths, queries and bodies by a signed-in player, never fails with a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { inlineRefs, listOperations } from '../../src/server/openapi';
import { users } from '../../src/server/db/schema';
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
  // An admin passes every role guard, so the odd-character sweep reaches the validation of every operation.
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, player.user.id));
});
afterAll(async () => {
  await t.close();
});

const unknownId = '00000000-0000-4000-8000-000000000000';
const pathValues = () => ['x', '-1', '0', '99999999999', '1.5', '%00', '%E2%80%AE', '%E0%A4%A', unknownId, villageId, worldId];
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

/** Characters the review found or that spoof: NUL, a right-to-left override, C0/C1 controls, a zero-width joiner, stacked marks, a lone surrogate. */
const oddStrings = ['Odin\u0000', '\u202Eevil', 'bell\u0007\u009B', 'zero\u200Dwidth', 'e\u0301\u0301\u0301\u0301', 'half\uD800'];

/** A lone surrogate cannot be URI-encoded, so it goes as the bytes a careless client would send (CESU-8). */
const queryText = (odd: string) => (odd.includes('\uD800') ? 'half%ED%A0%80' : encodeURIComponent(odd));

type SchemaNode = { type?: string | string[]; properties?: Record<string, SchemaNode>; items?: SchemaNode; enum?: unknown[]; allOf?: SchemaNode[]; oneOf?: SchemaNode[]; anyOf?: SchemaNode[] };

/** A value for `schema` where every string, at any depth, is `odd` and everything else is plausible. */
function fill(schema: SchemaNode | undefined, odd: string): unknown {
  if (!schema) return odd;
  const variant = schema.allOf?.[0] ?? schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (variant) return fill({ ...variant, ...(schema.allOf ? Object.assign({}, ...schema.allOf) : {}) }, odd);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, fill(value, odd)]));
  }
  if (type === 'array') return [fill(schema.items, odd)];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return false;
  return odd;
}

describe('odd characters in every string field and query parameter are refused or taken as text, never a 500', () => {
  const spec = listOperations().filter((o) => o.operationId !== 'streamEvents');
  for (const op of spec) {
    const schema = op.schema as { body?: unknown; querystring?: { properties?: Record<string, unknown> } };
    const body = schema.body ? (inlineRefs(schema.body) as SchemaNode) : undefined;
    const queryNames = Object.keys(schema.querystring?.properties ?? {});
    if (!body && queryNames.length === 0) continue;
    it(`${op.method} ${op.path}`, async () => {
      const path = op.path.replace('{villageId}', villageId).replace('{worldId}', worldId).replace(/\{\w+\}/g, unknownId);
      for (const odd of oddStrings) {
        const query = queryNames.length ? '?' + queryNames.map((name) => `${name}=${queryText(odd)}`).join('&') : '';
        const res = await t.app.inject({
          method: op.method,
          url: path + query,
          headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
          payload: body ? JSON.stringify(fill(body, odd)) : undefined,
        });
        const what = `${op.method} ${path}${query} ${JSON.stringify(odd)}`;
        expect(res.statusCode, what).toBeLessThan(500);
      }
    });
  }
});
