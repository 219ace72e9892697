// Serving the built client: the prerendered landing page at / and sign-in pages in the visitor's language, files, the single-page
// fallback, security headers, and JSON 404s under /api.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { startTestApp, type TestApp } from './harness';
import { SIGN_IN_PAGES, signInPageFile } from '../../src/server/http/prerendered-files';
import { LANGUAGES } from '../../src/rules/language-choice';

let t: TestApp;
const dist = mkdtempSync(join(tmpdir(), 'vikings-dist-'));

/** The build's landing pages (scripts/vite-landing.ts writes them), each saying which it is. */
function writeLandingPages(root: string) {
  mkdirSync(join(root, 'landing'), { recursive: true });
  for (const language of ['en', 'de']) {
    writeFileSync(join(root, 'landing', `${language}.html`), `<!doctype html><html lang="${language}"><title>landing ${language}</title>`);
    writeFileSync(join(root, 'landing', `${language}-discord.html`), `<!doctype html><html lang="${language}"><title>landing ${language} with Discord</title>`);
  }
}

/** The build's sign-in pages (scripts/vite-sign-in-pages.ts writes them), each saying which it is. */
function writeSignInPages(root: string) {
  for (const path of SIGN_IN_PAGES) {
    for (const language of LANGUAGES) {
      for (const discord of [false, true]) {
        const file = join(root, signInPageFile(path, language, discord));
        mkdirSync(dirname(file), { recursive: true });
        writeFileSync(file, `<!doctype html><html lang="${language}"><title>${path} ${language}${discord ? ' with Discord' : ''}</title><div id="root"><form></form></div>`);
      }
    }
  }
}

beforeAll(async () => {
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Vikings</title><div id="root"></div>');
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log("viking");');
  writeLandingPages(dist);
  writeSignInPages(dist);
  t = await startTestApp({ staticDir: dist });
});
afterAll(async () => {
  await t.close();
});

const landingOf = (body: string) => /<title>(.*)<\/title>/.exec(body)?.[1];

describe('the landing page at /', () => {
  it('is the prerendered page in English by default, told to caches to differ by cookie and language, never kept unasked', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(landingOf(res.body)).toBe('landing en');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toContain('Cookie, Accept-Language');
    expect(res.headers['content-language']).toBe('en');
    expect(res.body).not.toContain('<div id="root">');
  });

  it('is German for a browser that asks for German first, and English for one that asks for it only later', async () => {
    const page = async (acceptLanguage: string) => landingOf((await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': acceptLanguage } })).body);
    expect(await page('de-DE,de;q=0.9,en;q=0.8')).toBe('landing de');
    expect(await page('de')).toBe('landing de');
    expect(await page('en-US,en;q=0.9,de;q=0.8')).toBe('landing en');
    expect(await page('fr-FR')).toBe('landing en');
  });

  it('follows the vikings_lang cookie before the browser’s languages, and ignores one naming no language of ours', async () => {
    const page = async (cookie: string, acceptLanguage: string) => {
      const res = await t.app.inject({ method: 'GET', url: '/', headers: { cookie, 'accept-language': acceptLanguage } });
      return [landingOf(res.body), res.headers['content-language']];
    };
    expect(await page('vikings_lang=de', 'en-US')).toEqual(['landing de', 'de']);
    expect(await page('theme=dark; vikings_lang=en', 'de-DE')).toEqual(['landing en', 'en']);
    expect(await page('vikings_lang=xx', 'de-DE')).toEqual(['landing de', 'de']);
  });

  it('answers 304 to its own tag, and never to the other language’s (after a switch the new page comes)', async () => {
    const english = await t.app.inject({ method: 'GET', url: '/' });
    const tag = String(english.headers.etag);
    expect(tag).toBeTruthy();
    expect(english.headers['last-modified']).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': tag } })).statusCode).toBe(304);
    const switched = await t.app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': tag, cookie: 'vikings_lang=de' } });
    expect(switched.statusCode).toBe(200);
    expect(landingOf(switched.body)).toBe('landing de');
    expect(switched.headers.etag).not.toBe(tag);
  });

  it('answers HEAD like GET', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/', headers: { cookie: 'vikings_lang=de' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-language']).toBe('de');
    expect(res.body).toBe('');
  });
});

