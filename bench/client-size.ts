// What the client costs to download: gzip size of the JavaScript the landing page loads and of the map's PixiJS chunks.
// Builds the production client in memory (nothing written) and exits with status 1 when the landing page would load PixiJS
// or more than 70 KiB of gzipped JavaScript. Also prints how many files /game/village loads (each a request on the way).
// Run with `npm run bench:client`.
import { buildClientInMemory, gzipTotal, holdsPixi, landingLoad, pageChunk, staticClosure, type ClientBuild } from './support/client-chunks';

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
/** Issue 28: everything the landing page loads stays under 70 KiB of gzipped JavaScript. */
const LANDING_BUDGET_BYTES = 70 * 1024;

function table(client: ClientBuild, files: readonly string[]): string {
  return [...files]
    .sort((a, b) => client.chunks.get(b)!.gzipBytes - client.chunks.get(a)!.gzipBytes)
    .map((file) => `    ${kib(client.chunks.get(file)!.gzipBytes).padStart(10)}  ${file}`)
    .join('\n');
}

const started = performance.now();
const client = await buildClientInMemory();
const built = performance.now() - started;
const landing = landingLoad(client);

// The map: its page chunk with what it imports statically, then every chunk holding PixiJS (the stage and the engine,
// loaded with import() once the page mounts; the renderer picks WebGL or WebGPU parts at run time).
const mapPage = staticClosure(client.chunks, [pageChunk(client.chunks, 'features/map-panel/MapPage.tsx').fileName]).filter((file) => !landing.entry.includes(file));
const pixiChunks = [...client.chunks.values()].filter(holdsPixi).map((chunk) => chunk.fileName);
const allJs = [...client.chunks.keys()];

console.log(`Client build (production, in memory) in ${(built / 1000).toFixed(1)} s: ${allJs.length} JavaScript files, ${kib(gzipTotal(client.chunks, allJs))} gzipped in all.\n`);
console.log(`Landing page /, before its page chunk (index.html's script, modulepreloads and their static imports): ${kib(gzipTotal(client.chunks, landing.entry))}`);
console.log(table(client, landing.entry));
const landingOwn = landing.page.filter((file) => !landing.entry.includes(file));
console.log(`Landing page /, everything it loads (plus the landing chunk and its static imports): ${kib(gzipTotal(client.chunks, landing.page))}`);
console.log(table(client, landingOwn));
console.log(`\nMap page chunk and its static imports beyond the entry: ${kib(gzipTotal(client.chunks, mapPage))}`);
console.log(table(client, mapPage));
console.log(`Map chunks holding PixiJS (lazy, loaded by /game/map and /designer/map only): ${kib(gzipTotal(client.chunks, pixiChunks))}`);
console.log(table(client, pixiChunks));

const landingGzip = gzipTotal(client.chunks, landing.page);
const villagePage = staticClosure(client.chunks, [...landing.entry, ...['app/DataLayer.tsx', 'app/GameFrame.tsx', 'app/VillageHome.tsx', 'features/village/VillagePage.tsx'].map((module) => pageChunk(client.chunks, module).fileName)]);
console.log(`\n/game/village loads ${villagePage.length} JavaScript files, ${kib(gzipTotal(client.chunks, villagePage))} gzipped (the entry, the data layer, the game frame, the village page and their static imports).`);

const leaked = landing.page.filter((file) => holdsPixi(client.chunks.get(file)!));
if (pixiChunks.length === 0) {
  console.error('\nFAIL: no chunk holds PixiJS; the check cannot tell anything (was pixi.js renamed?).');
  process.exit(1);
}
if (leaked.length > 0) {
  console.error(`\nFAIL: the landing page loads PixiJS in ${leaked.join(', ')}`);
  process.exit(1);
}
if (landingGzip > LANDING_BUDGET_BYTES) {
  console.error(`\nFAIL: the landing page loads ${kib(landingGzip)} of JavaScript gzipped (target under ${kib(LANDING_BUDGET_BYTES)}).`);
  process.exit(1);
}
console.log(`\nOK: the landing page loads no PixiJS, and ${kib(landingGzip)} of JavaScript gzipped (target under ${kib(LANDING_BUDGET_BYTES)}).`);
