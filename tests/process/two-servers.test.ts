// Two server processes on one PostgreSQL: a battle is fought exactly once while both sweep and players read through both, and a notice sent through one reaches a stream on the other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { freePort, runServer, waitForHealth, compiledServer, type ServerRun } from '../support/server-process';
import { freshPostgres, type FreshPostgres } from '../support/fresh-postgres';
import { openPostgres, type Database } from '../../src/server/db/open';
import { battleReports, movements, units, villages } from '../../src/server/db/schema';
import { createWorld } from '../../src/server/services/world-admin';

const url = process.env.DATABASE_URL;

interface Server {
  run: ServerRun;
  base: string;
}

async function start(databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const run = runServer(compiledServer, { HOST: '127.0.0.1', PORT: String(port), STATIC_DIR: '', LOG_LEVEL: 'silent', DATABASE_URL: databaseUrl, SWEEP_INTERVAL_MS: '50' });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(base, run);
  return { run, base };
}

async function call<T = Record<string, unknown>>(server: Server, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; json: T }> {
  const res = await fetch(`${server.base}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as T };
}

describe.skipIf(!url)('two server processes on one PostgreSQL', () => {
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

  it('fight a battle exactly once, and a notice from one reaches a stream on the other', async () => {
    const world = await createWorld(database.db, { name: 'Twin Fjords', speed: 600 });
    const players = [];
    for (const name of ['twinatt', 'twindef']) {
      const registered = await call<{ token: string }>(a, 'POST', '/api/auth/register', undefined, { username: name, email: `${name}@example.com`, password: 'Valhalla#2026' });
      const joined = await call<{ village: { id: string } }>(b, 'POST', `/api/worlds/${world.id}/join`, registered.json.token);
      players.push({ token: registered.json.token, village: joined.json.village.id });
    }
    const [attacker, defender] = players;
    // Three tiles apart; 40 berserkers at home (the game would train them).
    await database.db.update(villages).set({ x: 60, y: 0 }).where(eq(villages.id, defender.village));
    await database.db.update(villages).set({ x: 60, y: 3, resourcesAt: new Date() }).where(eq(villages.id, attacker.village));
    await database.db.insert(units).values({ villageId: attacker.village, type: 'berserker', count: 40 });

    // The defender watches through server A; the attack is sent through server B.
    const stream = await fetch(`${a.base}/api/events`, { headers: { authorization: `Bearer ${defender.token}` } });
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let heard = '';
    const listening = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        heard += decoder.decode(value, { stream: true });
        if (heard.includes('event: report_arrived')) return;
      }
    })();

    const sent = await call<{ movement: { id: string; arrivesAt: string } }>(b, 'POST', '/api/game/send-troops', attacker.token, {
      fromVillageId: attacker.village,
      toVillageId: defender.village,
      units: { berserker: 40 },
      movementType: 'attack',
    });
    expect(sent.status).toBe(201);
    // Both sweepers run every 50 ms; the players read through both servers at the same time.
    const arrives = new Date(sent.json.movement.arrivesAt).getTime();
    while (Date.now() < arrives + 1500) {
      await Promise.all([
        call(a, 'GET', `/api/map/village/${defender.village}/overview`, defender.token),
        call(b, 'GET', `/api/map/village/${defender.village}/overview`, defender.token),
        call(a, 'GET', '/api/game/battles', attacker.token),
      ]);
    }
    await Promise.race([listening, new Promise((resolve) => setTimeout(resolve, 5000))]);
    expect(heard).toContain('event: movement_launched');
    expect(heard).toContain('event: report_arrived');
    await reader.cancel();

    const reports = await database.db.select().from(battleReports).where(eq(battleReports.attackerId, (await call<{ user: { id: string } }>(a, 'GET', '/api/auth/me', attacker.token)).json.user.id));
    expect(reports).toHaveLength(1);
    const [movement] = await database.db.select().from(movements).where(eq(movements.id, sent.json.movement.id));
    expect(movement.resolvedAt?.getTime()).toBe(arrives);
    const returns = await database.db.select().from(movements).where(eq(movements.toVillageId, attacker.village));
    expect(returns).toHaveLength(1);
    // Home again, the army is what survived, counted once.
    const lost = reports[0].attackerLosses.berserker ?? 0;
    while (Date.now() < returns[0].arrivesAt.getTime() + 1500) await new Promise((resolve) => setTimeout(resolve, 100));
    const home = await call<{ units: { type: string; count: number }[] }>(b, 'GET', `/api/map/village/${attacker.village}/overview`, attacker.token);
    expect(home.json.units.find((u) => u.type === 'berserker')?.count).toBe(40 - lost);
  });
});
