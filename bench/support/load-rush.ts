// bench:load --rush: rush hour. Attacks and raids landing on a few hundred villages within one minute while players play: every battle applied exactly once and in arrival order per village, the sweeper's lag from an arrival's instant to its battle applied, and the players' p99 meanwhile.
import pg from 'pg';
import type { Db } from '../../src/server/db/open';
import { movements } from '../../src/server/db/schema';
import { marchSeconds } from '../../src/rules/movements';
import { mulberry32 } from './seed-world';
import { seedPlayers, PER_WORLD, type SeededPlayer } from './seed-players';
import { Crowd, perKind } from './load-held';
import { CpuMeter, cpuBetween, fmt, openBenchDatabase, percentile, printStatementStats, resetStatementStats, sleep, startServers, type LoadRunOptions } from './load-kit';
import type { MovementId } from '../../src/rules/ids';

export interface RushOptions extends LoadRunOptions {
  attacks: number;
  targets: number;
  rushSeconds: number;
  players: number;
}

/** The targets of issue 28 for rush hour. */
const TARGETS = { lagP99Ms: 1000, playersP99Ms: 200 };
/** Troops in each attack or raid. */
const ARMY = { bondi: 20 };
/** How often the bench asks which arrivals have been applied: the lag it measures is late by up to this much. */
const POLL_MS = 50;
/** Time for the servers to start and the players to settle into their pace before the first arrival. */
const LEAD_MS = 40_000;

/** One scheduled arrival and, once seen, when it was applied. */
interface Arrival {
  id: MovementId;
  from: string;
  to: string;
  arrivesAt: number;
  /** Date.now() of the poll that first saw it applied. */
  appliedAt: number | null;
}

/**
 * Which seeded villages play and which only send armies: in each world of the seeding, every third village is an attacker
 * (its armies are already on the march), the others are players; the targets are spread over the players.
 */
function roles(seeded: readonly SeededPlayer[], targetCount: number) {
  const players: SeededPlayer[] = [];
  const attackers: SeededPlayer[] = [];
  seeded.forEach((s, i) => ((i % PER_WORLD) % 3 === 2 ? attackers : players).push(s));
  const every = Math.max(1, Math.floor(players.length / targetCount));
  const targets = players.filter((_, i) => i % every === 0).slice(0, targetCount);
  return { players, attackers, targets };
}

/** The movements of the rush, as sending would make them, arriving at instants spread evenly over the rush from `start`. */
async function scheduleRush(db: Db, o: RushOptions, sides: ReturnType<typeof roles>, start: number): Promise<Arrival[]> {
  const random = mulberry32(28);
  const targetsOf = new Map<string, SeededPlayer[]>();
  for (const t of sides.targets) targetsOf.set(t.worldId, [...(targetsOf.get(t.worldId) ?? []), t]);
  const attackers = sides.attackers.filter((a) => targetsOf.has(a.worldId));
  const rows: (typeof movements.$inferInsert)[] = [];
  for (let k = 0; k < o.attacks; k++) {
    const from = attackers[k % attackers.length]!;
    const pool = targetsOf.get(from.worldId)!;
    const to = pool[Math.floor(random() * pool.length)]!;
    // Distinct instants a millisecond apart at least: a battle's report is found again by its two villages and instant.
    const arrivesAt = start + Math.floor((k * o.rushSeconds * 1000) / o.attacks);
    const seconds = marchSeconds(from, to, ARMY, { worldSpeed: o.speed })!;
    rows.push({
      worldId: from.worldId,
      type: k % 2 === 0 ? 'attack' : 'raid',
      ownerId: from.userId,
      fromVillageId: from.villageId,
      toVillageId: to.villageId,
      units: ARMY,
      departedAt: new Date(arrivesAt - seconds * 1000),
      arrivesAt: new Date(arrivesAt),
    });
  }
  const arrivals: Arrival[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const made = await db.insert(movements).values(rows.slice(i, i + 1000)).returning({ id: movements.id, from: movements.fromVillageId, to: movements.toVillageId, arrivesAt: movements.arrivesAt });
    for (const m of made) arrivals.push({ id: m.id, from: m.from, to: m.to!, arrivesAt: m.arrivesAt.getTime(), appliedAt: null });
  }
  return arrivals;
}

