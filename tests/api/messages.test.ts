// Mail through the API: delivery and the two folders, unread counts, one-sided deletion, blocking, the sending limit, reports for game masters, a shared battle report and a shared alliance invitation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { Schema } from '../../src/contract';
import { allianceInvitations, allianceMembers, alliances, battleReports, messageReports, messages } from '../../src/server/db/schema';
import { LIVE_CHANNEL } from '../../src/server/live/notify';
import { MAIL_LIMIT } from '../../src/rules/mail';
import { newPlayer, registerPlayer, requests, startTestApp, type TestApp } from './harness';
import { newVillage, type Player } from './village-helpers';
import { reports } from './army-helpers';
import { withRole } from './proof-world';
import { idOf, type AllianceId, type PlayerId } from '../../src/rules/ids';

type MessageJson = Schema<'Message'>;
type MessageList = Schema<'MessageList'>;

let t: TestApp;
/** Every live notice sent, as `userId kind`. */
const notices: string[] = [];
let stopListening: () => Promise<void>;
beforeAll(async () => {
  t = await startTestApp();
  stopListening = await t.database.listen(LIVE_CHANNEL, (payload) => {
    const { userId, kind } = JSON.parse(payload) as { userId: string; kind: string };
    notices.push(`${userId} ${kind}`);
  });
});
afterAll(async () => {
  await stopListening();
  await t.close();
});

const { call, request } = requests(() => t);

/** Deletes the caller's copy; answers the status (a 204 has no body to parse). */
const remove = async (who: Player, id: string) => (await request(who, 'DELETE', `/api/messages/${id}`)).statusCode;

const player = (prefix = 'm') => registerPlayer(t.app, newPlayer(prefix));

let subjects = 0;
/** A letter from `from` to `to` (a username), answered as { status, body }; the clock moves a second first, so mail is ordered. */
function write(from: Player, to: string, extra: Partial<Schema<'SendMessageRequest'>> = {}) {
  subjects += 1;
  t.clock.advance(1000);
  return call<{ message: MessageJson }>(from, 'POST', '/api/messages', { to, subject: `Letter ${subjects}`, body: 'Hail!\nHow fare your fields?', ...extra });
}

