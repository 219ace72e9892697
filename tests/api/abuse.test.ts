// Abuse, for every operation of openapi.yaml at once: the cap on request bodies, the sign-in limits of every limited operation, and the security headers of pages, replies and refusals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listOperations, type Operation } from '../../src/server/openapi';
import { registerPlayer, newPlayer, startTestApp, type TestApp } from './harness';
import { withRole } from './proof-world';
import type { Player } from './village-helpers';

/** The server's cap on a request body (bodyLimit in src/server/app.ts). */
const BODY_LIMIT = 64 * 1024;
const LIMIT = 3;

let t: TestApp;
let player: Player;
let admin: Player;
const dist = mkdtempSync(join(tmpdir(), 'vikings-abuse-'));

beforeAll(async () => {
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Vikings</title><div id="root"></div>');
  t = await startTestApp({ staticDir: dist, authRateLimit: LIMIT, trustProxy: 1 });
  player = await registerPlayer(t.app, newPlayer('abu'));
  admin = await withRole(t, 'admin', 'abadm');
});
afterAll(async () => {
  await t.close();
});

/** Each request from an address of its own, so the sign-in limits of one test do not spill into another. */
let address = 0;
// One proxy hop is trusted: the address it appended, the last one, is the caller's.
const from = () => ({ 'x-forwarded-for': `203.0.113.9, 198.51.100.${(address = (address + 1) % 250)}` });
const pathOf = (op: Operation) => op.path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');
const headersOf = (op: Operation) => ({ ...from(), ...(op.secured ? (op.requiredRole ? admin.auth : player.auth) : {}) });

describe('the body cap', () => {
  const writes = listOperations().filter((op) => op.method !== 'GET');

  it.each(writes.map((op) => [op.operationId, op] as const))('%s refuses a body one byte over the cap with 413 and a message', async (_id, op) => {
    const padding = 'x'.repeat(BODY_LIMIT);
    const res = await t.app.inject({ method: op.method, url: pathOf(op), headers: { ...headersOf(op), 'content-type': 'application/json' }, payload: JSON.stringify({ p: padding }).slice(0, BODY_LIMIT + 1) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('Request body is too large');
  });

  it('reads a body just under the cap, and judges it by the contract', async () => {
    const name = 'x'.repeat(BODY_LIMIT - 100);
    const res = await t.app.inject({ method: 'POST', url: '/api/alliances/create', headers: player.auth, payload: { name, tag: 'ABCD', description: 'x', isPublic: true } });
    expect([res.statusCode, res.json().error]).toEqual([400, 'Invalid request: name must NOT have more than 50 characters']);
  });
});

describe('the sign-in limits', () => {
  const limited = listOperations().filter((op) => op.rateLimited);

  it('cover logging in, registering, the Discord sign-in and choosing a password', () => {
    expect(limited.map((op) => op.operationId).sort()).toEqual(['changePassword', 'discordCallback', 'login', 'redeemDiscordCode', 'register']);
  });

  it.each(limited.map((op) => [op.operationId, op] as const))('%s answers 429 with a readable message once an address used its tries', async (_id, op) => {
    const headers = from();
    const codes: number[] = [];
    let last = '';
    for (let i = 0; i < LIMIT + 2; i++) {
      const res = await t.app.inject({ method: op.method, url: op.method === 'GET' ? `${op.path}?code=x&state=y` : op.path, headers, payload: op.method === 'GET' ? undefined : {} });
      codes.push(res.statusCode);
      if (res.statusCode === 429) last = res.json().error;
    }
    expect(codes.slice(0, LIMIT).every((c) => c !== 429), codes.join()).toBe(true);
    expect(codes.slice(LIMIT)).toEqual([429, 429]);
    expect(last).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
  });

  it('count registrations per address of e-mail too, whichever address they come from', async () => {
    const body = newPlayer('again');
    const codes: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) codes.push((await t.app.inject({ method: 'POST', url: '/api/auth/register', headers: from(), payload: { ...body, username: `${body.username.slice(0, 15)}x${i}` } })).statusCode);
    // The first registers, the next two find the address taken, then the account's count is spent.
    expect(codes).toEqual([201, 409, 409, 429, 429]);
  });
});

describe('security headers', () => {
  const expectHardened = (headers: Record<string, unknown>, what: string) => {
    const csp = String(headers['content-security-policy'] ?? '');
    for (const directive of ["default-src 'self'", "script-src 'self'", "object-src 'none'", "base-uri 'self'", "frame-ancestors 'self'", "script-src-attr 'none'"]) {
      expect(csp, `${what}: ${directive}`).toContain(directive);
    }
    // No inline or evaluated script may run, whatever a name with markup smuggles into a page.
    expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
    expect(headers['x-content-type-options'], what).toBe('nosniff');
    expect(headers['x-frame-options'], what).toBe('SAMEORIGIN');
    expect(headers['referrer-policy'], what).toBe('no-referrer');
    expect(headers['cross-origin-opener-policy'], what).toBe('same-origin');
    expect(headers['x-powered-by'], what).toBeUndefined();
  };

  it('are sent with the page, with API replies and with every kind of refusal', async () => {
    const cases: [string, Promise<{ statusCode: number; headers: Record<string, unknown> }>][] = [
      ['the page', t.app.inject({ method: 'GET', url: '/' })],
      ['a client route', t.app.inject({ method: 'GET', url: '/game/map' })],
      ['an API reply', t.app.inject({ method: 'GET', url: '/api/auth/me', headers: player.auth })],
      ['a 400', t.app.inject({ method: 'POST', url: '/api/alliances/create', headers: player.auth, payload: {} })],
      ['a 401', t.app.inject({ method: 'GET', url: '/api/villages' })],
      ['a 403', t.app.inject({ method: 'GET', url: '/api/admin/users', headers: player.auth })],
      ['a 404', t.app.inject({ method: 'GET', url: '/api/nothing-here' })],
      ['a 413', t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: 'x'.repeat(BODY_LIMIT + 1) })],
    ];
    for (const [what, reply] of cases) expectHardened((await reply).headers, what);
  });
});
