// Serving the built client: files, the single-page fallback, security headers, and JSON 404s under /api.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, type TestApp } from './harness';

let t: TestApp;
const dist = mkdtempSync(join(tmpdir(), 'vikings-dist-'));
beforeAll(async () => {
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Vikings</title><div id="root"></div>');
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log("viking");');
  t = await startTestApp({ staticDir: dist });
});
afterAll(async () => {
  await t.close();
});

describe('the built client', () => {
  it('serves the page at / and at every client route, never cached', async () => {
    for (const url of ['/', '/register', '/game/map?x=3&y=4', '/admin/users']) {
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
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers unknown API paths with a JSON 404, not the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toContain('No such endpoint');
  });
});
