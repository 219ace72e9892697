// Game master actions: world figures and status, world events, announcements, rewards paid once per key, and analytics; the CLI shares them.
import { and, asc, count, desc, eq, gte, isNotNull, isNull, lte, min, ne, sql } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { announcements, buildings, movements, playerDays, rewardGrants, units, users, villages, worldEvents, worlds, type AnnouncementRow, type WorldEventRow } from '../db/schema';
import { inserted } from '../db/rows';
import { badRequest, conflict, errorText, notFound, say, worded, type Said } from '../errors';
import { RESOURCE_TYPES, mapResources, type Resources } from '../../rules/resources';
import { editRefusal, eventStatus, type WorldEventKind } from '../../rules/world-events';
import type { SettableWorldStatus } from '../../rules/world';
import { endDateRefusal } from '../../rules/world-rounds';
import { hasEnded, refuseIfEnded, worldEndedSaid, worldGate } from '../worlds/closure';
import { freeTextError, normaliseFreeText } from '../../rules/validation';
import { recordAudit, type Actor } from './audit';
import { findWorld, listWorlds } from '../worlds/worlds';
import { worldTotals } from '../village/population';
import { createWorld, type NewWorld } from './world-admin';
import { describeTruce } from '../../rules/night-truce';
import { grantIntoVillage } from '../village/rewards';
import { isUniqueViolation } from '../accounts/accounts';
import { notifyEveryone } from '../live/notify';
import type { PlayerId, WorldId } from '../../rules/ids';

export type WorldEventView = Schema<'WorldEventView'>;
export type AnnouncementView = Schema<'Announcement'>;

/** Announcements run at most this long. */
const ANNOUNCEMENT_MAX_DAYS = 30;
const DAY_MS = 86_400_000;
const ANALYTICS_DAYS = 14;

export async function worldsOverview(db: Db, now: Date): Promise<Schema<'GmWorldList'>> {
  const { worlds: listed } = await listWorlds(db);
  const created = new Map((await db.select({ id: worlds.id, createdAt: worlds.createdAt }).from(worlds)).map((w) => [w.id, w.createdAt]));
  const out: Schema<'GmWorld'>[] = [];
  for (const world of listed) {
    const totals = await worldTotals(db, world.id);
    const [flying] = await db.select({ n: count() }).from(movements).where(and(eq(movements.worldId, world.id), isNull(movements.resolvedAt)));
    // How far the sweeper lags: the oldest event (a village's own, or an arrival) that is due and still waits.
    const [dueVillage] = await db.select({ at: min(villages.nextEventAt) }).from(villages).where(and(eq(villages.worldId, world.id), lte(villages.nextEventAt, now)));
    const [dueArrival] = await db
      .select({ at: min(movements.arrivesAt) })
      .from(movements)
      .where(and(eq(movements.worldId, world.id), isNull(movements.resolvedAt), lte(movements.arrivesAt, now)));
    const oldest = [dueVillage?.at, dueArrival?.at].filter((at): at is Date => at instanceof Date).map((at) => at.getTime());
    out.push({
      world,
      villages: totals.villages,
      totalPopulation: totals.population,
      movementsInFlight: Number(flying?.n ?? 0),
      sweeperLagSeconds: oldest.length === 0 ? 0 : Math.max(0, Math.floor((now.getTime() - Math.min(...oldest)) / 1000)),
      createdAt: (created.get(world.id) ?? now).toISOString(),
    });
  }
  return { worlds: out };
}

export async function createWorldAs(db: Db, actor: Actor, input: Omit<NewWorld, 'seed' | 'now'>, now: Date): Promise<{ world: Schema<'World'> }> {
  const name = normaliseFreeText(input.name);
  const problem = name === '' ? errorText('world_name_required') : freeTextError(name);
  if (problem) throw badRequest(worded(problem), [{ field: 'name', message: problem }]);
  const row = await createWorld(db, { name, speed: input.speed, size: input.size, maxPlayers: input.maxPlayers, truce: input.truce, now });
  const truce = row.truce ? `, night truce ${describeTruce(row.truce)}` : '';
  await recordAudit(db, actor, { action: 'create_world', target: { id: row.id, name: row.name }, detail: `speed ${row.speed}, size ${row.size}, capacity ${row.maxPlayers}${truce}` }, now);
  return { world: (await listWorlds(db)).worlds.find((w) => w.id === row.id)! };
}

/** A world put into (or out of) maintenance. */
export interface WorldStatusChange {
  worldId: WorldId;
  status: SettableWorldStatus;
}

