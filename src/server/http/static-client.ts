// The built client from STATIC_DIR with its cache headers: the prerendered landing page in the visitor's language for
// "/", the single-page app for every other client route, and what an unknown address or method answers.
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { chooseLanguage, type Language } from '../../rules/language-choice';
import { allowedMethods, type Operation } from '../openapi';
import { errorBody, say } from '../errors';

/** Cache-Control of content-hashed files. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The landing page the build prerendered for `language`, with the Discord button or without (scripts/vite-landing.ts
 * writes these names): the server knows whether it offers Discord sign-in, so the page needs no request to ask.
 */
export function landingPageFile(language: Language, discord: boolean): string {
  return `landing/${language}${discord ? '-discord' : ''}.html`;
}

export interface StaticClientOptions {
  staticDir: string | null;
  operations: Operation[];
  /** Whether Discord sign-in is configured: the landing page is sent with its button then. */
  discord: boolean;
}

export const staticClient = fp<StaticClientOptions>(async (app, { staticDir, operations, discord }) => {
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

    // "/" is the landing page, static HTML in the visitor's language (the `vikings_lang` cookie, else Accept-Language
    // starting with German, else English). It differs by those two headers, so caches are told (Vary) and, as every
    // page, it is revalidated on each visit. Its tag names the file: after a switch of language a revalidation with
    // the other page's tag is never answered 304 (and no Last-Modified, which both files of one build share). A build
    // without the landing page (older than it) has the app answer "/", as it did before.
    app.get('/', async (request, reply) => {
      const language = chooseLanguage(request.headers.cookie, request.headers['accept-language']);
      const file = landingPageFile(language, discord);
      reply.header('cache-control', 'no-cache');
      const found = await stat(resolve(root, file)).catch(() => null);
      if (!found) return reply.sendFile('index.html');
      const tag = `W/"${file}-${found.size.toString(36)}-${Math.round(found.mtimeMs).toString(36)}"`;
      reply.header('vary', 'Cookie, Accept-Language').header('content-language', language).header('etag', tag);
      const asked = request.headers['if-none-match'];
      if (asked?.split(',').some((each) => each.trim() === tag)) return reply.code(304).send();
      return reply.sendFile(file, { etag: false, lastModified: false });
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
