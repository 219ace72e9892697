// A game server of its own with extra worlds made by the CLI first (the CLI refuses while a server holds the data dir).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCliSteps, startServer, type ServerProcess } from './server';

export interface WorldSpec {
  name: string;
  speed: number;
}

/** Creates each world with `create-world` in a fresh data directory, then starts a server on `port` over it. */
export async function startServerWithWorlds(port: number, worlds: readonly WorldSpec[]): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vikings-e2e-worlds-'));
  runCliSteps(
    dataDir,
    worlds.map((world) => ['create-world', world.name, '--speed', String(world.speed)]),
  );
  return startServer(port, dataDir);
}
