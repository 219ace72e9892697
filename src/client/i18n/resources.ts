// The translation files, found by folder: locales/<language>/<namespace>.json. `common` (the shared widgets, the
// formats, the game's names) comes with the entry; every other namespace is its own small chunk per language,
// fetched when a page that needs it loads (see docs/ARCHITECTURE.md, "Languages").
import type { BackendModule, ReadCallback, Resource, ResourceKey } from 'i18next';
import { isLanguage, type Language } from './languages';

/** What every page uses from its first paint (the loading text, the formats): bundled, so no text ever arrives late. */
export const BUNDLED_NAMESPACE = 'common';

const bundledFiles = import.meta.glob<ResourceKey>('./locales/*/common.json', { eager: true, import: 'default' });
const lazyFiles = import.meta.glob<ResourceKey>(['./locales/*/*.json', '!./locales/*/common.json'], { import: 'default' });

/** './locales/de/village.json' -> ['de', 'village']; null for a file outside the pattern. */
function fileOf(path: string): { language: Language; namespace: string } | null {
  const match = /^\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match?.[1] || !match[2] || !isLanguage(match[1])) return null;
  return { language: match[1], namespace: match[2] };
}

function pathOf(language: string, namespace: string): string {
  return `./locales/${language}/${namespace}.json`;
}

/** The bundled namespace in every language, as i18next's `resources`. */
export function bundledResources(): Resource {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(bundledFiles)) {
    const file = fileOf(path);
    if (file) resources[file.language] = { ...resources[file.language], [file.namespace]: content };
  }
  return resources;
}

/** Every namespace that has a file in some language. */
export function knownNamespaces(): string[] {
  const names = new Set<string>();
  for (const path of [...Object.keys(bundledFiles), ...Object.keys(lazyFiles)]) {
    const file = fileOf(path);
    if (file) names.add(file.namespace);
  }
  return [...names].sort();
}

/**
 * i18next's loader for the other namespaces: the file's chunk, imported once (the module graph keeps it, and i18next asks
 * once per language and namespace). A namespace without a file answers empty rather than failing, so a page asking for
 * one that another part of the game has not written yet shows no error.
 */
export const chunkBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = lazyFiles[pathOf(language, namespace)];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (content) => callback(null, content),
      (error: unknown) => callback(error instanceof Error ? error : String(error), null),
    );
  },
};
