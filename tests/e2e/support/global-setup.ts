// Before the browser tests: the migrated data directory the specs' own servers start from (support/server.ts).
import { rmSync } from 'node:fs';
import { makeMigratedDataDir } from './migrated-data-dir';

export default async function globalSetup(): Promise<() => void> {
  const dir = await makeMigratedDataDir();
  return () => rmSync(dir, { recursive: true, force: true });
}
