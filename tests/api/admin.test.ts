// Admins and game masters through the API: who may call what, the last admin, suspension, temporary passwords, deletion, events in the rules, rewards once per key, maintenance.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { registerPlayer, newPlayer, requests, startTestApp, type Method, type TestApp } from './harness';
import { amounts, newVillage, overview, worldId, HOUR, type Player } from './village-helpers';
import { withRole } from './proof-world';
import type { Schema } from '../../src/contract';
import { auditLog, villages } from '../../src/server/db/schema';
import { listOperations } from '../../src/server/openapi';
import { fieldProduction } from '../../src/rules/economy';
import { trainingTimeSeconds } from '../../src/rules/units';
import { setBuildingLevel } from '../../src/server/operators/operator';
import type { WorldId } from '../../src/rules/ids';

let t: TestApp;
let admin: Player;
let gm: Player;
let moderator: Player;
let player: Player;
let world: WorldId;

beforeAll(async () => {
  t = await startTestApp();
  admin = await withRole(t, 'admin', 'adm');
  gm = await withRole(t, 'gamemaster', 'gm');
  moderator = await withRole(t, 'moderator', 'mod');
  player = await registerPlayer(t.app, newPlayer('usr'));
  world = await worldId(t);
});
afterAll(async () => {
  await t.close();
});

const { call } = requests(() => t);

const zero = '00000000-0000-4000-8000-000000000000';

describe('permissions of the admin and game master operations', () => {
  // Each new operation with a harmless request; the least role that passes the guard gets past 401/403.
  const cases: [string, Method, string, unknown?][] = [
    ['searchUsers', 'GET', '/api/admin/users/search?q=zzz'],
    ['getAdminStats', 'GET', '/api/admin/stats'],
    ['setUserRole', 'PUT', `/api/admin/users/${zero}/role`, { role: 'user' }],
    ['suspendUser', 'POST', `/api/admin/users/${zero}/suspend`, { reason: 'x' }],
    ['unsuspendUser', 'POST', `/api/admin/users/${zero}/unsuspend`],
    ['setTemporaryPassword', 'POST', `/api/admin/users/${zero}/temporary-password`, { password: 'Valhalla#2026' }],
    ['deleteUser', 'DELETE', `/api/admin/users/${zero}`, { confirmUsername: 'x' }],
    ['listAuditLog', 'GET', '/api/admin/audit'],
    ['listWorldsForGameMaster', 'GET', '/api/gamemaster/worlds'],
    ['createWorldAsGameMaster', 'POST', '/api/gamemaster/worlds', { name: '' }],
    ['setWorldStatus', 'PUT', `/api/gamemaster/worlds/${zero}/status`, { status: 'online' }],
    ['setWorldEndDate', 'PUT', `/api/gamemaster/worlds/${zero}/end-date`, { endsAt: null }],
    ['listWorldEvents', 'GET', '/api/gamemaster/events'],
    ['createWorldEvent', 'POST', '/api/gamemaster/events', {}],
    ['updateWorldEvent', 'PUT', `/api/gamemaster/events/${zero}`, {}],
    ['activateWorldEvent', 'POST', `/api/gamemaster/events/${zero}/activate`],
    ['deactivateWorldEvent', 'POST', `/api/gamemaster/events/${zero}/deactivate`],
    ['listAnnouncements', 'GET', '/api/gamemaster/announcements'],
    ['createAnnouncement', 'POST', '/api/gamemaster/announcements', {}],
    ['distributeRewards', 'POST', '/api/gamemaster/rewards', {}],
    ['getWorldAnalytics', 'GET', `/api/gamemaster/analytics/${zero}`],
    ['listMessageReports', 'GET', '/api/gm/message-reports'],
    ['resolveMessageReport', 'POST', `/api/gm/message-reports/${zero}/resolve`],
    ['listAccountLinks', 'GET', '/api/gamemaster/fair-play'],
    ['decideAccountLink', 'PUT', `/api/gamemaster/fair-play/${zero}`, { status: 'cleared', note: 'Two people.' }],
  ];
  const ranks = ['user', 'moderator', 'gamemaster', 'admin'] as const;

  it('cover every operation that needs more than a login', () => {
    const guarded = listOperations()
      .filter((op) => op.requiredRole && op.operationId !== 'listUsers')
      .map((op) => op.operationId)
      .sort();
    expect(cases.map((c) => c[0]).sort()).toEqual(guarded);
  });

  for (const [operationId, method, url, body] of cases) {
    it(`${operationId}: anonymous 401, below its role 403, at or above it past the guard`, async () => {
      const least = listOperations().find((op) => op.operationId === operationId)!.requiredRole!;
      expect((await call(null, method, url, body)).status).toBe(401);
      const players = { user: player, moderator, gamemaster: gm, admin };
      for (const rank of ranks) {
        const { status } = await call(players[rank], method, url, body);
        if (ranks.indexOf(rank) < ranks.indexOf(least as (typeof ranks)[number])) expect(status, `${rank}`).toBe(403);
        else expect([401, 403], `${rank}: ${status}`).not.toContain(status);
      }
    });
  }
});

