// A player whose capital an operator prepared with the CLI (buildings, resources) on a game server of its own.
import { newPlayer } from './players';
import { call } from './api';
import { runCliSteps, startServer, type ServerProcess } from './server';

export interface PreparedPlayer {
  username: string;
  email: string;
  password: string;
  token: string;
  village: { id: string; name: string; x: number; y: number; worldId: string };
}

export interface Prepared {
  server: ServerProcess;
  player: PreparedPlayer;
}


/** Registers a player and founds their capital in the first world (Midgard) through the API of `serverUrl`. */
export async function playerWithCapital(serverUrl: string, prefix: string): Promise<PreparedPlayer> {
  const data = newPlayer(prefix);
  const { token } = await call<{ token: string }>(`${serverUrl}/api/auth/register`, { method: 'POST', body: JSON.stringify(data) });
  const { worlds } = await call<{ worlds: { id: string; name: string }[] }>(`${serverUrl}/api/worlds`, { token });
  const world = worlds.find((w) => w.name === 'Midgard') ?? worlds[0];
  const { village } = await call<{ village: PreparedPlayer['village'] }>(`${serverUrl}/api/worlds/${world.id}/join`, {
    method: 'POST',
    body: '{}',
    token,
  });
  return { ...data, token, village };
}

/**
 * Starts a server on `port`, registers a player with a capital, stops the server (the CLI refuses to
 * share the embedded database), runs each CLI command that `prepare` lists for that player, and
 * starts the server again on the same data.
 */
export async function startWithPreparedPlayer(port: number, prefix: string, prepare: (player: PreparedPlayer) => string[][]): Promise<Prepared> {
  const first = await startServer(port);
  let player: PreparedPlayer;
  try {
    player = await playerWithCapital(first.url, prefix);
  } finally {
    await first.stop();
  }
  runCliSteps(first.dataDir, prepare(player));
  return { server: await startServer(port, first.dataDir), player };
}

/** Warehouse and granary at level 10 hold 11,806 of each resource, so a grant of thousands fits. */
export function biggerStores(villageId: string): string[][] {
  return [
    ['set-building', villageId, 'warehouse', '10'],
    ['set-building', villageId, 'granary', '10'],
  ];
}