describe('the landing page of a server offering Discord sign-in', () => {
  let withDiscord: TestApp;
  beforeAll(async () => {
    withDiscord = await startTestApp({
      staticDir: dist,
      discord: { clientId: 'c', clientSecret: 's', redirectUri: 'http://127.0.0.1/api/auth/discord/callback', apiBase: 'http://127.0.0.1:9' },
    });
  });
  afterAll(async () => {
    await withDiscord.close();
  });

  it('is the page with the Discord button, in the visitor’s language', async () => {
    expect(landingOf((await withDiscord.app.inject({ method: 'GET', url: '/' })).body)).toBe('landing en with Discord');
    const german = await withDiscord.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'de-AT' } });
    expect(landingOf(german.body)).toBe('landing de with Discord');
  });

  it('sends the sign-in pages with the Discord button too', async () => {
    expect(landingOf((await withDiscord.app.inject({ method: 'GET', url: '/login' })).body)).toBe('/login en with Discord');
    const german = await withDiscord.app.inject({ method: 'GET', url: '/register', headers: { cookie: 'vikings_lang=de' } });
    expect(landingOf(german.body)).toBe('/register de with Discord');
  });
});

describe('the sign-in pages at /login and /register', () => {
  it('are the prerendered pages in the visitor’s language, told to caches to differ by cookie and language, never kept unasked', async () => {
    for (const path of SIGN_IN_PAGES) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(landingOf(res.body)).toBe(`${path} en`);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toBe('Cookie, Accept-Language');
      expect(res.headers['content-language']).toBe('en');
      const german = await t.app.inject({ method: 'GET', url: path, headers: { 'accept-language': 'de-DE,de;q=0.9' } });
      expect(landingOf(german.body)).toBe(`${path} de`);
      expect(german.headers['content-language']).toBe('de');
    }
  });

  it('are the same page with a query (where to go after signing in), and answer 304 only to their own tag', async () => {
    expect(landingOf((await t.app.inject({ method: 'GET', url: '/login?from=%2Fgame%2Fmap' })).body)).toBe('/login en');
    const first = await t.app.inject({ method: 'GET', url: '/register' });
    const tag = String(first.headers.etag);
    expect((await t.app.inject({ method: 'GET', url: '/register', headers: { 'if-none-match': tag } })).statusCode).toBe(304);
    const other = await t.app.inject({ method: 'GET', url: '/register', headers: { 'if-none-match': tag, cookie: 'vikings_lang=de' } });
    expect(other.statusCode).toBe(200);
    expect(landingOf(other.body)).toBe('/register de');
    // Another page's tag is not this one's.
    expect((await t.app.inject({ method: 'GET', url: '/login', headers: { 'if-none-match': tag } })).statusCode).toBe(200);
  });
});

describe('the built client', () => {
  it('serves the app at every client route, never cached', async () => {
    for (const url of ['/forgot-password', '/game/map?x=3&y=4', '/admin/users']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('lets content-hashed assets be kept for a year without asking again, and the page never', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('serves assets, and picks up files added after start', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' })).body).toContain('viking');
    writeFileSync(join(dist, 'assets', 'later-5678.js'), 'console.log("later");');
    expect((await t.app.inject({ method: 'GET', url: '/assets/later-5678.js' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('sends security headers', async () => {
    for (const url of ['/', '/login']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('answers unknown API paths with a JSON 404, not the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toContain('No such endpoint');
  });

  // Last: it takes the prerendered pages away.
  it('serves the app at /, /login and /register from a build without the prerendered pages, as before them', async () => {
    rmSync(join(dist, 'landing'), { recursive: true });
    rmSync(join(dist, 'sign-in'), { recursive: true });
    for (const url of ['/', '/login', '/register']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'de' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe('<!doctype html><title>Vikings</title><div id="root"></div>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });
});
