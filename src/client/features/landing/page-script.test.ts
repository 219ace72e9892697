// @vitest-environment happy-dom
// The landing page's script on the prerendered page: the figures filled in the page's language (or hidden in place),
// the language picker's cookie, and a stored session sent on to /dashboard exactly when the app would count it signed in.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { within } from '@testing-library/dom';
import { OWN_SESSION_KEY, TOKEN_KEY, USER_KEY } from '../../state/session';
import { reply, setupFakeServer } from '../../test/fakeServer';
import { STORED_SESSION_KEYS, signedIn, startLandingPage, type Navigation } from './page-script';
import { renderLanding } from './prerender';

const server = setupFakeServer();

/** The prerendered page of `language` as the document, and a record of where the script sent the browser. */
async function openPage(language: 'en' | 'de') {
  const page = await renderLanding(language, { discord: false });
  document.documentElement.lang = language;
  document.body.innerHTML = page.body;
  const went: string[] = [];
  const navigation: Navigation = { goTo: (address) => went.push(`go ${address}`), reload: () => went.push('reload') };
  return { went, navigation, screen: within(document.body) };
}

const figuresList = () => document.querySelector<HTMLElement>('[data-figures]')!;
const items = () => [...figuresList().querySelectorAll('li')].map((item) => item.textContent);

beforeEach(() => {
  localStorage.clear();
  document.cookie = 'vikings_lang=; max-age=0; path=/';
});
afterEach(() => {
  document.body.innerHTML = '';
});

describe('the figures', () => {
  it('are the server’s, as whole numbers in English with each label in its plural', async () => {
    server.on('GET /api/public/figures', { players: 1234, alliances: 1, worlds: 3, battles: 98_765 });
    const { navigation } = await openPage('en');
    await startLandingPage(document, navigation);
    expect(items()).toEqual(['1,234 players', '1 alliance', '3 worlds', '98,765 battles']);
    expect(figuresList().getAttribute('aria-busy')).toBeNull();
    expect(figuresList().querySelector('.stat__value')!.getAttribute('aria-hidden')).toBeNull();
  });

  it('are written the German way on the German page, large numbers shortened so they keep to their box', async () => {
    server.on('GET /api/public/figures', { players: 1234, alliances: 1, worlds: 0, battles: 2_500_000 });
    const { navigation } = await openPage('de');
    await startLandingPage(document, navigation);
    expect(items()).toEqual(['1.234 Spieler', '1 Allianz', '0 Welten', '2,5\u00a0Mio. Schlachten']);
  });

  it('are hidden in place when the server cannot say, and when it answers something else than figures', async () => {
    for (const answer of [reply(404, { error: 'No such endpoint' }), reply(200, { players: -1, alliances: 2, worlds: 1, battles: 0 }), reply(500, {})]) {
      server.on('GET /api/public/figures', answer);
      const { navigation } = await openPage('en');
      await startLandingPage(document, navigation);
      expect(figuresList().classList.contains('landing__stats--unavailable')).toBe(true);
      expect(figuresList().getAttribute('aria-busy')).toBeNull();
      expect(items()).toEqual(['– players', '– alliances', '– worlds', '– battles']);
    }
  });
});

describe('the language picker', () => {
  it('remembers the language for a year and shows the page in it, once', async () => {
    server.on('GET /api/public/figures', reply(404));
    const { navigation, went, screen } = await openPage('en');
    await startLandingPage(document, navigation);
    screen.getByRole('button', { name: 'English' }).click();
    expect(document.cookie).toContain('vikings_lang=en');
    expect(went).toEqual([]);
    screen.getByRole('button', { name: 'Deutsch' }).click();
    expect(document.cookie).toContain('vikings_lang=de');
    expect(went).toEqual(['reload']);
  });
});

describe('a stored session', () => {
  const user = JSON.stringify({ id: 'u1', username: 'Astrid' });

  it('uses the app’s own keys', () => {
    expect(STORED_SESSION_KEYS).toEqual({ token: TOKEN_KEY, user: USER_KEY, ownSession: OWN_SESSION_KEY });
  });

  it('that the server accepts sends the player on to /dashboard; a visitor without one stays and asks nothing', async () => {
    server.on('GET /api/public/figures', reply(404));
    server.on('GET /api/auth/me', (call) => (call.request.headers.get('authorization') === 'Bearer good' ? { user: {} } : reply(401)));
    let opened = await openPage('en');
    await startLandingPage(document, opened.navigation);
    expect(opened.went).toEqual([]);
    expect(server.requests('GET', '/api/auth/me')).toHaveLength(0);

    localStorage.setItem('token', 'good');
    localStorage.setItem('user', user);
    opened = await openPage('en');
    await startLandingPage(document, opened.navigation);
    expect(opened.went).toEqual(['go /dashboard']);
    expect(server.requests('GET', '/api/auth/me')).toHaveLength(1);
  });

  it('that the server rejects is dropped and the visitor stays, unless a sitter’s own session is kept, which is asked in turn', async () => {
    server.on('GET /api/auth/me', (call) => (call.request.headers.get('authorization') === 'Bearer own' ? { user: {} } : reply(401)));
    localStorage.setItem('token', 'stale');
    localStorage.setItem('user', user);
    expect(await signedIn()).toBe(false);
    expect([localStorage.getItem('token'), localStorage.getItem('user')]).toEqual([null, null]);

    localStorage.setItem('token', 'sitting');
    localStorage.setItem('user', user);
    localStorage.setItem('sitterOwnSession', JSON.stringify({ token: 'own', user: { id: 'u2', username: 'Bjorn' } }));
    expect(await signedIn()).toBe(true);
    expect(localStorage.getItem('token')).toBe('own');
    expect(JSON.parse(localStorage.getItem('user')!)).toEqual({ id: 'u2', username: 'Bjorn' });
    expect(localStorage.getItem('sitterOwnSession')).toBeNull();
  });

  it('that the server could not check counts while a user is stored, as the app keeps it', async () => {
    server.on('GET /api/auth/me', () => {
      throw new TypeError('Failed to fetch');
    });
    localStorage.setItem('token', 'maybe');
    localStorage.setItem('user', user);
    expect(await signedIn()).toBe(true);
    localStorage.removeItem('user');
    expect(await signedIn()).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
  });
});