describe('admin actions', () => {
  it('find players by name or e-mail, paged', async () => {
    const target = await registerPlayer(t.app, newPlayer('findme'));
    const page = await call<Schema<'AdminUserPage'>>(moderator, 'GET', `/api/admin/users/search?q=${target.user.username.toUpperCase()}`);
    expect(page.body.users.map((u) => u.id)).toEqual([target.user.id]);
    expect(page.body.users[0]).toMatchObject({ suspended: false, mustChangePassword: false, villageCount: 0, role: 'user' });
    const all = await call<Schema<'AdminUserPage'>>(admin, 'GET', '/api/admin/users/search?limit=2&page=2');
    expect(all.body).toMatchObject({ page: 2, limit: 2 });
    expect(all.body.total).toBeGreaterThanOrEqual(5);
    const stats = await call<Schema<'AdminStats'>>(admin, 'GET', '/api/admin/stats');
    expect(stats.body).toMatchObject({ totalUsers: all.body.total, serverStatus: 'Online' });
    expect(stats.body.activeSessions).toBeGreaterThanOrEqual(5);
  });

  it('change roles, but never demote the last admin, and log who did it', async () => {
    const target = await registerPlayer(t.app, newPlayer('role'));
    const promoted = await call<Schema<'AdminUserResponse'>>(admin, 'PUT', `/api/admin/users/${target.user.id}/role`, { role: 'gamemaster' });
    expect(promoted.body.user.role).toBe('gamemaster');
    const me = await call<{ user: { role: string } }>(target, 'GET', '/api/auth/me');
    expect(me.body.user.role).toBe('gamemaster');
    // The only admin cannot step down.
    const last = await call(admin, 'PUT', `/api/admin/users/${admin.user.id}/role`, { role: 'user' });
    expect([last.status, last.body.error]).toEqual([409, 'The last admin cannot stop being one']);
    expect((await call(admin, 'PUT', `/api/admin/users/${target.user.id}/role`, { role: 'emperor' })).status).toBe(400);
    const log = await call<Schema<'AuditPage'>>(admin, 'GET', '/api/admin/audit');
    expect(log.body.entries[0]).toMatchObject({ action: 'set_role', actor: { username: admin.user.username }, target: { name: target.user.username }, detail: 'user -> gamemaster' });
  });

  it('suspend a player: their token stops at once, login tells why; unsuspending lets them back', async () => {
    const target = await registerPlayer(t.app, newPlayer('susp'));
    expect((await call(target, 'GET', '/api/auth/me')).status).toBe(200);
    const suspended = await call<Schema<'AdminUserResponse'>>(admin, 'POST', `/api/admin/users/${target.user.id}/suspend`, { reason: 'Multi-accounting' });
    expect(suspended.body.user).toMatchObject({ suspended: true, suspensionReason: 'Multi-accounting' });
    expect((await call(target, 'GET', '/api/auth/me')).status).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: target.body.email, password: target.body.password } });
    expect([login.statusCode, login.json().error]).toEqual([403, 'This account is suspended: Multi-accounting']);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: target.body.email, password: 'Wrong#2026pass' } });
    expect(wrong.statusCode).toBe(401);
    expect((await call(admin, 'POST', `/api/admin/users/${admin.user.id}/suspend`, { reason: 'oops' })).status).toBe(409);
    await call(admin, 'POST', `/api/admin/users/${target.user.id}/unsuspend`);
    const back = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: target.body.email, password: target.body.password } });
    expect(back.statusCode).toBe(200);
  });

  it('set a temporary password the player must replace before anything else', async () => {
    const target = await registerPlayer(t.app, newPlayer('temp'));
    expect((await call(admin, 'POST', `/api/admin/users/${target.user.id}/temporary-password`, { password: 'weak' })).status).toBe(400);
    const set = await call<Schema<'AdminUserResponse'>>(admin, 'POST', `/api/admin/users/${target.user.id}/temporary-password`, { password: 'Temporary#2026' });
    expect(set.body.user.mustChangePassword).toBe(true);
    expect((await call(target, 'GET', '/api/auth/me')).status).toBe(401);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: target.body.email, password: 'Temporary#2026' } });
    const session = { ...target, auth: { authorization: `Bearer ${login.json().token}` } };
    expect(login.json().user.mustChangePassword).toBe(true);
    const blocked = await call(session, 'GET', '/api/villages');
    expect([blocked.status, blocked.body.error]).toEqual([403, 'Choose your own password first: an admin gave you a temporary one']);
    expect((await call(session, 'POST', '/api/auth/change-password', { currentPassword: 'nope', newPassword: 'Mine#20262026' })).status).toBe(400);
    const changed = await call<{ user: { mustChangePassword: boolean } }>(session, 'POST', '/api/auth/change-password', { currentPassword: 'Temporary#2026', newPassword: 'Mine#20262026' });
    expect([changed.status, changed.body.user.mustChangePassword]).toEqual([200, false]);
    expect((await call(session, 'GET', '/api/villages')).status).toBe(200);
  });

  it('delete a player after the typed confirmation: their villages stay, abandoned', async () => {
    const { player: target, village } = await newVillage(t, undefined, 'del');
    const wrong = await call(admin, 'DELETE', `/api/admin/users/${target.user.id}`, { confirmUsername: 'someone else' });
    expect(wrong.status).toBe(400);
    expect((await call(admin, 'DELETE', `/api/admin/users/${admin.user.id}`, { confirmUsername: admin.user.username })).status).toBe(409);
    const gone = await call(admin, 'DELETE', `/api/admin/users/${target.user.id}`, { confirmUsername: target.user.username });
    expect([gone.status, gone.body]).toEqual([200, { ok: true }]);
    const [row] = await t.database.db.select().from(villages).where(eq(villages.id, village.id));
    expect(row).toMatchObject({ ownerId: null, isCapital: false });
    const details = await call<Schema<'VillageDetails'>>(player, 'GET', `/api/map/village/${village.id}`);
    expect(details.body.owner).toBeNull();
    const area = await call<Schema<'MapArea'>>(player, 'GET', `/api/map/area/${village.worldId}/${village.x}/${village.y}/5`);
    expect(area.body.tiles.find((tile) => tile.x === village.x && tile.y === village.y)?.village).toMatchObject({ id: village.id, owner: null });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'delete_user'));
    expect(entry).toMatchObject({ actorId: admin.user.id, targetName: target.user.username });
  });
});