/** The run (PostgreSQL only: the bench watches the movements from a connection of its own). Returns the exit status: 1 when a target is missed. */
export async function runRush(o: RushOptions): Promise<number> {
  if (o.dbKind !== 'pg') {
    console.error('bench:load --rush needs --db=pg: it watches the battles being applied through a connection of its own, which PGlite (one process) does not allow');
    return 2;
  }
  const bench = await openBenchDatabase(o.dbKind, o.pgCluster);
  // Players and attackers in the same worlds: two players to one attacker.
  const total = Math.ceil((o.players * 3) / 2);
  console.log(`Seeding ${o.players} players and ${total - o.players} attackers (${o.dbKind}${bench.own ? ', a cluster of its own' : ''}, world speed ${o.speed})…`);
  const seeded = await seedPlayers(bench.database.db, total, { speed: o.speed, pastTutorial: true });
  const sides = roles(seeded, o.targets);
  const start = Date.now() + LEAD_MS;
  const arrivals = await scheduleRush(bench.database.db, o, sides, start);
  await bench.database.close();
  console.log(`${arrivals.length} attacks and raids on ${sides.targets.length} villages from ${sides.attackers.length} attackers, arriving over ${o.rushSeconds} s from ${((start - Date.now()) / 1000).toFixed(0)} s on`);
  const servers = await startServers(o.procs, bench.env, o.profileDir);
  const meter = new CpuMeter(bench, servers);
  await meter.open();
  await resetStatementStats(bench);
  const crowd = new Crowd(sides.players, servers.pick, o.thinkMs);
  crowd.grow(sides.players.length);
  console.log(`${o.procs} server process(es) up; ${sides.players.length} players playing, one request every ~${o.thinkMs / 1000} s each`);

  // Watching: which arrivals whose instant has passed are applied yet.
  const watcher = new pg.Client({ connectionString: bench.env.DATABASE_URL });
  await watcher.connect();
  const pending = [...arrivals].sort((a, b) => a.arrivesAt - b.arrivesAt);
  let next = 0;
  const waiting = new Map<string, Arrival>();
  const poll = async () => {
    const now = Date.now();
    while (next < pending.length && pending[next]!.arrivesAt <= now) {
      waiting.set(pending[next]!.id, pending[next]!);
      next++;
    }
    if (waiting.size === 0) return;
    // The backlog rather than the waiting: what is due and not yet applied, read off the index of unresolved movements,
    // costs the database next to nothing while the sweeper keeps up (asking for every waiting id by id cost it 5 ms a poll
    // once a backlog formed, and so made the backlog grow).
    const { rows } = await watcher.query<{ id: string }>('select id from movements where resolved_at is null and arrives_at <= $1', [new Date(now)]);
    const unapplied = new Set(rows.map((r) => r.id));
    const seen = Date.now();
    for (const [id, arrival] of waiting) {
      if (unapplied.has(id)) continue;
      arrival.appliedAt = seen;
      waiting.delete(id);
    }
  };
  await sleep(Math.max(0, start - Date.now() - 2000));
  const cpu0 = await meter.read();
  const t0 = performance.now() + (start - Date.now());
  const timingsFrom = crowd.log.timings.length;
  const end = start + o.rushSeconds * 1000;
  // Until every arrival is applied, or 30 s after the last one's instant.
  while (Date.now() < end || ((waiting.size > 0 || next < pending.length) && Date.now() < end + 30_000)) {
    const began = Date.now();
    await poll();
    await sleep(Math.max(0, POLL_MS - (Date.now() - began)));
  }
  const cpu1 = await meter.read();
  const during = crowd.log.timings.slice(timingsFrom).filter((t) => t.startedAt >= t0 && t.startedAt < t0 + o.rushSeconds * 1000);
  await crowd.stop();
  await servers.stop();

  // Exactly once: one report per movement, found by its two villages and its instant; in order: per village, the
  // transactions that applied its arrivals (their ids, the movements' xmin) never go back in arrival order.
  const ids = arrivals.map((a) => a.id);
  const { rows: reports } = await watcher.query<{ from: string; to: string; at: Date; n: string }>(
    `select attacker_village->>'id' as from, defender_village->>'id' as to, occurred_at as at, count(*) as n from battle_reports
     where occurred_at >= $1 and occurred_at <= $2 group by 1, 2, 3`,
    [new Date(start), new Date(end)],
  );
  const reportCount = new Map(reports.map((r) => [`${r.from}|${r.to}|${r.at.getTime()}`, Number(r.n)]));
  const { rows: applied } = await watcher.query<{ id: string; resolved: boolean; tx: string }>(
    'select id, resolved_at is not null as resolved, xmin::text as tx from movements where id = any($1::uuid[])',
    [ids],
  );
  await watcher.end();
  await printStatementStats(bench, o.statementStats);
  await meter.close();
  await bench.drop();

  const txOf = new Map(applied.map((r) => [r.id, r.resolved ? BigInt(r.tx) : null]));
  const unresolved = applied.filter((r) => !r.resolved).length;
  let missingReports = 0;
  let doubleReports = 0;
  for (const a of arrivals) {
    const n = reportCount.get(`${a.from}|${a.to}|${a.arrivesAt}`) ?? 0;
    if (n === 0) missingReports++;
    if (n > 1) doubleReports++;
  }
  const byTarget = new Map<string, Arrival[]>();
  for (const a of arrivals) byTarget.set(a.to, [...(byTarget.get(a.to) ?? []), a]);
  let outOfOrder = 0;
  for (const list of byTarget.values()) {
    list.sort((a, b) => a.arrivesAt - b.arrivesAt || (a.id < b.id ? -1 : 1));
    let last = -1n;
    for (const a of list) {
      const tx = txOf.get(a.id);
      if (tx === null || tx === undefined) continue;
      if (tx < last) outOfOrder++;
      if (tx > last) last = tx;
    }
  }
  const lags = arrivals.filter((a) => a.appliedAt !== null).map((a) => a.appliedAt! - a.arrivesAt).sort((a, b) => a - b);
  const times = during.map((t) => t.ms).sort((a, b) => a - b);
  console.log(`\nrush: ${arrivals.length} arrivals over ${o.rushSeconds} s (${(arrivals.length / o.rushSeconds).toFixed(0)} a second) on ${byTarget.size} villages`);
  console.log(`         ${cpuBetween(cpu0, cpu1, arrivals.length, !bench.own)} (per arrival)`);
  console.log(`applied  ${arrivals.length - unresolved} of ${arrivals.length}; reports missing ${missingReports}, doubled ${doubleReports}; applied out of arrival order at its village ${outOfOrder}`);
  console.log(`lag      arrival instant to applied (seen by a poll every ${POLL_MS} ms): p50 ${fmt(percentile(lags, 50))} ms, p99 ${fmt(percentile(lags, 99))} ms, slowest ${fmt(lags.at(-1) ?? NaN)} ms`);
  console.log(`players  during the minute: ${times.length} requests, p50 ${fmt(percentile(times, 50))} ms, p99 ${fmt(percentile(times, 99))} ms; errors ${crowd.failures.length}`);
  console.log(`         ${perKind(during)}`);
  const checks = [
    { what: 'every battle applied exactly once', ok: unresolved === 0 && missingReports === 0 && doubleReports === 0, figure: `${unresolved} unapplied, ${missingReports} without a report, ${doubleReports} with two` },
    { what: 'in arrival order per village', ok: outOfOrder === 0, figure: `${outOfOrder} out of order` },
    { what: `sweeper lag p99 < ${TARGETS.lagP99Ms} ms`, ok: lags.length === arrivals.length && percentile(lags, 99) < TARGETS.lagP99Ms, figure: `${fmt(percentile(lags, 99))} ms` },
    { what: `players' p99 < ${TARGETS.playersP99Ms} ms during the minute`, ok: percentile(times, 99) < TARGETS.playersP99Ms && crowd.failures.length === 0, figure: `${fmt(percentile(times, 99))} ms` },
  ];
  console.log('\nrush hour targets:');
  for (const c of checks) console.log(`  ${c.ok ? 'met   ' : 'MISSED'}  ${c.what}: ${c.figure}`);
  return checks.every((c) => c.ok) ? 0 : 1;
}
