// Two server processes on one PostgreSQL: alliance politics raced across them. Crossing proposals leave one relation,
// accepts never pass a cap, and an application accepted by two ranks at once lets the player in once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, or } from 'drizzle-orm';
import { jsonCall as call, TwinServers } from '../support/twin-servers';
import type { Database } from '../../src/server/db/open';
import { allianceMembers, allianceRelations } from '../../src/server/db/schema';
import { createWorld } from '../../src/server/operators/world-admin';
import { setBuildingLevel } from '../../src/server/operators/operator';
import { DIPLOMACY_CAPS } from '../../src/rules/diplomacy';
import { idOf, type AllianceId, type VillageId } from '../../src/rules/ids';

const url = process.env.DATABASE_URL;

interface Chief {
  token: string;
  name: string;
  alliance: AllianceId;
  tag: string;
}

describe.skipIf(!url)('alliance politics through two server processes', () => {
  const twins = new TwinServers();
  const { bases } = twins;
  let database: Database;
  let worldId = '';
  let made = 0;

  beforeAll(async () => {
    await twins.start(url!);
    database = twins.database;
    worldId = (await createWorld(database.db, { name: 'Twin Halls', speed: 1 })).id;
  });
  afterAll(() => twins.stop());

  /** A player with a village in the world and an embassy at `embassy` (10: room for 30 members). */
  async function player(embassy: number): Promise<{ token: string; name: string }> {
    made += 1;
    const name = `pol${made}`;
    const registered = await call<{ token: string }>(bases[made % 2]!, 'POST', '/api/auth/register', undefined, { username: name, email: `${name}@example.com`, password: 'Valhalla#2026' });
    const joined = await call<{ village: { id: string } }>(bases[made % 2]!, 'POST', `/api/worlds/${worldId}/join`, registered.json.token);
    await setBuildingLevel(database.db, { villageId: idOf<VillageId>(joined.json.village.id), type: 'embassy', level: embassy }, new Date());
    return { token: registered.json.token, name };
  }

  async function chief(): Promise<Chief> {
    const p = await player(10);
    const tag = `TW${String(made).padStart(3, '0')}`;
    const founded = await call<{ alliance: { id: string } }>(bases[0]!, 'POST', '/api/alliances/create', p.token, { name: `Hall ${tag}`, tag, description: 'Twin.', isPublic: true });
    expect(founded.status).toBe(201);
    return { ...p, alliance: idOf<AllianceId>(founded.json.alliance.id), tag };
  }

  it('keeps one relation when two alliances propose to each other at once, one through each process', async () => {
    for (let round = 0; round < 6; round++) {
      const [a, b] = [await chief(), await chief()];
      const replies = await Promise.all([
        call(bases[round % 2]!, 'POST', '/api/alliances/diplomacy', a.token, { tag: b.tag, kind: 'nap' }),
        call(bases[(round + 1) % 2]!, 'POST', '/api/alliances/diplomacy', b.token, { tag: a.tag, kind: 'confederation' }),
      ]);
      expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
      const rows = await database.db
        .select()
        .from(allianceRelations)
        .where(or(inArray(allianceRelations.fromAllianceId, [a.alliance, b.alliance]), inArray(allianceRelations.toAllianceId, [a.alliance, b.alliance])));
      expect(rows).toHaveLength(1);
    }
  });

  it('never passes the cap of pacts when one alliance accepts many proposals at once through both processes', async () => {
    const hub = await chief();
    const proposals: string[] = [];
    for (let i = 0; i < 6; i++) {
      const suitor = await chief();
      const sent = await call<{ relations: { id: string }[] }>(bases[i % 2]!, 'POST', '/api/alliances/diplomacy', suitor.token, { tag: hub.tag, kind: 'nap' });
      proposals.push(sent.json.relations[0]!.id);
    }
    const answers = await Promise.all(proposals.map((id, i) => call(bases[i % 2]!, 'POST', `/api/alliances/diplomacy/${id}/accept`, hub.token)));
    const cap = DIPLOMACY_CAPS.nap ?? 0;
    expect(answers.filter((r) => r.status === 200)).toHaveLength(cap);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(proposals.length - cap);
    const active = await database.db
      .select()
      .from(allianceRelations)
      .where(or(eq(allianceRelations.fromAllianceId, hub.alliance), eq(allianceRelations.toAllianceId, hub.alliance)));
    expect(active.filter((r) => r.status === 'active')).toHaveLength(cap);
  });

  it('lets each applicant in once when the leader and an officer accept the application at once, one through each process', async () => {
    const hall = await chief();
    const officer = await player(1);
    const invited = await call<{ invitation: { id: string } }>(bases[0]!, 'POST', '/api/alliances/invitations', hall.token, { username: officer.name });
    expect(invited.status, JSON.stringify(invited.json)).toBe(201);
    const accepted = await call(bases[1]!, 'POST', `/api/alliances/invitations/${invited.json.invitation.id}/accept`, officer.token);
    expect(accepted.status, JSON.stringify(accepted.json)).toBe(200);
    const mine = await call<{ alliance: { members: { id: string; user: { username: string } }[] } }>(bases[0]!, 'GET', '/api/alliances/my-alliance', hall.token);
    const officerMember = mine.json.alliance.members.find((m) => m.user.username === officer.name)?.id;
    expect(officerMember, JSON.stringify(mine.json)).toBeDefined();
    expect((await call(bases[1]!, 'PUT', `/api/alliances/members/${officerMember}/rank`, hall.token, { role: 'officer' })).status).toBe(200);

    const APPLICANTS = 8;
    for (let i = 0; i < APPLICANTS; i++) {
      const applicant = await player(1);
      const applied = await call<{ application: { id: string } }>(bases[i % 2]!, 'POST', `/api/alliances/directory/${hall.alliance}/applications`, applicant.token, {});
      expect(applied.status).toBe(201);
      const replies = await Promise.all([
        call(bases[i % 2]!, 'POST', `/api/alliances/applications/${applied.json.application.id}/accept`, hall.token),
        call(bases[(i + 1) % 2]!, 'POST', `/api/alliances/applications/${applied.json.application.id}/accept`, officer.token),
      ]);
      expect(replies.map((r) => r.status).sort()).toEqual([200, 404]);
    }
    const members = await database.db.select().from(allianceMembers).where(eq(allianceMembers.allianceId, hall.alliance));
    expect(members).toHaveLength(2 + APPLICANTS);
    expect(members.filter((m) => m.role === 'leader')).toHaveLength(1);
  });
});
