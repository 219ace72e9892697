// Moderators through the API: they search players, suspend and reinstate those of a lower role (never their peers, superiors or themselves), read and resolve reported messages, and are refused the game masters' and admins' operations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { registerPlayer, newPlayer, requests, startTestApp, type Method, type TestApp } from './harness';
import { worldId, type Player } from './village-helpers';
import { withRole } from './proof-world';
import type { Schema } from '../../src/contract';
import { auditLog, messageReports, sessions, users, worlds } from '../../src/server/db/schema';
import { SUSPEND_LOWER_ROLES_ONLY } from '../../src/rules/roles';
import type { WorldId } from '../../src/rules/ids';

let t: TestApp;
let admin: Player;
let gm: Player;
let moderator: Player;
let world: WorldId;

beforeAll(async () => {
  t = await startTestApp();
  admin = await withRole(t, 'admin', 'adm');
  gm = await withRole(t, 'gamemaster', 'gm');
  moderator = await withRole(t, 'moderator', 'mod');
  world = await worldId(t);
});
afterAll(async () => {
  await t.close();
});

const { call } = requests(() => t);

function login(who: Player) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: who.body.email, password: who.body.password } });
}

/** What moderation could change of a player (their last visit moves by itself, batched). */
async function row(who: Player) {
  const [found] = await t.database.db
    .select({ role: users.role, suspendedAt: users.suspendedAt, suspensionReason: users.suspensionReason, passwordHash: users.passwordHash, mustChangePassword: users.mustChangePassword })
    .from(users)
    .where(eq(users.id, who.user.id));
  return found!;
}

async function sessionCount(who: Player): Promise<number> {
  return (await t.database.db.select().from(sessions).where(eq(sessions.userId, who.user.id))).length;
}

async function auditOf(who: Player) {
  return t.database.db.select().from(auditLog).where(eq(auditLog.targetId, who.user.id));
}

