// The built client from STATIC_DIR with its cache headers, the single-page fallback, and what an unknown address or method answers.
import { existsSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { allowedMethods, type Operation } from '../openapi';
import { errorBody, say } from '../errors';

/** Cache-Control of content-hashed files. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export const staticClient = fp<{ staticDir: string | null; operations: Operation[] }>(async (app, { staticDir, operations }) => {
  const methodsOf = allowedMethods(operations);
  const root = staticDir ? resolve(staticDir) : null;
  const serveClient = root !== null && existsSync(resolve(root, 'index.html'));
  if (root !== null && serveClient) {
    const hashedAssets = resolve(root, 'assets') + sep;
    const serviceWorker = resolve(root, 'sw.js');
    // wildcard: files are looked up per request, so a rebuilt dist/ is served without a restart.
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: ['index.html'],
      maxAge: '1h',
      // Files under assets/ carry a hash of their content in their name, so a name never changes content: a year, and
      // no revalidation. The page itself is always revalidated so a new build is picked up, and so is the service worker
      // (sw.js: its name never changes, and a browser holding an old one would keep it for the hour); the rest (favicon) an hour.
      setHeaders: (reply, path) => {
        if (path.endsWith('.html') || path === serviceWorker) reply.header('cache-control', 'no-cache');
        else if (path.startsWith(hashedAssets)) reply.header('cache-control', IMMUTABLE);
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const [path = ''] = request.url.split('?');
    const allowed = methodsOf(path);
    if (allowed.length > 0) {
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send(errorBody(say('method_not_allowed', { method: request.method, allowed: allowed.join(' or ') })));
    }
    if (path.startsWith('/api/') || path === '/api' || !serveClient || request.method !== 'GET') {
      return reply.code(404).send(errorBody(say('no_such_endpoint', { method: request.method, path })));
    }
    if (/\.[a-z0-9]+$/i.test(path)) return reply.code(404).send(errorBody(say('file_not_found')));
    // Single-page app: every other GET is a client route.
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
