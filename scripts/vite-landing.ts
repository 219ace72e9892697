// Vite plugin: the landing page "/" as static HTML, rendered from src/client/features/landing (prerender.tsx) with
// landing.html as its shell: at build time one file per language, with and without the Discord button, its CSS inlined;
// under `npm run dev` rendered on every request of "/" the way the server would choose it.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runnerImport, type Plugin } from 'vite';
import { chooseLanguage, LANGUAGES } from '../src/rules/language-choice.ts';
import { landingPageFile } from '../src/server/http/prerendered-files.ts';
import { assetText, inlineStylesheets } from './vite-html.ts';
import type { RenderedLanding, renderLanding } from '../src/client/features/landing/prerender.tsx';

/** The landing page's shell, an input of the build beside index.html. */
export const LANDING_SHELL = 'landing.html';
const PRERENDER_MODULE = 'src/client/features/landing/prerender.tsx';

interface Prerender {
  renderLanding: typeof renderLanding;
}

function isPrerender(module: unknown): module is Prerender {
  return typeof module === 'object' && module !== null && 'renderLanding' in module && typeof module.renderLanding === 'function';
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The shell with the rendered page in it: the document's language, title and description, and the body. */
export function fillShell(shell: string, page: RenderedLanding): string {
  const head = `<title>${escapeHtml(page.title)}</title>\n    <meta name="description" content="${escapeHtml(page.description)}" />`;
  return shell
    .replace(/<html lang="[^"]*">/, `<html lang="${page.language}">`)
    .replace('<!--landing-head-->', () => head)
    .replace('<!--landing-body-->', () => page.body);
}

/** Whether the API server under `npm run dev` offers Discord sign-in (what the compiled server knows from its config). */
async function discordOffered(apiOrigin: string): Promise<boolean> {
  try {
    const response = await fetch(`${apiOrigin}/api/auth/options`);
    const body: unknown = response.ok ? await response.json() : null;
    return typeof body === 'object' && body !== null && 'discord' in body && body.discord === true;
  } catch {
    return false;
  }
}


export function landingPage({ apiOrigin }: { apiOrigin: string }): Plugin {
  let root = process.cwd();
  return {
    name: 'vikings-landing',
    configResolved(config) {
      root = config.root;
    },

    configureServer(server) {
      // Before Vite's own middlewares, which would send index.html (the app) for "/".
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? '').split('?')[0];
        if (path !== '/' || (request.method !== 'GET' && request.method !== 'HEAD')) return next();
        const acceptLanguage = request.headers['accept-language'];
        const language = chooseLanguage(request.headers.cookie, Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage);
        void (async () => {
          const prerender: unknown = await server.ssrLoadModule(resolve(root, PRERENDER_MODULE));
          if (!isPrerender(prerender)) throw new Error(`${PRERENDER_MODULE} exports no renderLanding`);
          const page = await prerender.renderLanding(language, { discord: await discordOffered(apiOrigin) });
          const html = await server.transformIndexHtml(`/${LANDING_SHELL}`, fillShell(readFileSync(resolve(root, LANDING_SHELL), 'utf8'), page));
          response.statusCode = 200;
          response.setHeader('content-type', 'text/html; charset=utf-8');
          response.setHeader('cache-control', 'no-cache');
          response.setHeader('vary', 'Cookie, Accept-Language');
          response.end(request.method === 'HEAD' ? undefined : html);
        })().catch(next);
      });
    },

    // The page's texts and markup reach the browser only through "/": reload it when they change.
    handleHotUpdate({ file, server }) {
      if (/[\\/]features[\\/]landing[\\/].*\.tsx$|[\\/]locales[\\/][^\\/]+[\\/]landing\.json$|[\\/]landing\.html$/.test(file)) {
        server.ws.send({ type: 'full-reload' });
      }
    },

    generateBundle: {
      // After Vite has written the shell's HTML (hashed script and stylesheet addresses in it).
      order: 'post',
      async handler(_options, bundle) {
        const shellAsset = bundle[LANDING_SHELL];
        if (!shellAsset || shellAsset.type !== 'asset') return;
        delete bundle[LANDING_SHELL];
        // The stylesheets go inline: the first paint then needs the HTML alone, not one more round trip.
        const { html: shell, inlined } = inlineStylesheets(assetText(shellAsset), bundle);
        const stillLinked = Object.values(bundle).some((item) => item.type === 'asset' && item.fileName.endsWith('.html') && [...inlined].some((file) => assetText(item).includes(file)));
        if (!stillLinked) for (const file of inlined) delete bundle[file];

        const { module } = await runnerImport<unknown>(resolve(root, PRERENDER_MODULE), { root, logLevel: 'error' });
        if (!isPrerender(module)) throw new Error(`${PRERENDER_MODULE} exports no renderLanding`);
        for (const language of LANGUAGES) {
          for (const discord of [false, true]) {
            const page = await module.renderLanding(language, { discord });
            this.emitFile({ type: 'asset', fileName: landingPageFile(language, discord), source: fillShell(shell, page) });
          }
        }
      },
    },
  };
}