/** Maintenance pauses every game action in the world (503); reading stays possible. An ended world stays ended (409). */
export async function setWorldStatus(db: Db, actor: Actor | null, { worldId, status }: WorldStatusChange, now: Date): Promise<{ world: Schema<'World'> }> {
  const [row] = await db
    .update(worlds)
    .set({ status })
    .where(and(eq(worlds.id, worldId), ne(worlds.status, 'ended')))
    .returning();
  if (!row) {
    await findWorld(db, worldId);
    throw conflict('world_status_ended');
  }
  await notifyEveryone(db, { kind: 'notices_changed', worldId: row.id });
  if (actor) await recordAudit(db, actor, { action: 'set_world_status', target: { id: row.id, name: row.name }, detail: status }, now);
  return { world: (await listWorlds(db)).worlds.find((w) => w.id === worldId)! };
}

/** A game master's end date for a world: an instant ahead, or null to clear it. */
export interface WorldEndChange {
  worldId: WorldId;
  endsAt: string | null;
}

/**
 * Sets (or clears) when the world ends; the sweeper closes it then. Only ahead of now (400), and not once the world has
 * ended or its end date has come (409: the close is under way or done). Under the world's row lock, so a close at the
 * same moment either comes first (and this is refused) or finds the new date.
 */
export async function setWorldEndDate(db: Db, actor: Actor, { worldId, endsAt }: WorldEndChange, now: Date): Promise<{ world: Schema<'World'> }> {
  const at = endsAt === null ? null : Date.parse(endsAt);
  const refusal = at === null ? null : endDateRefusal(at, now.getTime());
  if (refusal) throw badRequest(worded(refusal), [{ field: 'endsAt', message: refusal }]);
  const row = await db.transaction(async (tx) => {
    const world = await findWorld(tx, worldId, true);
    refuseIfEnded(await worldGate(tx, worldId), now);
    const [updated] = await tx
      .update(worlds)
      .set({ endsAt: at === null ? null : new Date(at) })
      .where(eq(worlds.id, world.id))
      .returning();
    const detail = at === null ? 'end date cleared' : `ends ${new Date(at).toISOString()}`;
    await recordAudit(tx, actor, { action: 'set_world_end', target: { id: world.id, name: world.name }, detail }, now);
    await notifyEveryone(tx, { kind: 'notices_changed', worldId: world.id });
    return updated ?? world;
  });
  return { world: (await listWorlds(db)).worlds.find((w) => w.id === row.id)! };
}

const times = (row: WorldEventRow) => ({ startsAt: row.startsAt.getTime(), endsAt: row.endsAt.getTime(), activations: row.periods, percent: row.percent });