describe('a moderator moderates players', () => {
  it('finds players by name or e-mail', async () => {
    const wanted = await registerPlayer(t.app, newPlayer('wanted'));
    const page = await call<Schema<'AdminUserPage'>>(moderator, 'GET', `/api/admin/users/search?q=${wanted.user.username.toUpperCase()}`);
    expect(page.status).toBe(200);
    expect(page.body.users.map((u) => u.id)).toEqual([wanted.user.id]);
    expect(page.body.users[0]).toMatchObject({ role: 'user', suspended: false });
  });

  for (const role of ['user', 'premium'] as const) {
    it(`suspends a ${role} player: their sessions end, the log names the moderator; lifting lets them back`, async () => {
      const target = await withRole(t, role, role.slice(0, 4));
      expect((await call(target, 'GET', '/api/auth/me')).status).toBe(200);
      const suspended = await call<Schema<'AdminUserResponse'>>(moderator, 'POST', `/api/admin/users/${target.user.id}/suspend`, { reason: 'Spamming the chat' });
      expect(suspended.status).toBe(200);
      expect(suspended.body.user).toMatchObject({ id: target.user.id, role, suspended: true, suspensionReason: 'Spamming the chat' });
      expect((await call(target, 'GET', '/api/auth/me')).status).toBe(401);
      expect(await sessionCount(target)).toBe(0);
      const refused = await login(target);
      expect([refused.statusCode, refused.json().error]).toEqual([403, 'This account is suspended: Spamming the chat']);

      const lifted = await call<Schema<'AdminUserResponse'>>(moderator, 'POST', `/api/admin/users/${target.user.id}/unsuspend`);
      expect([lifted.status, lifted.body.user.suspended]).toEqual([200, false]);
      expect((await login(target)).statusCode).toBe(200);

      const entries = await auditOf(target);
      expect(entries.map((e) => [e.action, e.actorId, e.actorName, e.detail])).toEqual([
        ['suspend', moderator.user.id, moderator.user.username, 'Spamming the chat'],
        ['unsuspend', moderator.user.id, moderator.user.username, ''],
      ]);
      // The admins read it in the audit log, the moderator named.
      const log = await call<Schema<'AuditPage'>>(admin, 'GET', '/api/admin/audit');
      expect(log.body.entries.find((e) => e.action === 'suspend' && e.target?.name === target.user.username)?.actor.username).toBe(moderator.user.username);
    });
  }

  for (const role of ['moderator', 'gamemaster', 'admin'] as const) {
    it(`cannot suspend a ${role}, nor lift their suspension: 403, nothing changes`, async () => {
      const target = await withRole(t, role, role.slice(0, 4));
      const before = await row(target);
      const refused = await call(moderator, 'POST', `/api/admin/users/${target.user.id}/suspend`, { reason: 'Overreach' });
      expect([refused.status, refused.body.error]).toEqual([403, SUSPEND_LOWER_ROLES_ONLY]);
      expect(await row(target)).toEqual(before);
      expect((await call(target, 'GET', '/api/auth/me')).status).toBe(200);
      expect(await auditOf(target)).toEqual([]);

      // Suspended by an admin, the moderator cannot reinstate them either.
      expect((await call(admin, 'POST', `/api/admin/users/${target.user.id}/suspend`, { reason: 'Held' })).status).toBe(200);
      const lift = await call(moderator, 'POST', `/api/admin/users/${target.user.id}/unsuspend`);
      expect([lift.status, lift.body.error]).toEqual([403, SUSPEND_LOWER_ROLES_ONLY]);
      expect(await row(target)).toMatchObject({ suspensionReason: 'Held' });
      expect((await auditOf(target)).map((e) => e.action)).toEqual(['suspend']);
      expect((await call(admin, 'POST', `/api/admin/users/${target.user.id}/unsuspend`)).status).toBe(200);
    });
  }

  it('cannot suspend themself: 409', async () => {
    const self = await call(moderator, 'POST', `/api/admin/users/${moderator.user.id}/suspend`, { reason: 'Tired' });
    expect([self.status, self.body.error]).toEqual([409, 'You cannot suspend yourself']);
    expect((await row(moderator)).suspendedAt).toBeNull();
    expect((await call(moderator, 'GET', '/api/auth/me')).status).toBe(200);
  });

  it('refuses a suspension without a reason (400) and a player who does not exist (404)', async () => {
    const target = await registerPlayer(t.app, newPlayer('noreason'));
    expect((await call(moderator, 'POST', `/api/admin/users/${target.user.id}/suspend`, { reason: '   ' })).status).toBe(400);
    expect((await row(target)).suspendedAt).toBeNull();
    expect((await call(moderator, 'POST', '/api/admin/users/00000000-0000-4000-8000-000000000000/suspend', { reason: 'Ghost' })).status).toBe(404);
  });

  it('a game master may suspend a moderator, and lift it', async () => {
    const peer = await withRole(t, 'moderator', 'peer');
    const suspended = await call<Schema<'AdminUserResponse'>>(gm, 'POST', `/api/admin/users/${peer.user.id}/suspend`, { reason: 'Abused the role' });
    expect([suspended.status, suspended.body.user.suspended]).toEqual([200, true]);
    expect((await call(peer, 'GET', '/api/auth/me')).status).toBe(401);
    expect((await call(gm, 'POST', `/api/admin/users/${peer.user.id}/unsuspend`)).status).toBe(200);
    expect((await login(peer)).statusCode).toBe(200);
    // A game master is not above another game master.
    const other = await withRole(t, 'gamemaster', 'gm2');
    expect((await call(gm, 'POST', `/api/admin/users/${other.user.id}/suspend`, { reason: 'Rival' })).status).toBe(403);
  });
});

