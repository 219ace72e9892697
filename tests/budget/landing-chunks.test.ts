// The landing page's static import graph in the production build holds no PixiJS; the map's chunks do (so the check can fail).
import { beforeAll, describe, expect, it } from 'vitest';
import { buildClientInMemory, holdsPixi, htmlScripts, landingLoad, pageChunk, staticClosure, type ClientBuild } from '../../bench/support/client-chunks';

let client: ClientBuild;

beforeAll(async () => {
  client = await buildClientInMemory();
}, 120_000);

describe('client chunks of the production build', () => {
  it('index.html loads a module script whose static imports hold no PixiJS', () => {
    const scripts = htmlScripts(client.html);
    expect(scripts.length).toBeGreaterThan(0);
    const { entry } = landingLoad(client);
    expect(entry.filter((file) => holdsPixi(client.chunks.get(file)!))).toEqual([]);
  });

  it('the landing page chunk and its static imports hold no PixiJS', () => {
    const { page, entry } = landingLoad(client);
    expect(page.length).toBeGreaterThan(entry.length);
    expect(page.filter((file) => holdsPixi(client.chunks.get(file)!))).toEqual([]);
  });

  it('PixiJS sits in lazy chunks that the map page reaches with import()', () => {
    const pixi = [...client.chunks.values()].filter(holdsPixi).map((chunk) => chunk.fileName);
    expect(pixi.length).toBeGreaterThan(0);
    // Everything the map page may load: static and dynamic imports, transitively.
    const reached = new Set<string>();
    const queue = [pageChunk(client.chunks, 'features/map-panel/MapPage.tsx').fileName];
    while (queue.length > 0) {
      const file = queue.shift()!;
      if (reached.has(file)) continue;
      reached.add(file);
      const chunk = client.chunks.get(file)!;
      queue.push(...chunk.imports, ...chunk.dynamicImports);
    }
    expect(pixi.some((file) => reached.has(file))).toBe(true);
    // ...and not with a static import: the page's own chunk renders its HUD before the engine arrives.
    const mapStatic = staticClosure(client.chunks, [pageChunk(client.chunks, 'features/map-panel/MapPage.tsx').fileName]);
    expect(mapStatic.filter((file) => holdsPixi(client.chunks.get(file)!))).toEqual([]);
  });
});

describe('reading index.html', () => {
  it('names module scripts and modulepreloads, not stylesheets or icons', () => {
    const html = `<link rel="icon" href="/favicon.svg" /><script type="module" crossorigin src="/assets/index-a.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/vendor-b.js"><link rel="stylesheet" href="/assets/index-c.css">`;
    expect(htmlScripts(html)).toEqual(['assets/index-a.js', 'assets/vendor-b.js']);
  });
});