export function worldEventView(row: WorldEventRow, now: Date): WorldEventView {
  return {
    id: row.id,
    worldId: row.worldId,
    name: row.name,
    kind: row.kind,
    percent: row.percent,
    startTime: row.startsAt.toISOString(),
    endTime: row.endsAt.toISOString(),
    active: row.active,
    status: eventStatus({ ...times(row), active: row.active }, now.getTime()),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listWorldEvents(db: Db, now: Date, worldId?: WorldId): Promise<{ events: WorldEventView[] }> {
  const rows = await db
    .select()
    .from(worldEvents)
    .where(worldId ? eq(worldEvents.worldId, worldId) : undefined)
    .orderBy(desc(worldEvents.createdAt), desc(worldEvents.id));
  return { events: rows.map((row) => worldEventView(row, now)) };
}

function eventName(raw: string): string {
  const name = normaliseFreeText(raw);
  const problem = name === '' ? errorText('event_name_required') : freeTextError(name);
  if (problem) throw badRequest(worded(problem), [{ field: 'name', message: problem }]);
  return name;
}

export async function createWorldEvent(
  db: Db,
  actor: Actor,
  input: { worldId: WorldId; name: string; kind: WorldEventKind; percent: number; startTime: string; endTime: string },
  now: Date,
): Promise<{ event: WorldEventView }> {
  const name = eventName(input.name);
  const startsAt = new Date(input.startTime);
  const endsAt = new Date(input.endTime);
  if (endsAt.getTime() <= startsAt.getTime()) throw badRequest('event_end_before_start', [{ field: 'endTime', ...say('event_end_before_start') }]);
  const world = await findWorld(db, input.worldId);
  const row = inserted(await db.insert(worldEvents).values({ worldId: world.id, name, kind: input.kind, percent: input.percent, startsAt, endsAt, createdAt: now }).returning());
  await notifyEveryone(db, { kind: 'notices_changed', worldId: world.id });
  await recordAudit(db, actor, { action: 'create_event', target: { id: row.id, name }, detail: `${input.kind} ${input.percent}% in ${world.name}` }, now);
  return { event: worldEventView(row, now) };
}

async function eventRow(tx: Db, eventId: string): Promise<WorldEventRow> {
  const [row] = await tx.select().from(worldEvents).where(eq(worldEvents.id, eventId)).for('update');
  if (!row) throw notFound('no_such_event');
  return row;
}

/** A game master's edit of a world event: the fields given change, the others stay. */
export interface WorldEventEdit {
  eventId: string;
  changes: { name?: string; percent?: number; startTime?: string; endTime?: string };
}

export async function updateWorldEvent(db: Db, actor: Actor, { eventId, changes: input }: WorldEventEdit, now: Date): Promise<{ event: WorldEventView }> {
  return db.transaction(async (tx) => {
    const row = await eventRow(tx, eventId);
    const next = {
      name: input.name === undefined ? row.name : eventName(input.name),
      percent: input.percent ?? row.percent,
      startsAt: input.startTime ? new Date(input.startTime) : row.startsAt,
      endsAt: input.endTime ? new Date(input.endTime) : row.endsAt,
    };
    const refusal = editRefusal(times(row), { startsAt: next.startsAt.getTime(), endsAt: next.endsAt.getTime(), activations: row.periods, percent: next.percent }, now.getTime());
    if (refusal) throw refusal.startsWith('The event must end') ? badRequest(worded(refusal)) : conflict(worded(refusal));
    const [updated] = await tx.update(worldEvents).set(next).where(eq(worldEvents.id, eventId)).returning();
    if (!updated) throw notFound('no_such_event');
    await notifyEveryone(tx, { kind: 'notices_changed', worldId: row.worldId });
    await recordAudit(tx, actor, { action: 'edit_event', target: { id: row.id, name: next.name }, detail: `${next.percent}%, ${next.startsAt.toISOString()} to ${next.endsAt.toISOString()}` }, now);
    return { event: worldEventView(updated, now) };
  });
}

/** A world event switched on or off. */
export interface WorldEventSwitch {
  eventId: string;
  active: boolean;
}

/** Switches an event on or off; each activation is kept, so villages settled later earn exactly what it gave. */
export async function setWorldEventActive(db: Db, actor: Actor, { eventId, active }: WorldEventSwitch, now: Date): Promise<{ event: WorldEventView }> {
  return db.transaction(async (tx) => {
    const row = await eventRow(tx, eventId);
    if (row.active === active) return { event: worldEventView(row, now) };
    const at = now.getTime();
    const periods: [number, number | null][] = active ? [...row.periods, [at, null]] : row.periods.map(([from, to]) => [from, to ?? at]);
    const [updated] = await tx.update(worldEvents).set({ active, periods }).where(eq(worldEvents.id, eventId)).returning();
    if (!updated) throw notFound('no_such_event');
    await notifyEveryone(tx, { kind: 'notices_changed', worldId: row.worldId });
    await recordAudit(tx, actor, { action: active ? 'activate_event' : 'deactivate_event', target: { id: row.id, name: row.name }, detail: '' }, now);
    return { event: worldEventView(updated, now) };
  });
}

/** The usernames of the announcements' authors, by id (accounts deleted since are left out). */
async function authorNames(db: Db, rows: AnnouncementRow[]): Promise<Map<PlayerId, string>> {
  const authors = new Map<PlayerId, string>();
  for (const row of rows) {
    if (!row.authorId || authors.has(row.authorId)) continue;
    const [author] = await db.select({ username: users.username }).from(users).where(eq(users.id, row.authorId));
    if (author) authors.set(row.authorId, author.username);
  }
  return authors;
}

function announcementView(row: AnnouncementRow, authors: ReadonlyMap<PlayerId, string>): AnnouncementView {
  const username = row.authorId ? authors.get(row.authorId) : undefined;
  return {
    id: row.id,
    worldId: row.worldId,
    message: row.message,
    endsAt: row.endsAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    author: row.authorId && username !== undefined ? { id: row.authorId, username } : null,
  };
}

async function announcementViews(db: Db, rows: AnnouncementRow[]): Promise<AnnouncementView[]> {
  const authors = await authorNames(db, rows);
  return rows.map((row) => announcementView(row, authors));
}

export async function listAnnouncements(db: Db, worldId?: WorldId): Promise<{ announcements: AnnouncementView[] }> {
  const rows = await db
    .select()
    .from(announcements)
    .where(worldId ? eq(announcements.worldId, worldId) : undefined)
    .orderBy(desc(announcements.createdAt), desc(announcements.id))
    .limit(100);
  return { announcements: await announcementViews(db, rows) };
}

export async function createAnnouncement(db: Db, actor: Actor, input: { worldId: WorldId; message: string; endsAt: string }, now: Date): Promise<{ announcement: AnnouncementView }> {
  const message = normaliseFreeText(input.message);
  const problem = message === '' ? errorText('announcement_message_required') : freeTextError(message, { multiline: true });
  if (problem) throw badRequest(worded(problem), [{ field: 'message', message: problem }]);
  const endsAt = new Date(input.endsAt);
  if (endsAt.getTime() <= now.getTime()) throw badRequest('announcement_end_in_past', [{ field: 'endsAt', ...say('announcement_end_in_past') }]);
  if (endsAt.getTime() > now.getTime() + ANNOUNCEMENT_MAX_DAYS * DAY_MS) throw badRequest('announcement_too_long_running', { days: ANNOUNCEMENT_MAX_DAYS });
  const world = await findWorld(db, input.worldId);
  const row = inserted(await db.insert(announcements).values({ worldId: world.id, message, endsAt, authorId: actor.id, createdAt: now }).returning());
  await notifyEveryone(db, { kind: 'notices_changed', worldId: world.id });
  await recordAudit(db, actor, { action: 'announce', target: { id: world.id, name: world.name }, detail: message.slice(0, 200) }, now);
  return { announcement: announcementView(row, await authorNames(db, [row])) };
}

/** An ended world's notice: the words of its refusal, with their code and params so the client says them in its language. */
function endNotice(said: Said, hallOfFame: boolean): Schema<'WorldEndNotice'> {
  return { message: said.message, code: said.code, ...(said.params ? { params: said.params } : {}), hallOfFame };
}

/** What players of a world should see now: maintenance, its end (coming or come), running announcements and active events. */
export async function worldNotices(db: Db, worldId: WorldId, now: Date): Promise<Schema<'WorldNotices'>> {
  const world = await findWorld(db, worldId);
  const running = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.worldId, worldId), gte(announcements.endsAt, now), lte(announcements.createdAt, now)))
    .orderBy(desc(announcements.createdAt));
  const events = (await db.select().from(worldEvents).where(and(eq(worldEvents.worldId, worldId), eq(worldEvents.active, true)))).filter(
    (row) => eventStatus({ ...times(row), active: row.active }, now.getTime()) === 'active',
  );
  const gate = await worldGate(db, worldId);
  const ended = hasEnded(gate, now);
  return {
    worldId,
    maintenance: world.status === 'maintenance',
    endsAt: world.endsAt?.toISOString() ?? null,
    ended: ended ? endNotice(worldEndedSaid(gate), gate.status === 'ended') : null,
    announcements: await announcementViews(db, running),
    events: events.map((row) => worldEventView(row, now)),
  };
}

