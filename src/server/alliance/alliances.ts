// Alliances: the alliance as its members see it, founding, invitations, leaving (with succession), and the members' message board.
import { and, asc, desc, eq, gt, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { inserted } from '../db/rows';
import {
  allianceApplications,
  allianceInvitations,
  allianceMembers,
  allianceMessages,
  alliances,
  users,
  wonders,
  type AllianceMemberRow,
  type AllianceRow,
} from '../db/schema';
import { badRequest, conflict, forbidden, notFound, worded } from '../errors';
import { ALLIANCE_MESSAGE_MAX_LENGTH, allianceMessageError, freeTextError, validateAllianceForm } from '../../rules/validation';
import { successorOf } from '../../rules/alliances';
import { foundingRefusal, memberCap } from '../../rules/embassy';
import { embassyLevelOf, refuseWhenFull } from './embassy';
import { recordQuestEvents } from '../progress/quest-events';
import { notifyPlayers } from '../live/notify';
import { actingMember, admitMember, allianceRow, lockPlayer, membershipOf, notifyAlliances } from './membership';
import { dropFeed, recordFeed } from './feed';
import { ownerTotals } from '../village/population';
import { isUniqueViolation } from '../accounts/accounts';
import { settleVillagesOf } from '../village/villages';
import { WONDERS, WONDER_TYPES } from '../../rules/wonders';
import type { AllianceId, PlayerId } from '../../rules/ids';

export type AllianceView = Schema<'Alliance'>;
export type MembershipView = Schema<'Membership'>;
export type InvitationView = Schema<'Invitation'>;
export type AllianceMessageView = Schema<'AllianceMessage'>;

/** A newest-first page of messages. */
export const MESSAGE_PAGE = 50;

const iso = (date: Date) => date.toISOString();

/** Members are listed leader first, then elders, officers and members, each by how long they have served. */
const ROLE_RANK = sql`case ${allianceMembers.role} when 'leader' then 0 when 'elder' then 1 when 'officer' then 2 else 3 end`;

export async function allianceView(db: Db, alliance: AllianceRow, now: Date): Promise<AllianceView> {
  const members = await db
    .select({ member: allianceMembers, username: users.username, discordAvatar: users.discordAvatar })
    .from(allianceMembers)
    .innerJoin(users, eq(users.id, allianceMembers.userId))
    .where(eq(allianceMembers.allianceId, alliance.id))
    .orderBy(ROLE_RANK, asc(allianceMembers.joinedAt), asc(allianceMembers.id));
  const totals = await ownerTotals(
    db,
    members.map((m) => m.member.userId),
  );
  const leader = members.find((m) => m.member.role === 'leader');
  const leaderEmbassyLevel = leader ? await embassyLevelOf(db, leader.member.userId, now) : 0;
  const announcement = await announcementOf(db, alliance);
  let totalVillages = 0;
  let totalPopulation = 0;
  for (const t of totals.values()) {
    totalVillages += t.villages;
    totalPopulation += t.population;
  }
  return {
    id: alliance.id,
    name: alliance.name,
    tag: alliance.tag,
    description: alliance.description,
    isPublic: alliance.isPublic,
    memberCount: members.length,
    memberCap: memberCap(leaderEmbassyLevel),
    leaderEmbassyLevel,
    totalVillages,
    totalPopulation,
    foundedAt: iso(alliance.foundedAt),
    members: members.map(({ member, username, discordAvatar }) => ({
      id: member.id,
      role: member.role,
      joinedAt: iso(member.joinedAt),
      user: { id: member.userId, username, discordAvatar },
    })),
    announcement,
  };
}

/** The alliance's pinned announcement with its author's name (null once the account is gone), or null. */
async function announcementOf(db: Db, alliance: AllianceRow): Promise<Schema<'AllianceAnnouncement'> | null> {
  if (alliance.announcement === null || alliance.announcementAt === null) return null;
  const author = alliance.announcementBy
    ? ((await db.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, alliance.announcementBy)))[0] ?? null)
    : null;
  return { text: alliance.announcement, postedAt: iso(alliance.announcementAt), author };
}

export function membershipView(member: AllianceMemberRow): MembershipView {
  return { role: member.role, joinedAt: iso(member.joinedAt) };
}

/** The caller's alliance and membership as the reply of an action that changed it. */
export async function allianceWithMembership(db: Db, userId: PlayerId, now: Date): Promise<Schema<'AllianceWithMembership'>> {
  const member = await membershipOf(db, userId);
  if (!member) throw forbidden('not_in_alliance');
  return { alliance: await allianceView(db, await allianceRow(db, member.allianceId), now), membership: membershipView(member) };
}

