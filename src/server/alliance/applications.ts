// Applications to open alliances: a player asks with a message; a rank with the invite right lets them in or declines; the player may withdraw.
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { allianceApplications, alliances, users, type AllianceApplicationRow } from '../db/schema';
import { badRequest, conflict, forbidden, notFound, worded } from '../errors';
import { isUniqueViolation } from '../accounts/accounts';
import { applicationMessageError, normaliseFreeText } from '../../rules/validation';
import { hasRight } from '../../rules/alliances';
import { joiningRefusal } from '../../rules/embassy';
import type { AllianceId, ApplicationId, PlayerId } from '../../rules/ids';
import { embassyLevelOf, refuseWhenFull } from './embassy';
import { actingMember, admitMember, allianceRow, lockPlayer, membershipOf, notifyAlliances } from './membership';
import { allianceWithMembership } from './alliances';
import { ownerTotals } from '../village/population';
import { notifyPlayers } from '../live/notify';
import { sendGameLetter } from '../messages/mail';

type MyApplicationView = Schema<'MyApplication'>;

const iso = (date: Date) => date.toISOString();

function myApplicationView(row: AllianceApplicationRow, alliance: { id: AllianceId; tag: string; name: string }): MyApplicationView {
  return { id: row.id, alliance: { id: alliance.id, tag: alliance.tag, name: alliance.name }, message: row.message, createdAt: iso(row.createdAt) };
}

/** The message of an application: optional, one line, at most 500 characters of free text. */
function applicationMessage(raw: string | undefined): string | null {
  const message = raw === undefined ? '' : normaliseFreeText(raw);
  const problem = applicationMessageError(message);
  if (problem) throw badRequest(worded(problem), [{ field: 'message', message: problem }]);
  return message === '' ? null : message;
}

/**
 * A player outside any alliance asks to join an open one. Refused: already in an alliance, invitation only, without
 * the embassy joining needs, the alliance full, or an application to it already waiting. The ranks who may answer
 * hear of it at once.
 */