export interface DistributionInput {
  worldId: WorldId;
  username?: string;
  resources: Partial<Resources>;
  idempotencyKey: string;
}

/**
 * Pays resources into the capital (in that world) of every player of the world, or of one player, capped
 * by each capital's stores. The key is claimed in the same transaction as the payments: a retry, or a
 * second request racing the first, finds the first one's answer and pays nothing.
 */
export async function distributeRewards(db: Db, actor: Actor, input: DistributionInput, now: Date): Promise<Schema<'RewardDistribution'>> {
  const asked = mapResources((r) => input.resources[r] ?? 0);
  if (RESOURCE_TYPES.every((r) => asked[r] === 0)) throw badRequest('give_at_least_one_resource');
  const world = await findWorld(db, input.worldId);
  // Rewards are game: an ended world's villages stay as they were at its end.
  refuseIfEnded(await worldGate(db, world.id), now);
  const fingerprint = JSON.stringify({ worldId: world.id, username: input.username ?? null, resources: asked });
  const stored = async (tx: Db) => {
    const [row] = await tx.select().from(rewardGrants).where(eq(rewardGrants.idempotencyKey, input.idempotencyKey));
    return row;
  };
  const replay = (row: NonNullable<Awaited<ReturnType<typeof stored>>>) => {
    if (row.result.fingerprint !== fingerprint) throw conflict('distribution_key_reused');
    if (!row.result.reply) throw conflict('distribution_in_progress');
    return row.result.reply;
  };
  const earlier = await stored(db);
  if (earlier) return replay(earlier);
  try {
    return await db.transaction(async (tx) => {
      // Claim the key first: a racing twin waits here until this transaction ends, then finds the answer.
      await tx.insert(rewardGrants).values({ idempotencyKey: input.idempotencyKey, worldId: world.id, result: { fingerprint }, createdBy: actor.id, createdAt: now });
      const capitals = await tx
        .select({ id: villages.id, ownerId: villages.ownerId, username: users.username })
        .from(villages)
        .innerJoin(users, eq(users.id, villages.ownerId))
        .where(and(eq(villages.worldId, world.id), eq(villages.isCapital, true), input.username ? sql`lower(${users.username}) = lower(${input.username})` : undefined))
        .orderBy(asc(villages.id));
      if (input.username && capitals.length === 0) throw notFound('no_player_in_world', { username: input.username, world: world.name });
      const granted = mapResources(() => 0);
      for (const capital of capitals) {
        const landed = await grantIntoVillage(tx, capital.id, { resources: asked, units: {} }, now);
        for (const r of RESOURCE_TYPES) granted[r] += landed?.resources[r] ?? 0;
      }
      const reply: Schema<'RewardDistribution'> = { idempotencyKey: input.idempotencyKey, worldId: world.id, players: capitals.length, granted };
      await tx.update(rewardGrants).set({ result: { fingerprint, reply } }).where(eq(rewardGrants.idempotencyKey, input.idempotencyKey));
      await recordAudit(tx, actor, { action: 'distribute_rewards', target: { id: world.id, name: world.name }, detail: `${input.username ?? 'every player'}: ${RESOURCE_TYPES.map((r) => `${r} ${asked[r]}`).join(', ')}` }, now);
      return reply;
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const row = await stored(db);
    if (!row?.result.reply) throw conflict('distribution_in_progress');
    return replay(row);
  }
}

const dayOf = (at: number) => new Date(at).toISOString().slice(0, 10);

/** Registrations and active players of a world per day for the last 14 days, and its most common buildings and units. */
export async function worldAnalytics(db: Db, worldId: WorldId, now: Date): Promise<Schema<'WorldAnalytics'>> {
  await findWorld(db, worldId);
  const firstDay = dayOf(now.getTime() - (ANALYTICS_DAYS - 1) * DAY_MS);
  const first = Date.parse(`${firstDay}T00:00:00Z`);
  const days = Array.from({ length: ANALYTICS_DAYS }, (_, i) => dayOf(first + i * DAY_MS));
  // A player joins a world when their first village there is founded (barbarian villages have no owner and join nobody).
  const joined = await db
    .select({ day: sql<string>`to_char(min(${villages.createdAt}) at time zone 'UTC', 'YYYY-MM-DD')` })
    .from(villages)
    .where(and(eq(villages.worldId, worldId), isNotNull(villages.ownerId)))
    .groupBy(villages.ownerId);
  const active = await db
    .select({ day: playerDays.day, n: sql<number>`count(distinct ${playerDays.userId})::int` })
    .from(playerDays)
    .where(and(gte(playerDays.day, firstDay), sql`${playerDays.userId} in (select ${villages.ownerId} from ${villages} where ${villages.worldId} = ${worldId})`))
    .groupBy(playerDays.day);
  const activeOn = new Map(active.map((a) => [a.day, Number(a.n)]));
  const builtRows = await db
    .select({ type: buildings.type, count: count(), levels: sql<number>`sum(${buildings.level})::int` })
    .from(buildings)
    .innerJoin(villages, eq(villages.id, buildings.villageId))
    .where(and(eq(villages.worldId, worldId), gte(buildings.level, 1)))
    .groupBy(buildings.type);
  const unitRows = await db
    .select({ type: units.type, count: sql<number>`sum(${units.count})::int` })
    .from(units)
    .innerJoin(villages, eq(villages.id, units.villageId))
    .where(eq(villages.worldId, worldId))
    .groupBy(units.type);
  return {
    worldId,
    days: days.map((day) => ({ day, registrations: joined.filter((j) => j.day === day).length, activePlayers: activeOn.get(day) ?? 0 })),
    buildings: builtRows
      .map((b) => ({ type: b.type, count: Number(b.count), levels: Number(b.levels) }))
      .sort((a, b) => b.count - a.count || b.levels - a.levels)
      .slice(0, 8),
    units: unitRows
      .flatMap((u) => (Number(u.count) > 0 ? [{ type: u.type, count: Number(u.count) }] : []))
      .sort((a, b) => b.count - a.count)
      .slice(0, 8),
  };
}