export async function myAlliance(db: Db, userId: PlayerId, now: Date): Promise<Schema<'MyAlliance'>> {
  const member = await membershipOf(db, userId);
  const embassyLevel = await embassyLevelOf(db, userId, now);
  if (!member) return { alliance: null, membership: null, embassyLevel };
  return { alliance: await allianceView(db, await allianceRow(db, member.allianceId), now), membership: membershipView(member), embassyLevel };
}

export async function receivedInvitations(db: Db, userId: PlayerId): Promise<{ invitations: InvitationView[] }> {
  const rows = await db
    .select({ invitation: allianceInvitations, alliance: alliances, inviter: users.username })
    .from(allianceInvitations)
    .innerJoin(alliances, eq(alliances.id, allianceInvitations.allianceId))
    .innerJoin(users, eq(users.id, allianceInvitations.inviterId))
    .where(eq(allianceInvitations.userId, userId))
    .orderBy(desc(allianceInvitations.createdAt));
  return {
    invitations: rows.map(({ invitation, alliance, inviter }) => ({
      id: invitation.id,
      alliance: { id: alliance.id, tag: alliance.tag, name: alliance.name, description: alliance.description },
      inviter: { id: invitation.inviterId, username: inviter },
      message: invitation.message,
      createdAt: iso(invitation.createdAt),
    })),
  };
}

export interface CreateAllianceInput {
  name: string;
  tag: string;
  description: string;
  isPublic: boolean;
}

export async function createAlliance(db: Db, userId: PlayerId, input: CreateAllianceInput, now: Date): Promise<Schema<'AllianceWithMembership'>> {
  const form = { name: input.name.normalize('NFC').trim(), tag: input.tag.trim(), description: input.description.normalize('NFC').trim() };
  const problems = Object.entries(validateAllianceForm(form)).filter((e): e is [string, string] => typeof e[1] === 'string');
  const [first] = problems;
  if (first) throw badRequest(worded(first[1]), problems.map(([field, message]) => ({ field, message })));
  try {
    return await db.transaction(async (tx) => {
      await lockPlayer(tx, userId);
      if (await membershipOf(tx, userId)) throw conflict('already_in_alliance');
      const embassy = foundingRefusal(await embassyLevelOf(tx, userId, now));
      if (embassy) throw conflict(worded(embassy));
      const [taken] = await tx.select({ id: alliances.id }).from(alliances).where(eq(alliances.tag, form.tag)).limit(1);
      if (taken) throw conflict('tag_taken');
      const alliance = inserted(
        await tx.insert(alliances).values({ name: form.name, tag: form.tag, description: form.description, isPublic: input.isPublic, foundedAt: now }).returning(),
      );
      const member = inserted(await tx.insert(allianceMembers).values({ allianceId: alliance.id, userId, role: 'leader', joinedAt: now }).returning());
      // Founding an alliance ends the founder's standing invitations and applications elsewhere.
      await tx.delete(allianceInvitations).where(eq(allianceInvitations.userId, userId));
      await tx.delete(allianceApplications).where(eq(allianceApplications.userId, userId));
      await recordQuestEvents(tx, userId, [{ name: 'alliance_joined' }], now);
      await recordFeed(tx, [alliance.id], { kind: 'founded', actor: { id: userId, name: await usernameOf(tx, userId) } }, now);
      return { alliance: await allianceView(tx, alliance, now), membership: membershipView(member) };
    });
  } catch (error) {
    // Two players founding the same tag at once: the unique index decides.
    if (isUniqueViolation(error)) throw conflict('tag_taken');
    throw error;
  }
}

async function invitationFor(db: Db, userId: PlayerId, invitationId: string) {
  const [invitation] = await db.select().from(allianceInvitations).where(eq(allianceInvitations.id, invitationId));
  if (!invitation) throw notFound('no_such_invitation');
  if (invitation.userId !== userId) throw forbidden('invitation_for_another');
  return invitation;
}

export async function acceptInvitation(db: Db, userId: PlayerId, invitationId: string, now: Date): Promise<Schema<'AllianceWithMembership'>> {
  return db.transaction(async (tx) => {
    await lockPlayer(tx, userId);
    const invitation = await invitationFor(tx, userId, invitationId);
    // The alliance may dissolve while the invitation waits; its row lock orders this join against a leave, and
    // against other joins, so the members are counted against the cap one join at a time.
    const alliance = await allianceRow(tx, invitation.allianceId, 'no key update');
    const player = { id: userId, name: await usernameOf(tx, userId) };
    const inviter = { id: invitation.inviterId, name: await usernameOf(tx, invitation.inviterId) };
    const member = await admitMember(tx, { alliance, player, via: 'invitation', by: inviter, at: now });
    return { alliance: await allianceView(tx, alliance, now), membership: membershipView(member) };
  });
}

