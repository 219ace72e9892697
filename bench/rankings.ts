// Ranking pages of a world of 10,000 players: what computeStandings takes, then median and p95 of each page through app.inject.
// Run with `npm run bench:rankings` (PGlite in memory; also PostgreSQL when DATABASE_URL is set). It seeds with SQL, not
// the register API, and stops by itself; exit status 1 when a page's p95 is 50 ms or more.
//   --players=N    players in the world (default 10000)
//   --requests=N   timed requests of each page (default 200, after 20 unmeasured)
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app';
import { FakeClock } from '../src/server/clock';
import { testConfig } from '../src/server/config';
import { openPglite, openPostgres, type Database, type Db } from '../src/server/db/open';
import { allianceMembers, alliances, buildings, combatPoints, users, villages, worlds } from '../src/server/db/schema';
import { createSession } from '../src/server/accounts/sessions';
import { computeDueStandings, computeStandings, STANDINGS_EVERY_MS } from '../src/server/rankings/standings';
import { inBackground } from '../src/server/db/background';
import { ownerTotalsInWorld } from '../src/server/village/population';
import { STARTING_BUILDINGS } from '../src/rules/buildings';
import { ALL_TIME, weekStart } from '../src/rules/rankings';
import type { PlayerId, WorldId } from '../src/rules/ids';
import { freshPostgres, type FreshPostgres } from '../tests/support/fresh-postgres';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const PLAYERS = Number(arg('players') ?? 10_000);
const REQUESTS = Number(arg('requests') ?? 200);
const WARM_UP = 20;
const TARGET_MS = 50;
/** One player in five has a second village; four in five are in one of the alliances of twenty; three in five have fought. */
const ALLIANCES = Math.max(1, Math.floor(PLAYERS / 25));

setTimeout(() => {
  console.error('bench: gave up after 600 s');
  process.exit(1);
}, 600_000).unref();

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

/** The world, its players, villages with buildings at pseudo-random levels, alliances and combat points: all in SQL. */
async function seed(db: Db, now: Date): Promise<{ worldId: WorldId; viewer: PlayerId }> {
  const [world] = await db.insert(worlds).values({ name: 'Rankings bench', seed: 7, maxPlayers: PLAYERS + 1 }).returning();
  const at = sql`${now.toISOString()}::timestamptz`;
  await db.execute(sql`insert into ${users} (username, email, created_at)
    select 'rk_' || lpad(i::text, 6, '0'), 'rk_' || i || '@example.com', ${at} from generate_series(1, ${PLAYERS}::int) i`);
  // Capitals on a grid (no two on one tile), then a second village for every fifth player further down.
  await db.execute(sql`insert into ${villages} (world_id, owner_id, name, x, y, is_capital, loyalty, timber, stone, iron, mead, resources_at, created_at)
    select ${world.id}::uuid, u.id, u.username || '''s village', (u.n % 400) - 200, (u.n / 400) - 200, true, 100, 750, 750, 750, 750, ${at}, ${at}
    from (select id, username, (row_number() over (order by username))::int - 1 as n from ${users} where username like 'rk\\_%') u`);
  await db.execute(sql`insert into ${villages} (world_id, owner_id, name, x, y, is_capital, loyalty, timber, stone, iron, mead, resources_at, created_at)
    select ${world.id}::uuid, u.id, u.username || '''s outpost', (u.n % 400) - 200, 199 - (u.n / 400), false, 100, 750, 750, 750, 750, ${at}, ${at}
    from (select id, username, (row_number() over (order by username))::int - 1 as n from ${users} where username like 'rk\\_%') u where u.n % 5 = 0`);
  const slots = sql.join(
    STARTING_BUILDINGS.map((b) => sql`(${b.slot}::int, ${b.type}::text)`),
    sql`, `,
  );
  await db.execute(sql`insert into ${buildings} (village_id, slot, type, level, updated_at)
    select v.id, s.slot, s.type, (hashtext(v.id::text || s.slot::text) & 2147483647) % 11, ${at}
    from ${villages} v cross join (values ${slots}) s(slot, type) where v.world_id = ${world.id}::uuid`);
  await db.execute(sql`insert into ${alliances} (name, tag, description, is_public, founded_at)
    select 'Clan ' || i, 'R' || lpad(i::text, 4, '0'), 'A bench clan.', true, ${at} from generate_series(1, ${ALLIANCES}::int) i`);
  await db.execute(sql`insert into ${allianceMembers} (alliance_id, user_id, role, joined_at)
    select a.id, u.id, 'member', ${at}
    from (select id, (row_number() over (order by username))::int - 1 as n from ${users} where username like 'rk\\_%') u
    join (select id, (row_number() over (order by tag))::int - 1 as n from ${alliances} where tag like 'R%') a on a.n = u.n % ${ALLIANCES}::int
    where u.n % 5 <> 4`);
  for (const week of [ALL_TIME, weekStart(now.getTime())]) {
    const factor = week === ALL_TIME ? 7 : 1;
    await db.execute(sql`insert into ${combatPoints} (world_id, user_id, week_start, attack, defence)
      select ${world.id}::uuid, u.id, ${new Date(week).toISOString()}::timestamptz, ((hashtext(u.id::text) & 2147483647) % 500) * ${factor}::int, ((hashtext(u.username) & 2147483647) % 300) * ${factor}::int
      from (select id, username, (row_number() over (order by username))::int - 1 as n from ${users} where username like 'rk\\_%') u where u.n % 5 < 3`);
  }
  await db.execute(sql`analyze`);
  // A player from the middle of every list views the pages.
  const [viewer] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, `rk_${String(Math.ceil(PLAYERS / 2)).padStart(6, '0')}`));
  return { worldId: world.id, viewer: viewer.id };
}

