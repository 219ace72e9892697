// What a security review found, each closed: proxy addresses, shared sign-in limits, odd characters, spoofing names, sessions, transport and logs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { registerPlayer, newPlayer, startTestApp, type TestApp } from './harness';
import { newVillage, HOUR } from './village-helpers';
import { buildApp, loggedRequest } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { sessions } from '../../src/server/db/schema';
import { housekeeping } from '../../src/server/sweeper';
import { MAX_SESSIONS_PER_USER } from '../../src/server/accounts/sessions';

const login = (t: TestApp, email: string, headers: Record<string, string> = {}, extra: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', headers, payload: { email, password: 'Wrong#2026pass', ...extra } });

describe('sign-in limits', () => {
  it('believe only the proxy hops they are told to: invented left-most addresses do not escape the limit', async () => {
    const t = await startTestApp({ authRateLimit: 3, trustProxy: 1 });
    try {
      const codes = [];
      for (let i = 0; i < 8; i++) {
        // The client writes the first address; our proxy (one hop) appends the real one.
        const res = await login(t, `nobody${i}@example.com`, { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.7` });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
      // Another real client behind the same proxy has a count of its own.
      expect((await login(t, 'other@example.com', { 'x-forwarded-for': '198.51.100.8' })).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('count per account too, from any address', async () => {
    const t = await startTestApp({ authRateLimit: 3, trustProxy: 1 });
    try {
      const codes = [];
      for (let i = 0; i < 5; i++) codes.push((await login(t, 'target@example.com', { 'x-forwarded-for': `198.51.100.${i}` })).statusCode);
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      const res = await login(t, 'target@example.com', { 'x-forwarded-for': '198.51.100.99' });
      expect(res.json().error).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
    } finally {
      await t.close();
    }
  });

  it('count malformed tries, and limit the Discord callback', async () => {
    const t = await startTestApp({ authRateLimit: 3 });
    try {
      const malformed = [];
      for (let i = 0; i < 3; i++) {
        malformed.push((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'not-an-address', password: '' } })).statusCode);
      }
      expect(malformed).toEqual([400, 400, 400]);
      expect((await login(t, 'someone@example.com')).statusCode).toBe(429);
      t.clock.advance(61_000);
      const callbacks = [];
      for (let i = 0; i < 5; i++) callbacks.push((await t.app.inject({ method: 'GET', url: '/api/auth/discord/callback?code=x&state=y' })).statusCode);
      expect(callbacks).toEqual([302, 302, 302, 429, 429]);
    } finally {
      await t.close();
    }
  });

  it('are shared by every server on the database and survive a restart', async () => {
    const t = await startTestApp({ authRateLimit: 3 });
    try {
      for (let i = 0; i < 3; i++) expect((await login(t, 'shared@example.com')).statusCode).toBe(401);
      // A second server on the same database: the count goes on there.
      const second = await buildApp({ db: t.database.db, clock: t.clock, config: testConfig({ authRateLimit: 3 }) });
      await second.ready();
      const res = await second.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'shared@example.com', password: 'Wrong#2026pass' } });
      expect(res.statusCode).toBe(429);
      await second.close();
    } finally {
      await t.close();
    }
  });
});

describe('odd characters and spoofing names', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answer 400, never 500: NUL in a name, in a search, in any field', async () => {
    const { player, village } = await newVillage(t, undefined, 'nul');
    const rename = await t.app.inject({ method: 'PUT', url: `/api/map/village/${village.id}/rename`, headers: player.auth, payload: { name: 'Hall\u0000' } });
    expect([rename.statusCode, rename.json().error]).toEqual([400, 'Text may not contain control characters']);
    const search = await t.app.inject({ method: 'GET', url: `/api/map/search/${village.worldId}?q=%00`, headers: player.auth });
    expect(search.statusCode).toBe(400);
    const register = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { username: 'a\u0000b', email: 'x@y.zz', password: 'Valhalla#2026' } });
    expect(register.statusCode).toBe(400);
  });

  it('answer 400, never 500 nor a quiet U+FFFD: lone surrogates, broken escapes, infinities, a NUL in a sign-in address', async () => {
    const { player, village } = await newVillage(t, undefined, 'sur');
    const rename = await t.app.inject({ method: 'PUT', url: `/api/map/village/${village.id}/rename`, headers: player.auth, payload: { name: 'Hall\uD800' } });
    expect([rename.statusCode, rename.json().error]).toEqual([400, 'Text must be valid Unicode']);
    const password = await t.app.inject({ method: 'POST', url: '/api/auth/change-password', headers: player.auth, payload: { currentPassword: player.body.password, newPassword: 'Valhalla#2027\uDC00' } });
    expect(password.statusCode).toBe(400);
    const search = await t.app.inject({ method: 'GET', url: `/api/map/search/${village.worldId}?q=%ED%A0%80hall`, headers: player.auth });
    expect([search.statusCode, search.json().error]).toEqual([400, 'The address is not valid: its escapes must spell UTF-8 text']);
    const travel = await t.app.inject({ method: 'GET', url: '/api/map/travel-time/1/1/1/Infinity', headers: player.auth });
    expect([travel.statusCode, travel.json().error]).toEqual([400, 'Invalid request: numbers must be finite']);
    const huge = await t.app.inject({ method: 'POST', url: `/api/villages/${village.id}/units`, headers: { ...player.auth, 'content-type': 'application/json' }, payload: '{"unitType":"bondi","count":1e400}' });
    expect(huge.statusCode).toBe(400);
    // The sign-in count keyed by this address was written before the text was looked at, and failed.
    const register = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { username: 'nulmail', email: '\u0000x@example.com', password: 'Valhalla#2026' } });
    expect([register.statusCode, register.json().error]).toEqual([400, 'Text may not contain control characters']);
  });

  it('refuse bidi overrides, zero-width and control characters and stacked marks in every free text', async () => {
    const { player, village } = await newVillage(t, undefined, 'bidi');
    const spoofs = ['evil\u202Egnp.exe', 'a\u200Bb', 'tab\there', 'Z\u0301\u0301\u0301\u0301algo'];
    for (const name of spoofs) {
      const res = await t.app.inject({ method: 'PUT', url: `/api/map/village/${village.id}/rename`, headers: player.auth, payload: { name } });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
    }
    const alliance = await t.app.inject({ method: 'POST', url: '/api/alliances/create', headers: player.auth, payload: { name: 'Clan\u202E', tag: 'SPOOF', description: 'x', isPublic: true } });
    expect(alliance.statusCode).toBe(400);
    // Accented letters stay welcome, normalised to one form.
    const fine = await t.app.inject({ method: 'PUT', url: `/api/map/village/${village.id}/rename`, headers: player.auth, payload: { name: 'A\u030Arhus' } });
    expect([fine.statusCode, fine.json().village.name]).toEqual([200, '\u00C5rhus']);
  });
});

describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('last 12 hours without remember-me and 30 days with it', async () => {
    const player = await registerPlayer(t.app, newPlayer('ses'));
    const short = (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: player.body.email, password: player.body.password } })).json().token;
    const long = (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: player.body.email, password: player.body.password, rememberMe: true } })).json().token;
    const works = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })).statusCode;
    t.clock.advance(13 * HOUR);
    expect([await works(short), await works(long)]).toEqual([401, 200]);
  });

  it('are at most ten a player, the oldest ending first, and expired ones are purged', async () => {
    const player = await registerPlayer(t.app, newPlayer('cap'));
    const tokens: string[] = [player.token];
    for (let i = 0; i < MAX_SESSIONS_PER_USER; i++) {
      t.clock.advance(1000);
      tokens.push((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: player.body.email, password: player.body.password } })).json().token);
    }
    const status = async (token: string) => (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })).statusCode;
    expect(await status(tokens[0])).toBe(401);
    expect(await status(tokens[1])).toBe(200);
    const [held] = await t.database.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, player.user.id));
    expect(Number(held.n)).toBe(MAX_SESSIONS_PER_USER);
    t.clock.advance(40 * 24 * HOUR);
    await housekeeping(t.database.db, t.clock.now());
    const [left] = await t.database.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, player.user.id));
    expect(Number(left.n)).toBe(0);
  });
});

describe('transport and logs', () => {
  it('send HSTS and Secure cookies only when the server is told it runs over HTTPS', async () => {
    const discord = { clientId: 'c', clientSecret: 's', redirectUri: 'https://game.example/api/auth/discord/callback', apiBase: 'http://127.0.0.1:9' };
    const plain = await startTestApp({ discord });
    const secure = await startTestApp({ discord, https: true });
    try {
      const a = await plain.app.inject({ method: 'GET', url: '/api/auth/discord' });
      expect(a.headers['strict-transport-security']).toBeUndefined();
      expect(String(a.headers['set-cookie'])).not.toContain('Secure');
      const b = await secure.app.inject({ method: 'GET', url: '/api/auth/discord' });
      expect(b.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(b.headers['set-cookie'])).toContain('; Secure');
    } finally {
      await plain.close();
      await secure.close();
    }
    // Two databases of its own to open: on a two-core machine running the browser tests beside it, over 30 s.
  }, 120_000);

  it('never log the query of a sign-in address', () => {
    expect(loggedRequest({ method: 'GET', url: '/api/auth/discord/callback?code=secret&state=s' }).url).toBe('/api/auth/discord/callback?[redacted]');
    expect(loggedRequest({ method: 'GET', url: '/auth/callback?code=secret' }).url).toBe('/auth/callback?[redacted]');
    expect(loggedRequest({ method: 'GET', url: '/api/map/search/w?q=hall' }).url).toBe('/api/map/search/w?q=hall');
  });
});
