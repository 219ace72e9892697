// Vite plugin: lazy chunks no longer load the stylesheets the app's page carries inline. Before a lazy chunk runs, Vite's
// preload helper loads the stylesheets it depends on, and counts one as there only when a <link rel="stylesheet"> names
// it. The entry's stylesheet is inline in index.html (vite-sign-in-pages.ts), so every lazy page that imports from the
// entry (the village, the map, the designers) fetched the theme again and waited for it before rendering (on a quiet machine
// it came 0.3 to 0.9 s after /game/village's own chunk). The chunks keep their hashed names: the rewrite is the
// same for the same build, and a chunk cached from before it only asks for the theme once more.
import type { Plugin, Rolldown } from 'vite';

/** The first line Vite puts in a chunk that preloads: the table of every file its dynamic imports depend on. */
const DEPS_TABLE = /^const __vite__mapDeps=\(i,m=__vite__mapDeps,d=\(m\.f\|\|\(m\.f=(\[[^\]\n]*\])\)\)\)=>i\.map\(i=>d\[i\]\);\n/;
/** A dynamic import's dependencies, as indices into the table. */
const DEPS_CALL = /__vite__mapDeps\(\[([\d,]*)\]\)/g;

/**
 * `code` with `files` left out of its preload table and of each dynamic import's list. Each list keeps its length in
 * characters (padded with spaces), so the source map of the line stays true; the table is the chunk's own first line.
 */
export function withoutPreloads(code: string, files: ReadonlySet<string>): string {
  const table = DEPS_TABLE.exec(code);
  if (!table) {
    const named = [...files].find((file) => code.includes(JSON.stringify(file)));
    // A chunk naming an inlined file outside a table this plugin can read: Vite changed its output, and the wait is back.
    if (named) throw new Error(`inline-css-preloads: a chunk names ${named} but has no preload table of the known shape`);
    return code;
  }
  const deps = JSON.parse(table[1]) as string[];
  if (!deps.some((dep) => files.has(dep))) return code;
  const newIndex = new Map<number, number>();
  const kept: string[] = [];
  deps.forEach((dep, index) => {
    if (files.has(dep)) return;
    newIndex.set(index, kept.length);
    kept.push(dep);
  });
  const head = table[0].replace(table[1], JSON.stringify(kept));
  const body = code.slice(table[0].length).replace(DEPS_CALL, (call, list: string) => {
    const indices = list === '' ? [] : list.split(',').map(Number);
    const mapped = indices.flatMap((index) => (newIndex.has(index) ? [newIndex.get(index)!] : []));
    const rewritten = `__vite__mapDeps([${mapped.join(',')}])`;
    return rewritten.slice(0, -2) + ' '.repeat(call.length - rewritten.length) + '])';
  });
  return head + body;
}

/** Leaves the stylesheets of the entry chunk `entryName` (inline in its page) out of every chunk's preloads. */
export function inlineCssPreloads(entryName: string): Plugin {
  return {
    name: 'vikings-inline-css-preloads',
    apply: 'build',
    // After Vite's import analysis has written the preload tables.
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle: Rolldown.OutputBundle) {
        const entry = Object.values(bundle).find((item) => item.type === 'chunk' && item.isEntry && item.name === entryName);
        if (!entry || entry.type !== 'chunk') return;
        const inline = new Set(entry.viteMetadata?.importedCss ?? []);
        if (inline.size === 0) return;
        for (const item of Object.values(bundle)) {
          if (item.type === 'chunk') item.code = withoutPreloads(item.code, inline);
        }
      },
    },
  };
}
