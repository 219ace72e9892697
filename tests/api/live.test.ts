// The live event stream over real HTTP: a player hears of an attack launched at them and of its report, the stream ends on logout and on shutdown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';
import { newVillage } from './village-helpers';
import { joinedLongAgo, placeAt, send, station } from './army-helpers';
import { sweepDueArrivals } from '../../src/server/sweeper';
import { withRole } from './proof-world';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await t.close();
});

interface Received {
  kind: string;
  data: Record<string, unknown>;
}

/** Opens the stream as the client does (fetch with the bearer token) and collects its events. */
async function openStream(token: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  const events: Received[] = [];
  let ended = false;
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const done = (async () => {
    try {
      for (;;) {
        const { value, done: finished } = await reader.read();
        if (finished) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const kind = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (kind && data) events.push({ kind, data: JSON.parse(data) as Record<string, unknown> });
        }
      }
    } catch {
      // aborted
    }
    ended = true;
  })();
  return { res, events, done, abort: () => controller.abort(), ended: () => ended };
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the live event stream', () => {
  it('needs a session', async () => {
    const res = await fetch(`${base}/api/events`);
    expect(res.status).toBe(401);
  });

  it('tells the defender of an attack launched at them, and both of the report when it lands', async () => {
    const attacker = await newVillage(t, undefined, 'sse');
    const defender = await newVillage(t, undefined, 'sse');
    await placeAt(t, defender.village.id, 170, -170);
    await placeAt(t, attacker.village.id, 170, -167);
    await joinedLongAgo(t, defender.player);
    await station(t, attacker.village.id, { berserker: 5 });
    const watching = await openStream(defender.player.token);
    const attackerWatching = await openStream(attacker.player.token);
    expect(watching.res.status).toBe(200);
    expect(watching.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await until(() => watching.events.some((e) => e.kind === 'ready') && attackerWatching.events.some((e) => e.kind === 'ready'));

    const sent = (await send(t, attacker.player, { fromVillageId: attacker.village.id, toVillageId: defender.village.id, units: { berserker: 5 }, movementType: 'attack' })).body.movement;
    await until(() => watching.events.some((e) => e.kind === 'movement_launched'));
    expect(watching.events.find((e) => e.kind === 'movement_launched')?.data).toEqual({ kind: 'movement_launched', villageId: defender.village.id, arrivesAt: sent.arrivesAt });

    t.clock.set(new Date(sent.arrivesAt).getTime());
    await sweepDueArrivals(t.database.db, t.clock.now());
    await until(() => watching.events.some((e) => e.kind === 'report_arrived') && attackerWatching.events.some((e) => e.kind === 'report_arrived'));
    // A player hears only of what concerns them.
    const stranger = await newVillage(t, undefined, 'sse');
    const strangerWatching = await openStream(stranger.player.token);
    await until(() => strangerWatching.events.some((e) => e.kind === 'ready'));
    expect(strangerWatching.events.map((e) => e.kind)).toEqual(['ready']);
    watching.abort();
    attackerWatching.abort();
    strangerWatching.abort();
  });

  it('ends when the session logs out', async () => {
    const { player } = await newVillage(t, undefined, 'out');
    const stream = await openStream(player.token);
    await until(() => stream.events.some((e) => e.kind === 'ready'));
    const res = await fetch(`${base}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${player.token}` } });
    expect(res.status).toBe(204);
    await until(() => stream.ended());
  });

  it("tells every open stream at once when a world's announcements or maintenance change", async () => {
    const { player, village } = await newVillage(t, undefined, 'news');
    const gm = await withRole(t, 'gamemaster', 'newsgm');
    const stream = await openStream(player.token);
    await until(() => stream.events.some((e) => e.kind === 'ready'));
    const endsAt = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const headers = { authorization: `Bearer ${gm.token}`, 'content-type': 'application/json' };
    const made = await fetch(`${base}/api/gamemaster/announcements`, { method: 'POST', headers, body: JSON.stringify({ worldId: village.worldId, message: 'The Thing meets', endsAt }) });
    expect(made.status).toBe(201);
    await until(() => stream.events.some((e) => e.kind === 'notices_changed'));
    expect(stream.events.find((e) => e.kind === 'notices_changed')?.data).toEqual({ kind: 'notices_changed', worldId: village.worldId });
    // Logging out ends the stream on the server's side too, so closing the app below does not wait on it.
    await fetch(`${base}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${player.token}` } });
    await until(() => stream.ended());
  });
});

describe('shutting down', () => {
  it('ends open streams, so the server can stop at once', async () => {
    // A server of its own: fetch keeps aborted connections of the tests above pooled for seconds.
    const own = await startTestApp();
    await own.app.listen({ port: 0, host: '127.0.0.1' });
    const ownBase = `http://127.0.0.1:${(own.app.server.address() as { port: number }).port}`;
    const { player } = await newVillage(own, undefined, 'end');
    const res = await fetch(`${ownBase}/api/events`, { headers: { authorization: `Bearer ${player.token}` } });
    const reader = res.body!.getReader();
    await reader.read();
    const started = Date.now();
    await own.app.close();
    // The stream has ended: the reader reaches its end.
    for (let r = await reader.read(); !r.done; r = await reader.read());
    expect(Date.now() - started).toBeLessThan(1000);
    await own.close();
  });
});
