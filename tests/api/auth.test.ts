// Auth API: register, login, me, logout, sessions, roles, rate limits and malformed input on every auth call.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPlayer, registerPlayer, startTestApp, type TestApp } from './harness';
import { desc, eq } from 'drizzle-orm';
import { auditLog, users } from '../../src/server/db/schema';
import { userIdByEmail } from '../../src/server/accounts/accounts';
import { setUserRole } from '../../src/server/operators/admin';
import { OPERATOR } from '../../src/server/operators/audit';

/** What `npm run cli -- set-role` does: the admin page's service, as the operator. */
const setRole = async (db: Parameters<typeof userIdByEmail>[0], email: string, role: string) =>
  setUserRole(db, OPERATOR, { userId: await userIdByEmail(db, email), role }, new Date());

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('health', () => {
  it('answers ok once the database is open', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('register', () => {
  it('creates an account and returns a token that works', async () => {
    const body = newPlayer('reg');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(res.statusCode).toBe(201);
    const { user, token } = res.json();
    expect(user).toMatchObject({ username: body.username, email: body.email, role: 'user', discordAvatar: null });
    expect(user).not.toHaveProperty('passwordHash');
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(user.id);
  });

  it.each([
    [{ username: 'ab' }, 'Username must be at least 3 characters'],
    [{ username: 'a'.repeat(21) }, 'username'],
    [{ email: 'not-an-email' }, 'email'],
    [{ password: 'short1!A' .slice(0, 5) }, 'password'],
    [{ password: 'alllowercase1!' }, "Password doesn't meet requirements"],
    [{ password: 'NoSpecials123' }, "Password doesn't meet requirements"],
  ])('refuses %o with 400', async (patch, expected) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...newPlayer('bad'), ...patch } });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(expected);
    expect(typeof res.json().error).toBe('string');
  });

  it('says which of email and username is taken (409)', async () => {
    const first = await registerPlayer(t.app, newPlayer('dup'));
    const sameEmail = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...newPlayer('dup'), email: first.body.email.toUpperCase() },
    });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().error).toBe('Email is already registered');
    const sameName = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...newPlayer('dup'), username: first.body.username },
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().error).toBe('Username is already taken');
  });

  it('lets exactly one of two racing registrations of the same email win', async () => {
    const body = newPlayer('race');
    const results = await Promise.all(
      [0, 1].map((i) =>
        t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { ...body, username: `${body.username.slice(0, 15)}x${i}` } }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('login', () => {
  it('logs in with the right password, case-insensitive email', async () => {
    const { body } = await registerPlayer(t.app, newPlayer('log'));
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: body.email.toUpperCase(), password: body.password } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.username).toBe(body.username);
    expect(typeof res.json().token).toBe('string');
  });

  it('never says whether the email exists', async () => {
    const { body } = await registerPlayer(t.app, newPlayer('log'));
    const wrongPassword = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: body.email, password: 'Wrong#Pass1' } });
    const unknownEmail = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.com', password: 'Wrong#Pass1' } });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json()).toEqual(unknownEmail.json());
  });
});

describe('sessions', () => {
  it('refuses calls without a token, with a bad token, and after logout', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: 'Bearer nonsense' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error).toBeTruthy();
    const { auth } = await registerPlayer(t.app);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth })).statusCode).toBe(401);
  });

  it('expires a session after 30 days', async () => {
    const { auth } = await registerPlayer(t.app);
    t.clock.advance(29 * 86_400_000);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth })).statusCode).toBe(200);
    t.clock.advance(2 * 86_400_000);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth })).statusCode).toBe(401);
  });

  it('answers 401 on a secured game call without a session, before any validation', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/villages' });
    expect(res.statusCode).toBe(401);
  });
});

