// Who stands in which alliance and with what rank: reading and locking memberships, acting with a rank's right, letting a player in, and telling the members.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/open';
import { inserted } from '../db/rows';
import { allianceApplications, allianceInvitations, allianceMembers, alliances, users, type AllianceMemberRow, type AllianceRow } from '../db/schema';
import { conflict, forbidden, notFound, worded } from '../errors';
import { hasRight, type AllianceRight } from '../../rules/alliances';
import { JOINING_EMBASSY_LEVEL, joiningRefusal } from '../../rules/embassy';
import type { AllianceId, PlayerId } from '../../rules/ids';
import { embassyLevelOf, refuseWhenFull } from './embassy';
import { recordQuestEvents } from '../progress/quest-events';
import { notifyPlayers } from '../live/notify';
import { recordFeed, type FeedPerson } from './feed';

/** Locks the player's user row against their own concurrent joins (no key update: village writes that reference the user are not blocked). */
export async function lockPlayer(tx: Db, userId: PlayerId): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

export async function membershipOf(db: Db, userId: PlayerId): Promise<AllianceMemberRow | null> {
  const [row] = await db.select().from(allianceMembers).where(eq(allianceMembers.userId, userId));
  return row ?? null;
}

/**
 * The alliance row. `lock` takes it `for no key update`: every change of who is in an alliance and with what rank
 * (joining, leaving, ranks, dismissals, handovers) and of its diplomacy takes this lock first, so they happen one after
 * the other per alliance, and rows that refer to the alliance (invitations, applications, relations) can still be
 * inserted by others meanwhile. Leaving takes it `for update`, since the last member deletes the alliance.
 */
export async function allianceRow(db: Db, allianceId: AllianceId, lock: 'no key update' | 'update' | null = null): Promise<AllianceRow> {
  const query = db.select().from(alliances).where(eq(alliances.id, allianceId));
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) throw notFound('no_such_alliance');
  return row;
}

/** A member acting for their alliance: their membership as it stands under the alliance's lock, and the alliance. */
export interface ActingMember {
  member: AllianceMemberRow;
  alliance: AllianceRow;
  name: string;
}

/**
 * The caller as a member of their alliance, with the alliance's row locked; refused (403) outside an alliance, or
 * when `right` is given and the caller's rank lacks it. The membership is read again under the lock, since a rank
 * change or a dismissal that committed meanwhile must count.
 */
export async function actingMember(tx: Db, userId: PlayerId, right: AllianceRight | null): Promise<ActingMember> {
  const before = await membershipOf(tx, userId);
  if (!before) throw forbidden('not_in_alliance');
  // Gone meanwhile (its last member left): the caller stands in no alliance.
  const [alliance] = await tx.select().from(alliances).where(eq(alliances.id, before.allianceId)).for('no key update');
  if (!alliance) throw forbidden('not_in_alliance');
  const member = await membershipOf(tx, userId);
  if (!member || member.allianceId !== alliance.id) throw forbidden('not_in_alliance');
  if (right && !hasRight(member.role, right)) throw forbidden(`right_${right}`);
  const [me] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return { member, alliance, name: me?.username ?? '' };
}

/** The members of an alliance, longest-serving first. */
export async function membersOf(db: Db, allianceId: AllianceId): Promise<AllianceMemberRow[]> {
  return db.select().from(allianceMembers).where(eq(allianceMembers.allianceId, allianceId)).orderBy(asc(allianceMembers.joinedAt), asc(allianceMembers.id));
}

/** Tells every member of these alliances (and these other players) that their alliance changed; heard once the transaction commits. */
export async function notifyAlliances(tx: Db, allianceIds: readonly AllianceId[], others: readonly (PlayerId | null)[] = []): Promise<void> {
  const members =
    allianceIds.length === 0
      ? []
      : await tx.select({ userId: allianceMembers.userId }).from(allianceMembers).where(inArray(allianceMembers.allianceId, [...allianceIds]));
  await notifyPlayers(tx, [...members.map((m) => m.userId), ...others], { kind: 'alliance_changed' });
}

/** A player coming in: by accepting an invitation (`by` the inviter), or by the alliance accepting their application (`by` who accepted). */
export interface Admission {
  alliance: AllianceRow;
  player: FeedPerson & { id: PlayerId };
  via: 'invitation' | 'application';
  by: FeedPerson | null;
  at: Date;
}

/**
 * Makes a player a member, under the alliance's row lock and the player's own (taken by the caller, player first):
 * refused when they are in an alliance already, have no embassy, or the alliance is full. Their invitations and
 * applications everywhere end; the feed and the members hear of it; the quest counts it.
 */
export async function admitMember(tx: Db, { alliance, player, via, by, at }: Admission): Promise<AllianceMemberRow> {
  // Refusals speak to whoever acts: the player accepting an invitation, or the member answering an application.
  const own = via === 'invitation';
  if (await membershipOf(tx, player.id)) throw own ? conflict('already_in_alliance') : conflict('player_already_in_alliance', { player: player.name });
  const embassy = joiningRefusal(await embassyLevelOf(tx, player.id, at));
  if (embassy) throw own ? conflict(worded(embassy)) : conflict('player_needs_embassy', { player: player.name, level: JOINING_EMBASSY_LEVEL });
  await refuseWhenFull(tx, alliance.id, at);
  const member = inserted(await tx.insert(allianceMembers).values({ allianceId: alliance.id, userId: player.id, role: 'member', joinedAt: at }).returning());
  await tx.delete(allianceInvitations).where(eq(allianceInvitations.userId, player.id));
  await tx.delete(allianceApplications).where(eq(allianceApplications.userId, player.id));
  await recordQuestEvents(tx, player.id, [{ name: 'alliance_joined' }], at);
  await recordFeed(tx, [alliance.id], { kind: 'joined', actor: player, subject: by }, at);
  await notifyAlliances(tx, [alliance.id], [player.id]);
  return member;
}
