// docs/ARCHITECTURE.md's map of src/server names every folder there is, once, and no folder that is not there.
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/** The folders the Shape block lists under `server/`, with their one-line descriptions. */
function mappedServerFolders(): Map<string, string> {
  const lines = readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8').split('\n');
  const start = lines.findIndex((line) => /^ {2}server\/\s/.test(line));
  const out = new Map<string, string>();
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith('    ')) break; // the next entry at the server's own depth (client/) ends the block
    const match = /^ {4}([\w-]+)\/\s+(.+)$/.exec(line);
    if (match) {
      if (out.has(match[1])) throw new Error(`docs/ARCHITECTURE.md lists server/${match[1]}/ twice`);
      out.set(match[1], match[2]);
    }
  }
  return out;
}

describe('the architecture map of the server', () => {
  it('lists each folder of src/server once, with a description, and nothing else', () => {
    const actual = readdirSync(join(root, 'src/server'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    const mapped = mappedServerFolders();
    expect([...mapped.keys()].sort()).toEqual(actual);
    for (const [folder, description] of mapped) expect(description.length, folder).toBeGreaterThan(10);
  });

  it('gives every domain with HTTP operations its own route file', () => {
    const withRoutes = readdirSync(join(root, 'src/server'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && readdirSync(join(root, 'src/server', entry.name)).some((file) => /(^|-)routes\.ts$/.test(file)))
      .map((entry) => entry.name);
    // Folders that are layers rather than domains answer no operation of their own.
    expect(withRoutes.sort()).toEqual(['accounts', 'alerts', 'alliance', 'army', 'fair-play', 'farm-lists', 'health', 'heroes', 'map', 'messages', 'operators', 'players', 'progress', 'rankings', 'settlement', 'sitters', 'smithy', 'trade', 'vacation', 'village', 'wonders', 'worlds']);
  });
});
