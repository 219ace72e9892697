// Alliances through the API: founding, inviting, accepting, declining, leaving with leadership handover, messages, and every refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerPlayer, newPlayer, requests, startTestApp, type TestApp } from './harness';
import { giveEmbassy, newEnvoy, newVillage, overview, worldId, type Player } from './village-helpers';
import type { Schema } from '../../src/contract';
import { JOINING_EMBASSY_LEVEL } from '../../src/rules/embassy';

type MyAlliance = Schema<'MyAlliance'>;
type WithMembership = Schema<'AllianceWithMembership'>;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const { call } = requests(() => t);

/** A player with a capital whose embassy stands at `level`: 3 (the default) founds an alliance, 1 joins one. */
const envoy = async (prefix: string, level?: number) => (await newEnvoy(t, prefix, level)).player;
/** A player whose embassy is just enough to accept an invitation. */
const joiner = (prefix: string) => envoy(prefix, JOINING_EMBASSY_LEVEL);

let tags = 0;
/** A fresh tag of 3-5 capitals and digits. */
function nextTag(): string {
  tags += 1;
  return `T${String(tags).padStart(3, '0')}`;
}

async function found(player: Player, tag = nextTag()) {
  const res = await call<WithMembership>(player, 'POST', '/api/alliances/create', { name: `The ${tag} Clan`, tag, description: 'Shields up.', isPublic: true });
  if (res.status !== 201) throw new Error(`create failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const invite = (from: Player, username: string, message?: string) =>
  call<{ invitation: Schema<'Invitation'> }>(from, 'POST', '/api/alliances/invitations', { username, ...(message === undefined ? {} : { message }) });
const received = async (player: Player) => (await call<Schema<'InvitationList'>>(player, 'GET', '/api/alliances/invitations/received')).body.invitations;
const mine = async (player: Player) => (await call<MyAlliance>(player, 'GET', '/api/alliances/my-alliance')).body;

async function join(leader: Player, player: Player) {
  const { body } = await invite(leader, player.user.username);
  const accepted = await call<WithMembership>(player, 'POST', `/api/alliances/invitations/${body.invitation.id}/accept`);
  if (accepted.status !== 200) throw new Error(`accept failed ${accepted.status}`);
  return accepted.body;
}

describe('founding', () => {
  it('makes the founder leader of an alliance with their villages and population', async () => {
    const { player } = await newVillage(t, undefined, 'fnd');
    expect(await mine(player)).toEqual({ alliance: null, membership: null, embassyLevel: 0 });
    await giveEmbassy(t, player);
    const tag = nextTag();
    const created = await found(player, tag);
    expect(created.membership.role).toBe('leader');
    expect(created.alliance).toMatchObject({ tag, name: `The ${tag} Clan`, description: 'Shields up.', isPublic: true, memberCount: 1, memberCap: 9, leaderEmbassyLevel: 3, totalVillages: 1 });
    expect(created.alliance.totalPopulation).toBeGreaterThan(0);
    expect(created.alliance.members).toEqual([
      { id: expect.any(String), role: 'leader', joinedAt: created.membership.joinedAt, user: { id: player.user.id, username: player.user.username, discordAvatar: null } },
    ]);
    expect(await mine(player)).toEqual({ ...created, embassyLevel: 3 });
  });

  it('refuses a second alliance, a taken tag and a form that breaks the rules', async () => {
    const a = await envoy('ref');
    const b = await envoy('ref');
    const tag = nextTag();
    await found(a, tag);
    const again = await call(a, 'POST', '/api/alliances/create', { name: 'Second', tag: nextTag(), description: 'x', isPublic: false });
    expect([again.status, again.body.error]).toEqual([409, 'You are already in an alliance; leave it first']);
    const taken = await call(b, 'POST', '/api/alliances/create', { name: 'Copy', tag, description: 'x', isPublic: false });
    expect([taken.status, taken.body.error]).toEqual([409, 'That tag is already taken by another alliance']);
    for (const [body, message] of [
      [{ name: 'N', tag: 'ab', description: 'x', isPublic: true }, /tag/i],
      [{ name: 'N', tag: 'TOOLONG', description: 'x', isPublic: true }, /tag/i],
      [{ name: '   ', tag: 'NAME1', description: 'x', isPublic: true }, /Alliance name is required/],
      [{ name: 'N'.repeat(51), tag: 'NAME2', description: 'x', isPublic: true }, /name/i],
      [{ name: 'N', tag: 'NAME3', description: 'd'.repeat(501), isPublic: true }, /escription/],
      [{ name: 'Evil\u202Egnp', tag: 'NAME4', description: 'x', isPublic: true }, /writing direction/],
      [{ name: 'N', tag: 'NAME5', description: 'x' }, /isPublic/],
    ] as const) {
      const res = await call(b, 'POST', '/api/alliances/create', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(String(res.body.error)).toMatch(message);
    }
    expect(await mine(b)).toEqual({ alliance: null, membership: null, embassyLevel: 3 });
  });

  it('lets exactly one of two players founding the same tag at once win', async () => {
    const a = await envoy('race');
    const b = await envoy('race');
    const tag = nextTag();
    const replies = await Promise.all(
      [a, b].map((p) => call(p, 'POST', '/api/alliances/create', { name: 'Race', tag, description: 'x', isPublic: true })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});

describe('invitations', () => {
  it('are sent by username and show alliance, inviter and message to the invited player', async () => {
    const leader = await envoy('inv');
    const guest = await registerPlayer(t.app, newPlayer('inv'));
    const { alliance } = await found(leader);
    const sent = await invite(leader, guest.user.username.toUpperCase(), 'Join <b>us</b>!');
    expect(sent.status).toBe(201);
    expect(await received(guest)).toEqual([
      {
        id: sent.body.invitation.id,
        alliance: { id: alliance.id, tag: alliance.tag, name: alliance.name, description: alliance.description },
        inviter: { id: leader.user.id, username: leader.user.username },
        message: 'Join <b>us</b>!',
        createdAt: expect.any(String),
      },
    ]);
    expect(await received(leader)).toEqual([]);
  });

  it('are refused to members without the right, to strangers, for unknown players, members and second invitations', async () => {
    const leader = await envoy('rfs');
    const member = await joiner('rfs');
    const outsider = await registerPlayer(t.app, newPlayer('rfs'));
    const target = await registerPlayer(t.app, newPlayer('rfs'));
    await found(leader);
    await join(leader, member);
    const byMember = await invite(member, target.user.username);
    expect([byMember.status, byMember.body]).toEqual([403, { error: 'Only the leader, elders and officers may invite players and answer applications', code: 'right_invite' }]);
    expect((await invite(outsider, target.user.username)).status).toBe(403);
    const unknown = await invite(leader, 'nobody_here_at_all');
    expect([unknown.status, unknown.body]).toEqual([404, { error: 'No player with that username', code: 'no_player_with_username' }]);
    const already = await invite(leader, member.user.username);
    expect([already.status, already.body]).toEqual([409, { error: 'That player is already a member of your alliance', code: 'already_member' }]);
    expect((await invite(leader, target.user.username)).status).toBe(201);
    const twice = await invite(leader, target.user.username);
    expect([twice.status, twice.body]).toEqual([409, { error: 'That player already has an invitation from your alliance', code: 'already_invited' }]);
    expect((await invite(leader, target.user.username, 'x'.repeat(501))).status).toBe(400);
    expect((await call(leader, 'POST', '/api/alliances/invitations', { username: target.user.username, extra: 1 })).status).toBe(400);
  });

  it('are accepted by the invited player only, who joins as a member and drops the other invitations', async () => {
    const leaderA = await envoy('acc');
    const leaderB = await envoy('acc');
    const guest = await joiner('acc');
    const intruder = await registerPlayer(t.app, newPlayer('acc'));
    await found(leaderA);
    await found(leaderB);
    const fromA = (await invite(leaderA, guest.user.username)).body.invitation;
    await invite(leaderB, guest.user.username);
    expect((await call(intruder, 'POST', `/api/alliances/invitations/${fromA.id}/accept`)).status).toBe(403);
    expect((await call(guest, 'POST', `/api/alliances/invitations/00000000-0000-4000-8000-000000000000/accept`)).status).toBe(404);
    expect((await call(guest, 'POST', `/api/alliances/invitations/not-a-uuid/accept`)).status).toBe(400);
    const accepted = await call<WithMembership>(guest, 'POST', `/api/alliances/invitations/${fromA.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.membership.role).toBe('member');
    expect(accepted.body.alliance.members.map((m) => [m.user.username, m.role])).toEqual([
      [leaderA.user.username, 'leader'],
      [guest.user.username, 'member'],
    ]);
    expect(await received(guest)).toEqual([]);
  });

  it('let one of two invitations accepted at once win', async () => {
    const leaderA = await envoy('two');
    const leaderB = await envoy('two');
    const guest = await joiner('two');
    await found(leaderA);
    await found(leaderB);
    const a = (await invite(leaderA, guest.user.username)).body.invitation;
    const b = (await invite(leaderB, guest.user.username)).body.invitation;
    const replies = await Promise.all([a, b].map((i) => call(guest, 'POST', `/api/alliances/invitations/${i.id}/accept`)));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 404]);
    expect((await mine(guest)).alliance?.memberCount).toBe(2);
  });

  it('refuse an invitation accepted while already in an alliance', async () => {
    const leaderA = await envoy('dup');
    const leaderB = await envoy('dup');
    await found(leaderA);
    await found(leaderB);
    const invitation = (await invite(leaderA, leaderB.user.username)).body.invitation;
    const res = await call(leaderB, 'POST', `/api/alliances/invitations/${invitation.id}/accept`);
    expect([res.status, res.body]).toEqual([409, { error: 'You are already in an alliance; leave it first', code: 'already_in_alliance' }]);
  });

  it('are declined by the invited player only', async () => {
    const leader = await envoy('dec');
    const guest = await registerPlayer(t.app, newPlayer('dec'));
    await found(leader);
    const invitation = (await invite(leader, guest.user.username)).body.invitation;
    expect((await call(leader, 'DELETE', `/api/alliances/invitations/${invitation.id}`)).status).toBe(403);
    const declined = await call(guest, 'DELETE', `/api/alliances/invitations/${invitation.id}`);
    expect([declined.status, declined.body]).toEqual([200, { ok: true }]);
    expect(await received(guest)).toEqual([]);
    expect((await call(guest, 'DELETE', `/api/alliances/invitations/${invitation.id}`)).status).toBe(404);
  });
});

