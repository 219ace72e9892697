// Two server processes on one PostgreSQL under 30 s of mixed play (building, training, raiding each other, reading): every timed event applied once and the world's books balance exactly; then the same with one process killed mid-run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledServer, freePort, runServer, waitForHealth, type ServerRun } from '../support/server-process';
import { freshPostgres, type FreshPostgres } from '../support/fresh-postgres';
import { openPostgres, type Database } from '../../src/server/db/open';
import { createWorld } from '../../src/server/operators/world-admin';
import { LoadLog, play, seatPlayers } from '../support/load-run';
import { ackCounts } from '../support/sim-player';
import { allHomeBy, checkWorld, snapshotWorld, storedVillages } from '../support/world-check';
import { balanceWorld } from '../support/world-ledger';

const url = process.env.DATABASE_URL;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const SPEED = 1000;

interface Server {
  run: ServerRun;
  base: string;
}

async function start(databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const run = runServer(compiledServer, { HOST: '127.0.0.1', PORT: String(port), STATIC_DIR: '', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl, SWEEP_INTERVAL_MS: '100', AUTH_RATE_LIMIT: '100000' });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, run);
  return { run, base };
}

async function stop(server: Server): Promise<void> {
  if (server.run.child.exitCode === null && server.run.child.signalCode === null) server.run.child.kill('SIGTERM');
  await server.run.exited;
}

if (!url) console.log('mixed-load: skipped, it needs PostgreSQL (set DATABASE_URL) for two server processes');

describe.skipIf(!url)('two server processes under mixed load', () => {
  let fresh: FreshPostgres;
  let database: Database;
  beforeAll(async () => {
    fresh = await freshPostgres(url!);
    database = await openPostgres(fresh.url);
  });
  afterAll(async () => {
    await database?.close();
    await fresh?.drop();
  });

  /** Seats players, plays for `seconds` through both servers (killing `victim` halfway if given), waits for every army home, stops the servers. */
  async function run(name: string, seconds: number, killOne: boolean) {
    const world = await createWorld(database.db, { name, speed: SPEED, size: 45, maxPlayers: 100 });
    const servers = await Promise.all([start(fresh.url), start(fresh.url)]);
    const live = [...servers];
    const log = new LoadLog();
    log.recordTimings = false;
    try {
      // Each request goes to either process, as behind a load balancer; a dead one is dropped from the pool.
      const pick = () => live[Math.floor(Math.random() * live.length)].base;
      const players = await seatPlayers(24, `${name.slice(0, 3).toLowerCase()}p`, pick, log, world.id);
      const openings = await storedVillages(database.db, world.id);
      let stopped = false;
      const playing = play(players, { meanThinkMs: 150, stopped: () => stopped });
      if (killOne) {
        await sleep((seconds * 1000) / 2);
        servers[0].run.child.kill('SIGKILL');
        await servers[0].run.exited;
        live.splice(live.indexOf(servers[0]), 1);
        await sleep((seconds * 1000) / 2);
      } else {
        await sleep(seconds * 1000);
      }
      stopped = true;
      await playing;
      expect(log.serverErrors, JSON.stringify(log.serverErrors)).toEqual([]);
      // The survivors' sweeper brings every army home.
      await sleep(Math.max(1500, allHomeBy(log) - Date.now() + 1500));
      for (const server of servers) await stop(server);

      const world2 = await snapshotWorld(database.db, world.id, new Date());
      const problems = await checkWorld(database.db, log, world2);
      const books = balanceWorld(openings, world2, log, SPEED);
      console.log(
        `mixed-load ${name}: ${log.acks.length} acknowledged writes ${JSON.stringify(ackCounts(log))}, ${log.unanswered.length} unanswered, ` +
          `${world2.reports.length} battles, ${world2.movements.length} movements; books balanced for ${books.balanced} villages (${books.skipped} with an unanswered write checked by ranges)`,
      );
      expect(problems, problems.join('; ')).toEqual([]);
      expect(books.problems, books.problems.join('; ')).toEqual([]);
      expect(world2.reports.length).toBeGreaterThan(0);
      expect(books.balanced).toBeGreaterThan(0);
      // The books have teeth: forgetting one acknowledged spend, or counting one homecoming twice, unbalances them.
      const spend = log.acks.findIndex((a) => a.kind === 'upgrade' || a.kind === 'train');
      const forgetful = Object.assign(new LoadLog(), { acks: log.acks.filter((_, i) => i !== spend) });
      expect(balanceWorld(openings, world2, forgetful, SPEED).problems.length).toBeGreaterThan(0);
      // A homecoming to a village whose books are kept to the crumb: one with an unanswered write is checked by ranges only.
      const home = world2.movements.find(
        (m) => m.type === 'return' && m.resolvedAt !== null && !log.unanswered.some((u) => u.villageId === m.toVillageId),
      );
      if (home) expect(balanceWorld(openings, { ...world2, movements: [...world2.movements, home] }, log, SPEED).problems.length).toBeGreaterThan(0);
    } finally {
      for (const server of servers) await stop(server);
    }
  }

  it('keeps every invariant and balances the books after 30 s through two processes', async () => {
    await run('Twin Load', 30, false);
  }, 180_000);

  it('loses nothing acknowledged when one of the two processes is killed mid-run', async () => {
    await run('Half Load', 16, true);
  }, 180_000);
});
