// bench:load --burst: a world opening. Signed-in players without a village all join new worlds and read their village within the same few seconds, while ordinary players play; errors, the joins' and reads' p50 and p99, and how long the ordinary players' p99 takes to come back under 100 ms.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/server/db/open';
import { sessions, users } from '../../src/server/db/schema';
import { hashToken } from '../../src/server/accounts/sessions';
import { createWorld } from '../../src/server/operators/world-admin';
import { HttpError, LoadLog, SimPlayer } from '../../tests/support/sim-player';
import { seedPlayers } from './seed-players';
import { Crowd, perKind } from './load-held';
import { CpuMeter, cpuBetween, fmt, openBenchDatabase, percentile, printStatementStats, resetStatementStats, sleep, startServers, type LoadRunOptions } from './load-kit';
import type { WorldId } from '../../src/rules/ids';

export interface BurstOptions extends LoadRunOptions {
  joiners: number;
  windowSeconds: number;
  background: number;
}

/** Players one new world takes: its capital ring (40 to 120 tiles out, capitals 3 apart, barbarians beside them) holds about this many. */
export const JOINERS_PER_WORLD = 1000;

/** The targets of issue 28 for a world opening. */
const TARGETS = { joinP99Ms: 2000, readP99Ms: 2000, backToNormalMs: 10_000, normalP99Ms: 100 };

/** Accounts signed in but in no world yet, with a session each, straight into the database (as seed-players.ts does: no argon2). */
async function seedJoiners(db: Db, count: number): Promise<{ token: string; userId: string }[]> {
  const run = randomBytes(3).toString('hex');
  const now = new Date();
  const joiners: { token: string; userId: string }[] = [];
  for (let from = 0; from < count; from += 500) {
    const names = Array.from({ length: Math.min(500, count - from) }, (_, i) => `j${run}_${from + i}`);
    const rows = await db
      .insert(users)
      .values(names.map((username) => ({ username, email: `${username}@example.com`, role: 'user' as const, createdAt: now })))
      .returning({ id: users.id });
    const tokens = rows.map(() => randomBytes(32).toString('base64url'));
    await db.insert(sessions).values(rows.map((u, i) => ({ tokenHash: hashToken(tokens[i]!), userId: u.id, createdAt: now, expiresAt: new Date(now.getTime() + 86_400_000) })));
    rows.forEach((u, i) => joiners.push({ token: tokens[i]!, userId: u.id }));
  }
  return joiners;
}

/** What one joiner did: when it was sent (ms from the window's start) and how long its join and its read took; what failed. */
interface Opening {
  at: number;
  joinMs: number;
  readMs: number;
  error: string | null;
}

