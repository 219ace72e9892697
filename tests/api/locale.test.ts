// The player's language: null until chosen, then carried by every reply about themselves (me, sign-in) and only theirs; refused for anyone else and for anything but English and German.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/server/db/schema';
import type { PlayerId } from '../../src/rules/ids';
import { newPlayer, registerPlayer, request, startTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const storedLocale = async (id: PlayerId) => (await t.database.db.select({ locale: users.locale }).from(users).where(eq(users.id, id)))[0]?.locale;

describe('the player language', () => {
  it('is null for a new account, then the choice in me and at the next sign-in', async () => {
    const player = await registerPlayer(t.app, newPlayer('lang'));
    expect(player.user).toMatchObject({ locale: null });
    const chosen = await request(t, player, 'PUT', '/api/me/locale', { locale: 'de' });
    expect(chosen.statusCode).toBe(204);
    expect(chosen.body).toBe('');
    const me = await request(t, player, 'GET', '/api/auth/me');
    expect(me.json().user.locale).toBe('de');
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: player.body.email, password: player.body.password } });
    expect(again.statusCode).toBe(200);
    expect(again.json().user.locale).toBe('de');
    // Chosen back: English is a choice too, not the absence of one.
    expect((await request(t, player, 'PUT', '/api/me/locale', { locale: 'en' })).statusCode).toBe(204);
    expect((await request(t, player, 'GET', '/api/auth/me')).json().user.locale).toBe('en');
  });

  it("changes only the caller's account", async () => {
    const one = await registerPlayer(t.app, newPlayer('one'));
    const other = await registerPlayer(t.app, newPlayer('oth'));
    expect((await request(t, one, 'PUT', '/api/me/locale', { locale: 'de' })).statusCode).toBe(204);
    expect(await storedLocale(one.user.id)).toBe('de');
    expect(await storedLocale(other.user.id)).toBeNull();
    expect((await request(t, other, 'GET', '/api/auth/me')).json().user.locale).toBeNull();
  });

  it.each([
    ['a language the game does not speak', { locale: 'fr' }],
    ['a region instead of a language', { locale: 'de-DE' }],
    ['null', { locale: null }],
    ['nothing', {}],
    ['another field beside it', { locale: 'de', theme: 'dark' }],
  ])('refuses %s with a readable 400 and keeps the language', async (_what, body) => {
    const player = await registerPlayer(t.app, newPlayer('bad'));
    await request(t, player, 'PUT', '/api/me/locale', { locale: 'de' });
    const res = await request(t, player, 'PUT', '/api/me/locale', body);
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().error).toBe('string');
    expect(await storedLocale(player.user.id)).toBe('de');
  });

  it('answers 401 to nobody signed in', async () => {
    const res = await request(t, null, 'PUT', '/api/me/locale', { locale: 'de' });
    expect(res.statusCode).toBe(401);
  });
});
