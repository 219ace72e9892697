// `npm run bench:load`: simulated players against the server as `npm start` runs it. By default a growing crowd, step by step, and how many players were held with p99 under 100 ms; `--burst` a world opening; `--rush` rush hour.
//
// Each simulated player acts like a person: a request every ~10 s on average (read the village, build, train, raid a
// neighbour, read the map), seeded as players of a running world are (a village with barracks and bondi, their quests
// issued and the tutorial behind them). Figures under each step: the load generator's own event-loop lag and CPU, each
// server's CPU with its two busiest threads (on PGlite the main thread and the database's), PostgreSQL's CPU, and per
// request the CPU of the servers, of PostgreSQL and of the load generator, with the transactions committed (and, on a
// cluster of its own, the statements run) per request.
//
// The three runs (issue 28's targets; each exits 1 when one of its targets is missed):
//   (default)          players held: steps of a growing crowd; prints `players held: N` and exits 1 below --target-players
//   --burst            a world opening: N signed-in players without a village join new worlds and read their village,
//                      all within the same 5 s, while a background of ordinary players plays (bench/support/load-burst.ts)
//   --rush             rush hour: 9,000 attacks and raids landing on 500 villages within one minute while 2,000 players
//                      play; every battle applied once and in arrival order, the sweeper's lag (bench/support/load-rush.ts)
//
// Options of every run:
//   --db=pglite|pg         embedded PGlite in a temporary data directory (default), or PostgreSQL (a fresh database)
//   --pg=shared|own        with --db=pg: the server of DATABASE_URL (default postgres://vikings:vikings@127.0.0.1:5432/postgres),
//                          or a throw-away cluster of the bench's own (initdb + pg_ctl in a temporary directory, as the
//                          postgres account when run as root, on a free port) started with pg_stat_statements, whose
//                          statements per request and top statements the run then prints
//   --pg-stats=N           with --pg=own: how many of the statements taking the most time to print at the end (default 20)
//   --procs=1|2            server processes (2 needs --db=pg); requests are spread over them at random
//   --think-seconds=S      mean time between two requests of one player (default 10)
//   --speed=N              world speed (default 10, so barracks, training and marches happen within a run)
//   --profile-dir=DIR      write a V8 CPU profile of each server process there (open it in Chrome's DevTools)
//
// Players held (the default run):
//   --start-players=N      players in the first step (default 6000 on PostgreSQL, 3000 on PGlite)
//   --step-players=N       players added per step (default 1000 on PostgreSQL, 500 on PGlite)
//   --max-players=N        players in the last step (default 11000 on PostgreSQL, 5500 on PGlite)
//   --step-seconds=S       length of each step (default 30; the first fifth of each is not measured)
//   --p99-ms=N             the latency a held step must stay under (default 100)
//   --target-players=N     exit 1 when fewer players were held (default: 10000 on PostgreSQL with two processes, 5000
//                          on PGlite, none otherwise; 0 for none)
//   --logins=N             N password sign-ins a second (POST /api/auth/login, arriving at random) on top of the
//                          players, from 200 of the seeded accounts; each step then prints the sign-ins' own p50 and
//                          p99 and how many were refused (503: the argon2 pool busy). Raises AUTH_RATE_LIMIT for it
//
// A world opening (--burst):
//   --joiners=N            signed-in players who join and read their village (default 5000)
//   --window-seconds=S     the span their joins are spread over, uniformly (default 5)
//   --background=N         ordinary players playing meanwhile (default 1000)
//
// Rush hour (--rush):
//   --attacks=N            attacks and raids (default 9000)
//   --targets=N            villages they land on (default 500)
//   --rush-seconds=S       the span their arrivals are spread over (default 60)
//   --players=N            players playing meanwhile (default 2000)
//
// Examples: `npm run bench:load -- --db=pg --procs=2`, `npm run bench:load` (PGlite), `npm run bench:load -- --burst
// --db=pg --procs=2`, `npm run bench:load -- --rush --db=pg --procs=2 --pg=own`.
import { flag, option, type DbKind } from './support/load-kit';
import { runHeld } from './support/load-held';
import { runBurst } from './support/load-burst';
import { runRush } from './support/load-rush';

const dbKind = option('db', 'pglite') as DbKind;
const pgCluster = option('pg', 'shared');
const procs = Number(option('procs', '1'));
const onPg = dbKind === 'pg';
const common = {
  dbKind,
  pgCluster: pgCluster === 'own' ? ('own' as const) : ('shared' as const),
  procs,
  thinkMs: Number(option('think-seconds', '10')) * 1000,
  speed: Number(option('speed', '10')),
  profileDir: option('profile-dir', ''),
  statementStats: Number(option('pg-stats', '20')),
};
const usage =
  'Usage: npm run bench:load -- [--burst | --rush] [--db=pglite|pg] [--pg=shared|own] [--procs=1|2 (2 needs pg)] [--think-seconds=S] [--speed=N] [--profile-dir=DIR] ...: see the options at the top of bench/load.ts';
if (!['pglite', 'pg'].includes(dbKind) || !['shared', 'own'].includes(pgCluster) || ![1, 2].includes(procs) || (procs === 2 && !onPg)) {
  console.error(usage);
  process.exit(2);
}

let status: number;
if (flag('burst')) {
  status = await runBurst({
    ...common,
    joiners: Number(option('joiners', '5000')),
    windowSeconds: Number(option('window-seconds', '5')),
    background: Number(option('background', '1000')),
  });
} else if (flag('rush')) {
  status = await runRush({
    ...common,
    attacks: Number(option('attacks', '9000')),
    targets: Number(option('targets', '500')),
    rushSeconds: Number(option('rush-seconds', '60')),
    players: Number(option('players', '2000')),
  });
} else {
  const defaultTarget = onPg ? (procs === 2 ? 10_000 : 0) : 5_000;
  const held = {
    ...common,
    startPlayers: Number(option('start-players', onPg ? '6000' : '3000')),
    stepPlayers: Number(option('step-players', onPg ? '1000' : '500')),
    maxPlayers: Number(option('max-players', onPg ? '11000' : '5500')),
    stepSeconds: Number(option('step-seconds', '30')),
    p99Limit: Number(option('p99-ms', '100')),
    loginsPerSecond: Number(option('logins', '0')),
    targetPlayers: Number(option('target-players', String(defaultTarget))),
  };
  if (!(held.loginsPerSecond >= 0) || !(held.startPlayers > 0) || !(held.stepPlayers > 0) || held.maxPlayers < held.startPlayers) {
    console.error(usage);
    process.exit(2);
  }
  status = await runHeld(held);
}
process.exit(status);