export async function applyToAlliance(db: Db, userId: PlayerId, request: { allianceId: AllianceId; message?: string }, now: Date): Promise<{ application: MyApplicationView }> {
  const message = applicationMessage(request.message);
  try {
    return await db.transaction(async (tx) => {
      // Player first, then the alliance: the lock order of every join.
      await lockPlayer(tx, userId);
      const alliance = await allianceRow(tx, request.allianceId, 'no key update');
      if (await membershipOf(tx, userId)) throw conflict('already_in_alliance');
      if (!alliance.isPublic) throw conflict('invitation_only');
      const embassy = joiningRefusal(await embassyLevelOf(tx, userId, now));
      if (embassy) throw conflict(worded(embassy));
      await refuseWhenFull(tx, alliance.id, now);
      const [row] = await tx.insert(allianceApplications).values({ allianceId: alliance.id, userId, message, createdAt: now }).onConflictDoNothing().returning();
      if (!row) throw conflict('already_applied');
      await notifyAlliances(tx, [alliance.id], [userId]);
      return { application: myApplicationView(row, alliance) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('already_applied');
    throw error;
  }
}

/** The caller's applications waiting for an answer, newest first. */
export async function myApplications(db: Db, userId: PlayerId): Promise<{ applications: MyApplicationView[] }> {
  const rows = await db
    .select({ application: allianceApplications, alliance: { id: alliances.id, tag: alliances.tag, name: alliances.name } })
    .from(allianceApplications)
    .innerJoin(alliances, eq(alliances.id, allianceApplications.allianceId))
    .where(eq(allianceApplications.userId, userId))
    .orderBy(desc(allianceApplications.createdAt), desc(allianceApplications.id));
  return { applications: rows.map((r) => myApplicationView(r.application, r.alliance)) };
}

/** The caller's waiting application to one alliance, or null. */
export async function myApplicationTo(db: Db, userId: PlayerId, alliance: { id: AllianceId; tag: string; name: string }): Promise<MyApplicationView | null> {
  const [row] = await db
    .select()
    .from(allianceApplications)
    .where(and(eq(allianceApplications.allianceId, alliance.id), eq(allianceApplications.userId, userId)));
  return row ? myApplicationView(row, alliance) : null;
}

/** Applications to the caller's alliance, oldest first, with each applicant's population (the invite right). */
export async function allianceApplicationsList(db: Db, userId: PlayerId): Promise<Schema<'AllianceApplicationList'>> {
  const member = await membershipOf(db, userId);
  if (!member || !hasRight(member.role, 'invite')) throw forbidden('right_invite');
  const rows = await db
    .select({ application: allianceApplications, username: users.username })
    .from(allianceApplications)
    .innerJoin(users, eq(users.id, allianceApplications.userId))
    .where(eq(allianceApplications.allianceId, member.allianceId))
    .orderBy(asc(allianceApplications.createdAt), asc(allianceApplications.id));
  const totals = await ownerTotals(
    db,
    rows.map((r) => r.application.userId),
  );
  return {
    applications: rows.map(({ application, username }) => ({
      id: application.id,
      user: { id: application.userId, username },
      population: totals.get(application.userId)?.population ?? 0,
      message: application.message,
      createdAt: iso(application.createdAt),
    })),
  };
}

async function applicationRow(db: Db, applicationId: ApplicationId): Promise<(AllianceApplicationRow & { username: string }) | null> {
  const [row] = await db
    .select({ application: allianceApplications, username: users.username })
    .from(allianceApplications)
    .innerJoin(users, eq(users.id, allianceApplications.userId))
    .where(eq(allianceApplications.id, applicationId));
  return row ? { ...row.application, username: row.username } : null;
}

/**
 * A rank with the invite right lets the applicant in. The applicant's row is locked first, then the alliance's (the
 * order of every join, so an invitation the applicant accepts at the same moment cannot deadlock with this); the
 * application is taken by deleting it, so two members accepting it at once let the player in once (the other: 404).
 */
export async function acceptApplication(db: Db, userId: PlayerId, applicationId: ApplicationId, now: Date): Promise<Schema<'AllianceWithMembership'>> {
  return db.transaction(async (tx) => {
    const found = await applicationRow(tx, applicationId);
    if (!found) throw notFound('no_such_application');
    await lockPlayer(tx, found.userId);
    const acting = await actingMember(tx, userId, 'invite');
    if (acting.alliance.id !== found.allianceId) throw notFound('no_such_application');
    const [taken] = await tx.delete(allianceApplications).where(eq(allianceApplications.id, applicationId)).returning();
    if (!taken) throw notFound('no_such_application');
    await admitMember(tx, {
      alliance: acting.alliance,
      player: { id: found.userId, name: found.username },
      via: 'application',
      by: { id: userId, name: acting.name },
      at: now,
    });
    return allianceWithMembership(tx, userId, now);
  });
}

/**
 * Ends an application: the applicant withdraws it, or a rank of that alliance with the invite right declines it (the
 * applicant is then told in a message). Anyone else: 403.
 */
export async function declineApplication(db: Db, userId: PlayerId, applicationId: ApplicationId, now: Date): Promise<{ ok: true }> {
  return db.transaction(async (tx) => {
    const found = await applicationRow(tx, applicationId);
    if (!found) throw notFound('no_such_application');
    if (found.userId === userId) {
      const gone = await tx.delete(allianceApplications).where(eq(allianceApplications.id, applicationId)).returning({ id: allianceApplications.id });
      if (gone.length === 0) throw notFound('no_such_application');
      await notifyAlliances(tx, [found.allianceId]);
      return { ok: true as const };
    }
    const member = await membershipOf(tx, userId);
    if (!member || member.allianceId !== found.allianceId) throw forbidden('application_end_forbidden');
    const acting = await actingMember(tx, userId, 'invite');
    const gone = await tx.delete(allianceApplications).where(eq(allianceApplications.id, applicationId)).returning({ id: allianceApplications.id });
    if (gone.length === 0) throw notFound('no_such_application');
    const { tag, name } = acting.alliance;
    await sendGameLetter(
      tx,
      { from: { id: userId, name: acting.name }, to: { id: found.userId, name: found.username } },
      { subject: `Your application to [${tag}]`, body: `Your application to [${tag}] ${name} was declined.` },
      now,
    );
    await notifyAlliances(tx, [found.allianceId]);
    await notifyPlayers(tx, [found.userId], { kind: 'alliance_changed' });
    return { ok: true as const };
  });
}
