// This process's metrics in Prometheus' text format (prom-client): requests per operation, the sweeper, the database, live streams and the game's figures.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/open';
import type { Clock } from '../clock';
import type { SweepObserver, SweptKind } from '../sweeper';
import { databaseWatch } from './db-watch';
import { FiguresCache } from './game-figures';

/** Where a scraper reads the metrics, on METRICS_PORT (and on the game's port with METRICS_TOKEN). */
export const METRICS_ROUTE = '/metrics';

/** Label of requests that matched no route (unknown addresses, wrong methods). */
export const UNMATCHED = 'unmatched';
/** Label of the built client's files (the page, scripts, art). */
export const CLIENT_FILES = 'client';

/** What the scrape reads of this process besides its counters. */
export interface MetricSources {
  db: Db;
  clock: Clock;
  /** Event streams open on this process now. */
  openStreams: () => number;
}

/** Seconds, from 5 ms to 10 s: the game's replies aim below 100 ms at the 99th percentile. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds an event waited past its instant before the sweeper applied it: a sweep interval is 1 s by default. */
const LAG_BUCKETS = [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300, 1800];
/** Events per batch: villages per transaction (10 at most on PostgreSQL, 2 on PGlite), arrivals per sweep (500 at most). */
const BATCH_BUCKETS = [1, 2, 5, 10, 20, 50, 100, 200, 500];

/**
 * One registry per server (buildApp makes it), so the API tests' apps never share numbers. Counters count from the
 * process's start; gauges are read when scraped, the database's figures at most every few seconds (FiguresCache).
 */
export class GameMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'operation' | 'status'>;
  private readonly requestSeconds: Histogram<'operation'>;
  private readonly sweepLag: Histogram<'kind'>;
  private readonly sweepBatch: Histogram<'kind'>;
  private readonly sweepSeconds: Histogram;
  private readonly sweepFailures: Counter;
  private readonly clock: Clock;

  constructor(sources: MetricSources) {
    this.clock = sources.clock;
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({ name: 'vikings_http_requests_total', help: 'Requests answered, by operationId of openapi.yaml and status', labelNames: ['operation', 'status'], registers });
    this.requestSeconds = new Histogram({
      name: 'vikings_http_request_duration_seconds',
      help: 'Time from a request received to its reply sent, by operationId (an event stream: how long it stayed open)',
      labelNames: ['operation'],
      buckets: REQUEST_BUCKETS,
      registers,
    });
    this.sweepLag = new Histogram({
      name: 'vikings_sweep_lag_seconds',
      help: 'How long after its instant the sweeper applied an event: an arrival, or a village whose next event fell due',
      labelNames: ['kind'],
      buckets: LAG_BUCKETS,
      registers,
    });
    this.sweepBatch = new Histogram({
      name: 'vikings_sweep_batch_size',
      help: 'Events the sweeper applied together: villages per transaction, arrivals per sweep',
      labelNames: ['kind'],
      buckets: BATCH_BUCKETS,
      registers,
    });
    this.sweepSeconds = new Histogram({ name: 'vikings_sweep_duration_seconds', help: 'How long one sweep took', buckets: REQUEST_BUCKETS, registers });
    this.sweepFailures = new Counter({ name: 'vikings_sweep_failures_total', help: 'Sweeps that failed (logged; the next one goes on)', registers });
    new Gauge({
      name: 'vikings_live_streams_open',
      help: 'Event streams (GET /api/events) open on this process',
      registers,
      collect() {
        this.set(sources.openStreams());
      },
    });
    this.databaseMetrics(sources.db);
    this.gameMetrics(sources.db, sources.clock);
  }

  /** A request answered: `operation` is its operationId (or UNMATCHED, CLIENT_FILES), `seconds` its time to the reply. */
  request(operation: string, status: number, seconds: number): void {
    this.requests.inc({ operation, status: String(status) });
    this.requestSeconds.observe({ operation }, seconds);
  }

  /** What the sweeper reports, its lags measured on the game's clock once the transaction that applied an event committed. */
  sweepObserver(): SweepObserver {
    return {
      applied: (kind: SweptKind, dueAt: Date) => this.sweepLag.observe({ kind }, Math.max(0, this.clock.now().getTime() - dueAt.getTime()) / 1000),
      batch: (kind: SweptKind, size: number) => this.sweepBatch.observe({ kind }, size),
      swept: (seconds: number, failed: boolean) => {
        this.sweepSeconds.observe(seconds);
        if (failed) this.sweepFailures.inc();
      },
    };
  }

  /** The text a scraper reads, and its content type. */
  async scrape(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }

  /** Connections and transactions of the database opened by db/open.ts (none for a Db made otherwise). */
  private databaseMetrics(db: Db): void {
    const watch = databaseWatch(db);
    if (!watch) return;
    const registers = [this.registry];
    new Gauge({
      name: 'vikings_db_connections',
      help: 'Database connections of this process: in use, idle, and requests waiting for one (PGlite: its one connection, and statements queued behind it)',
      labelNames: ['state'],
      registers,
      collect() {
        const use = watch.poolUse();
        this.set({ state: 'in_use' }, use.total - use.idle);
        this.set({ state: 'idle' }, use.idle);
        this.set({ state: 'waiting' }, use.waiting);
      },
    });
    new Counter({
      name: 'vikings_db_transactions_total',
      help: 'Transactions by outcome: committed, refused (a rule said no and it rolled back) or failed (any other error)',
      labelNames: ['outcome'],
      registers,
      collect() {
        const tally = watch.transactions;
        this.reset();
        this.inc({ outcome: 'committed' }, tally.committed);
        this.inc({ outcome: 'refused' }, tally.refused);
        this.inc({ outcome: 'failed' }, [...tally.failed.values()].reduce((sum, n) => sum + n, 0));
      },
    });
    new Counter({
      name: 'vikings_db_transaction_failures_total',
      help: 'Failed transactions by SQLSTATE; none is retried, so 40P01 (deadlock) or 40001 (serialisation) points at a bug in the lock order',
      labelNames: ['sqlstate'],
      registers,
      collect() {
        this.reset();
        for (const [sqlstate, n] of watch.transactions.failed) this.inc({ sqlstate }, n);
      },
    });
  }

  /** Players online per world and movements in flight, read from the database (shared by every process on one PostgreSQL). */
  private gameMetrics(db: Db, clock: Clock): void {
    const figures = new FiguresCache(db, clock);
    const registers = [this.registry];
    new Gauge({
      name: 'vikings_players_online',
      help: 'Players with the game open (a live stream on any process) who have a village in the world',
      labelNames: ['world'],
      registers,
      async collect() {
        const read = await figures.read();
        this.reset();
        for (const { world, players } of read?.playersOnline ?? []) this.set({ world }, players);
      },
    });
    new Gauge({
      name: 'vikings_movements_in_flight',
      help: 'Movements on their way (armies, scouts, merchants, settlers, homecomings), by world and type',
      labelNames: ['world', 'type'],
      registers,
      async collect() {
        const read = await figures.read();
        this.reset();
        for (const { world, type, count } of read?.movementsInFlight ?? []) this.set({ world, type }, count);
      },
    });
    new Counter({
      name: 'vikings_game_figures_failures_total',
      help: 'Readings of players online and movements in flight that failed; those gauges are empty until one succeeds',
      registers,
      collect() {
        this.reset();
        this.inc(figures.failures);
      },
    });
  }
}