interface Line {
  label: string;
  median: number;
  p95: number;
  statements: number;
}

async function measure(database: Database, label: string, counter: () => number): Promise<Line[]> {
  const now = new Date();
  const clock = new FakeClock(now);
  const seeded = await timed(() => seed(database.db, now));
  console.log(`\n${label}: seeded ${PLAYERS} players, ${Math.floor(PLAYERS * 1.2)} villages with 19 buildings each, ${ALLIANCES} alliances in ${(seeded.ms / 1000).toFixed(1)} s`);
  const { worldId, viewer } = seeded.value;

  const scan = await timed(() => ownerTotalsInWorld(database.db, worldId));
  console.log(`summing every village of the world (what the old leaderboard did per request): ${scan.ms.toFixed(0)} ms`);
  const computations: number[] = [];
  for (let i = 0; i < 5; i++) computations.push((await timed(() => computeStandings(database.db, worldId, clock.now()))).ms);
  console.log(`computeStandings: first ${computations[0].toFixed(0)} ms, then ${computations.slice(1).map((ms) => ms.toFixed(0)).join(' / ')} ms`);

  const app = await buildApp({ db: database.db, clock, config: testConfig(), listen: database.listen });
  await app.ready();
  const headers = { authorization: `Bearer ${await createSession(database.db, viewer, now)}` };
  const base = `/api/worlds/${worldId}/rankings`;
  const deepPlayers = Math.floor(PLAYERS / 20 / 2);
  const pages: [string, string][] = [
    ['players, first page', `${base}/players`],
    [`players, page ${deepPlayers}`, `${base}/players?page=${deepPlayers}`],
    ['players, last page of 100', `${base}/players?limit=100&page=${Math.ceil(PLAYERS / 100)}`],
    ['alliances, first page', `${base}/alliances`],
    ['attackers this week, first page', `${base}/combat/attackers`],
    ['attackers all time, page 100', `${base}/combat/attackers?period=all&page=100`],
    ['defenders all time, first page', `${base}/combat/defenders?period=all`],
    ['my ranks', `${base}/me`],
  ];
  const lines: Line[] = [];
  for (const [name, url] of pages) {
    for (let i = 0; i < WARM_UP; i++) await app.inject({ method: 'GET', url, headers });
    const times: number[] = [];
    const before = counter();
    for (let i = 0; i < REQUESTS; i++) {
      const { ms, value: res } = await timed(() => app.inject({ method: 'GET', url, headers }));
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      times.push(ms);
    }
    times.sort((a, b) => a - b);
    lines.push({ label: name, median: percentile(times, 50), p95: percentile(times, 95), statements: (counter() - before) / REQUESTS });
  }
  // The sweeper's step five minutes on (computing and vacuuming), and what a page read waits meanwhile: on PGlite the
  // computation's transaction holds the one connection.
  clock.advance(STANDINGS_EVERY_MS);
  const url = `${base}/players`;
  const during: number[] = [];
  let sweeping = true;
  const sweep = timed(() => inBackground(() => computeDueStandings(database.db, clock.now()))).finally(() => (sweeping = false));
  while (sweeping) {
    during.push((await timed(() => app.inject({ method: 'GET', url, headers }))).ms);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const sweepMs = (await sweep).ms;
  await app.close();
  console.log(`sweep step (computeDueStandings, then vacuum): ${sweepMs.toFixed(0)} ms; ${during.length} page reads meanwhile, slowest ${Math.max(...during).toFixed(0)} ms`);
  console.log(`${label}: ${REQUESTS} requests of each page through app.inject, one at a time (the session's lookup included)`);
  for (const l of lines) console.log(`  ${l.label.padEnd(34)} median ${l.median.toFixed(2).padStart(6)} ms   p95 ${l.p95.toFixed(2).padStart(6)} ms   ${l.statements} statements`);
  return lines;
}

async function main() {
  let statements = 0;
  const logger = { logQuery: () => void (statements += 1) };
  const results: Line[] = [];
  const pglite = await openPglite('', { logger });
  try {
    results.push(...(await measure(pglite, 'PGlite', () => statements)));
  } finally {
    await pglite.close();
  }
  if (process.env.DATABASE_URL) {
    let fresh: FreshPostgres | null = null;
    fresh = await freshPostgres(process.env.DATABASE_URL);
    const postgres = await openPostgres(fresh.url, { logger });
    try {
      results.push(...(await measure(postgres, 'PostgreSQL', () => statements)));
    } finally {
      await postgres.close();
      await fresh.drop();
    }
  }
  const missed = results.filter((l) => l.p95 >= TARGET_MS);
  console.log(missed.length === 0 ? `\nevery page's p95 is under ${TARGET_MS} ms` : `\nmissed the ${TARGET_MS} ms target: ${missed.map((l) => l.label).join(', ')}`);
  if (missed.length > 0) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