async function usernameOf(db: Db, userId: PlayerId): Promise<string> {
  const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return row?.username ?? '';
}

export async function declineInvitation(db: Db, userId: PlayerId, invitationId: string): Promise<{ ok: true }> {
  const invitation = await invitationFor(db, userId, invitationId);
  await db.delete(allianceInvitations).where(eq(allianceInvitations.id, invitation.id));
  return { ok: true };
}

/**
 * Leaves the caller's alliance. A leaving leader's place goes to the highest rank that stays, the longest-serving of
 * it (`successorOf`); the last member dissolves the alliance (its invitations, applications, relations, messages and
 * feed go with it).
 */
export async function leaveAlliance(db: Db, userId: PlayerId, now: Date): Promise<{ ok: true }> {
  return db.transaction(async (tx) => {
    const found = await membershipOf(tx, userId);
    if (!found) throw conflict('not_in_alliance');
    // `for update`: the last member deletes the row.
    await allianceRow(tx, found.allianceId, 'update');
    const member = await membershipOf(tx, userId);
    if (!member || member.allianceId !== found.allianceId) throw conflict('not_in_alliance');
    const everyone = await tx.select().from(allianceMembers).where(eq(allianceMembers.allianceId, member.allianceId));
    // Wonders that raise production stop counting for the leaver and the others from now: settle first.
    await settleBeforeMembershipEnds(tx, everyone.map((m) => m.userId), now);
    await tx.delete(allianceMembers).where(eq(allianceMembers.id, member.id));
    const staying = everyone.filter((m) => m.id !== member.id);
    if (staying.length === 0) {
      await dropFeed(tx, member.allianceId);
      await tx.delete(alliances).where(eq(alliances.id, member.allianceId));
      return { ok: true };
    }
    const leaver = { id: userId, name: await usernameOf(tx, userId) };
    await recordFeed(tx, [member.allianceId], { kind: 'left', actor: leaver }, now);
    const successor = member.role === 'leader' ? successorOf(staying.map((m) => ({ ...m, joinedAt: m.joinedAt.getTime() }))) : null;
    if (successor) {
      await tx.update(allianceMembers).set({ role: 'leader' }).where(eq(allianceMembers.id, successor.id));
      const heir = { id: successor.userId, name: await usernameOf(tx, successor.userId) };
      await recordFeed(tx, [member.allianceId], { kind: 'leader_changed', actor: leaver, subject: heir, details: { fromRole: successor.role, toRole: 'leader' } }, now);
    }
    await notifyAlliances(tx, [member.allianceId], [userId]);
    return { ok: true };
  });
}

