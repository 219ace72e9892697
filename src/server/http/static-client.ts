// The built client from STATIC_DIR with its cache headers: the prerendered landing and sign-in pages in the visitor's
// language for "/", /login and /register, the single-page app for every other client route, and what an unknown address
// or method answers.
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { chooseLanguage, type Language } from '../../rules/language-choice';
import { allowedMethods, type Operation } from '../openapi';
import { errorBody, say } from '../errors';
import { landingPageFile, SIGN_IN_PAGES, signInPageFile } from './prerendered-files';

/** Cache-Control of content-hashed files. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

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

    // "/" is the landing page and /login and /register the sign-in pages, static HTML in the visitor's language (the
    // `vikings_lang` cookie, else Accept-Language starting with German, else English). They differ by those two headers,
    // so caches are told (Vary) and, as every page, they are revalidated on each visit. A tag names the file: after a
    // switch of language a revalidation with the other page's tag is never answered 304 (and no Last-Modified, which
    // all files of one build share). A build without the prerendered file (older than it) has the app answer, as before.
    const prerendered = (fileOf: (language: Language) => string) => async (request: FastifyRequest, reply: FastifyReply) => {
      const language = chooseLanguage(request.headers.cookie, request.headers['accept-language']);
      const file = fileOf(language);
      reply.header('cache-control', 'no-cache');
      const found = await stat(resolve(root, file)).catch(() => null);
      if (!found) return reply.sendFile('index.html');
      const tag = `W/"${file}-${found.size.toString(36)}-${Math.round(found.mtimeMs).toString(36)}"`;
      reply.header('vary', 'Cookie, Accept-Language').header('content-language', language).header('etag', tag);
      const asked = request.headers['if-none-match'];
      if (asked?.split(',').some((each) => each.trim() === tag)) return reply.code(304).send();
      return reply.sendFile(file, { etag: false, lastModified: false });
    };
    app.get('/', prerendered((language) => landingPageFile(language, discord)));
    for (const path of SIGN_IN_PAGES) app.get(path, prerendered((language) => signInPageFile(path, language, discord)));
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