/** The run. Returns the exit status: 1 when a target is missed. */
export async function runBurst(o: BurstOptions): Promise<number> {
  const bench = await openBenchDatabase(o.dbKind, o.pgCluster);
  const worldCount = Math.ceil(o.joiners / JOINERS_PER_WORLD);
  console.log(`Seeding ${o.background} playing players, ${o.joiners} signed-in players without a village and ${worldCount} new world(s) (${o.dbKind}, world speed ${o.speed})…`);
  const seeded = await seedPlayers(bench.database.db, o.background, { speed: o.speed, pastTutorial: true });
  const joiners = await seedJoiners(bench.database.db, o.joiners);
  const worlds: WorldId[] = [];
  const tag = randomBytes(2).toString('hex');
  for (let i = 0; i < worldCount; i++) {
    // Opened with their barbarians, as the game master's page opens one; room for every joiner it gets.
    const world = await createWorld(bench.database.db, { name: `Opening ${tag} ${i}`, speed: o.speed, maxPlayers: JOINERS_PER_WORLD + 100 });
    worlds.push(world.id);
  }
  await bench.database.close();
  const servers = await startServers(o.procs, bench.env, o.profileDir);
  const meter = new CpuMeter(bench, servers);
  await meter.open();
  await resetStatementStats(bench);
  console.log(`${o.procs} server process(es) up (${o.dbKind}); ${o.background} players playing, one request every ~${o.thinkMs / 1000} s each`);

  const crowd = new Crowd(seeded, servers.pick, o.thinkMs);
  crowd.grow(o.background);
  // The background settles into its pace first; the last 10 s before the opening are its normal.
  await sleep(Math.max(10_000, o.thinkMs * 1.5));
  const normalFrom = crowd.log.timings.length;
  await sleep(10_000);
  const normal = crowd.log.timings.slice(normalFrom).map((t) => t.ms).sort((a, b) => a - b);
  console.log(`background before the opening: ${normal.length} requests in 10 s, p50 ${fmt(percentile(normal, 50))} ms, p99 ${fmt(percentile(normal, 99))} ms`);

  // The opening: each joiner at a uniformly random instant of the window joins a world (spread evenly over the new
  // worlds), then reads its village.
  const log = new LoadLog();
  log.recordTimings = false;
  const openings: Opening[] = [];
  const cpu0 = await meter.read();
  const start = performance.now();
  const backgroundFrom = crowd.log.timings.length;
  const windowMs = o.windowSeconds * 1000;
  await Promise.all(
    joiners.map(async (joiner, i) => {
      const at = Math.random() * windowMs;
      await sleep(at);
      const player = new SimPlayer(`joiner${i}`, servers.pick, log);
      player.useSession(joiner.token, joiner.userId);
      const opening: Opening = { at, joinMs: NaN, readMs: NaN, error: null };
      const t0 = performance.now();
      try {
        await player.join(worlds[i % worlds.length]!);
        const t1 = performance.now();
        opening.joinMs = t1 - t0;
        await player.readVillage();
        opening.readMs = performance.now() - t1;
      } catch (error) {
        opening.error = error instanceof HttpError ? `${error.status} ${error.body.slice(0, 120)}` : (error as Error).message;
      }
      openings.push(opening);
    }),
  );
  const openedMs = performance.now() - start;
  const cpu1 = await meter.read();
  // The background's p99 per second from the opening on, until it stays under the normal target.
  await sleep(Math.max(0, 20_000 - (performance.now() - start)));
  await sleep(5_000);
  const background = crowd.log.timings.slice(backgroundFrom);
  await crowd.stop();
  await servers.stop();
  await printStatementStats(bench, o.statementStats);
  await meter.close();
  await bench.drop();

  const errors = openings.filter((p) => p.error !== null);
  const joins = openings.filter((p) => !Number.isNaN(p.joinMs)).map((p) => p.joinMs).sort((a, b) => a - b);
  const reads = openings.filter((p) => !Number.isNaN(p.readMs)).map((p) => p.readMs).sort((a, b) => a - b);
  console.log(`\nopening: ${o.joiners} players joined ${worldCount} new world(s) and read their village, sent within ${o.windowSeconds} s; all done after ${(openedMs / 1000).toFixed(1)} s`);
  console.log(`         ${cpuBetween(cpu0, cpu1, o.joiners * 2, !bench.own)} (a join and a read per player)`);
  console.log(`join     ${joins.length} answered, p50 ${fmt(percentile(joins, 50))} ms, p99 ${fmt(percentile(joins, 99))} ms, slowest ${fmt(joins.at(-1) ?? NaN)} ms`);
  console.log(`read     ${reads.length} answered, p50 ${fmt(percentile(reads, 50))} ms, p99 ${fmt(percentile(reads, 99))} ms, slowest ${fmt(reads.at(-1) ?? NaN)} ms`);
  if (errors.length > 0) console.log(`errors   ${errors.length}: ${[...new Set(errors.map((e) => e.error))].slice(0, 5).join('; ')}`);

  // The background's p99 over sliding windows of 2 s (a second alone holds too few requests for a p99), from the
  // opening's start; back to normal once no later window reaches the target, counted from the end of the joiners' window.
  const bySecond: number[][] = [];
  for (const t of background) {
    const second = Math.floor((t.startedAt - start) / 1000);
    if (second >= 0) (bySecond[second] ??= []).push(t.ms);
  }
  const p99s: number[] = [];
  for (let s = 0; s + 1 < bySecond.length; s++) p99s.push(percentile([...(bySecond[s] ?? []), ...(bySecond[s + 1] ?? [])].sort((a, b) => a - b), 99));
  let lastBad = -1;
  p99s.forEach((p99, s) => {
    if (!(p99 < TARGETS.normalP99Ms)) lastBad = s;
  });
  const backAfterMs = Math.max(0, (lastBad + 2) * 1000 - windowMs);
  console.log(`background p99 of each 2 s from the opening on, a second apart (ms): ${p99s.map((p) => fmt(p)).join(' ')}`);
  console.log(`background during the opening's first ${Math.round(openedMs / 1000)} s: ${perKind(background.filter((t) => t.startedAt - start < openedMs))}`);

  const checks = [
    { what: 'errors', ok: errors.length === 0, figure: `${errors.length}`, target: '0' },
    { what: 'join p99', ok: percentile(joins, 99) < TARGETS.joinP99Ms && joins.length === o.joiners, figure: `${fmt(percentile(joins, 99))} ms`, target: `< ${TARGETS.joinP99Ms} ms` },
    { what: 'read p99', ok: percentile(reads, 99) < TARGETS.readP99Ms && reads.length === o.joiners, figure: `${fmt(percentile(reads, 99))} ms`, target: `< ${TARGETS.readP99Ms} ms` },
    {
      what: 'background p99 back under 100 ms',
      ok: backAfterMs <= TARGETS.backToNormalMs,
      figure: `${(backAfterMs / 1000).toFixed(0)} s after the window`,
      target: `within ${TARGETS.backToNormalMs / 1000} s`,
    },
  ];
  console.log('\nworld opening targets:');
  for (const c of checks) console.log(`  ${c.ok ? 'met   ' : 'MISSED'}  ${c.what}: ${c.figure} (target ${c.target})`);
  return checks.every((c) => c.ok) ? 0 : 1;
}
