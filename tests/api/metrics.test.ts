// GET /metrics on the game's port: closed without METRICS_TOKEN (404), the token's only with it; and what a short session shows there, per operation, of the sweeper, the streams and the game.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from './harness';
import { newVillage, overview, type MadeVillage, type Player } from './village-helpers';
import { joinedLongAgo, placeAt, send, station } from './army-helpers';
import { sweepDueArrivals } from '../../src/server/sweeper';
import { FIGURES_FRESH_MS } from '../../src/server/metrics/game-figures';
import { livePresence } from '../../src/server/db/schema';
import { sample, total } from '../support/metrics-text';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('does not exist on the game port, whatever bearer comes with it', async () => {
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'No such endpoint: GET /metrics', code: 'no_such_endpoint', params: { method: 'GET', path: '/metrics' } });
      expect(res.body).not.toContain('vikings_');
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let base: string;
  let attacker: { player: Player; village: MadeVillage };
  let defender: { player: Player; village: MadeVillage };
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    t = await startTestApp({ metricsToken: TOKEN });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    attacker = await newVillage(t, undefined, 'mtr');
    defender = await newVillage(t, undefined, 'mtr');
    await placeAt(t, defender.village.id, 140, -140);
    await placeAt(t, attacker.village.id, 140, -137);
    await joinedLongAgo(t, defender.player);
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 401 without the token or with another, and names the scheme', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-of-the-same-size-0123456', `Basic ${TOKEN}`, TOKEN, defender.player.auth.authorization]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json().error).toMatch(/METRICS_TOKEN/);
      expect(res.json().code).toBe('metrics_token_required');
    }
  });

  it('answers the Prometheus text format with the token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('# TYPE vikings_http_requests_total counter');
    expect(res.body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
  });

  it('counts requests by operationId and status, never by address', async () => {
    const before = await scrape();
    const reads = (text: string) => sample(text, 'vikings_http_requests_total', { operation: 'getVillageOverview', status: '200' }) ?? 0;
    await overview(t, attacker.player, attacker.village.id);
    await overview(t, defender.player, defender.village.id);
    // Another player's village: refused, and counted under the same operation with its status.
    const refused = await t.app.inject({ method: 'GET', url: `/api/map/village/${defender.village.id}/overview`, headers: attacker.player.auth });
    expect(refused.statusCode).toBe(403);
    await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    const after = await scrape();
    expect(reads(after) - reads(before)).toBe(2);
    expect(sample(after, 'vikings_http_requests_total', { operation: 'getVillageOverview', status: '403' })).toBe(1);
    expect(sample(after, 'vikings_http_requests_total', { operation: 'register', status: '201' })).toBe(2);
    expect(sample(after, 'vikings_http_requests_total', { operation: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    expect(after).not.toMatch(/operation="\/api/);
    expect(sample(after, 'vikings_http_request_duration_seconds_count', { operation: 'getVillageOverview' })).toBe(reads(after) + 1);
  });

  it('shows the open streams, the players online and the movements in flight, and the sweeper\'s lag once an arrival is applied', async () => {
    const controller = new AbortController();
    const stream = await fetch(`${base}/api/events`, { headers: defender.player.auth, signal: controller.signal });
    expect(stream.status).toBe(200);
    try {
      // The presence row is written a moment after the stream opens.
      const deadline = Date.now() + 5000;
      while ((await t.database.db.select().from(livePresence).where(eq(livePresence.userId, defender.player.user.id))).length === 0) {
        if (Date.now() > deadline) throw new Error('presence never written');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await station(t, attacker.village.id, { berserker: 5 });
      const raid = await send(t, attacker.player, { fromVillageId: attacker.village.id, toVillageId: defender.village.id, units: { berserker: 5 }, movementType: 'raid' });
      expect(raid.status).toBe(201);
      // The figures read by the scrapes before are a few seconds fresh: until they age, the game is not asked again.
      expect(sample(await scrape(), 'vikings_movements_in_flight', { world: 'Midgard', type: 'raid' })).toBeUndefined();
      t.clock.advance(FIGURES_FRESH_MS);
      const text = await scrape();
      expect(sample(text, 'vikings_live_streams_open')).toBe(1);
      expect(sample(text, 'vikings_players_online', { world: 'Midgard' })).toBe(1);
      expect(sample(text, 'vikings_movements_in_flight', { world: 'Midgard', type: 'raid' })).toBe(1);
      expect(sample(text, 'vikings_http_requests_total', { operation: 'sendTroops', status: '201' })).toBe(1);
      expect(total(text, 'vikings_db_transactions_total', { outcome: 'committed' })).toBeGreaterThan(0);
      expect(sample(text, 'vikings_db_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'vikings_db_connections', { state: 'idle' })).toBeGreaterThanOrEqual(0);

      // Applied 3 s after it was due: one observation in the 5 s bucket and none in the 2 s one.
      t.clock.set(new Date(raid.body.movement.arrivesAt).getTime() + 3000);
      expect(await sweepDueArrivals(t.database.db, t.clock.now(), t.app.metrics.sweepObserver())).toBe(1);
      const swept = await scrape();
      expect(sample(swept, 'vikings_sweep_lag_seconds_count', { kind: 'arrival' })).toBe(1);
      expect(sample(swept, 'vikings_sweep_lag_seconds_bucket', { kind: 'arrival', le: '2' })).toBe(0);
      expect(sample(swept, 'vikings_sweep_lag_seconds_bucket', { kind: 'arrival', le: '5' })).toBe(1);
      expect(sample(swept, 'vikings_sweep_lag_seconds_sum', { kind: 'arrival' })).toBe(3);
      expect(sample(swept, 'vikings_sweep_batch_size_count', { kind: 'arrival' })).toBe(1);
      expect(sample(swept, 'vikings_sweep_batch_size_sum', { kind: 'arrival' })).toBe(1);
    } finally {
      controller.abort();
    }
    // The row goes once the server has seen the stream close, a moment after (a later test counts no one online).
    const deadline = Date.now() + 10_000;
    while ((await t.database.db.select().from(livePresence).where(eq(livePresence.userId, defender.player.user.id))).length > 0) {
      if (Date.now() > deadline) throw new Error('presence never removed after the stream closed');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  it('counts a refused order as a refused transaction, not a failure', async () => {
    const before = await scrape();
    const refused = await send(t, attacker.player, { fromVillageId: attacker.village.id, toVillageId: defender.village.id, units: { berserker: 500 }, movementType: 'raid' });
    expect(refused.status).toBe(409);
    const after = await scrape();
    const count = (text: string, outcome: string) => total(text, 'vikings_db_transactions_total', { outcome });
    expect(count(after, 'refused') - count(before, 'refused')).toBe(1);
    expect(count(after, 'failed')).toBe(count(before, 'failed'));
  });

  it('still answers when the game\'s figures cannot be read, without them, and counts the failure', async () => {
    t.clock.advance(FIGURES_FRESH_MS);
    await t.database.db.execute(sql`alter table live_presence rename to live_presence_away`);
    try {
      const text = await scrape();
      expect(sample(text, 'vikings_players_online', { world: 'Midgard' })).toBeUndefined();
      expect(sample(text, 'vikings_movements_in_flight', { world: 'Midgard', type: 'raid' })).toBeUndefined();
      expect(sample(text, 'vikings_http_requests_total', { operation: 'sendTroops', status: '201' })).toBe(1);
      // Counted once for the reading both gauges shared; the counter shows it from the next scrape on.
      expect(sample(await scrape(), 'vikings_game_figures_failures_total')).toBe(1);
    } finally {
      await t.database.db.execute(sql`alter table live_presence_away rename to live_presence`);
    }
    t.clock.advance(FIGURES_FRESH_MS);
    expect(sample(await scrape(), 'vikings_players_online', { world: 'Midgard' })).toBe(0);
  });
});
