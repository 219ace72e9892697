// What the client costs to download: gzip size of the JavaScript the landing page loads and of the map's PixiJS chunks.
// Builds the production client in memory (nothing written) and exits with status 1 when the landing page would load
// PixiJS or one of the app's libraries (React, the router, jotai, ...), or more than 70 KiB of gzipped JavaScript. Also
// prints what /game/village loads (each file a request on the way). Run with `npm run bench:client`.
import { appEntry, buildClientInMemory, gzipTotal, holdsAppLibrary, holdsPixi, landingLoad, pageChunk, staticClosure, type ClientBuild } from './support/client-chunks';

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
const entry = appEntry(client);

// The map: its page chunk with what it imports statically, then every chunk holding PixiJS (the stage and the engine,
// loaded with import() once the page mounts; the renderer picks WebGL or WebGPU parts at run time).
const mapPage = staticClosure(client.chunks, [pageChunk(client.chunks, 'features/map-panel/MapPage.tsx').fileName]).filter((file) => !entry.includes(file));
const pixiChunks = [...client.chunks.values()].filter(holdsPixi).map((chunk) => chunk.fileName);
const allJs = [...client.chunks.keys()];

console.log(`Client build (production, in memory) in ${(built / 1000).toFixed(1)} s: ${allJs.length} JavaScript files, ${kib(gzipTotal(client.chunks, allJs))} gzipped in all.\n`);
const landingGzip = gzipTotal(client.chunks, landing);
console.log(`Landing page / (prerendered HTML; its script and everything it may import): ${kib(landingGzip)} in ${landing.length} file(s)`);
console.log(table(client, landing));
console.log(`The app's entry (index.html's script, modulepreloads and their static imports), every other page: ${kib(gzipTotal(client.chunks, entry))}`);
console.log(table(client, entry));
console.log(`\nMap page chunk and its static imports beyond the entry: ${kib(gzipTotal(client.chunks, mapPage))}`);
console.log(table(client, mapPage));
console.log(`Map chunks holding PixiJS (lazy, loaded by /game/map and /designer/map only): ${kib(gzipTotal(client.chunks, pixiChunks))}`);
console.log(table(client, pixiChunks));

const villagePage = staticClosure(client.chunks, [...entry, ...['app/DataLayer.tsx', 'app/GameFrame.tsx', 'app/VillageHome.tsx', 'features/village/VillagePage.tsx'].map((module) => pageChunk(client.chunks, module).fileName)]);
console.log(`\n/game/village loads ${villagePage.length} JavaScript files, ${kib(gzipTotal(client.chunks, villagePage))} gzipped (the entry, the data layer, the game frame, the village page and their static imports).`);

const pixiOnLanding = landing.filter((file) => holdsPixi(client.chunks.get(file)!));
const appOnLanding = landing.filter((file) => holdsAppLibrary(client.chunks.get(file)!));
if (pixiChunks.length === 0) {
  console.error('\nFAIL: no chunk holds PixiJS; the check cannot tell anything (was pixi.js renamed?).');
  process.exit(1);
}
if (!entry.some((file) => holdsAppLibrary(client.chunks.get(file)!))) {
  console.error("\nFAIL: the app's entry holds no React; the check cannot tell anything (was react renamed?).");
  process.exit(1);
}
if (pixiOnLanding.length > 0) {
  console.error(`\nFAIL: the landing page loads PixiJS in ${pixiOnLanding.join(', ')}`);
  process.exit(1);
}
if (appOnLanding.length > 0) {
  console.error(`\nFAIL: the landing page loads the app's libraries (React, the router, jotai, ...) in ${appOnLanding.join(', ')}`);
  process.exit(1);
}
if (landingGzip > LANDING_BUDGET_BYTES) {
  console.error(`\nFAIL: the landing page loads ${kib(landingGzip)} of JavaScript gzipped (target under ${kib(LANDING_BUDGET_BYTES)}).`);
  process.exit(1);
}
console.log(`\nOK: the landing page loads no PixiJS and no React, and ${kib(landingGzip)} of JavaScript gzipped (target under ${kib(LANDING_BUDGET_BYTES)}).`);
