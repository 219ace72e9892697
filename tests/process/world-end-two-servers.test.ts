// World rounds through two server processes on one PostgreSQL, both sweeping every 50 ms: worlds whose end date comes
// are closed once each (one hall of fame), a victory at the end instant closes its world as a victory, players acting
// through both processes at the end are refused from then on, and nothing of the ended worlds is settled past the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { jsonCall as call, TwinServers } from '../support/twin-servers';
import { buildings, villages, wonders, worldHallOfFame, worlds } from '../../src/server/db/schema';
import { createWorld } from '../../src/server/operators/world-admin';
import { idOf, type VillageId, type WorldId } from '../../src/rules/ids';

const url = process.env.DATABASE_URL;

async function until(check: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.skipIf(!url)('worlds ending under two server processes', () => {
  const twins = new TwinServers();
  const { bases } = twins;

  beforeAll(async () => {
    await twins.start(url!);
  });
  afterAll(async () => {
    await twins.stop();
  });

  it('close each world once, a victory at the end instant as a victory, and refuse every action from the end on', async () => {
    const db = twins.database.db;
    const made: { world: WorldId; token: string; village: VillageId }[] = [];
    for (const [i, name] of ['Alfheim', 'Svartalfheim', 'Muspelheim', 'Nidavellir'].entries()) {
      const world = (await createWorld(db, { name, size: 60 })).id;
      const who = `end${i}`;
      const { json } = await call<{ token: string }>(bases[i % 2]!, 'POST', '/api/auth/register', undefined, { username: who, email: `${who}@example.com`, password: 'Valhalla#2026' });
      const joined = await call<{ village: { id: string } }>(bases[(i + 1) % 2]!, 'POST', `/api/worlds/${world}/join`, json.token);
      expect(joined.status).toBe(201);
      made.push({ world, token: json.token, village: idOf<VillageId>(joined.json.village.id) });
    }
    const endsAt = new Date(Date.now() + 3000);
    await db.update(worlds).set({ endsAt }).where(sql`${worlds.id} in (${sql.join(made.map((m) => sql`${m.world}::uuid`), sql`, `)})`);
    // In the second world a Yggdrasil's last level (paid for) stands at the very end instant.
    const [builder] = await db.select({ ownerId: villages.ownerId }).from(villages).where(eq(villages.id, made[1]!.village));
    await db.insert(wonders).values({
      worldId: made[1]!.world,
      type: 'yggdrasil',
      name: 'Last Ash',
      villageId: made[1]!.village,
      ownerId: builder!.ownerId,
      level: 99,
      status: 'under_construction',
      constructionFinishesAt: endsAt,
      createdAt: new Date(),
    });

    // The players keep building through both processes, alternately, until a second and a half past the end and three
    // requests sent after it (on CI's busy cores a request around the end took over half a second: two in 1.5 s).
    const replies: { sentAt: number; status: number; error?: string }[][] = made.map(() => []);
    const sentLate = (i: number) => replies[i]!.filter((r) => r.sentAt > endsAt.getTime()).length;
    const keepBuilding = (i: number) => Date.now() < endsAt.getTime() + 1500 || (sentLate(i) < 3 && Date.now() < endsAt.getTime() + 60_000);
    await Promise.all(
      made.map(async (m, i) => {
        const fields = await db.select().from(buildings).where(eq(buildings.villageId, m.village));
        for (let round = 0; keepBuilding(i); round++) {
          const field = fields[round % fields.length]!;
          const sentAt = Date.now();
          const res = await call<{ error?: string }>(bases[round % 2]!, 'PUT', `/api/villages/${m.village}/buildings/${field.id}/upgrade`, m.token);
          replies[i]!.push({ sentAt, status: res.status, error: res.json.error });
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }),
    );
    await until(async () => (await db.select().from(worlds)).filter((w) => w.status === 'ended').length === made.length);

    const fame = await db.select().from(worldHallOfFame);
    expect(fame.map((f) => f.worldId).sort()).toEqual(made.map((m) => m.world).sort());
    expect(fame.find((f) => f.worldId === made[1]!.world)).toMatchObject({ reason: 'victory', endedAt: endsAt });
    for (const m of [made[0]!, made[2]!, made[3]!]) expect(fame.find((f) => f.worldId === m.world)).toMatchObject({ reason: 'end_date', endedAt: endsAt });
    // Before the end the first upgrade went through (the next ones waited for the builders); every request sent after
    // the end was refused in the end's words, whichever process took it; nothing sent after the end went through.
    for (const sent of replies) {
      expect(sent[0]!.status).toBe(200);
      const late = sent.filter((r) => r.sentAt > endsAt.getTime());
      expect(late.length).toBeGreaterThanOrEqual(3);
      for (const r of late) expect([r.status, r.error?.startsWith('This world has ended: ')]).toEqual([409, true]);
      for (const r of sent.filter((reply) => reply.status === 200)) expect(r.sentAt).toBeLessThan(endsAt.getTime());
    }
    for (const [i, m] of made.entries()) {
      const refused = await call<{ error: string }>(bases[i % 2]!, 'PUT', `/api/villages/${m.village}/buildings/00000000-0000-4000-8000-000000000000/upgrade`, m.token);
      expect(refused.status).toBe(409);
      expect(refused.json.error).toMatch(i === 1 ? /^This world has ended: end1 won by completing Yggdrasil\./ : /^This world has ended: its end date came\./);
      const [row] = await db.select({ resourcesAt: villages.resourcesAt }).from(villages).where(eq(villages.id, m.village));
      expect(row!.resourcesAt.getTime()).toBeLessThanOrEqual(endsAt.getTime());
    }
  });
});