export async function invitePlayer(
  db: Db,
  userId: PlayerId,
  input: { username: string; message?: string | null },
  now: Date,
): Promise<{ invitation: InvitationView }> {
  const message = input.message?.normalize('NFC').trim() || null;
  if (message) {
    const problem = freeTextError(message) ?? (message.length > ALLIANCE_MESSAGE_MAX_LENGTH ? allianceMessageError(message) : undefined);
    if (problem) throw badRequest(worded(problem), [{ field: 'message', message: problem }]);
  }
  return db.transaction(async (tx) => {
    const inviter = await membershipOf(tx, userId);
    if (!inviter) throw forbidden('right_invite');
    const { alliance } = await actingMember(tx, userId, 'invite');
    const [target] = await tx
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${input.username.trim()})`)
      .limit(1);
    if (!target) throw notFound('no_player_with_username');
    const targetMembership = await membershipOf(tx, target.id);
    if (targetMembership?.allianceId === alliance.id) throw conflict('already_member');
    // A full alliance invites no one; the cap is checked again, under the alliance's lock, when an invitation is accepted.
    await refuseWhenFull(tx, alliance.id, now);
    const inviterName = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
    const [row] = await tx
      .insert(allianceInvitations)
      .values({ allianceId: alliance.id, userId: target.id, inviterId: userId, message, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict('already_invited');
    // The invited player's alliance page lists it at once.
    await notifyPlayers(tx, [target.id], { kind: 'alliance_changed' });
    return {
      invitation: {
        id: row.id,
        alliance: { id: alliance.id, tag: alliance.tag, name: alliance.name, description: alliance.description },
        inviter: { id: userId, username: inviterName[0]?.username ?? '' },
        message: row.message,
        createdAt: iso(row.createdAt),
      },
    };
  });
}

/**
 * Before anyone leaves an alliance (leaving, dismissed): wonders that raise production stop counting for the one who
 * goes and for those who stay from this instant, so every member's villages are settled to it first.
 */
export async function settleBeforeMembershipEnds(tx: Db, memberIds: readonly PlayerId[], now: Date): Promise<void> {
  if (await raiseProduction(tx, memberIds)) await settleVillagesOf(tx, [...memberIds], now);
}

/** Whether any of these players has a wonder (built or building) whose effect raises production. */
async function raiseProduction(db: Db, ownerIds: readonly PlayerId[]): Promise<boolean> {
  const types = WONDER_TYPES.filter((type) => WONDERS[type].effects.resourceBonus > 0);
  const [found] = await db
    .select({ id: wonders.id })
    .from(wonders)
    .where(and(inArray(wonders.ownerId, [...ownerIds]), inArray(wonders.type, [...types]), or(gt(wonders.level, 0), isNotNull(wonders.constructionFinishesAt))))
    .limit(1);
  return found !== undefined;
}

async function memberOrRefuse(db: Db, userId: PlayerId): Promise<AllianceMemberRow> {
  const member = await membershipOf(db, userId);
  if (!member) throw forbidden('alliance_messages_members_only');
  return member;
}

function messageView(row: { id: string; body: string; createdAt: Date; authorId: PlayerId | null; author: string | null }): AllianceMessageView {
  return { id: row.id, body: row.body, createdAt: iso(row.createdAt), author: row.authorId && row.author ? { id: row.authorId, username: row.author } : null };
}

/** Newest first, MESSAGE_PAGE at a time; `before` (a message id) pages back to older ones. */
export async function allianceMessagesPage(db: Db, userId: PlayerId, before: string | undefined): Promise<Schema<'AllianceMessagePage'>> {
  const member = await memberOrRefuse(db, userId);
  let older = undefined;
  if (before) {
    const [anchor] = await db
      .select({ createdAt: allianceMessages.createdAt, id: allianceMessages.id })
      .from(allianceMessages)
      .where(and(eq(allianceMessages.id, before), eq(allianceMessages.allianceId, member.allianceId)));
    if (!anchor) throw notFound('no_such_message');
    older = or(lt(allianceMessages.createdAt, anchor.createdAt), and(eq(allianceMessages.createdAt, anchor.createdAt), lt(allianceMessages.id, anchor.id)));
  }
  const rows = await db
    .select({ id: allianceMessages.id, body: allianceMessages.body, createdAt: allianceMessages.createdAt, authorId: allianceMessages.authorId, author: users.username })
    .from(allianceMessages)
    .leftJoin(users, eq(users.id, allianceMessages.authorId))
    .where(and(eq(allianceMessages.allianceId, member.allianceId), older))
    .orderBy(desc(allianceMessages.createdAt), desc(allianceMessages.id))
    .limit(MESSAGE_PAGE + 1);
  return { messages: rows.slice(0, MESSAGE_PAGE).map(messageView), hasMore: rows.length > MESSAGE_PAGE };
}

export async function postAllianceMessage(db: Db, userId: PlayerId, rawBody: string, now: Date): Promise<{ message: AllianceMessageView }> {
  const body = rawBody.normalize('NFC').trim();
  const problem = allianceMessageError(body);
  if (problem) throw badRequest(worded(problem), [{ field: 'body', message: problem }]);
  const member = await memberOrRefuse(db, userId);
  const row = inserted(await db.insert(allianceMessages).values({ allianceId: member.allianceId, authorId: userId, body, createdAt: now }).returning());
  const [author] = await db.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return { message: messageView({ ...row, author: author?.username ?? null }) };
}

/** The alliance (id, tag, name) of each of the given players that is in one. */
export async function alliancesOf(db: Db, userIds: readonly PlayerId[]): Promise<Map<PlayerId, { id: AllianceId; tag: string; name: string }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: allianceMembers.userId, id: alliances.id, tag: alliances.tag, name: alliances.name })
    .from(allianceMembers)
    .innerJoin(alliances, eq(alliances.id, allianceMembers.allianceId))
    .where(inArray(allianceMembers.userId, [...userIds]));
  return new Map(rows.map((r) => [r.userId, { id: r.id, tag: r.tag, name: r.name }]));
}
