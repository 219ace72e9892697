// Which builds are older than their sources: the client in dist/ (Vite) and the compiled server in build/server/ (esbuild).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const serverOutDir = join(root, 'build', 'server');
export const serverEntry = join(serverOutDir, 'main.mjs');
export const cliEntry = join(serverOutDir, 'cli.mjs');

const clientInputs = ['src/client', 'src/rules', 'src/contract', 'assets', 'public', 'index.html', 'landing.html', 'vite.config.ts', 'scripts/vite-map-atlas.ts', 'scripts/vite-village-atlas.ts', 'scripts/atlas-plugin.ts', 'scripts/vite-landing.ts', 'tsconfig.json', 'package.json'];
// The server bundle inlines src/server, src/rules and src/contract; openapi.yaml and the migrations are read at run time
// but count too, so a changed contract or schema always goes with a fresh build.
const serverInputs = ['src/server', 'src/rules', 'src/contract', 'openapi.yaml', 'scripts/build-server.mjs', 'tsconfig.json', 'package.json'];

/** The latest modification time under `path` (0 when it does not exist). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

/** 'missing' when never built, 'changed' when a source is newer than the oldest output, else null. */
function staleness(outputs, inputs) {
  if (!outputs.every((file) => existsSync(file))) return 'missing';
  const built = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  return Math.max(...inputs.map((input) => newest(join(root, input)))) > built ? 'changed' : null;
}

// The landing page too: a client built before it was prerendered is rebuilt.
export const clientStaleness = () => staleness([join(root, 'dist', 'index.html'), join(root, 'dist', 'landing', 'en.html')], clientInputs);
export const serverStaleness = () => staleness([serverEntry, cliEntry], serverInputs);
