// Vite plugin: /login and /register as prerendered copies of index.html, the page's markup in `#root` (rendered by
// src/client/features/auth/prerender.tsx), its stylesheets inlined and its chunks preloaded: one file per page, language
// and Discord option. The browser paints the form from the HTML alone; the app then renders the same page over it.
// index.html itself gets the entry's stylesheet inline too.
import { resolve } from 'node:path';
import { runnerImport, type Plugin, type Rolldown } from 'vite';
import { assetText, inlineStylesheets, styleTag } from './vite-html.ts';
import { LANGUAGES } from '../src/rules/language-choice.ts';
import { signInPageFile } from '../src/server/http/prerendered-files.ts';
import type { renderSignInPage, SignInPath } from '../src/client/features/auth/prerender.tsx';

const PRERENDER_MODULE = 'src/client/features/auth/prerender.tsx';
/** The addresses prerendered, each with the module of its page (whose chunk and stylesheets the file preloads). */
const PAGES: readonly { path: SignInPath; module: RegExp }[] = [
  { path: '/login', module: /[\\/]features[\\/]auth[\\/]LoginPage\.tsx$/ },
  { path: '/register', module: /[\\/]features[\\/]auth[\\/]RegisterPage\.tsx$/ },
];
/** What a stylesheet import resolves to while the pages are rendered in Node. */
const STYLESHEET_STUB = '\0vikings-stylesheet';
/** The data layer's module: every sign-in page stands in it (routes.tsx), so its chunk is preloaded too. */
const DATA_LAYER = /[\\/]app[\\/]DataLayer\.tsx$/;

interface Prerender {
  renderSignInPage: typeof renderSignInPage;
}

function isPrerender(module: unknown): module is Prerender {
  return typeof module === 'object' && module !== null && 'renderSignInPage' in module && typeof module.renderSignInPage === 'function';
}

/** The chunk whose modules include one matching `module`, and every chunk it imports statically. */
function chunkWithImports(bundle: Rolldown.OutputBundle, module: RegExp): Rolldown.OutputChunk[] {
  const chunks = Object.values(bundle).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  const start = chunks.find((chunk) => chunk.moduleIds.some((id) => module.test(id)));
  if (!start) throw new Error(`no chunk of the build holds ${module}`);
  const found = new Map<string, Rolldown.OutputChunk>();
  const visit = (chunk: Rolldown.OutputChunk) => {
    if (found.has(chunk.fileName)) return;
    found.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const next = bundle[name];
      if (next?.type === 'chunk') visit(next);
    }
  };
  visit(start);
  return [...found.values()];
}

export function signInPages(): Plugin {
  let root = process.cwd();
  return {
    name: 'vikings-sign-in-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle: {
      // After Vite has written index.html (hashed script and stylesheet addresses in it).
      order: 'post',
      async handler(_options, bundle) {
        const index = bundle['index.html'];
        if (!index || index.type !== 'asset') return;
        const shell = assetText(index);
        const cssOf = (file: string) => {
          const asset = bundle[file];
          if (!asset || asset.type !== 'asset') throw new Error(`the build has no stylesheet ${file}`);
          return assetText(asset);
        };
        // The entry's stylesheets go inline, in the app's own page (every other address) as in these: the first paint
        // needs the HTML alone, one round trip less.
        const shellInlined = inlineStylesheets(shell, bundle).html;
        index.source = shellInlined;
        // The scripts are fetched at once but at low priority: the page is painted without them, and a browser that
        // gives them high priority may hold its first paint until they are in.
        const inlinedShell = shellInlined
          .replace(/<(script type="module"|link rel="modulepreload") /g, '<$1 fetchpriority="low" ')
          // The brand layer index.html shows until the app draws: here the page itself is drawn from the start.
          .replace(/\s*<style id="boot-style">[^<]*<\/style>/, '')
          .replace(/\s*<div id="boot"[^>]*>[\s\S]*?<\/div>/, '');
        // The pages import their stylesheets; rendering to markup needs none of them (they are inlined above).
        const noStylesheets: Plugin = {
          name: 'vikings-prerender-no-css',
          enforce: 'pre',
          resolveId: (source) => (source.endsWith('.css') ? STYLESHEET_STUB : null),
          load: (id) => (id === STYLESHEET_STUB ? 'export default {};' : null),
        };
        const { module } = await runnerImport<unknown>(resolve(root, PRERENDER_MODULE), { root, logLevel: 'error', configFile: false, plugins: [noStylesheets] });
        if (!isPrerender(module)) throw new Error(`${PRERENDER_MODULE} exports no renderSignInPage`);
        for (const page of PAGES) {
          const chunks = [...chunkWithImports(bundle, page.module), ...chunkWithImports(bundle, DATA_LAYER)];
          const preloaded = new Set<string>();
          const styles = new Set<string>();
          for (const chunk of chunks) {
            if (!shell.includes(`/${chunk.fileName}"`)) preloaded.add(chunk.fileName);
            for (const css of chunk.viteMetadata?.importedCss ?? []) if (!shell.includes(`/${css}"`)) styles.add(css);
          }
          const head = [
            ...[...styles].map((file) => styleTag(cssOf(file))),
            ...[...preloaded].map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`),
          ].join('\n    ');
          for (const language of LANGUAGES) {
            for (const discord of [false, true]) {
              const rendered = await module.renderSignInPage(page.path, language, { discord });
              const html = inlinedShell
                .replace(/<html lang="[^"]*">/, `<html lang="${rendered.language}">`)
                .replace('</head>', () => `  <meta name="sign-in-options" content="${discord ? 'discord' : 'none'}" />\n    ${head}\n  </head>`)
                .replace('<div id="root"></div>', () => `<div id="root">${rendered.root}</div>`);
              if (!html.includes(rendered.root)) throw new Error('index.html has no empty <div id="root"></div> to prerender into');
              this.emitFile({ type: 'asset', fileName: signInPageFile(page.path, language, discord), source: html });
            }
          }
        }
      },
    },
  };
}
