// Alliance politics through the API: each rank's rights, appointing and handing over, dismissals, the announcement, applications, diplomacy and its effect on armies, the feed, and the races between them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { requests, startTestApp, type TestApp } from './harness';
import { newEnvoy, type MadeVillage, type Player } from './village-helpers';
import { joinedLongAgo, placeAt, reports, send, station } from './army-helpers';
import type { Schema } from '../../src/contract';
import { JOINING_EMBASSY_LEVEL } from '../../src/rules/embassy';
import { ALLIANCE_RIGHTS, RIGHTS, rightRefusal, type AllianceRole } from '../../src/rules/alliances';
import { DIPLOMACY_CAPS } from '../../src/rules/diplomacy';
import { FEED_PAGE_SIZE } from '../../src/rules/alliance-feed';
import { messages, villages } from '../../src/server/db/schema';
import { sweepDueArrivals } from '../../src/server/sweeper';

type WithMembership = Schema<'AllianceWithMembership'>;
type Alliance = Schema<'Alliance'>;
type Diplomacy = Schema<'Diplomacy'>;
type FeedPage = Schema<'AllianceFeedPage'>;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const { call } = requests(() => t);

interface Envoy {
  player: Player;
  village: MadeVillage;
}

/** A player with a capital whose embassy founds an alliance (level 3), or joins one. */
const envoy = (prefix: string, level?: number): Promise<Envoy> => newEnvoy(t, prefix, level);
const joiner = async (prefix: string) => (await envoy(prefix, JOINING_EMBASSY_LEVEL)).player;

let tags = 0;
function nextTag(): string {
  tags += 1;
  return `P${String(tags).padStart(3, '0')}`;
}

