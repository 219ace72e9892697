// The Vite plugin shell both art atlases share: a virtual module built from a folder of art, watched, and hot-updated alone when a file of it changes.
import { normalize, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';

export interface AtlasModule {
  /** The plugin's name in Vite's messages. */
  name: string;
  /** The virtual module's id the client imports (`virtual:...`). */
  moduleId: string;
  /** The art folder relative to the Vite root. */
  dir: string;
  /** Builds the module's data from the folder, with the files it read (watched for changes). */
  build(dir: string): { data: unknown; files: string[] };
}

function isInside(dir: string, file: string): boolean {
  const path = normalize(file);
  return path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep);
}

/**
 * The watcher reports a saved file as soon as it changes, which may be while its writer has emptied it and not yet
 * written it again: a build that fails is tried again for half a second before its error stands. Without it the dev
 * server answered 500 for a half-written icon, and the page kept the old atlas until the next change.
 */
async function settledBuild<T>(make: () => T, tries = 5, waitMs = 100): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return make();
    } catch (error) {
      if (attempt >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}

export function atlasPlugin({ name, moduleId, dir: relativeDir, build }: AtlasModule): Plugin {
  const resolvedId = `\0${moduleId}`;
  let dir = '';
  return {
    name,
    configResolved(config) {
      dir = normalize(resolve(config.root, relativeDir));
    },
    resolveId(id) {
      return id === moduleId ? resolvedId : undefined;
    },
    async load(id) {
      if (id !== resolvedId) return undefined;
      const { data, files } = await settledBuild(() => build(dir));
      for (const file of files) this.addWatchFile(file);
      return `export default ${JSON.stringify(data)};\n`;
    },
    handleHotUpdate({ file, server }) {
      if (!isInside(dir, file)) return undefined;
      const module = server.moduleGraph.getModuleById(resolvedId);
      if (!module) return undefined;
      server.moduleGraph.invalidateModule(module);
      // Only the atlas module changes; its importers accept it (the stage reloads its textures, React re-renders the rest).
      return [module];
    },
  };
}
