// Two server processes on one PostgreSQL: a battle is fought exactly once while both sweep and players read through both, a notice sent through one reaches a stream on the other, and what one changes (a world event, a sign-out) the other sees at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { freePort, runServer, waitForHealth, compiledServer, type ServerRun } from '../support/server-process';
import { freshPostgres, type FreshPostgres } from '../support/fresh-postgres';
import { openPostgres, type Database } from '../../src/server/db/open';
import { battleReports, movements, units, users, villages } from '../../src/server/db/schema';
import { createWorld } from '../../src/server/operators/world-admin';
import { idOf, type MovementId, type PlayerId, type VillageId } from '../../src/rules/ids';

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
      players.push({ token: registered.json.token, village: idOf<VillageId>(joined.json.village.id) });
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

    const reports = await database.db.select().from(battleReports).where(eq(battleReports.attackerId, idOf<PlayerId>((await call<{ user: { id: string } }>(a, 'GET', '/api/auth/me', attacker.token)).json.user.id)));
    expect(reports).toHaveLength(1);
    const [movement] = await database.db.select().from(movements).where(eq(movements.id, idOf<MovementId>(sent.json.movement.id)));
    expect(movement.resolvedAt?.getTime()).toBe(arrives);
    const returns = await database.db.select().from(movements).where(eq(movements.toVillageId, attacker.village));
    expect(returns).toHaveLength(1);
    // Home again, the army is what survived, counted once.
    const lost = reports[0].attackerLosses.berserker ?? 0;
    while (Date.now() < returns[0].arrivesAt.getTime() + 1500) await new Promise((resolve) => setTimeout(resolve, 100));
    const home = await call<{ units: { type: string; count: number }[] }>(b, 'GET', `/api/map/village/${attacker.village}/overview`, attacker.token);
    expect(home.json.units.find((u) => u.type === 'berserker')?.count).toBe(40 - lost);
  });

  it('see at once through one what was changed through the other: a world event switched on, a session ended', async () => {
    const world = await createWorld(database.db, { name: 'Feast Fjords', speed: 1 });
    const gm = await call<{ token: string; user: { id: string } }>(a, 'POST', '/api/auth/register', undefined, { username: 'twingm', email: 'twingm@example.com', password: 'Valhalla#2026' });
    await database.db.update(users).set({ role: 'gamemaster' }).where(eq(users.id, idOf<PlayerId>(gm.json.user.id)));
    const farmer = await call<{ token: string }>(a, 'POST', '/api/auth/register', undefined, { username: 'twinfarm', email: 'twinfarm@example.com', password: 'Valhalla#2026' });
    const joined = await call<{ village: { id: string } }>(a, 'POST', `/api/worlds/${world.id}/join`, farmer.json.token);
    const production = async (server: Server) => {
      const read = await call<{ resources: { type: string; production: number }[] }>(server, 'GET', `/api/map/village/${joined.json.village.id}/overview`, farmer.json.token);
      expect(read.status).toBe(200);
      return read.json.resources.find((r) => r.type === 'timber')!.production;
    };
    const plain = await production(b);

    // Switched on through A; the very next read through B (well within a second) earns the bonus.
    const made = await call<{ event: { id: string } }>(a, 'POST', '/api/gamemaster/events', gm.json.token, {
      worldId: world.id,
      name: 'Twin Feast',
      kind: 'production_bonus',
      percent: 50,
      startTime: new Date(Date.now() - 60_000).toISOString(),
      endTime: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(made.status).toBe(201);
    expect((await call(a, 'POST', `/api/gamemaster/events/${made.json.event.id}/activate`, gm.json.token)).status).toBe(200);
    const switchedOn = Date.now();
    expect(await production(b)).toBeCloseTo(plain * 1.5, 5);
    expect(Date.now() - switchedOn).toBeLessThan(1000);
    expect((await call(b, 'POST', `/api/gamemaster/events/${made.json.event.id}/deactivate`, gm.json.token)).status).toBe(200);
    expect(await production(a)).toBe(plain);

    // Signed out through B; A refuses the token on the next request.
    expect((await call(a, 'GET', '/api/auth/me', farmer.json.token)).status).toBe(200);
    const out = await fetch(`${b.base}/api/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${farmer.json.token}` } });
    expect(out.status).toBe(204);
    expect((await call(a, 'GET', '/api/auth/me', farmer.json.token)).status).toBe(401);
  });
});
