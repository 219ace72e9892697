// Ranks in an alliance: the leader appoints and demotes, hands over leadership; ranks with the right dismiss lower ranks. Each under the alliance's row lock.
import { and, eq } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { allianceMembers, users, type AllianceMemberRow } from '../db/schema';
import { badRequest, conflict, forbidden, notFound, worded } from '../errors';
import { dismissalReasonError, normaliseFreeText } from '../../rules/validation';
import { FORMER_LEADER_ROLE, dismissalRefusal, handoverRefusal, rankChangeRefusal, rightRefusal, type AppointableRole } from '../../rules/alliances';
import type { AllianceId, MemberId, PlayerId } from '../../rules/ids';
import { actingMember, membersOf, notifyAlliances, type ActingMember } from './membership';
import { allianceWithMembership, settleBeforeMembershipEnds } from './alliances';
import { recordFeed } from './feed';
import { sendGameLetter } from '../messages/mail';

/** A member of the acting member's alliance, with their name; 404 for anyone else (another alliance's membership looks like none). */
async function fellowMember(tx: Db, allianceId: AllianceId, memberId: MemberId): Promise<AllianceMemberRow & { name: string }> {
  const [row] = await tx
    .select({ member: allianceMembers, name: users.username })
    .from(allianceMembers)
    .innerJoin(users, eq(users.id, allianceMembers.userId))
    .where(and(eq(allianceMembers.id, memberId), eq(allianceMembers.allianceId, allianceId)));
  if (!row) throw notFound('no_such_member');
  return { ...row.member, name: row.name };
}

/** A rules refusal as its reply: lacking the right is 403, anything else about the target a conflict. */
function refuse(refusal: string | null): void {
  if (refusal === null) return;
  throw refusal === rightRefusal('ranks') || refusal === rightRefusal('dismiss') ? forbidden(worded(refusal)) : conflict(worded(refusal));
}

const person = (acting: ActingMember) => ({ id: acting.member.userId, name: acting.name });

/** The leader gives a member another rank (elder, officer or regular member). */
export async function setMemberRank(db: Db, userId: PlayerId, change: { memberId: MemberId; role: AppointableRole }, now: Date): Promise<Schema<'AllianceWithMembership'>> {
  return db.transaction(async (tx) => {
    const acting = await actingMember(tx, userId, null);
    const target = await fellowMember(tx, acting.alliance.id, change.memberId);
    refuse(rankChangeRefusal(acting.member.role, { role: target.role, self: target.userId === userId }, change.role));
    await tx.update(allianceMembers).set({ role: change.role }).where(eq(allianceMembers.id, target.id));
    await recordFeed(
      tx,
      [acting.alliance.id],
      { kind: 'rank_changed', actor: person(acting), subject: { id: target.userId, name: target.name }, details: { fromRole: target.role, toRole: change.role } },
      now,
    );
    await notifyAlliances(tx, [acting.alliance.id]);
    return allianceWithMembership(tx, userId, now);
  });
}

/** The leader hands leadership to another member and becomes an elder. */
export async function handOverLeadership(db: Db, userId: PlayerId, memberId: MemberId, now: Date): Promise<Schema<'AllianceWithMembership'>> {
  return db.transaction(async (tx) => {
    const acting = await actingMember(tx, userId, null);
    const target = await fellowMember(tx, acting.alliance.id, memberId);
    refuse(handoverRefusal(acting.member.role, { role: target.role, self: target.userId === userId }));
    // The old leader steps down first: an alliance never has two leaders, not even inside this transaction.
    await tx.update(allianceMembers).set({ role: FORMER_LEADER_ROLE }).where(eq(allianceMembers.id, acting.member.id));
    await tx.update(allianceMembers).set({ role: 'leader' }).where(eq(allianceMembers.id, target.id));
    await recordFeed(
      tx,
      [acting.alliance.id],
      { kind: 'leader_changed', actor: person(acting), subject: { id: target.userId, name: target.name }, details: { fromRole: target.role, toRole: 'leader' } },
      now,
    );
    await notifyAlliances(tx, [acting.alliance.id]);
    return allianceWithMembership(tx, userId, now);
  });
}

/**
 * A rank with the right dismisses a member of a lower rank, with a reason: the member is out at once, told why in a
 * message from the one who dismissed them, and the feed keeps the reason.
 */
export async function dismissMember(db: Db, userId: PlayerId, dismissal: { memberId: MemberId; reason: string }, now: Date): Promise<Schema<'AllianceWithMembership'>> {
  const reason = normaliseFreeText(dismissal.reason);
  const problem = dismissalReasonError(reason);
  if (problem) throw badRequest(worded(problem), [{ field: 'reason', message: problem }]);
  return db.transaction(async (tx) => {
    const acting = await actingMember(tx, userId, null);
    const target = await fellowMember(tx, acting.alliance.id, dismissal.memberId);
    refuse(dismissalRefusal(acting.member.role, { role: target.role, self: target.userId === userId }));
    const everyone = await membersOf(tx, acting.alliance.id);
    await settleBeforeMembershipEnds(tx, everyone.map((m) => m.userId), now);
    await tx.delete(allianceMembers).where(eq(allianceMembers.id, target.id));
    const dismissed = { id: target.userId, name: target.name };
    await recordFeed(tx, [acting.alliance.id], { kind: 'dismissed', actor: person(acting), subject: dismissed, details: { reason } }, now);
    await sendGameLetter(
      tx,
      { from: person(acting), to: dismissed },
      { subject: `Dismissed from [${acting.alliance.tag}]`, body: `You were dismissed from [${acting.alliance.tag}] ${acting.alliance.name}.\n\nReason: ${reason}` },
      now,
    );
    await notifyAlliances(tx, [acting.alliance.id], [target.userId]);
    return allianceWithMembership(tx, userId, now);
  });
}
