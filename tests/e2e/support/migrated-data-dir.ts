// The browser tests' own servers start from a copy of a data directory holding the game's empty database with every
// migration applied, made once per run: a new directory costs the server PGlite's initdb and every migration (10 s
// to healthy instead of 4 on a two-core machine), for each of the forty-odd servers the specs start. The game's own
// first start from an empty directory is still proved by the browser tests' main server and the process tests.
import { cpSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the runner's global setup tells its test processes the copy's source is. */
const TEMPLATE_ENV = 'VIKINGS_TEST_MIGRATED_DATA_DIR';

/** Makes the migrated directory and names it in this process's environment, which the test processes inherit. */
export async function makeMigratedDataDir(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'vikings-migrated-'));
  // Loaded here only: the specs' server starter (server.ts) imports this file for seedDataDir alone.
  const { openPglite } = await import('../../../src/server/db/open');
  const database = await openPglite(dir);
  await database.close();
  process.env[TEMPLATE_ENV] = dir;
  return dir;
}

/** Fills `dataDir` with a copy of the migrated directory when it is missing or empty and the run made one. */
export function seedDataDir(dataDir: string): void {
  const template = process.env[TEMPLATE_ENV];
  if (!template || (existsSync(dataDir) && readdirSync(dataDir).length > 0)) return;
  // openPglite takes no data-directory lock (the server's main does), so the copy carries none.
  cpSync(template, dataDir, { recursive: true });
}
