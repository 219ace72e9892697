// Vite plugin: a page's whole static import graph as one chunk. Left alone, the bundler cuts the code that lazy pages
// share into one chunk per set of pages sharing it: the game frame alone came in two dozen files of 1 to 3 KiB, each a
// request (six at a time over HTTP/1.1) before a game page could render. Each named page here takes everything it
// imports statically into its chunk, beyond what the entries load at start and what an earlier named page took.
import { normalize, resolve } from 'node:path';
import type { Plugin } from 'vite';

export interface PageChunk {
  /** The chunk's name. */
  name: string;
  /** The lazily imported module, relative to the Vite root (`src/client/app/GameFrame.tsx`). */
  page: string;
  /** Lazy pages that load without this one (their module ids match): what they import stays out, so they never load it. */
  notFor?: RegExp;
  /** Only what this page shares with the lazy pages whose module ids match: the widgets the sign-in pages and the game
   * frame both use come as one chunk rather than one file each. */
  sharedWith?: RegExp;
}

export function pageChunks(pages: readonly PageChunk[]): Plugin {
  /** Each module taken, by the name of the chunk that takes it. */
  const taken = new Map<string, string>();
  let root = process.cwd();
  return {
    name: 'vikings-page-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    buildEnd() {
      taken.clear();
      const closure = (starts: string[], stop: (id: string) => boolean) => {
        const seen = new Set<string>();
        const queue = [...starts];
        while (queue.length > 0) {
          const id = queue.pop()!;
          if (seen.has(id) || stop(id)) continue;
          seen.add(id);
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      // What every entry loads before anything else (the app's entry, the landing page's script): left where it is.
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const initial = closure(entries, () => false);
      const lazyPages = [...this.getModuleIds()].filter((id) => (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0);
      const reachedFrom = (pattern: RegExp) => closure(lazyPages.filter((other) => pattern.test(other)), (other) => initial.has(other));
      for (const { name, page, notFor, sharedWith } of pages) {
        const id = normalize(resolve(root, page));
        if (!this.getModuleInfo(id)) throw new Error(`pageChunks: ${page} is not a module of the build`);
        const elsewhere = notFor ? reachedFrom(notFor) : new Set<string>();
        const sharedOnly = sharedWith ? reachedFrom(sharedWith) : null;
        for (const module of closure([id], (other) => initial.has(other) || taken.has(other) || elsewhere.has(other))) {
          if (sharedOnly === null || sharedOnly.has(module)) taken.set(module, name);
        }
      }
    },
    config() {
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: pages.map(({ name }) => ({
                  name,
                  test: (id: string) => taken.get(id) === name,
                  // The closure is already whole; following imports again would pull in what the entries load.
                  includeDependenciesRecursively: false,
                })),
              },
            },
          },
        },
      };
    },
  };
}
