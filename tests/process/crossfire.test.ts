// Two players raiding each other at the same instant through two server processes on PostgreSQL: every send is answered 201, never 500 (a village's row lock must not block the foreign-key check of a movement aimed at it).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { compiledServer, freePort, runServer, waitForHealth, type ServerRun } from '../support/server-process';
import { freshPostgres, type FreshPostgres } from '../support/fresh-postgres';
import { openPostgres, type Database } from '../../src/server/db/open';
import { units, villages } from '../../src/server/db/schema';
import { createWorld } from '../../src/server/operators/world-admin';
import { LoadLog, seatPlayers } from '../support/load-run';
import { idOf, type VillageId } from '../../src/rules/ids';

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('crossfire between two processes', () => {
  let fresh: FreshPostgres;
  let database: Database;
  const servers: ServerRun[] = [];
  beforeAll(async () => {
    fresh = await freshPostgres(url!);
    database = await openPostgres(fresh.url);
  });
  afterAll(async () => {
    for (const run of servers) {
      run.child.kill('SIGTERM');
      await run.exited;
    }
    await database?.close();
    await fresh?.drop();
  });

  it('answers every simultaneous send between two villages', async () => {
    const world = await createWorld(database.db, { name: 'Crossfire', speed: 1, size: 45, maxPlayers: 10 });
    const bases: string[] = [];
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const run = runServer(compiledServer, { HOST: '127.0.0.1', PORT: String(port), STATIC_DIR: '', LOG_LEVEL: 'silent', DATABASE_URL: fresh.url, SWEEP_INTERVAL_MS: '0', AUTH_RATE_LIMIT: '1000' });
      servers.push(run);
      bases.push(`http://127.0.0.1:${port}`);
      await waitForHealth(bases[i], run);
    }
    const log = new LoadLog();
    const [a, b] = await seatPlayers(2, 'cross', () => bases[0], log, world.id);
    for (const p of [a, b]) await database.db.insert(units).values({ villageId: idOf<VillageId>(p.villageId), type: 'bondi', count: 500 });
    // Both joined a month ago, as far as beginner protection goes: past it, so they may raid each other.
    await database.db.update(villages).set({ createdAt: sql`${villages.createdAt} - interval '30 days'` }).where(eq(villages.worldId, world.id));
    const send = (from: typeof a, to: typeof a, base: string) =>
      fetch(`${base}/api/game/send-troops`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${from.token}` },
        body: JSON.stringify({ fromVillageId: from.villageId, toVillageId: to.villageId, units: { bondi: 1 }, movementType: 'raid' }),
      }).then(async (res) => ({ status: res.status, body: await res.text() }));
    const statuses: number[] = [];
    for (let round = 0; round < 20; round++) {
      const replies = await Promise.all([send(a, b, bases[0]), send(b, a, bases[1]), send(a, b, bases[1]), send(b, a, bases[0])]);
      statuses.push(...replies.map((r) => r.status));
    }
    expect(statuses.filter((s) => s !== 201)).toEqual([]);
    const [left] = await database.db.select().from(units).where(eq(units.villageId, idOf<VillageId>(a.villageId)));
    expect(left.count).toBe(500 - 40);
  }, 120_000);
});
