// Alerts while away through two server processes on one PostgreSQL, both pushing: one VAPID key pair for both, each attack pushed exactly once to a
// local push service with its arrival time, none to a player who opted out, none to a player watching through the other process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNull, sql } from 'drizzle-orm';
import { jsonCall as call, TwinServers } from '../support/twin-servers';
import { BrowserKeys, LocalPushService } from '../support/push-service';
import type { Database } from '../../src/server/db/open';
import { alerts, appSettings, livePresence, units, villages } from '../../src/server/db/schema';
import { createWorld } from '../../src/server/operators/world-admin';
import { alertTime } from '../../src/rules/alerts';
import { idOf, type VillageId } from '../../src/rules/ids';

const url = process.env.DATABASE_URL;
const ATTACKS = 12;

interface Player {
  token: string;
  village: VillageId;
  name: string;
}

async function until(check: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!url)('alerts pushed by two server processes', () => {
  const twins = new TwinServers();
  const { bases } = twins;
  const push = new LocalPushService();
  let database: Database;

  beforeAll(async () => {
    await push.start();
    // Both processes start at once on a fresh database: each makes a key pair, one is kept.
    await twins.start(url!, { PUSH_LOOPBACK: '1', VAPID_SUBJECT: 'mailto:ops@example.com' });
    database = twins.database;
  });
  afterAll(async () => {
    await twins.stop();
    await push.close();
  });

  it('push each alert once, to those who chose it and are not looking', async () => {
    // A registered player (without a village yet), through one process or the other.
    let registered = 0;
    async function join(i: number): Promise<Player> {
      registered += 1;
      const name = `horn${registered}`;
      const made = await call<{ token: string }>(bases[i % 2]!, 'POST', '/api/auth/register', undefined, { username: name, email: `${name}@example.com`, password: 'Valhalla#2026' });
      return { token: made.json.token, village: idOf<VillageId>(''), name };
    }
    const keys = await database.db.select().from(appSettings).where(eq(appSettings.key, 'vapid'));
    expect(keys).toHaveLength(1);
    const settings = await Promise.all(bases.map(async (base, i) => (await call<{ publicKey: string }>(base, 'GET', '/api/alerts/settings', (await join(i)).token)).json.publicKey));
    expect(settings).toEqual([keys[0]!.value.publicKey, keys[0]!.value.publicKey]);

    const world = await createWorld(database.db, { name: 'Horn Fjord', speed: 1 });
    const players: Player[] = [];
    for (const [i, role] of ['attacker', 'closed', 'opted', 'watching'].entries()) {
      const player = await join(i);
      const joined = await call<{ village: { id: string } }>(bases[(i + 1) % 2]!, 'POST', `/api/worlds/${world.id}/join`, player.token);
      expect([role, joined.status]).toEqual([role, 201]);
      players.push({ ...player, village: idOf<VillageId>(joined.json.village.id) });
    }
    const [attacker, closed, opted, watching] = players as [Player, Player, Player, Player];
    // Side by side, past beginner protection, the attacker with berserkers at home (the game would train them).
    for (const [i, player] of players.entries()) {
      await database.db
        .update(villages)
        .set({ x: 80 + 2 * i, y: 40, resourcesAt: new Date(), createdAt: sql`${villages.createdAt} - interval '30 days'` })
        .where(eq(villages.id, player.village));
    }
    await database.db.insert(units).values({ villageId: attacker.village, type: 'berserker', count: ATTACKS * 3 });

    const browsers = new Map<string, BrowserKeys>();
    for (const [i, player] of [closed, opted, watching].entries()) {
      const keys = new BrowserKeys();
      browsers.set(player.name, keys);
      const kinds = player === opted ? ['message_received'] : ['incoming_attack'];
      const saved = await call(bases[i % 2]!, 'PUT', '/api/alerts/subscription', player.token, { subscription: keys.subscription(push.endpoint(player.name)), kinds });
      expect(saved.status).toBe(200);
    }

    // One player watches through the first process; the second process's pusher must see it too.
    const controller = new AbortController();
    const stream = await fetch(`${bases[0]}/api/events`, { headers: { authorization: `Bearer ${watching.token}` }, signal: controller.signal });
    const reader = stream.body!.getReader();
    await reader.read();
    await until(async () => (await database.db.select().from(livePresence)).length === 1);

    // Attacks at the three, through both processes, while both push.
    const arrivals = new Map<string, string[]>();
    for (let i = 0; i < ATTACKS; i++) {
      const target = [closed, opted, watching][i % 3]!;
      const sent = await call<{ movement: { arrivesAt: string } }>(bases[i % 2]!, 'POST', '/api/game/send-troops', attacker.token, {
        fromVillageId: attacker.village,
        toVillageId: target.village,
        units: { berserker: 1 },
        movementType: 'attack',
      });
      expect(sent.status).toBe(201);
      arrivals.set(target.name, [...(arrivals.get(target.name) ?? []), sent.json.movement.arrivesAt]);
    }
    await until(async () => (await database.db.select().from(alerts).where(isNull(alerts.pushedAt))).length === 0);
    await until(() => push.to(closed.name).length >= ATTACKS / 3);
    // A little longer: a second push of any alert would arrive meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 500));

    const received = push.to(closed.name).map((p) => JSON.parse(browsers.get(closed.name)!.decrypt(p.body)) as { title: string });
    expect(received).toHaveLength(ATTACKS / 3);
    const expected = arrivals.get(closed.name)!.map((at) => alertTime(Date.parse(at)).time);
    expect(received.map((r) => /arrives (\d\d:\d\d:\d\d) UTC$/.exec(r.title)?.[1]).sort()).toEqual(expected.sort());
    expect(push.to(opted.name)).toEqual([]);
    expect(push.to(watching.name)).toEqual([]);
    expect(push.received).toHaveLength(ATTACKS / 3);

    controller.abort();
    await reader.cancel().catch(() => {});
  });
});
