// Finds the files the server reads at run time (openapi.yaml, migrations), from the sources under tsx and vitest and from the bundle in build/server alike.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: the nearest folder above this module holding openapi.yaml (the bundle sits at another depth than the source). */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'openapi.yaml'))) return dir;
    if (dirname(dir) === dir) throw new Error(`openapi.yaml not found in any folder above ${from}`);
  }
}

export const repoRoot = findRepoRoot(dirname(fileURLToPath(import.meta.url)));
export const openapiPath = join(repoRoot, 'openapi.yaml');
export const migrationsFolder = join(repoRoot, 'src', 'server', 'db', 'migrations');
