// The production build's chunk graph: the prerendered landing page loads one small script with no PixiJS and none of the
// app's libraries (React, the router, jotai, openapi-fetch, ...); the app's entry holds React and the map's chunks hold
// PixiJS (so both checks can fail).
import { beforeAll, describe, expect, it } from 'vitest';
import { appEntry, buildClientInMemory, holdsAppLibrary, holdsPixi, htmlScripts, landingLoad, pageChunk, staticClosure, type ClientBuild } from '../../bench/support/client-chunks';

let client: ClientBuild;

beforeAll(async () => {
  client = await buildClientInMemory();
}, 120_000);

describe('client chunks of the production build', () => {
  it('the landing page loads one script, holding no PixiJS and none of the app’s libraries, while the app’s entry holds React', () => {
    const landing = landingLoad(client);
    expect(landing).toHaveLength(1);
    expect(landing.filter((file) => holdsPixi(client.chunks.get(file)!))).toEqual([]);
    expect(landing.filter((file) => holdsAppLibrary(client.chunks.get(file)!))).toEqual([]);
    expect(appEntry(client).some((file) => holdsAppLibrary(client.chunks.get(file)!))).toBe(true);
    // ...and nothing of the app's entry: the two pages share no chunk.
    expect(landing.filter((file) => appEntry(client).includes(file))).toEqual([]);
  });

  it('the landing page carries its stylesheet inline, not as a request before the first paint', () => {
    expect(client.landingHtml).toContain('<style>');
    expect(client.landingHtml).not.toMatch(/<link\b[^>]*rel="stylesheet"/);
  });

  it('index.html loads a module script whose static imports hold no PixiJS', () => {
    const scripts = htmlScripts(client.html);
    expect(scripts.length).toBeGreaterThan(0);
    expect(appEntry(client).filter((file) => holdsPixi(client.chunks.get(file)!))).toEqual([]);
  });

  it('the village page loads no PixiJS before its picture is asked for, in few files (the frame and the data layer one chunk each)', () => {
    const village = staticClosure(client.chunks, [
      ...appEntry(client),
      ...['app/DataLayer.tsx', 'app/GameFrame.tsx', 'app/VillageHome.tsx', 'features/village/VillagePage.tsx'].map((module) => pageChunk(client.chunks, module).fileName),
    ]);
    expect(village.filter((file) => holdsPixi(client.chunks.get(file)!))).toEqual([]);
    expect(village.length).toBeLessThan(25);
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
