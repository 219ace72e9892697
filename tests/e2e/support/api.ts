// The game's API called straight from a test (not through a page): a JSON call, and a new player joining a world by name.
import { newPlayer } from './players';

/** A JSON call to the API, with the player's token when given; a reply other than 2xx fails the test with its text. */
export async function call<T>(url: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const { token, ...rest } = init;
  const res = await fetch(url, {
    ...rest,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!res.ok) throw new Error(`${rest.method ?? 'GET'} ${url} failed ${res.status}: ${await res.text()}`);
  // The reply's shape is the contract's; the test names the part it reads.
  return (await res.json()) as T;
}

/** A player registered through the API and settled in the world of that name, with their first village. */
export interface WorldPlayer {
  username: string;
  email: string;
  password: string;
  token: string;
  village: { id: string; name: string; x: number; y: number; worldId: string };
}

/** Registers a new player (`prefix` starts the name) and joins them to the world named `worldName`. */
export async function joinWorldNamed(url: string, { worldName, prefix }: { worldName: string; prefix: string }): Promise<WorldPlayer> {
  const data = newPlayer(prefix);
  const { token } = await call<{ token: string }>(`${url}/api/auth/register`, { method: 'POST', body: JSON.stringify(data) });
  const { worlds } = await call<{ worlds: { id: string; name: string }[] }>(`${url}/api/worlds`, { token });
  const world = worlds.find((w) => w.name === worldName);
  if (!world) throw new Error(`no world ${worldName}`);
  const { village } = await call<{ village: WorldPlayer['village'] }>(`${url}/api/worlds/${world.id}/join`, { method: 'POST', body: '{}', token });
  return { ...data, token, village };
}
