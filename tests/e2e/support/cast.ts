// A cast of accounts on a game server of its own: a player with a prepared capital, a newcomer, a game master and an admin.
import type { BrowserContext } from '@playwright/test';
import { newPlayer } from './players';
import { biggerStores, playerWithCapital, type PreparedPlayer } from './prepared';
import { runCliSteps, startServer, type ServerProcess } from './server';

export interface Account {
  email: string;
  password: string;
  username: string;
  token: string;
  /** The user object the client keeps in local storage beside the token. */
  user: Record<string, unknown>;
}

export type Who = 'visitor' | 'player' | 'newcomer' | 'gamemaster' | 'admin';

export interface Cast {
  server: ServerProcess;
  player: Account & { village: PreparedPlayer['village'] };
  newcomer: Account;
  gamemaster: Account;
  admin: Account;
}

/** A JSON call to the API of `server` as `token` (or anonymously); throws with the reply on anything but 2xx. */
export async function api<T>(server: ServerProcess, method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} failed ${res.status}: ${await res.text()}`);
  // A 204 (a choice saved, nothing to say) has no body.
  return (res.status === 204 ? undefined : await res.json()) as T;
}

async function register(server: ServerProcess, prefix: string) {
  const data = newPlayer(prefix);
  const { token } = await api<{ token: string }>(server, 'POST', '/api/auth/register', undefined, data);
  return { ...data, token };
}

async function withUser(server: ServerProcess, account: Omit<Account, 'user'>): Promise<Account> {
  const { user } = await api<{ user: Record<string, unknown> }>(server, 'GET', '/api/auth/me', account.token);
  return { ...account, user };
}

/**
 * Starts a server on `port`, registers the cast, stops it so the CLI can give roles and fill the player's capital
 * (bigger stores, `grant` resources, any `extra` commands), and starts it again on the same data.
 */
export async function startCast(port: number, prefix: string, extra: (player: PreparedPlayer) => string[][] = () => []): Promise<Cast> {
  const first = await startServer(port);
  let accounts;
  try {
    accounts = {
      player: await playerWithCapital(first.url, `${prefix}p`),
      newcomer: await register(first, `${prefix}n`),
      gamemaster: await register(first, `${prefix}g`),
      admin: await register(first, `${prefix}a`),
    };
  } finally {
    await first.stop();
  }
  const { player, newcomer, gamemaster, admin } = accounts;
  const commands = [
    ...biggerStores(player.village.id),
    ['grant', player.email, 'timber=9000', 'stone=9000', 'iron=9000', 'mead=9000'],
    ['set-role', gamemaster.email, 'gamemaster'],
    ['set-role', admin.email, 'admin'],
    ...extra(player),
  ];
  runCliSteps(first.dataDir, commands);
  const server = await startServer(port, first.dataDir);
  return {
    server,
    player: { ...(await withUser(server, player)), village: player.village },
    newcomer: await withUser(server, newcomer),
    gamemaster: await withUser(server, gamemaster),
    admin: await withUser(server, admin),
  };
}

/** Signs `account` in for every page of `context` the way the client remembers a session: token and user in local storage. */
export async function signInContext(context: BrowserContext, account: Account | null): Promise<void> {
  if (!account) return;
  await context.addInitScript(
    ([token, user]) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', user);
    },
    [account.token, JSON.stringify(account.user)] as const,
  );
}