describe('the embassy', () => {
  it('must stand at level 3 in one of the founder\'s villages; a level under way counts once its time is up', async () => {
    const player = await registerPlayer(t.app, newPlayer('emb'));
    const refused = await call(player, 'POST', '/api/alliances/create', { name: 'No Hall', tag: nextTag(), description: 'x', isPublic: true });
    expect([refused.status, refused.body]).toEqual([
      409,
      { error: 'Founding an alliance needs an Embassy at level 3 in one of your villages; you have none', code: 'founding_needs_embassy_none', params: { needed: 3 } },
    ]);
    const { player: builder, village } = await newEnvoy(t, 'emb', 2);
    const low = await call(builder, 'POST', '/api/alliances/create', { name: 'Low Hall', tag: nextTag(), description: 'x', isPublic: true });
    expect([low.status, low.body]).toEqual([
      409,
      {
        error: 'Founding an alliance needs an Embassy at level 3 in one of your villages; your highest stands at level 2',
        code: 'founding_needs_embassy',
        params: { needed: 3, level: 2 },
      },
    ]);
    // The builders raise it to level 3: not counted while it is being built, counted the moment it is done.
    const embassy = (await overview(t, builder, village.id)).buildings.find((b) => b.type === 'embassy')!;
    const upgrade = await call<{ building: Schema<'Building'> }>(builder, 'PUT', `/api/villages/${village.id}/buildings/${embassy.id}/upgrade`);
    expect(upgrade.status).toBe(200);
    expect((await call(builder, 'POST', '/api/alliances/create', { name: 'Soon Hall', tag: nextTag(), description: 'x', isPublic: true })).status).toBe(409);
    expect((await mine(builder)).embassyLevel).toBe(2);
    t.clock.set(new Date(upgrade.body.building.upgradeFinishesAt!).getTime());
    expect((await mine(builder)).embassyLevel).toBe(3);
    const founded = await found(builder);
    expect(founded.alliance).toMatchObject({ memberCount: 1, memberCap: 9, leaderEmbassyLevel: 3 });
    expect(await mine(player)).toEqual({ alliance: null, membership: null, embassyLevel: 0 });
  });

  it('must stand in the village of a player who accepts an invitation; the invitation waits for it', async () => {
    const leader = await envoy('ejn');
    const guest = await registerPlayer(t.app, newPlayer('ejn'));
    await found(leader);
    const invitation = (await invite(leader, guest.user.username)).body.invitation;
    const refused = await call(guest, 'POST', `/api/alliances/invitations/${invitation.id}/accept`);
    expect([refused.status, refused.body]).toEqual([
      409,
      { error: 'Joining an alliance needs an Embassy at level 1 in one of your villages; you have none', code: 'joining_needs_embassy_none', params: { needed: 1 } },
    ]);
    expect((await received(guest)).map((i) => i.id)).toEqual([invitation.id]);
    expect((await call(guest, 'POST', `/api/worlds/${await worldId(t)}/join`)).status).toBe(201);
    await giveEmbassy(t, guest, JOINING_EMBASSY_LEVEL);
    const accepted = await call<WithMembership>(guest, 'POST', `/api/alliances/invitations/${invitation.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.alliance.memberCount).toBe(2);
  });

  it("caps the members at 3 per level of the leader's embassy: a full alliance neither invites nor admits", async () => {
    const leader = await envoy('cap');
    const [a, b, c] = [await joiner('cap'), await joiner('cap'), await joiner('cap')];
    // Founding needs level 3 (room for 9); the operator lowers the leader's embassy to level 1 for a cap of 3.
    await found(leader);
    await giveEmbassy(t, leader, 1);
    expect((await mine(leader)).alliance).toMatchObject({ memberCount: 1, memberCap: 3, leaderEmbassyLevel: 1 });
    await join(leader, a);
    const waiting = (await invite(leader, c.user.username)).body.invitation;
    await join(leader, b);
    const full = { error: "The alliance is full (3 of 3 members; its leader's embassy at level 1 allows 3)", code: 'alliance_full', params: { members: 3, cap: 3, level: 1 } };
    const refusedInvite = await invite(leader, (await registerPlayer(t.app, newPlayer('cap'))).user.username);
    expect([refusedInvite.status, refusedInvite.body]).toEqual([409, full]);
    const refusedJoin = await call(c, 'POST', `/api/alliances/invitations/${waiting.id}/accept`);
    expect([refusedJoin.status, refusedJoin.body]).toEqual([409, full]);
    // A bigger embassy makes room: level 2 admits 6.
    await giveEmbassy(t, leader, 2);
    const accepted = await call<WithMembership>(c, 'POST', `/api/alliances/invitations/${waiting.id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body.alliance).toMatchObject({ memberCount: 4, memberCap: 6, leaderEmbassyLevel: 2 });
  });

  it("follows the leader: after a handover the new leader's embassy sets the cap", async () => {
    const leader = await envoy('hnd');
    const heir = await joiner('hnd');
    await found(leader);
    await join(leader, heir);
    await call(leader, 'POST', '/api/alliances/leave');
    expect((await mine(heir)).alliance).toMatchObject({ memberCount: 1, memberCap: 3, leaderEmbassyLevel: 1 });
  });

  it('lets exactly one of two invitees accepting at once take the last place', async () => {
    const leader = await envoy('par');
    const [member, first, second] = [await joiner('par'), await joiner('par'), await joiner('par')];
    await found(leader);
    // Level 1 admits 3: the leader, a member and one place.
    await giveEmbassy(t, leader, 1);
    await join(leader, member);
    const invitations = [(await invite(leader, first.user.username)).body.invitation, (await invite(leader, second.user.username)).body.invitation];
    // On PostgreSQL (CI) both would join without the alliance's row lock; PGlite runs one transaction at a time anyway.
    const replies = await Promise.all([first, second].map((p, i) => call(p, 'POST', `/api/alliances/invitations/${invitations[i].id}/accept`)));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(replies.find((r) => r.status === 409)?.body).toEqual({
      error: "The alliance is full (3 of 3 members; its leader's embassy at level 1 allows 3)",
      code: 'alliance_full',
      params: { members: 3, cap: 3, level: 1 },
    });
    expect((await mine(leader)).alliance?.memberCount).toBe(3);
  });
});

describe('leaving', () => {
  it('hands leadership to the longest-serving member of the highest rank that stays, and dissolves an empty alliance', async () => {
    const leader = await envoy('lv');
    const first = await joiner('lv');
    const second = await joiner('lv');
    const tag = nextTag();
    await found(leader, tag);
    await join(leader, first);
    t.clock.advance(1000);
    await join(leader, second);
    expect((await call(leader, 'POST', '/api/alliances/leave')).body).toEqual({ ok: true });
    expect(await mine(leader)).toEqual({ alliance: null, membership: null, embassyLevel: 3 });
    const after = await mine(second);
    expect(after.alliance?.members.map((m) => [m.user.username, m.role])).toEqual([
      [first.user.username, 'leader'],
      [second.user.username, 'member'],
    ]);
    await call(first, 'POST', '/api/alliances/leave');
    expect((await mine(second)).membership?.role).toBe('leader');
    await call(second, 'POST', '/api/alliances/leave');
    // Dissolved: the tag is free again.
    await found(leader, tag);
    const none = await call(second, 'POST', '/api/alliances/leave');
    expect([none.status, none.body]).toEqual([409, { error: 'You are not in an alliance', code: 'not_in_alliance' }]);
  });
});

describe('alliance messages', () => {
  it('are posted and read by members, newest first, as plain text, 50 at a time', async () => {
    const leader = await envoy('msg');
    const member = await joiner('msg');
    await found(leader);
    await join(leader, member);
    const posted = await call<Schema<'AllianceMessageResponse'>>(member, 'POST', '/api/alliances/messages', { body: '  <script>alert(1)</script>\nSkål!  ' });
    expect(posted.status).toBe(201);
    expect(posted.body.message).toMatchObject({ body: '<script>alert(1)</script>\nSkål!', author: { id: member.user.id, username: member.user.username } });
    for (let i = 0; i < 54; i++) {
      t.clock.advance(1000);
      await call(leader, 'POST', '/api/alliances/messages', { body: `message ${i}` });
    }
    const page = (await call<Schema<'AllianceMessagePage'>>(member, 'GET', '/api/alliances/messages')).body;
    expect(page.messages).toHaveLength(50);
    expect(page.hasMore).toBe(true);
    expect(page.messages[0].body).toBe('message 53');
    const older = (await call<Schema<'AllianceMessagePage'>>(member, 'GET', `/api/alliances/messages?before=${page.messages[49].id}`)).body;
    expect(older.messages.map((m) => m.body)).toEqual(['message 3', 'message 2', 'message 1', 'message 0', '<script>alert(1)</script>\nSkål!']);
    expect(older.hasMore).toBe(false);
  });

  it('are refused to outsiders and refuse empty, long and spoofing text', async () => {
    const leader = await envoy('mrf');
    const outsider = await registerPlayer(t.app, newPlayer('mrf'));
    await found(leader);
    expect((await call(outsider, 'GET', '/api/alliances/messages')).status).toBe(403);
    expect((await call(outsider, 'POST', '/api/alliances/messages', { body: 'hi' })).status).toBe(403);
    for (const body of ['   ', 'x'.repeat(501), 'a\u202Eb', 'zero\u200Bwidth', 'nul\u0000']) {
      const res = await call(leader, 'POST', '/api/alliances/messages', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(leader, 'GET', '/api/alliances/messages?before=00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});

describe('the map', () => {
  it("shows a village's alliance tag and name in the area and the details", async () => {
    const { player, village } = await newEnvoy(t, 'map');
    const tag = nextTag();
    await found(player, tag);
    const area = await t.app.inject({ method: 'GET', url: `/api/map/area/${village.worldId}/${village.x}/${village.y}/5`, headers: player.auth });
    const tile = (area.json() as Schema<'MapArea'>).tiles.find((t) => t.x === village.x && t.y === village.y);
    const allianceId = (await mine(player)).alliance?.id;
    expect(tile?.village?.alliance).toEqual({ id: allianceId, tag, name: `The ${tag} Clan` });
    const details = (await t.app.inject({ method: 'GET', url: `/api/map/village/${village.id}`, headers: player.auth })).json() as Schema<'VillageDetails'>;
    expect(details.alliance).toMatchObject({ tag, name: `The ${tag} Clan` });
    expect(details.tile.village?.alliance).toEqual({ id: allianceId, tag, name: `The ${tag} Clan` });
    // Outside any alliance, the village carries none.
    await call(player, 'POST', '/api/alliances/leave');
    const after = await t.app.inject({ method: 'GET', url: `/api/map/area/${village.worldId}/${village.x}/${village.y}/5`, headers: player.auth });
    expect((after.json() as Schema<'MapArea'>).tiles.find((t) => t.x === village.x && t.y === village.y)?.village).not.toHaveProperty('alliance');
  });
});

describe('quests', () => {
  it('count joining an alliance', async () => {
    const leader = await envoy('qst');
    const list = (await call<Schema<'QuestList'>>(leader, 'GET', '/api/quests')).body.quests;
    const clan = list.special.find((q) => q.objectives.alliance_joined)!;
    await call(leader, 'POST', `/api/quests/${clan.id}/start`);
    await found(leader);
    const after = (await call<Schema<'QuestList'>>(leader, 'GET', '/api/quests')).body.quests;
    expect(after.special.find((q) => q.id === clan.id)?.status).toBe('completed');
  });
});