describe('a moderator deals with reported messages', () => {
  it('reads the reports with their messages and resolves one', async () => {
    const sender = await registerPlayer(t.app, newPlayer('rude'));
    const reader = await registerPlayer(t.app, newPlayer('read'));
    const sent = await call<{ message: { id: string } }>(sender, 'POST', '/api/messages', { to: reader.user.username, subject: 'Threat', body: 'I will burn your hall.' });
    expect(sent.status).toBe(201);
    const made = await call<{ report: { id: string } }>(reader, 'POST', `/api/messages/${sent.body.message.id}/report`, { reason: 'Threats' });
    expect(made.status).toBe(201);

    const list = await call<Schema<'MessageReportList'>>(moderator, 'GET', '/api/gm/message-reports');
    expect(list.status).toBe(200);
    const listed = list.body.reports.find((r) => r.id === made.body.report.id);
    expect(listed).toMatchObject({ reason: 'Threats', resolvedAt: null, reporter: { username: reader.user.username } });
    expect(listed?.message).toMatchObject({ subject: 'Threat', body: 'I will burn your hall.', from: { username: sender.user.username } });
    expect(list.body.open).toBeGreaterThanOrEqual(1);

    const resolved = await call<{ report: Schema<'MessageReport'> }>(moderator, 'POST', `/api/gm/message-reports/${made.body.report.id}/resolve`);
    expect(resolved.status).toBe(200);
    expect(resolved.body.report.resolvedAt).not.toBeNull();
    const [stored] = await t.database.db.select().from(messageReports).where(eq(messageReports.id, made.body.report.id));
    expect(stored?.resolvedBy).toBe(moderator.user.id);
  });
});

describe('a moderator is refused what the game masters and admins do', () => {
  const zero = '00000000-0000-4000-8000-000000000000';
  const endsAt = () => new Date(t.clock.now().getTime() + 86_400_000).toISOString();

  it('worlds, events, announcements, rewards and analytics answer 403 and change nothing', async () => {
    const attempts: [Method, string, unknown?][] = [
      ['GET', '/api/gamemaster/worlds'],
      ['POST', '/api/gamemaster/worlds', { name: 'Moderated Lands' }],
      ['PUT', `/api/gamemaster/worlds/${world}/status`, { status: 'maintenance' }],
      ['GET', '/api/gamemaster/events'],
      ['POST', '/api/gamemaster/events', { worldId: world, name: 'Feast', kind: 'production_bonus', percent: 10, startTime: '2030-01-01T00:00:00.000Z', endTime: '2030-01-02T00:00:00.000Z' }],
      ['PUT', `/api/gamemaster/events/${zero}`, { name: 'Great feast' }],
      ['GET', '/api/gamemaster/announcements'],
      ['POST', '/api/gamemaster/announcements', { worldId: world, message: 'Hear me', endsAt: endsAt() }],
      ['POST', '/api/gamemaster/rewards', { worldId: world, username: moderator.user.username, resources: { timber: 10 }, idempotencyKey: 'moderator-0001' }],
      ['GET', `/api/gamemaster/analytics/${world}`],
    ];
    for (const [method, url, body] of attempts) {
      const { status } = await call(moderator, method, url, body);
      expect(status, `${method} ${url}`).toBe(403);
    }
    expect(await t.database.db.select().from(worlds).where(eq(worlds.name, 'Moderated Lands'))).toEqual([]);
    const [midgard] = await t.database.db.select().from(worlds).where(eq(worlds.id, world));
    expect(midgard?.status).toBe('online');
  });

  it('roles, deletion, temporary passwords, figures and the audit log answer 403 and change nothing', async () => {
    const target = await registerPlayer(t.app, newPlayer('keep'));
    const before = await row(target);
    const attempts: [Method, string, unknown?][] = [
      ['PUT', `/api/admin/users/${target.user.id}/role`, { role: 'premium' }],
      ['PUT', `/api/admin/users/${moderator.user.id}/role`, { role: 'admin' }],
      ['DELETE', `/api/admin/users/${target.user.id}`, { confirmUsername: target.user.username }],
      ['POST', `/api/admin/users/${target.user.id}/temporary-password`, { password: 'Temporary#2026x' }],
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/stats'],
      ['GET', '/api/admin/audit'],
    ];
    for (const [method, url, body] of attempts) {
      const { status } = await call(moderator, method, url, body);
      expect(status, `${method} ${url}`).toBe(403);
    }
    expect(await row(target)).toEqual(before);
    expect((await row(moderator)).role).toBe('moderator');
    expect((await login(target)).statusCode).toBe(200);
    expect(await t.database.db.select().from(auditLog).where(and(eq(auditLog.actorId, moderator.user.id), eq(auditLog.targetId, target.user.id)))).toEqual([]);
  });
});
