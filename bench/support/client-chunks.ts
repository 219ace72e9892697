// The production client's chunk graph, built in memory: what the landing page and the app load, which chunks hold PixiJS
// or React, their gzip sizes.
import { gzipSync } from 'node:zlib';
import { resolve } from 'node:path';
import { build, type Rolldown } from 'vite';

/** One JavaScript file of the build, as the bundler reports it. */
export interface ClientChunk {
  fileName: string;
  /** Module ids bundled into the file (absolute paths; node_modules included). */
  moduleIds: readonly string[];
  /** Files this one imports with a static `import` (loaded before it runs). */
  imports: readonly string[];
  /** Files this one may load later with `import()`. */
  dynamicImports: readonly string[];
  /** The module the chunk stands for when it is an entry or a lazy page (`features/landing/LandingPage.tsx`). */
  facadeModuleId: string | null;
  gzipBytes: number;
}

export interface ClientBuild {
  chunks: Map<string, ClientChunk>;
  /** index.html as built: its module script and modulepreload links name the files every page of the app loads first. */
  html: string;
  /** The prerendered landing page "/" in English (landing/en.html): its script names all the JavaScript it loads. */
  landingHtml: string;
}

/** PixiJS and its React binding: the map's engine, which only /game/map and the designer page may load. */
export function isPixiModule(id: string): boolean {
  return /[\\/]node_modules[\\/](pixi\.js|@pixi)[\\/]/.test(id);
}

export function holdsPixi(chunk: ClientChunk): boolean {
  return chunk.moduleIds.some(isPixiModule);
}

/** The app's libraries (React and ReactDOM, the router, jotai, TanStack Query, i18next, openapi-fetch), which the static landing page goes without. */
export function isAppLibraryModule(id: string): boolean {
  return /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|jotai|jotai-tanstack-query|@tanstack|i18next|react-i18next|openapi-fetch)[\\/]/.test(id);
}

export function holdsAppLibrary(chunk: ClientChunk): boolean {
  return chunk.moduleIds.some(isAppLibraryModule);
}

/** Files index.html loads before anything runs: `<script type="module" src>` and `<link rel="modulepreload" href>`. */
export function htmlScripts(html: string): string[] {
  const files: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isModule = /^<script\b/.test(tag) && /\btype="module"/.test(tag);
    const isPreload = /^<link\b/.test(tag) && /\brel="modulepreload"/.test(tag);
    const address = /\b(?:src|href)="\/?([^"]+)"/.exec(tag)?.[1];
    if ((isModule || isPreload) && address) files.push(address);
  }
  return files;
}

/** `starts` and every file `next` names from a file, transitively; a file missing from the build is an error. */
function walk(chunks: ReadonlyMap<string, ClientChunk>, starts: readonly string[], next: (chunk: ClientChunk) => readonly string[]): string[] {
  const seen = new Set<string>();
  const queue = [...starts];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    const chunk = chunks.get(file);
    if (!chunk) throw new Error(`${file} is not a JavaScript file of the build`);
    seen.add(file);
    queue.push(...next(chunk));
  }
  return [...seen];
}

/** `starts` and every file they import statically, transitively (what the browser must fetch before the code runs). */
export function staticClosure(chunks: ReadonlyMap<string, ClientChunk>, starts: readonly string[]): string[] {
  return walk(chunks, starts, (chunk) => chunk.imports);
}

/**
 * The chunk of the lazy page `modulePath` (e.g. `features/map-panel/MapPage.tsx`): the chunk it is the facade of, or the
 * chunk holding it (a page grouped with its imports, vite.config.ts's GROUPED_PAGES).
 */
export function pageChunk(chunks: ReadonlyMap<string, ClientChunk>, modulePath: string): ClientChunk {
  const named = (id: string | null) => id?.replaceAll('\\', '/').endsWith(modulePath) ?? false;
  const found = [...chunks.values()].find((chunk) => named(chunk.facadeModuleId)) ?? [...chunks.values()].find((chunk) => chunk.moduleIds.some(named));
  if (!found) throw new Error(`no chunk is the lazy page ${modulePath}`);
  return found;
}

export function gzipTotal(chunks: ReadonlyMap<string, ClientChunk>, files: readonly string[]): number {
  return files.reduce((sum, file) => sum + (chunks.get(file)?.gzipBytes ?? 0), 0);
}

/** Every file `starts` may load: their static imports and their `import()`s, transitively. */
export function reachable(chunks: ReadonlyMap<string, ClientChunk>, starts: readonly string[]): string[] {
  return walk(chunks, starts, (chunk) => [...chunk.imports, ...chunk.dynamicImports]);
}

/** Everything a visitor of / may download: the landing page's script and whatever it imports, now or later. */
export function landingLoad(client: ClientBuild): string[] {
  return reachable(client.chunks, htmlScripts(client.landingHtml));
}

/** What every page of the app loads before its own chunk: index.html's module script and preloads with their static imports. */
export function appEntry(client: ClientBuild): string[] {
  return staticClosure(client.chunks, htmlScripts(client.html));
}

/**
 * Builds the client as `npm run build` does (production mode, the project's vite.config.ts) without writing files,
 * and returns its JavaScript chunks with their gzip sizes (level 9, as Vite reports them).
 */
export async function buildClientInMemory(root = process.cwd()): Promise<ClientBuild> {
  const result = await build({
    root,
    configFile: resolve(root, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'warn',
    build: { write: false, sourcemap: false },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = new Map<string, ClientChunk>();
  let html = '';
  let landingHtml = '';
  const text = (source: string | Uint8Array) => (typeof source === 'string' ? source : Buffer.from(source).toString('utf8'));
  for (const output of outputs) {
    for (const item of output.output) {
      if (item.type === 'chunk') {
        chunks.set(item.fileName, {
          fileName: item.fileName,
          moduleIds: item.moduleIds,
          imports: item.imports,
          dynamicImports: item.dynamicImports,
          facadeModuleId: item.facadeModuleId,
          gzipBytes: gzipSync(item.code, { level: 9 }).length,
        });
      } else if (item.fileName === 'index.html') {
        html = text(item.source);
      } else if (item.fileName === 'landing/en.html') {
        landingHtml = text(item.source);
      }
    }
  }
  if (!html) throw new Error('the build wrote no index.html');
  if (!landingHtml) throw new Error('the build wrote no landing/en.html (scripts/vite-landing.ts)');
  return { chunks, html, landingHtml };
}