async function sent(from: Player, to: Player, extra: Partial<Schema<'SendMessageRequest'>> = {}): Promise<MessageJson> {
  const res = await write(from, to.user.username, extra);
  if (res.status !== 201) throw new Error(`send failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.message;
}

const folder = async (who: Player, name: 'inbox' | 'sent', query = '') => (await call<MessageList>(who, 'GET', `/api/messages?folder=${name}${query}`)).body;
const unread = async (who: Player) => (await call<{ unread: number }>(who, 'GET', '/api/messages/unread')).body.unread;
const ids = (list: MessageList) => list.messages.map((m) => m.id);

async function storedBy(senderId: string): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(messages).where(eq(messages.senderId, idOf<PlayerId>(senderId)));
  return Number(row.n);
}

/** Notices are handed over after commit through the database's own channel: a moment to let them in. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('sending and reading', () => {
  it('delivers to a username in any case, into the inbox and the sent folder, with a live notice', async () => {
    const [a, b] = [await player(), await player()];
    const res = await write(a, b.user.username.toUpperCase(), { subject: '  Trade?  ', body: '  Timber\n\tfor iron?  ' });
    expect(res.status).toBe(201);
    const message = res.body.message;
    expect(message).toMatchObject({
      from: { id: a.user.id, username: a.user.username },
      to: { id: b.user.id, username: b.user.username },
      subject: 'Trade?',
      body: 'Timber\n\tfor iron?',
      read: false,
      report: null,
      invitation: null,
    });
    expect(ids(await folder(b, 'inbox'))).toEqual([message.id]);
    expect(ids(await folder(a, 'sent'))).toEqual([message.id]);
    expect(ids(await folder(a, 'inbox'))).toEqual([]);
    expect(ids(await folder(b, 'sent'))).toEqual([]);
    // The inbox is the default folder.
    expect((await call<MessageList>(b, 'GET', '/api/messages')).body).toMatchObject({ folder: 'inbox', total: 1, unread: 1 });
    expect((await call<{ message: MessageJson }>(b, 'GET', `/api/messages/${message.id}`)).body.message).toEqual(message);
    expect((await call<{ message: MessageJson }>(a, 'GET', `/api/messages/${message.id}`)).body.message).toEqual(message);
    await settle();
    expect(notices).toContain(`${b.user.id} message_received`);
    expect(notices).not.toContain(`${a.user.id} message_received`);
  });

  it('pages each folder newest first', async () => {
    const [a, b] = [await player(), await player()];
    const letters = [await sent(a, b), await sent(a, b), await sent(a, b)];
    const newest = letters.map((m) => m.id).reverse();
    const first = await folder(b, 'inbox', '&page=1&limit=2');
    expect(first).toMatchObject({ folder: 'inbox', page: 1, limit: 2, total: 3, unread: 3 });
    expect(ids(first)).toEqual(newest.slice(0, 2));
    expect(ids(await folder(b, 'inbox', '&page=2&limit=2'))).toEqual(newest.slice(2));
    expect(ids(await folder(b, 'inbox', '&page=3&limit=2'))).toEqual([]);
    const sentPage = await folder(a, 'sent', '&limit=2');
    expect(sentPage).toMatchObject({ folder: 'sent', total: 3, unread: 0 });
    expect(ids(sentPage)).toEqual(newest.slice(0, 2));
  });

  it('counts unread mail up as it arrives and down as it is read', async () => {
    const [a, b] = [await player(), await player()];
    expect(await unread(b)).toBe(0);
    const first = await sent(a, b);
    const second = await sent(a, b);
    expect(await unread(b)).toBe(2);
    // Only the recipient marks a message read; the sender's copy is not theirs to mark.
    expect((await call(a, 'POST', `/api/messages/${first.id}/read`)).status).toBe(404);
    expect((await call<{ unread: number }>(b, 'POST', `/api/messages/${first.id}/read`)).body).toEqual({ unread: 1 });
    // Again: nothing changes.
    expect((await call<{ unread: number }>(b, 'POST', `/api/messages/${first.id}/read`)).body).toEqual({ unread: 1 });
    expect((await call<{ message: MessageJson }>(a, 'GET', `/api/messages/${first.id}`)).body.message.read).toBe(true);
    expect((await folder(b, 'inbox')).messages.map((m) => m.read)).toEqual([false, true]);
    await call(b, 'POST', `/api/messages/${second.id}/read`);
    expect(await unread(b)).toBe(0);
  });

  it('deletes only the caller’s copy', async () => {
    const [a, b] = [await player(), await player()];
    const message = await sent(a, b);
    const kept = await sent(a, b);
    expect(await remove(b, message.id)).toBe(204);
    expect(ids(await folder(b, 'inbox'))).toEqual([kept.id]);
    expect(await unread(b)).toBe(1);
    expect((await call(b, 'GET', `/api/messages/${message.id}`)).status).toBe(404);
    expect(await remove(b, message.id)).toBe(404);
    expect((await call(b, 'POST', `/api/messages/${message.id}/read`)).status).toBe(404);
    // The sender keeps theirs until they delete it too.
    expect(ids(await folder(a, 'sent'))).toEqual([kept.id, message.id]);
    expect((await call(a, 'GET', `/api/messages/${message.id}`)).status).toBe(200);
    expect(await remove(a, message.id)).toBe(204);
    expect(ids(await folder(a, 'sent'))).toEqual([kept.id]);
    expect((await call(a, 'GET', `/api/messages/${message.id}`)).status).toBe(404);
    // Deleting from Sent leaves the recipient's copy alone.
    expect(await remove(a, kept.id)).toBe(204);
    expect(ids(await folder(b, 'inbox'))).toEqual([kept.id]);
  });

  it('keeps a message from everyone but its two sides', async () => {
    const [a, b, c] = [await player(), await player(), await player()];
    const message = await sent(a, b);
    expect((await call(c, 'GET', `/api/messages/${message.id}`)).status).toBe(404);
    expect(await remove(c, message.id)).toBe(404);
    expect((await call(c, 'POST', `/api/messages/${message.id}/read`)).status).toBe(404);
    expect((await call(c, 'POST', `/api/messages/${message.id}/report`, { reason: 'Spam' })).status).toBe(404);
    expect((await call(a, 'GET', '/api/messages/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    // Nothing happened to it.
    expect(await unread(b)).toBe(1);
    expect(ids(await folder(a, 'sent'))).toEqual([message.id]);
  });

  it('refuses bad letters in the rule’s own words and stores nothing', async () => {
    const a = await player();
    const b = await player();
    const before = await storedBy(a.user.id);
    const cases: [Partial<Schema<'SendMessageRequest'>>, number, string][] = [
      [{ subject: '   ' }, 400, 'Subject is required'],
      [{ body: ' \n ' }, 400, 'Message is required'],
      [{ subject: 'Two\nlines' }, 400, 'Text may not contain control characters'],
      [{ body: 'Turn \u202Earound' }, 400, 'Text may not contain characters that change the writing direction'],
      [{ to: 'nobody_by_this_name' }, 404, 'No player by that name'],
      [{ to: a.user.username.toUpperCase() }, 409, 'You cannot write to yourself'],
      [{ reportId: '00000000-0000-4000-8000-000000000000' }, 404, 'No such battle report among yours'],
      [{ invitationId: '00000000-0000-4000-8000-000000000000' }, 404, 'No such invitation from your alliance'],
    ];
    for (const [change, status, error] of cases) {
      const res = await write(a, b.user.username, change);
      expect([res.status, res.body.error], JSON.stringify(change)).toEqual([status, error]);
    }
    expect(await storedBy(a.user.id)).toBe(before);
    expect(await unread(b)).toBe(0);
  });
});

describe('blocking', () => {
  it('keeps a blocked player’s mail from ever reaching, until unblocked', async () => {
    const [a, b] = [await player('blk'), await player('blk')];
    const listed = await call<Schema<'BlockedPlayers'>>(b, 'PUT', `/api/blocked-players/${a.user.id}`);
    expect(listed.status).toBe(200);
    expect(listed.body.players).toEqual([{ id: a.user.id, username: a.user.username }]);
    // Blocking again changes nothing.
    expect((await call<Schema<'BlockedPlayers'>>(b, 'PUT', `/api/blocked-players/${a.user.id}`)).body.players).toHaveLength(1);
    expect((await call<Schema<'BlockedPlayers'>>(b, 'GET', '/api/blocked-players')).body.players).toEqual(listed.body.players);

    const noticesBefore = notices.length;
    const hidden = await sent(a, b);
    // The sender is not told, and finds it in Sent.
    expect(hidden.to).toEqual({ id: b.user.id, username: b.user.username });
    expect(ids(await folder(a, 'sent'))).toEqual([hidden.id]);
    expect(await folder(b, 'inbox')).toMatchObject({ messages: [], total: 0, unread: 0 });
    expect(await unread(b)).toBe(0);
    expect((await call(b, 'GET', `/api/messages/${hidden.id}`)).status).toBe(404);
    expect((await call(b, 'POST', `/api/messages/${hidden.id}/read`)).status).toBe(404);
    expect((await call(b, 'POST', `/api/messages/${hidden.id}/report`, { reason: 'Spam' })).status).toBe(404);
    await settle();
    expect(notices.slice(noticesBefore)).not.toContain(`${b.user.id} message_received`);

    const unblocked = await call<Schema<'BlockedPlayers'>>(b, 'DELETE', `/api/blocked-players/${a.user.id}`);
    expect(unblocked.body.players).toEqual([]);
    expect((await call(b, 'DELETE', `/api/blocked-players/${a.user.id}`)).status).toBe(200);
    const through = await sent(a, b);
    // New mail comes through; what was sent while blocked stays away.
    expect(ids(await folder(b, 'inbox'))).toEqual([through.id]);
    expect(await unread(b)).toBe(1);
    await settle();
    expect(notices.slice(noticesBefore)).toContain(`${b.user.id} message_received`);
  });

  it('refuses blocking oneself or nobody', async () => {
    const a = await player('blk');
    expect((await call(a, 'PUT', `/api/blocked-players/${a.user.id}`)).status).toBe(409);
    expect((await call(a, 'PUT', '/api/blocked-players/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await call(a, 'PUT', '/api/blocked-players/not-a-uuid')).status).toBe(400);
    expect((await call(a, 'DELETE', '/api/blocked-players/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await call<Schema<'BlockedPlayers'>>(a, 'GET', '/api/blocked-players')).body.players).toEqual([]);
  });
});

describe('the sending limit', () => {
  it(`lets ${MAIL_LIMIT.messages} messages through in ${MAIL_LIMIT.windowMs / 60_000} minutes, then answers 429 storing nothing`, async () => {
    const [a, b] = [await player('lim'), await player('lim')];
    const start = t.clock.now().getTime();
    for (let i = 0; i < MAIL_LIMIT.messages; i += 1) await sent(a, b);
    const refused = await write(a, b.user.username);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^You may send at most 10 messages in 10 minutes\. Please try again in \d+ (minutes?|seconds?)\.$/);
    expect(await storedBy(a.user.id)).toBe(MAIL_LIMIT.messages);
    expect(await unread(b)).toBe(MAIL_LIMIT.messages);
    // Refused tries are not counted: once the window has run out, mail flows again.
    t.clock.set(start + MAIL_LIMIT.windowMs + 1000);
    expect((await write(a, b.user.username)).status).toBe(201);
    // Another sender has a limit of their own.
    expect((await write(b, a.user.username)).status).toBe(201);
  });

  it('lets exactly the limit through when many letters are sent at once', async () => {
    const [a, b] = [await player('lim'), await player('lim')];
    const statuses = await Promise.all(
      Array.from({ length: MAIL_LIMIT.messages + 5 }, (_, i) =>
        call(a, 'POST', '/api/messages', { to: b.user.username, subject: `Burst ${i}`, body: 'Hail!' }).then((res) => res.status),
      ),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAIL_LIMIT.messages);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    expect(await storedBy(a.user.id)).toBe(MAIL_LIMIT.messages);
  });
});

describe('reports to the game masters', () => {
  it('lets the recipient report once, and a game master list and resolve it', async () => {
    const [a, b] = [await player('rep'), await player('rep')];
    const gm = await withRole(t, 'gamemaster', 'gm');
    const message = await sent(a, b, { subject: 'Rude', body: 'Something rude' });
    const other = await sent(a, b);

    expect((await call(a, 'POST', `/api/messages/${message.id}/report`, { reason: 'Spam' })).status).toBe(404);
    const blank = await call(b, 'POST', `/api/messages/${message.id}/report`, { reason: '   ' });
    expect([blank.status, blank.body.error]).toEqual([400, 'Say why you report this message']);
    const made = await call<Schema<'MessageReportResponse'>>(b, 'POST', `/api/messages/${message.id}/report`, { reason: '  Insults\nand threats ' });
    expect(made.status).toBe(201);
    expect(made.body.report).toMatchObject({ reason: 'Insults\nand threats', reporter: { id: b.user.id, username: b.user.username }, resolvedAt: null });
    expect(made.body.report.message).toMatchObject({ id: message.id, subject: 'Rude', body: 'Something rude' });
    const again = await call(b, 'POST', `/api/messages/${message.id}/report`, { reason: 'Again' });
    expect([again.status, again.body.error]).toEqual([409, 'You have already reported this message']);
    t.clock.advance(1000);
    const later = (await call<Schema<'MessageReportResponse'>>(b, 'POST', `/api/messages/${other.id}/report`, { reason: 'Spam' })).body.report;

    // Players may not read the reports.
    expect((await call(b, 'GET', '/api/gm/message-reports')).status).toBe(403);
    expect((await call(b, 'POST', `/api/gm/message-reports/${made.body.report.id}/resolve`)).status).toBe(403);

    const list = (await call<Schema<'MessageReportList'>>(gm, 'GET', '/api/gm/message-reports')).body;
    expect(list.open).toBeGreaterThanOrEqual(2);
    expect(list.reports.slice(0, 2).map((r) => r.id)).toEqual([later.id, made.body.report.id]);

    const resolved = await call<Schema<'MessageReportResponse'>>(gm, 'POST', `/api/gm/message-reports/${made.body.report.id}/resolve`);
    expect(resolved.status).toBe(200);
    expect(resolved.body.report.resolvedAt).toBe(t.clock.now().toISOString());
    t.clock.advance(60_000);
    // Resolving again keeps the first resolution.
    expect((await call<Schema<'MessageReportResponse'>>(gm, 'POST', `/api/gm/message-reports/${made.body.report.id}/resolve`)).body.report).toEqual(resolved.body.report);
    expect((await call(gm, 'POST', '/api/gm/message-reports/00000000-0000-4000-8000-000000000000/resolve')).status).toBe(404);

    const after = (await call<Schema<'MessageReportList'>>(gm, 'GET', '/api/gm/message-reports?limit=100')).body;
    expect(after.open).toBe(list.open - 1);
    expect(after.total).toBe(list.total);
    // Open reports come first, the resolved one after them.
    const order = after.reports.map((r) => r.resolvedAt === null);
    expect(order).toEqual([...order].sort((x, y) => Number(y) - Number(x)));
    expect(after.reports.find((r) => r.id === made.body.report.id)?.resolvedAt).toBe(resolved.body.report.resolvedAt);
    const [stored] = await t.database.db.select().from(messageReports).where(eq(messageReports.id, made.body.report.id));
    expect(stored.resolvedBy).toBe(gm.user.id);
  });
});

describe('a shared battle report', () => {
  it('reaches the recipient only through the message', async () => {
    const attacker = await newVillage(t, undefined, 'war');
    const defender = await newVillage(t, undefined, 'war');
    const reader = await player('war');
    // The battle itself is the army tests' matter: here its report is written as a raid would write it.
    const place = (v: typeof attacker.village) => ({ id: v.id, name: v.name, x: v.x, y: v.y });
    await t.database.db.insert(battleReports).values({
      worldId: attacker.village.worldId,
      type: 'raid',
      occurredAt: t.clock.now(),
      attackerId: attacker.player.user.id,
      attackerName: attacker.player.user.username,
      attackerVillage: place(attacker.village),
      defenderId: defender.player.user.id,
      defenderName: defender.player.user.username,
      defenderVillage: place(defender.village),
      attackerUnits: { bondi: 5 },
      attackerLosses: { bondi: 1 },
      defenderUnits: {},
      defenderLosses: {},
      winner: 'attacker',
      loot: { timber: 10, stone: 5, iron: 0, mead: 2 },
    });
    const [report] = (await reports(t, attacker.player)).battles;
    expect(report).toBeDefined();

    // Someone not in the battle cannot pass it on.
    expect((await write(reader, attacker.player.user.username, { reportId: report.id })).status).toBe(404);
    const message = await sent(attacker.player, reader, { reportId: report.id });
    const read = (await call<{ message: MessageJson }>(reader, 'GET', `/api/messages/${message.id}`)).body.message;
    expect(read.report).toEqual(report);
    expect(read.report?.perspective).toBe('attacker');
    // It is not among the reader's own reports, and they cannot act on it as one.
    expect((await reports(t, reader)).battles).toEqual([]);
    expect((await call(reader, 'POST', `/api/game/battles/${report.id}/read`)).status).toBe(404);
    // The defender may share it too, from their side.
    const fromDefender = await sent(defender.player, reader, { reportId: report.id });
    expect(fromDefender.report?.perspective).toBe('defender');
  });
});

describe('a shared alliance invitation', () => {
  // Founding, joining and inviting are the alliance tests' matter (with their embassy rules): here the rows are written as they would be.
  let tags = 0;
  const db = () => t.database.db;
  async function found(leader: Player, ...members: Player[]) {
    tags += 1;
    const tag = `M${String(tags).padStart(3, '0')}`;
    const [alliance] = await db().insert(alliances).values({ name: `The ${tag} Crew`, tag, description: 'Oars out.', isPublic: false, foundedAt: t.clock.now() }).returning();
    const joinedAt = t.clock.now();
    await db()
      .insert(allianceMembers)
      .values([{ allianceId: alliance.id, userId: idOf<PlayerId>(leader.user.id), role: 'leader', joinedAt }, ...members.map((m) => ({ allianceId: alliance.id, userId: idOf<PlayerId>(m.user.id), role: 'member' as const, joinedAt }))]);
    return alliance;
  }
  async function invite(alliance: { id: AllianceId }, from: Player, to: Player) {
    const [invitation] = await db()
      .insert(allianceInvitations)
      .values({ allianceId: alliance.id, userId: idOf<PlayerId>(to.user.id), inviterId: idOf<PlayerId>(from.user.id), message: null, createdAt: t.clock.now() })
      .returning();
    return invitation;
  }
  const read = async (who: Player, id: string) => (await call<{ message: MessageJson }>(who, 'GET', `/api/messages/${id}`)).body.message;

  it('reaches the invitee with its alliance and status, for the sender and the recipient alike', async () => {
    const [leader, member, invitee] = [await player('inv'), await player('inv'), await player('inv')];
    const alliance = await found(leader, member);
    const invitation = await invite(alliance, leader, invitee);

    const message = await sent(leader, invitee, { invitationId: invitation.id });
    const shared = {
      id: invitation.id,
      alliance: { id: alliance.id, tag: alliance.tag, name: alliance.name },
      status: 'pending',
      invitee: { id: invitee.user.id, username: invitee.user.username },
    };
    expect(message.invitation).toEqual(shared);
    expect((await read(invitee, message.id)).invitation).toEqual(shared);
    expect((await read(leader, message.id)).invitation).toEqual(shared);
    // Any member of the inviting alliance may pass it on to the invitee, not only the one who invited.
    expect((await sent(member, invitee, { invitationId: invitation.id })).invitation).toEqual(shared);

    // Once answered the invitation is gone, and the message says so.
    expect((await call(invitee, 'DELETE', `/api/alliances/invitations/${invitation.id}`)).status).toBe(200);
    expect((await read(invitee, message.id)).invitation).toBeNull();
    expect((await read(leader, message.id)).invitation).toBeNull();
    expect((await read(invitee, message.id)).body).toBe(message.body);
  });

  it('refuses another alliance’s invitation (404) and one sent to someone it does not invite (409), storing nothing', async () => {
    const [leader, invitee, rival, stranger] = [await player('inv'), await player('inv'), await player('inv'), await player('inv')];
    const alliance = await found(leader);
    await found(rival);
    const invitation = await invite(alliance, leader, invitee);
    const before = [await storedBy(leader.user.id), await storedBy(rival.user.id), await storedBy(stranger.user.id)];

    for (const outsider of [rival, stranger]) {
      const res = await write(outsider, invitee.user.username, { invitationId: invitation.id });
      expect([res.status, res.body.error]).toEqual([404, 'No such invitation from your alliance']);
    }
    const misdirected = await write(leader, stranger.user.username, { invitationId: invitation.id });
    expect([misdirected.status, misdirected.body.error]).toEqual([
      409,
      `This invitation is for ${invitee.user.username}, not ${stranger.user.username}: share it only with the player it invites`,
    ]);

    expect([await storedBy(leader.user.id), await storedBy(rival.user.id), await storedBy(stranger.user.id)]).toEqual(before);
    expect([await unread(invitee), await unread(stranger)]).toEqual([0, 0]);
  });
});
