// The art atlases' Vite plugin builds its virtual module again when a build fails at first, as it does while the watcher
// reports a file its writer has emptied and not yet written again; an error that stays still stands.
import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import { atlasPlugin } from '../../scripts/atlas-plugin';

const MODULE = 'virtual:test-atlas';

/** Calls the plugin's load hook as Vite would, after its config was resolved, with the files it asked to watch. */
async function load(plugin: Plugin): Promise<{ code: unknown; watched: string[] }> {
  const resolved = plugin.configResolved;
  if (typeof resolved !== 'function') throw new Error('no configResolved hook');
  await resolved.call({} as never, { root: '/game' } as never);
  const hook = plugin.load;
  if (typeof hook !== 'function') throw new Error('no load hook');
  const watched: string[] = [];
  const code = await hook.call({ addWatchFile: (file: string) => watched.push(file) } as never, `\0${MODULE}`);
  return { code, watched };
}

/** The plugin over a folder `art` whose build is `build`. */
const pluginBuilding = (build: (dir: string) => { data: unknown; files: string[] }) => atlasPlugin({ name: 'test-atlas', moduleId: MODULE, dir: 'art', build });

describe('atlasPlugin', () => {
  it('builds again when a file was half written, and serves the finished one', async () => {
    let builds = 0;
    const plugin = pluginBuilding((dir) => {
      builds += 1;
      if (builds < 3) throw new Error('unexpected end of SVG');
      return { data: { dir, builds }, files: [`${dir}/icon.svg`] };
    });
    const { code, watched } = await load(plugin);
    expect(builds).toBe(3);
    expect(code).toBe('export default {"dir":"/game/art","builds":3};\n');
    expect(watched).toEqual(['/game/art/icon.svg']);
  });

  it('lets an error that stays stand', async () => {
    let builds = 0;
    const plugin = pluginBuilding(() => {
      builds += 1;
      throw new Error('not an SVG');
    });
    await expect(load(plugin)).rejects.toThrow('not an SVG');
    expect(builds).toBe(5);
  });
});
