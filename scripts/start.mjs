// `npm start`: brings the client (dist/) and the compiled server (build/server/) up to date, then runs the server in this process.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { clientStaleness, root, serverEntry, serverStaleness } from './freshness.mjs';

// STATIC_DIR '' serves only the API and a custom STATIC_DIR is someone else's build: only the default dist/ is built here.
if ((process.env.STATIC_DIR ?? 'dist') === 'dist') {
  const client = clientStaleness();
  if (client) {
    console.log(client === 'missing' ? 'Building the client (first start)…' : 'Client sources changed: rebuilding…');
    // A child process, so Vite's memory is given back before the server starts.
    const vite = spawnSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    if (vite.status !== 0) process.exit(vite.status ?? 1);
  }
}

const server = serverStaleness();
if (server) {
  console.log(server === 'missing' ? 'Compiling the server (first start)…' : 'Server sources changed: recompiling…');
  const { buildServer } = await import('./build-server.mjs');
  // esbuild has printed the errors with file and line; its stack trace would add nothing.
  await buildServer().catch(() => {
    console.error('The server did not compile: see the errors above.');
    process.exit(1);
  });
}

// Stack traces then name src/server/*.ts lines instead of the bundle's.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(serverEntry).href);