describe('game master actions', () => {
  it('show every world with its live figures, create one and refuse a taken name', async () => {
    const created = await call<Schema<'WorldResponse'>>(gm, 'POST', '/api/gamemaster/worlds', { name: 'Niflheim', speed: 5, size: 80, maxPlayers: 50 });
    expect(created.status).toBe(201);
    expect(created.body.world).toMatchObject({ name: 'Niflheim', speed: 5, size: 80, maxPlayers: 50, status: 'online', players: 0 });
    expect((await call(gm, 'POST', '/api/gamemaster/worlds', { name: 'Niflheim' })).status).toBe(409);
    expect((await call(gm, 'POST', '/api/gamemaster/worlds', { name: 'Tiny', size: 10 })).status).toBe(400);
    await newVillage(t, world, 'figures');
    const list = await call<Schema<'GmWorldList'>>(gm, 'GET', '/api/gamemaster/worlds');
    const midgard = list.body.worlds.find((w) => w.world.id === world)!;
    expect(midgard).toMatchObject({ movementsInFlight: 0, sweeperLagSeconds: 0 });
    // The players' villages, not the barbarian ones the world founded itself (nor those abandoned by deleted players).
    const owned = await t.database.db.select().from(villages).where(and(eq(villages.worldId, world), isNotNull(villages.ownerId)));
    const all = await t.database.db.select().from(villages).where(eq(villages.worldId, world));
    expect(owned.length).toBeGreaterThan(0);
    expect(all.length).toBeGreaterThan(owned.length);
    expect(midgard.villages).toBe(owned.length);
    expect(midgard.totalPopulation).toBeGreaterThan(0);
  });

  it('put a world in maintenance: building answers 503 while reads work; online restores it', async () => {
    const own = (await call<Schema<'WorldResponse'>>(gm, 'POST', '/api/gamemaster/worlds', { name: 'Jotunheim Works', speed: 1 })).body.world;
    const { player: builder, village } = await newVillage(t, own.id, 'mnt');
    const set = await call<Schema<'WorldResponse'>>(gm, 'PUT', `/api/gamemaster/worlds/${own.id}/status`, { status: 'maintenance' });
    expect(set.body.world.status).toBe('maintenance');
    const hall = (await overview(t, builder, village.id)).buildings.find((b) => b.type === 'great_hall')!;
    const refused = await call(builder, 'PUT', `/api/villages/${village.id}/buildings/${hall.id}/upgrade`);
    expect(refused.status).toBe(503);
    expect(refused.body.error).toMatch(/maintenance/);
    expect((await call(builder, 'GET', `/api/map/area/${own.id}/0/0/5`)).status).toBe(200);
    const notices = await call<Schema<'WorldNotices'>>(builder, 'GET', `/api/worlds/${own.id}/notices`);
    expect(notices.body.maintenance).toBe(true);
    await call(gm, 'PUT', `/api/gamemaster/worlds/${own.id}/status`, { status: 'online' });
    expect((await call(builder, 'PUT', `/api/villages/${village.id}/buildings/${hall.id}/upgrade`)).status).toBe(200);
  });

  it('run a production event that raises production by exactly its percent only inside its window', async () => {
    const own = (await call<Schema<'WorldResponse'>>(gm, 'POST', '/api/gamemaster/worlds', { name: 'Feast Lands' })).body.world;
    const { player: farmer, village } = await newVillage(t, own.id, 'fst');
    const base = 4 * fieldProduction(0);
    const start = t.clock.now().getTime();
    const made = await call<Schema<'WorldEventResponse'>>(gm, 'POST', '/api/gamemaster/events', {
      worldId: own.id,
      name: 'Harvest Feast',
      kind: 'production_bonus',
      percent: 50,
      startTime: new Date(start + 2 * HOUR).toISOString(),
      endTime: new Date(start + 5 * HOUR).toISOString(),
    });
    expect(made.status).toBe(201);
    expect(made.body.event).toMatchObject({ active: false, status: 'inactive' });
    const activated = await call<Schema<'WorldEventResponse'>>(gm, 'POST', `/api/gamemaster/events/${made.body.event.id}/activate`);
    expect(activated.body.event.status).toBe('upcoming');
    const before = amounts(await overview(t, farmer, village.id)).timber;
    // Idle across both edges: 2 h plain, 3 h at 150%, 3 h plain.
    t.clock.set(start + 8 * HOUR);
    const after = amounts(await overview(t, farmer, village.id)).timber;
    expect(after).toBe(Math.floor(before + base * (2 + 3 * 1.5 + 3) + 1e-9));
    // While it held, the players saw it.
    t.clock.set(start + 3 * HOUR);
    const notices = await call<Schema<'WorldNotices'>>(farmer, 'GET', `/api/worlds/${own.id}/notices`);
    expect(notices.body.events.map((e) => e.name)).toEqual(['Harvest Feast']);
    // The past cannot be rewritten: moving the start earlier is refused.
    const rewrite = await call(gm, 'PUT', `/api/gamemaster/events/${made.body.event.id}`, { startTime: new Date(start).toISOString() });
    expect(rewrite.status).toBe(409);
    t.clock.set(start + 8 * HOUR);
  });

  it('run a training event that shortens orders placed while it holds', async () => {
    const own = (await call<Schema<'WorldResponse'>>(gm, 'POST', '/api/gamemaster/worlds', { name: 'Drill Yards' })).body.world;
    const { player: trainer, village } = await newVillage(t, own.id, 'drl');
    await setBuildingLevel(t.database.db, { villageId: village.id, type: 'barracks', level: 1 }, t.clock.now());
    const now = t.clock.now().getTime();
    const made = (await call<Schema<'WorldEventResponse'>>(gm, 'POST', '/api/gamemaster/events', { worldId: own.id, name: 'War Drums', kind: 'training_speed', percent: 100, startTime: new Date(now - HOUR).toISOString(), endTime: new Date(now + HOUR).toISOString() })).body.event;
    await call(gm, 'POST', `/api/gamemaster/events/${made.id}/activate`);
    const trained = await call<{ unit: { remainingTime: number } }>(trainer, 'POST', `/api/villages/${village.id}/units`, { unitType: 'bondi', count: 1 });
    expect(trained.body.unit.remainingTime).toBe(trainingTimeSeconds('bondi', 1) / 2);
    await call(gm, 'POST', `/api/gamemaster/events/${made.id}/deactivate`);
    const later = await call<{ unit: { trainingQueue: { unitTrainingTime: number }[] } }>(trainer, 'POST', `/api/villages/${village.id}/units`, { unitType: 'bondi', count: 1 });
    expect(later.body.unit.trainingQueue.at(-1)?.unitTrainingTime).toBe(trainingTimeSeconds('bondi', 1));
  });

  it('announce to every player of a world until the announcement ends', async () => {
    const { player: reader, village } = await newVillage(t, undefined, 'ann');
    const ends = new Date(t.clock.now().getTime() + HOUR).toISOString();
    const made = await call<Schema<'AnnouncementResponse'>>(gm, 'POST', '/api/gamemaster/announcements', { worldId: village.worldId, message: 'The Thing meets at <dusk>.', endsAt: ends });
    expect(made.status).toBe(201);
    const notices = await call<Schema<'WorldNotices'>>(reader, 'GET', `/api/worlds/${village.worldId}/notices`);
    expect(notices.body.announcements.map((a) => a.message)).toContain('The Thing meets at <dusk>.');
    expect((await call(gm, 'POST', '/api/gamemaster/announcements', { worldId: village.worldId, message: 'late', endsAt: new Date(0).toISOString() })).status).toBe(400);
    t.clock.advance(2 * HOUR);
    const after = await call<Schema<'WorldNotices'>>(reader, 'GET', `/api/worlds/${village.worldId}/notices`);
    expect(after.body.announcements.map((a) => a.message)).not.toContain('The Thing meets at <dusk>.');
  });

  it('distribute rewards once per key, even when the request is retried or races itself', async () => {
    const own = (await call<Schema<'WorldResponse'>>(gm, 'POST', '/api/gamemaster/worlds', { name: 'Gift Shores' })).body.world;
    const a = await newVillage(t, own.id, 'gft');
    const b = await newVillage(t, own.id, 'gft');
    const before = [amounts(await overview(t, a.player, a.village.id)), amounts(await overview(t, b.player, b.village.id))];
    const body = { worldId: own.id, resources: { timber: 100, mead: 50 }, idempotencyKey: 'gift-shores-0001' };
    const [first, twin] = await Promise.all([call<Schema<'RewardDistribution'>>(gm, 'POST', '/api/gamemaster/rewards', body), call<Schema<'RewardDistribution'>>(gm, 'POST', '/api/gamemaster/rewards', body)]);
    const retry = await call<Schema<'RewardDistribution'>>(gm, 'POST', '/api/gamemaster/rewards', body);
    for (const reply of [first, twin, retry]) expect([reply.status, reply.body]).toEqual([200, { idempotencyKey: 'gift-shores-0001', worldId: own.id, players: 2, granted: { timber: 200, stone: 0, iron: 0, mead: 100 } }]);
    const after = [amounts(await overview(t, a.player, a.village.id)), amounts(await overview(t, b.player, b.village.id))];
    expect(after.map((x, i) => x.timber - before[i].timber)).toEqual([100, 100]);
    const reused = await call(gm, 'POST', '/api/gamemaster/rewards', { ...body, resources: { timber: 999 } });
    expect(reused.status).toBe(409);
    const single = await call<Schema<'RewardDistribution'>>(gm, 'POST', '/api/gamemaster/rewards', { worldId: own.id, username: a.player.user.username, resources: { stone: 10 }, idempotencyKey: 'gift-shores-0002' });
    expect(single.body).toMatchObject({ players: 1, granted: { stone: 10 } });
    expect((await call(gm, 'POST', '/api/gamemaster/rewards', { worldId: own.id, username: 'nobody_here', resources: { stone: 10 }, idempotencyKey: 'gift-shores-0003' })).status).toBe(404);
  });

  it('show registrations and active players per day, and the common buildings and units', async () => {
    const own = (await call<Schema<'WorldResponse'>>(gm, 'POST', '/api/gamemaster/worlds', { name: 'Counting Fields' })).body.world;
    const counted = await newVillage(t, own.id, 'cnt');
    await call(counted.player, 'GET', '/api/villages');
    await t.app.flushActivity();
    const figures = await call<Schema<'WorldAnalytics'>>(gm, 'GET', `/api/gamemaster/analytics/${own.id}`);
    expect(figures.body.days).toHaveLength(14);
    const today = figures.body.days.at(-1)!;
    expect(today).toEqual({ day: t.clock.now().toISOString().slice(0, 10), registrations: 1, activePlayers: 1 });
    expect(figures.body.buildings[0].type).toMatch(/mead_hall|great_hall|timber_camp|stone_quarry|iron_mine/);
  });
});
