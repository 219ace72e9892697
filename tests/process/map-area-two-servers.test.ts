// Two server processes on one PostgreSQL serve map areas from their own caches: a village changed through one shows
// through the other within a second, under a new ETag.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { freePort, runServer, waitForHealth, compiledServer, type ServerRun } from '../support/server-process';
import { freshPostgres, type FreshPostgres } from '../support/fresh-postgres';
import { openPostgres, type Database } from '../../src/server/db/open';
import { buildings } from '../../src/server/db/schema';
import { createWorld } from '../../src/server/operators/world-admin';
import { idOf, type VillageId } from '../../src/rules/ids';

const url = process.env.DATABASE_URL;

interface Server {
  run: ServerRun;
  base: string;
}

async function start(databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const run = runServer(compiledServer, { HOST: '127.0.0.1', PORT: String(port), STATIC_DIR: '', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, run);
  return { run, base };
}

interface Village {
  id: string;
  name: string;
  x: number;
  y: number;
}

interface AreaTile {
  x: number;
  y: number;
  type: string;
  village?: { id: string; name: string; population: number };
}

async function call<T>(server: Server, method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.base}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, etag: res.headers.get('etag'), json: (text ? JSON.parse(text) : null) as T };
}

describe.skipIf(!url)('map areas on two server processes', () => {
  let fresh: FreshPostgres;
  let database: Database;
  let a: Server;
  let b: Server;

  beforeAll(async () => {
    fresh = await freshPostgres(url!);
    [a, b] = await Promise.all([start(fresh.url), start(fresh.url)]);
    database = await openPostgres(fresh.url);
  });
  afterAll(async () => {
    for (const server of [a, b]) {
      if (!server) continue;
      server.run.child.kill('SIGTERM');
      await server.run.exited;
    }
    await database?.close();
    await fresh?.drop();
  });

  it('a change through one server shows through the other within a second', async () => {
    const world = await createWorld(database.db, { name: 'Twin Maps', size: 100 });
    const registered = await call<{ token: string }>(a, 'POST', '/api/auth/register', undefined, { username: 'mapper', email: 'mapper@example.com', password: 'Valhalla#2026' });
    const token = registered.json.token;
    const village = (await call<{ village: Village }>(a, 'POST', `/api/worlds/${world.id}/join`, token)).json.village;
    const areaPath = `/api/map/area/${world.id}/${village.x}/${village.y}/8`;
    const tileOf = (tiles: AreaTile[]) => tiles.find((tile) => tile.x === village.x && tile.y === village.y);

    // Both servers have the area cached, and answer 304 to their own tags.
    const seenA = await call<{ tiles: AreaTile[] }>(a, 'GET', areaPath, token);
    const seenB = await call<{ tiles: AreaTile[] }>(b, 'GET', areaPath, token);
    expect(seenB.etag).toBe(seenA.etag);
    expect(tileOf(seenB.json.tiles)?.village?.name).toBe(village.name);
    expect((await call(b, 'GET', areaPath, token, undefined, { 'if-none-match': seenB.etag! })).status).toBe(304);

    /** Polls server `through` until `shows` holds; returns how long it took after the change. */
    const waitFor = async (through: Server, since: number, oldTag: string, shows: (tile: AreaTile | undefined) => boolean) => {
      for (;;) {
        const res = await call<{ tiles: AreaTile[] }>(through, 'GET', areaPath, token, undefined, { 'if-none-match': oldTag });
        if (res.status === 200 && shows(tileOf(res.json.tiles))) {
          expect(res.etag).not.toBe(oldTag);
          return { ms: performance.now() - since, etag: res.etag! };
        }
        if (performance.now() - since > 5000) throw new Error('the change never showed through the other server');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };

    // Renamed through A, read through B. The change is there once A has answered (committed): the second counts from
    // then, not from the request, whose own time on a loaded machine is not the caches' to answer for.
    const renamed = await call(a, 'PUT', `/api/map/village/${village.id}/rename`, token, { name: 'Twin Hall' });
    expect(renamed.status).toBe(200);
    let changed = performance.now();
    const rename = await waitFor(b, changed, seenB.etag!, (tile) => tile?.village?.name === 'Twin Hall');
    expect(rename.ms).toBeLessThan(1000);

    // Population changed by another connection (as a finished upgrade writes it), read through A and B.
    const before = (await call<{ tiles: AreaTile[] }>(a, 'GET', areaPath, token)).json;
    const population = tileOf(before.tiles)!.village!.population;
    await database.db.update(buildings).set({ level: 5 }).where(eq(buildings.villageId, idOf<VillageId>(village.id)));
    changed = performance.now();
    for (const server of [a, b]) {
      const grown = await waitFor(server, changed, rename.etag, (tile) => (tile?.village?.population ?? 0) > population);
      expect(grown.ms).toBeLessThan(1000);
    }
  });
});
