// Compiles the game server and the operator CLI into build/server/*.mjs with esbuild; npm packages stay in node_modules.
// `node scripts/build-server.mjs` always compiles; with --if-stale only when a server source is newer than the build.
import { pathToFileURL } from 'node:url';
import { root, serverOutDir, serverStaleness } from './freshness.mjs';

export async function buildServer() {
  // Loaded here, not at the top: `npm start` on an up-to-date checkout never needs esbuild.
  const esbuild = await import('esbuild');
  try {
    await esbuild.build({
      absWorkingDir: root,
      entryPoints: { main: 'src/server/main.ts', cli: 'src/server/cli.ts', 'pglite-thread': 'src/server/db/pglite-thread.mjs' },
      outdir: serverOutDir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: 'linked',
      logLevel: 'warning',
    });
  } finally {
    // esbuild serves builds from a child process; stopping it leaves `npm start` a single process.
    await esbuild.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!process.argv.includes('--if-stale') || serverStaleness()) await buildServer();
}