async function found(player: Player, tag = nextTag(), isPublic = true): Promise<WithMembership> {
  const res = await call<WithMembership>(player, 'POST', '/api/alliances/create', { name: `House ${tag}`, tag, description: 'Oaths kept.', isPublic });
  if (res.status !== 201) throw new Error(`create failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

async function join(leader: Player, player: Player): Promise<void> {
  const invited = await call<{ invitation: { id: string } }>(leader, 'POST', '/api/alliances/invitations', { username: player.user.username });
  if (invited.status !== 201) throw new Error(`invite failed ${invited.status} ${JSON.stringify(invited.body)}`);
  const accepted = await call(player, 'POST', `/api/alliances/invitations/${invited.body.invitation.id}/accept`);
  if (accepted.status !== 200) throw new Error(`accept failed ${accepted.status} ${JSON.stringify(accepted.body)}`);
}

const mine = async (player: Player): Promise<Alliance> => {
  const res = await call<Schema<'MyAlliance'>>(player, 'GET', '/api/alliances/my-alliance');
  if (!res.body.alliance) throw new Error('not in an alliance');
  return res.body.alliance;
};
const memberId = async (of: Player, who: Player) => (await mine(of)).members.find((m) => m.user.id === who.user.id)?.id ?? 'none';
const roles = async (player: Player) => (await mine(player)).members.map((m) => [m.user.username, m.role]);
const feed = async (player: Player, page = 1) => (await call<FeedPage>(player, 'GET', `/api/alliances/my-alliance/feed?page=${page}`)).body;
const diplomacy = async (player: Player) => (await call<Diplomacy>(player, 'GET', '/api/alliances/diplomacy')).body;

async function rank(leader: Player, member: Player, role: 'elder' | 'officer' | 'member') {
  return call<WithMembership>(leader, 'PUT', `/api/alliances/members/${await memberId(leader, member)}/rank`, { role });
}

/** An alliance of a leader, an elder, an officer and two members, in that order of joining. */
async function fullHouse(prefix: string) {
  const leader = (await envoy(prefix)).player;
  const elder = await joiner(prefix);
  const officer = await joiner(prefix);
  const member = await joiner(prefix);
  const junior = await joiner(prefix);
  const created = await found(leader);
  for (const p of [elder, officer, member, junior]) {
    await join(leader, p);
    t.clock.advance(1000);
  }
  expect((await rank(leader, elder, 'elder')).status).toBe(200);
  expect((await rank(leader, officer, 'officer')).status).toBe(200);
  return { leader, elder, officer, member, junior, alliance: created.alliance };
}

describe('ranks and rights', () => {
  it('lets each rank do exactly what the rights table lists, and refuses the rest with the rule’s words', async () => {
    const house = await fullHouse('rt');
    const other = (await envoy('rt')).player;
    const otherTag = nextTag();
    await found(other, otherTag);
    const byRank: Record<AllianceRole, Player> = { leader: house.leader, elder: house.elder, officer: house.officer, member: house.member };
    for (const role of ['member', 'officer', 'elder', 'leader'] as const) {
      const actor = byRank[role];
      const outsider = await joiner(`rt${role}`);
      const attempts = {
        invite: () => call(actor, 'POST', '/api/alliances/invitations', { username: outsider.user.username }),
        describe: () => call(actor, 'PUT', '/api/alliances/my-alliance/settings', { description: `Edited by the ${role}`, isPublic: true }),
        announce: () => call(actor, 'PUT', '/api/alliances/my-alliance/announcement', { text: `Hear the ${role}` }),
        diplomacy: async () => {
          const res = await call<Diplomacy>(actor, 'POST', '/api/alliances/diplomacy', { tag: otherTag, kind: 'war' });
          // Withdrawn again, so the next rank may propose too.
          const sent = res.body.relations?.find((r) => r.alliance.tag === otherTag);
          if (res.status === 201 && sent) await call(actor, 'DELETE', `/api/alliances/diplomacy/${sent.id}`);
          return res;
        },
        dismiss: async () => {
          // The junior member: the one rank every holder of the right outranks. Brought back for the next rank.
          const res = await call(actor, 'POST', `/api/alliances/members/${await memberId(house.leader, house.junior)}/dismiss`, { reason: 'Test of rights' });
          if (res.status === 200) await join(house.leader, house.junior);
          return res;
        },
        ranks: async () => call(actor, 'PUT', `/api/alliances/members/${await memberId(house.leader, house.junior)}/rank`, { role: 'member' }),
      };
      for (const right of ALLIANCE_RIGHTS) {
        const res = await attempts[right]();
        if (RIGHTS[role].includes(right)) {
          // The leader's rank change of the junior to the rank they hold already is refused past the right check.
          const allowed = right === 'ranks' ? 409 : right === 'invite' || right === 'diplomacy' ? 201 : 200;
          expect([role, right, res.status]).toEqual([role, right, allowed]);
        } else {
          expect([role, right, res.status, res.body.error]).toEqual([role, right, 403, rightRefusal(right)]);
        }
      }
    }
    // What the elder wrote last stands, with the leader's announcement over it.
    const alliance = await mine(house.member);
    expect(alliance.description).toBe('Edited by the leader');
    expect(alliance.announcement).toMatchObject({ text: 'Hear the leader', author: { id: house.leader.user.id, username: house.leader.user.username } });
  });

  it('appoints and demotes, and refuses a rank held already, one’s own rank, and another alliance’s member', async () => {
    const { leader, member, elder } = await fullHouse('ap');
    const stranger = (await envoy('ap')).player;
    await found(stranger);
    expect((await rank(leader, member, 'officer')).body.alliance.members.find((m) => m.user.id === member.user.id)?.role).toBe('officer');
    expect((await rank(leader, member, 'elder')).status).toBe(200);
    expect((await rank(leader, member, 'member')).status).toBe(200);
    const again = await rank(leader, member, 'member');
    expect([again.status, again.body.error]).toEqual([409, 'That member is already a regular member']);
    const own = await call(leader, 'PUT', `/api/alliances/members/${await memberId(leader, leader)}/rank`, { role: 'elder' });
    expect([own.status, own.body.error]).toEqual([409, 'You cannot change your own rank; hand over leadership instead']);
    const foreign = await call(leader, 'PUT', `/api/alliances/members/${await memberId(stranger, stranger)}/rank`, { role: 'elder' });
    expect([foreign.status, foreign.body.error]).toEqual([404, 'No such member of your alliance']);
    const byElder = await rank(elder, member, 'officer');
    expect([byElder.status, byElder.body.error]).toEqual([403, 'Only the leader may appoint ranks and hand over leadership']);
    const bad = await call(leader, 'PUT', `/api/alliances/members/${await memberId(leader, member)}/rank`, { role: 'leader' });
    expect(bad.status).toBe(400);
  });

  it('hands leadership over: the new leader leads, the old one is an elder, and the feed says so', async () => {
    const { leader, member } = await fullHouse('ho');
    const handed = await call<WithMembership>(leader, 'POST', '/api/alliances/leadership', { memberId: await memberId(leader, member) });
    expect([handed.status, handed.body.membership.role]).toEqual([200, 'elder']);
    expect(handed.body.alliance.members[0]?.user.id).toBe(member.user.id);
    expect(handed.body.alliance.members.filter((m) => m.role === 'leader')).toHaveLength(1);
    const again = await call(leader, 'POST', '/api/alliances/leadership', { memberId: await memberId(leader, member) });
    expect([again.status, again.body.error]).toEqual([403, 'Only the leader may appoint ranks and hand over leadership']);
    const self = await call(member, 'POST', '/api/alliances/leadership', { memberId: await memberId(member, member) });
    expect([self.status, self.body.error]).toEqual([409, 'You already lead the alliance']);
    expect((await feed(member)).entries[0]).toMatchObject({
      kind: 'leader_changed',
      actor: { id: leader.user.id, username: leader.user.username },
      subject: { id: member.user.id, username: member.user.username },
      toRole: 'leader',
    });
  });

  it('gives a leaving leader’s place to the longest-serving elder, before older officers and members', async () => {
    const { leader, elder, officer, member } = await fullHouse('lv');
    // Another elder, appointed later but serving longer than the first: seniority among elders decides.
    expect((await rank(leader, officer, 'elder')).status).toBe(200);
    expect((await call(leader, 'POST', '/api/alliances/leave')).status).toBe(200);
    const after = await roles(member);
    expect(after.filter(([, role]) => role === 'leader')).toEqual([[elder.user.username, 'leader']]);
    expect((await feed(member)).entries.slice(0, 2).map((e) => e.kind)).toEqual(['leader_changed', 'left']);
  });

  it('dismisses a lower rank with a reason the dismissed player reads in a message, and the feed keeps', async () => {
    const { leader, elder, officer, member } = await fullHouse('dm');
    const tooHigh = await call(elder, 'POST', `/api/alliances/members/${await memberId(elder, leader)}/dismiss`, { reason: 'Coup' });
    expect([tooHigh.status, tooHigh.body.error]).toEqual([409, 'You can only dismiss members of a lower rank than yours']);
    const byOfficer = await call(officer, 'POST', `/api/alliances/members/${await memberId(officer, member)}/dismiss`, { reason: 'No' });
    expect([byOfficer.status, byOfficer.body.error]).toEqual([403, 'Only the leader and elders may dismiss members']);
    const self = await call(elder, 'POST', `/api/alliances/members/${await memberId(elder, elder)}/dismiss`, { reason: 'Tired' });
    expect(self.status).toBe(409);
    expect((await call(elder, 'POST', `/api/alliances/members/${await memberId(elder, member)}/dismiss`, { reason: '' })).status).toBe(400);
    const done = await call<WithMembership>(elder, 'POST', `/api/alliances/members/${await memberId(elder, member)}/dismiss`, { reason: 'Sent no troops to the siege' });
    expect(done.status).toBe(200);
    expect(done.body.alliance.members.some((m) => m.user.id === member.user.id)).toBe(false);
    expect((await call<Schema<'MyAlliance'>>(member, 'GET', '/api/alliances/my-alliance')).body.alliance).toBeNull();
    const inbox = await t.database.db.select().from(messages).where(eq(messages.recipientId, member.user.id));
    expect(inbox.map((m) => [m.senderId, m.subject, m.body])).toEqual([
      [elder.user.id, `Dismissed from [${(await mine(leader)).tag}]`, expect.stringContaining('Reason: Sent no troops to the siege')],
    ]);
    expect((await feed(leader)).entries[0]).toMatchObject({ kind: 'dismissed', reason: 'Sent no troops to the siege', subject: { id: member.user.id } });
  });

  it('keeps one leader when the leader hands over to two members at once, and consistent ranks when a demotion meets a dismissal', async () => {
    const { leader, elder, officer, member } = await fullHouse('rc');
    const [a, b] = await Promise.all([
      call(leader, 'POST', '/api/alliances/leadership', { memberId: await memberId(leader, member) }),
      call(leader, 'POST', '/api/alliances/leadership', { memberId: await memberId(leader, officer) }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 403]);
    const after = await roles(leader);
    expect(after.filter(([, role]) => role === 'leader')).toHaveLength(1);
    const newLeader = a.status === 200 ? member : officer;
    // The new leader demotes the elder while the elder dismisses the old leader (now an elder too: refused either way),
    // and the elder dismisses a regular member: whichever lands first, the end state follows the rules.
    const junior = a.status === 200 ? officer : member;
    const [demoted, dismissed] = await Promise.all([
      rank(newLeader, elder, 'member'),
      call(elder, 'POST', `/api/alliances/members/${await memberId(elder, junior)}/dismiss`, { reason: 'Race' }),
    ]);
    expect(demoted.status).toBe(200);
    const finalRoles = new Map((await roles(newLeader)).map(([name, role]) => [name, role]));
    expect(finalRoles.get(elder.user.username)).toBe('member');
    // Dismissed only if the elder still was one when the dismissal was applied; never a half state.
    if (dismissed.status === 200) expect(finalRoles.has(junior.user.username)).toBe(false);
    else expect([dismissed.status, finalRoles.get(junior.user.username)]).toEqual([403, junior === officer ? 'officer' : 'member']);
    expect([...finalRoles.values()].filter((role) => role === 'leader')).toHaveLength(1);
  });
});

describe('applications', () => {
  it('are made to open alliances, found in the directory, answered by a rank with the right, and withdrawn by the applicant', async () => {
    const { leader, officer, member } = await fullHouse('ap2');
    const tag = (await mine(leader)).tag;
    const closed = (await envoy('ap2')).player;
    const closedTag = nextTag();
    await found(closed, closedTag, false);
    const applicant = await joiner('ap2');
    const listed = await call<Schema<'AllianceDirectoryPage'>>(applicant, 'GET', `/api/alliances/directory?q=${tag.toLowerCase()}`);
    expect(listed.body.alliances).toEqual([{ id: expect.any(String), tag, name: `House ${tag}`, isPublic: true, memberCount: 5, totalPopulation: expect.any(Number) }]);
    const allianceId = listed.body.alliances[0]!.id;
    const closedId = (await call<Schema<'AllianceDirectoryPage'>>(applicant, 'GET', `/api/alliances/directory?q=${closedTag}`)).body.alliances[0]!.id;
    const refused = await call(applicant, 'POST', `/api/alliances/directory/${closedId}/applications`, { message: 'Let me in' });
    expect([refused.status, refused.body.error]).toEqual([409, 'That alliance takes new members by invitation only']);
    const applied = await call<Schema<'MyApplicationResponse'>>(applicant, 'POST', `/api/alliances/directory/${allianceId}/applications`, { message: 'I raid well' });
    expect(applied.status).toBe(201);
    const twice = await call(applicant, 'POST', `/api/alliances/directory/${allianceId}/applications`, {});
    expect([twice.status, twice.body.error]).toEqual([409, 'Your application to that alliance is already waiting for an answer']);
    const profile = await call<Schema<'AllianceProfile'>>(applicant, 'GET', `/api/alliances/directory/${allianceId}`);
    expect(profile.body.myApplication?.id).toBe(applied.body.application.id);
    expect(profile.body.members[0]).toEqual({ role: 'leader', user: { id: leader.user.id, username: leader.user.username } });
    expect((await call(member, 'GET', '/api/alliances/my-alliance/applications')).status).toBe(403);
    const waiting = await call<Schema<'AllianceApplicationList'>>(officer, 'GET', '/api/alliances/my-alliance/applications');
    expect(waiting.body.applications).toEqual([
      { id: applied.body.application.id, user: { id: applicant.user.id, username: applicant.user.username }, population: expect.any(Number), message: 'I raid well', createdAt: expect.any(String) },
    ]);
    // Two officers' clicks at once: the player comes in once.
    const [first, second] = await Promise.all([
      call(officer, 'POST', `/api/alliances/applications/${applied.body.application.id}/accept`),
      call(leader, 'POST', `/api/alliances/applications/${applied.body.application.id}/accept`),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 404]);
    expect((await mine(applicant)).members.filter((m) => m.user.id === applicant.user.id)).toHaveLength(1);
    expect((await call<Schema<'MyApplicationList'>>(applicant, 'GET', '/api/alliances/applications')).body.applications).toEqual([]);
    expect((await feed(leader)).entries[0]).toMatchObject({ kind: 'joined', actor: { id: applicant.user.id }, subject: { id: expect.any(String) } });

    // Declined: gone, and the applicant is told in a message; withdrawn: gone without a word.
    const second1 = await joiner('ap2');
    const again = await call<Schema<'MyApplicationResponse'>>(second1, 'POST', `/api/alliances/directory/${allianceId}/applications`, {});
    const foreign = await call(closed, 'DELETE', `/api/alliances/applications/${again.body.application.id}`);
    expect(foreign.status).toBe(403);
    expect((await call(officer, 'DELETE', `/api/alliances/applications/${again.body.application.id}`)).status).toBe(200);
    const told = await t.database.db.select().from(messages).where(eq(messages.recipientId, second1.user.id));
    expect(told.map((m) => m.body)).toEqual([`Your application to [${tag}] House ${tag} was declined.`]);
    const third = await call<Schema<'MyApplicationResponse'>>(second1, 'POST', `/api/alliances/directory/${allianceId}/applications`, {});
    expect((await call(second1, 'DELETE', `/api/alliances/applications/${third.body.application.id}`)).status).toBe(200);
    expect((await call(officer, 'POST', `/api/alliances/applications/${third.body.application.id}/accept`)).status).toBe(404);
  });

  it('are refused to a member of an alliance and to a player without an embassy, and end when the player joins elsewhere', async () => {
    const a = (await envoy('ap3')).player;
    const b = (await envoy('ap3')).player;
    const aId = (await found(a)).alliance.id;
    const bId = (await found(b)).alliance.id;
    const inOne = await call(a, 'POST', `/api/alliances/directory/${bId}/applications`, {});
    expect([inOne.status, inOne.body.error]).toEqual([409, 'You are already in an alliance; leave it first']);
    const noEmbassy = await envoy('ap3', 0);
    const without = await call(noEmbassy.player, 'POST', `/api/alliances/directory/${bId}/applications`, {});
    expect([without.status, without.body.error]).toEqual([409, 'Joining an alliance needs an Embassy at level 1 in one of your villages; you have none']);
    const roaming = await joiner('ap3');
    const toA = await call<Schema<'MyApplicationResponse'>>(roaming, 'POST', `/api/alliances/directory/${aId}/applications`, {});
    expect(toA.status).toBe(201);
    await join(b, roaming);
    expect((await call(a, 'GET', '/api/alliances/my-alliance/applications')).body).toEqual({ applications: [] });
    expect((await call(a, 'POST', `/api/alliances/applications/${toA.body.application.id}/accept`)).status).toBe(404);
    expect((await call(a, 'GET', '/api/alliances/directory/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('pages the directory, most members first', async () => {
    const page = await call<Schema<'AllianceDirectoryPage'>>(null, 'GET', '/api/alliances/directory');
    expect(page.status).toBe(401);
    const someone = await joiner('dir');
    const first = (await call<Schema<'AllianceDirectoryPage'>>(someone, 'GET', '/api/alliances/directory?limit=2')).body;
    expect(first.alliances).toHaveLength(2);
    expect(first.hasMore).toBe(true);
    const counts = first.alliances.map((a) => a.memberCount);
    expect(counts[0]).toBeGreaterThanOrEqual(counts[1]!);
    const second = (await call<Schema<'AllianceDirectoryPage'>>(someone, 'GET', '/api/alliances/directory?limit=2&page=2')).body;
    expect(second.alliances.map((a) => a.id)).not.toContain(first.alliances[0]!.id);
    expect((await call<Schema<'AllianceDirectoryPage'>>(someone, 'GET', '/api/alliances/directory?q=%25%25')).body.alliances).toEqual([]);
  });
});

describe('diplomacy', () => {
  async function twoHouses(prefix: string) {
    const a = await envoy(prefix);
    const b = await envoy(prefix);
    const aTag = nextTag();
    const bTag = nextTag();
    await found(a.player, aTag);
    await found(b.player, bTag);
    return { a, b, aTag, bTag };
  }

  it('proposes, accepts, lists on both sides, ends; declines and withdraws; one relation between two alliances', async () => {
    const { a, b, aTag, bTag } = await twoHouses('dp');
    const proposed = await call<Diplomacy>(a.player, 'POST', '/api/alliances/diplomacy', { tag: bTag, kind: 'nap' });
    expect(proposed.status).toBe(201);
    expect(proposed.body.relations).toEqual([
      {
        id: expect.any(String),
        kind: 'nap',
        status: 'proposed',
        direction: 'outgoing',
        alliance: { id: expect.any(String), tag: bTag, name: `House ${bTag}` },
        proposedAt: expect.any(String),
        acceptedAt: null,
        proposedBy: { id: a.player.user.id, username: a.player.user.username },
      },
    ]);
    const relationId = proposed.body.relations[0]!.id;
    const incoming = await diplomacy(b.player);
    expect(incoming.relations.map((r) => [r.direction, r.status, r.alliance.tag])).toEqual([['incoming', 'proposed', aTag]]);
    const another = await call(b.player, 'POST', '/api/alliances/diplomacy', { tag: aTag, kind: 'war' });
    expect([another.status, another.body.error]).toEqual([409, 'A proposal between your alliances is already waiting for an answer']);
    const ownAccept = await call(a.player, 'POST', `/api/alliances/diplomacy/${relationId}/accept`);
    expect([ownAccept.status, ownAccept.body.error]).toEqual([409, 'Your alliance made this proposal; the other alliance answers it']);
    const accepted = await call<Diplomacy>(b.player, 'POST', `/api/alliances/diplomacy/${relationId}/accept`);
    expect(accepted.body.relations[0]).toMatchObject({ status: 'active', kind: 'nap', acceptedAt: expect.any(String) });
    expect((await diplomacy(a.player)).relations[0]).toMatchObject({ status: 'active', direction: 'outgoing' });
    const profile = (await call<Schema<'AllianceProfile'>>(a.player, 'GET', `/api/alliances/directory/${(await mine(b.player)).id}`)).body;
    expect(profile.relations).toEqual([{ kind: 'nap', alliance: { id: (await mine(a.player)).id, tag: aTag, name: `House ${aTag}` } }]);
    const ended = await call<Diplomacy>(b.player, 'DELETE', `/api/alliances/diplomacy/${relationId}`);
    expect(ended.body.relations).toEqual([]);
    // Each side's feed names the other alliance, and says whose member acted.
    expect((await feed(a.player)).entries.slice(0, 3).map((e) => [e.kind, e.relation, e.alliance?.tag, e.byUs])).toEqual([
      ['diplomacy_ended', 'nap', bTag, false],
      ['diplomacy_accepted', 'nap', bTag, false],
      ['diplomacy_proposed', 'nap', bTag, true],
    ]);
    expect((await feed(b.player)).entries[2]).toMatchObject({ kind: 'diplomacy_proposed', alliance: { tag: aTag }, byUs: false, actor: { id: a.player.user.id } });
    // Declined: both hear; withdrawn: only gone.
    const war = await call<Diplomacy>(b.player, 'POST', '/api/alliances/diplomacy', { tag: aTag, kind: 'war' });
    await call(a.player, 'DELETE', `/api/alliances/diplomacy/${war.body.relations[0]!.id}`);
    expect((await feed(b.player)).entries[0]).toMatchObject({ kind: 'diplomacy_declined', relation: 'war', alliance: { tag: aTag } });
    const conf = await call<Diplomacy>(b.player, 'POST', '/api/alliances/diplomacy', { tag: aTag, kind: 'confederation' });
    await call(b.player, 'DELETE', `/api/alliances/diplomacy/${conf.body.relations[0]!.id}`);
    expect((await feed(a.player)).entries[0]?.kind).toBe('diplomacy_proposed');
    expect((await call(a.player, 'POST', '/api/alliances/diplomacy', { tag: 'NONE9', kind: 'war' })).status).toBe(404);
    const self = await call(a.player, 'POST', '/api/alliances/diplomacy', { tag: aTag, kind: 'war' });
    expect([self.status, self.body.error]).toEqual([409, 'An alliance cannot make a pact with itself']);
  });

  it('caps confederations at three: a fourth is neither proposed nor accepted', async () => {
    const hub = await envoy('cap');
    const hubTag = nextTag();
    await found(hub.player, hubTag);
    const cap = DIPLOMACY_CAPS.confederation ?? 0;
    const partners: Player[] = [];
    for (let i = 0; i <= cap; i += 1) {
      const p = (await envoy('cap')).player;
      await found(p);
      partners.push(p);
    }
    // Everyone proposes to the hub; the hub accepts three, and the fourth acceptance is refused.
    const proposals = [];
    for (const p of partners) proposals.push((await call<Diplomacy>(p, 'POST', '/api/alliances/diplomacy', { tag: hubTag, kind: 'confederation' })).body.relations[0]!.id);
    for (const id of proposals.slice(0, cap)) expect((await call(hub.player, 'POST', `/api/alliances/diplomacy/${id}/accept`)).status).toBe(200);
    const fourth = await call(hub.player, 'POST', `/api/alliances/diplomacy/${proposals[cap]}/accept`);
    expect([fourth.status, fourth.body.error]).toEqual([409, 'Your alliance already has 3 confederations, the most allowed']);
    const outgoing = await call(hub.player, 'POST', '/api/alliances/diplomacy', { tag: (await mine(partners[cap]!)).tag, kind: 'nap' });
    expect(outgoing.status).toBe(409);
    expect((await diplomacy(hub.player)).relations.filter((r) => r.status === 'active' && r.kind === 'confederation')).toHaveLength(cap);
  });

  it('keeps one relation when two alliances propose to each other at once, and never passes the cap when accepts race', async () => {
    const { a, b, aTag, bTag } = await twoHouses('cr');
    const [one, two] = await Promise.all([
      call(a.player, 'POST', '/api/alliances/diplomacy', { tag: bTag, kind: 'nap' }),
      call(b.player, 'POST', '/api/alliances/diplomacy', { tag: aTag, kind: 'confederation' }),
    ]);
    expect([one.status, two.status].sort()).toEqual([201, 409]);
    expect((await diplomacy(a.player)).relations).toHaveLength(1);
    expect((await diplomacy(b.player)).relations).toHaveLength(1);

    const hub = await envoy('cr');
    const hubTag = nextTag();
    await found(hub.player, hubTag);
    const cap = DIPLOMACY_CAPS.nap ?? 0;
    const ids: string[] = [];
    for (let i = 0; i < cap + 2; i += 1) {
      const p = (await envoy('cr')).player;
      await found(p);
      ids.push((await call<Diplomacy>(p, 'POST', '/api/alliances/diplomacy', { tag: hubTag, kind: 'nap' })).body.relations[0]!.id);
    }
    const answers = await Promise.all(ids.map((id) => call(hub.player, 'POST', `/api/alliances/diplomacy/${id}/accept`)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(cap);
    expect((await diplomacy(hub.player)).relations.filter((r) => r.status === 'active')).toHaveLength(cap);
  });

  it('refuses an attack, a raid and scouts on a pact partner or a confederate with the reason, lets reinforcements through, and lets wars be fought', async () => {
    const { a, b, bTag, aTag } = await twoHouses('fx');
    await placeAt(t, a.village.id, 120, -120);
    await placeAt(t, b.village.id, 120, -123);
    await joinedLongAgo(t, a.player, b.player);
    await station(t, a.village.id, { berserker: 10, viking_raider: 5 });
    const pact = await call<Diplomacy>(a.player, 'POST', '/api/alliances/diplomacy', { tag: bTag, kind: 'nap' });
    const order = (movementType: string, units: Record<string, number> = { berserker: 1 }) =>
      send(t, a.player, { fromVillageId: a.village.id, toVillageId: b.village.id, units, movementType });
    // Proposed only: nothing holds yet.
    expect((await order('raid')).status).toBe(201);
    await call(b.player, 'POST', `/api/alliances/diplomacy/${pact.body.relations[0]!.id}/accept`);
    for (const type of ['attack', 'raid']) {
      const refused = await order(type);
      expect([type, refused.status, refused.body.error]).toEqual([type, 409, `Your alliance has a non-aggression pact with [${bTag}]: their villages cannot be attacked, raided or scouted`]);
    }
    expect((await order('reinforce')).status).toBe(201);
    await call(a.player, 'DELETE', `/api/alliances/diplomacy/${pact.body.relations[0]!.id}`);
    const conf = await call<Diplomacy>(b.player, 'POST', '/api/alliances/diplomacy', { tag: aTag, kind: 'confederation' });
    await call(a.player, 'POST', `/api/alliances/diplomacy/${conf.body.relations[0]!.id}/accept`);
    const scouts = await order('scout', { viking_raider: 1 });
    expect([scouts.status, scouts.body.error]).toEqual([409, `Your alliance is in a confederation with [${bTag}]: their villages cannot be attacked, raided or scouted`]);
    expect((await order('reinforce')).status).toBe(201);
    await call(a.player, 'DELETE', `/api/alliances/diplomacy/${conf.body.relations[0]!.id}`);
    const war = await call<Diplomacy>(a.player, 'POST', '/api/alliances/diplomacy', { tag: bTag, kind: 'war' });
    await call(b.player, 'POST', `/api/alliances/diplomacy/${war.body.relations[0]!.id}/accept`);
    expect((await diplomacy(b.player)).relations[0]).toMatchObject({ kind: 'war', status: 'active', alliance: { tag: aTag } });
    expect((await order('attack')).status).toBe(201);
    const reinforceEnemy = await order('reinforce');
    expect([reinforceEnemy.status, reinforceEnemy.body.error]).toEqual([409, 'You can only reinforce your own villages, your alliance’s, your confederates’ and your pact partners’']);
  });
});

describe('the activity feed', () => {
  it('tells big battles with the report, conquests won and lost, founded villages, newest first, a page at a time', async () => {
    const att = await envoy('fd');
    const def = await envoy('fd');
    await found(att.player);
    await found(def.player);
    await placeAt(t, att.village.id, -120, 120);
    await placeAt(t, def.village.id, -120, 123);
    await joinedLongAgo(t, att.player, def.player);
    // A small raid: no news. A big one: both feeds, with the report as each side saw it.
    await station(t, def.village.id, { bondi: 5 });
    await station(t, att.village.id, { berserker: 200 });
    const small = (await send(t, att.player, { fromVillageId: att.village.id, toVillageId: def.village.id, units: { berserker: 10 }, movementType: 'raid' })).body.movement;
    t.clock.set(new Date(small.arrivesAt).getTime());
    await sweepDueArrivals(t.database.db, t.clock.now());
    const before = (await feed(att.player)).entries.length;
    expect((await feed(att.player)).entries.some((e) => e.kind === 'battle')).toBe(false);
    await station(t, def.village.id, { huscarl: 150 });
    const big = (await send(t, att.player, { fromVillageId: att.village.id, toVillageId: def.village.id, units: { berserker: 150 }, movementType: 'attack' })).body.movement;
    t.clock.set(new Date(big.arrivesAt).getTime());
    await sweepDueArrivals(t.database.db, t.clock.now());
    const [theirs] = (await reports(t, def.player)).battles;
    const attackerEntry = (await feed(att.player)).entries[0];
    const defenderEntry = (await feed(def.player)).entries[0];
    expect(attackerEntry).toMatchObject({ kind: 'battle', actor: { id: att.player.user.id }, subject: { id: def.player.user.id }, report: { id: theirs?.id, perspective: 'attacker' } });
    expect(defenderEntry).toMatchObject({ kind: 'battle', report: { id: theirs?.id, perspective: 'defender', read: true } });
    expect((await feed(att.player)).entries.length).toBe(before + 1);

    // A conquest: won in one feed, lost in the other.
    await t.database.db.update(villages).set({ isCapital: false, loyalty: 10 }).where(eq(villages.id, def.village.id));
    await station(t, def.village.id, { huscarl: 0, bondi: 0 });
    await station(t, att.village.id, { berserker: 20, jarl: 1 });
    const jarl = (await send(t, att.player, { fromVillageId: att.village.id, toVillageId: def.village.id, units: { berserker: 20, jarl: 1 }, movementType: 'attack' })).body.movement;
    t.clock.set(new Date(jarl.arrivesAt).getTime());
    await sweepDueArrivals(t.database.db, t.clock.now());
    expect((await feed(att.player)).entries[0]).toMatchObject({ kind: 'village_conquered', village: { id: def.village.id }, subject: { id: def.player.user.id } });
    expect((await feed(def.player)).entries[0]).toMatchObject({ kind: 'village_lost', village: { id: def.village.id }, actor: { id: att.player.user.id } });

    // Paging: many rank changes fill more than a page; page 2 holds the older ones, in order.
    const leader = att.player;
    const m = await joiner('fd');
    await join(leader, m);
    for (let i = 0; i < FEED_PAGE_SIZE; i += 1) {
      t.clock.advance(1000);
      await rank(leader, m, i % 2 === 0 ? 'officer' : 'member');
    }
    const first = await feed(leader, 1);
    const second = await feed(leader, 2);
    expect(first.entries).toHaveLength(FEED_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    const times = [...first.entries, ...second.entries].map((e) => Date.parse(e.occurredAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(second.entries.some((e) => e.kind === 'joined')).toBe(true);
    expect((await call(await joiner('fd'), 'GET', '/api/alliances/my-alliance/feed')).status).toBe(403);
  });
});