describe('roles', () => {
  it('keeps the user list for admins (403 for others)', async () => {
    const player = await registerPlayer(t.app);
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: player.auth });
    expect(refused.statusCode).toBe(403);
    const admin = await registerPlayer(t.app, newPlayer('adm'));
    await setRole(t.database.db, admin.body.email, 'admin');
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const list = res.json() as { id: string; role: string }[];
    expect(list.find((u) => u.id === player.user.id)?.role).toBe('user');
    expect(list.find((u) => u.id === admin.user.id)?.role).toBe('admin');
  });

  it('refuses unknown roles and unknown emails in set-role', async () => {
    await expect(setRole(t.database.db, 'nobody@example.com', 'admin')).rejects.toThrow(/No user/);
    const player = await registerPlayer(t.app);
    await expect(setRole(t.database.db, player.body.email, 'emperor')).rejects.toThrow(/Unknown role/);
  });

  it('set-role is audited as the operator and never demotes the last admin', async () => {
    const only = await registerPlayer(t.app, newPlayer('sole'));
    await setRole(t.database.db, only.body.email, 'admin');
    const admins = await t.database.db.select().from(users).where(eq(users.role, 'admin'));
    for (const other of admins.filter((a) => a.id !== only.user.id)) await t.database.db.update(users).set({ role: 'user' }).where(eq(users.id, other.id));
    await expect(setRole(t.database.db, only.body.email, 'user')).rejects.toThrow(/last admin/);
    const [entry] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(1);
    expect(entry).toMatchObject({ actorId: null, actorName: 'operator (CLI)', action: 'set_role', targetId: only.user.id });
  });
});

describe('malformed input never gets a 500', () => {
  const auth = [
    ['POST', '/api/auth/login'],
    ['POST', '/api/auth/register'],
    ['POST', '/api/auth/logout'],
    ['GET', '/api/auth/me'],
    ['GET', '/api/auth/discord'],
    ['GET', '/api/auth/discord/callback'],
  ] as const;
  const payloads: { body?: string; type?: string }[] = [
    {},
    { body: '', type: 'application/json' },
    { body: '{', type: 'application/json' },
    { body: 'null', type: 'application/json' },
    { body: '[]', type: 'application/json' },
    { body: '"text"', type: 'application/json' },
    { body: '42', type: 'application/json' },
    { body: '{"email":1,"password":true}', type: 'application/json' },
    { body: '{"email":null,"password":null,"username":null}', type: 'application/json' },
    { body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(5000), username: 'y'.repeat(5000) }), type: 'application/json' },
    { body: '{"email":"a@b.co","password":"Abcdef1!","username":"ok_name","extra":1}', type: 'application/json' },
    { body: '{"__proto__":{"admin":true},"email":"a@b.co","password":"x"}', type: 'application/json' },
    { body: 'email=a@b.co&password=x', type: 'application/x-www-form-urlencoded' },
    { body: '<xml/>', type: 'text/xml' },
    { body: 'x'.repeat(200_000), type: 'application/json' },
  ];
  for (const [method, url] of auth) {
    it(`${method} ${url}`, async () => {
      for (const p of payloads) {
        for (const query of ['', '?code=%FF%FE', '?code[]=1&code[]=2', '?error=' + 'e'.repeat(3000)]) {
          const res = await t.app.inject({
            method,
            url: url + query,
            payload: p.body,
            headers: { ...(p.type ? { 'content-type': p.type } : {}), authorization: 'Bearer x' },
          });
          expect(res.statusCode, `${method} ${url}${query} with ${p.body?.slice(0, 40)}`).toBeLessThan(500);
          if (res.statusCode >= 400) expect(typeof res.json().error).toBe('string');
        }
      }
    });
  }
});

describe('rate limits', () => {
  it('answers 429 with a readable message after too many tries from one address', async () => {
    const limited = await startTestApp({ authRateLimit: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x@y.zz', password: 'Nope#1234' } });
        codes.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json().error).toMatch(/Too many attempts/);
      }
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      limited.clock.advance(61_000);
      const after = await limited.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x@y.zz', password: 'Nope#1234' } });
      expect(after.statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});
