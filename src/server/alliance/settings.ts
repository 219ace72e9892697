// What an alliance says of itself: its description and openness (the describe right) and the announcement pinned on its page (the announce right).
import { eq } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { alliances } from '../db/schema';
import { badRequest, worded } from '../errors';
import { allianceDescriptionError, announcementError, normaliseFreeText } from '../../rules/validation';
import type { PlayerId } from '../../rules/ids';
import { actingMember, notifyAlliances, type ActingMember } from './membership';
import { allianceView, membershipView } from './alliances';
import { recordFeed } from './feed';

/** Edits the description and whether the alliance takes applications (true: open; false: invitation only). */
export async function updateMyAlliance(db: Db, userId: PlayerId, input: { description: string; isPublic: boolean }, now: Date): Promise<Schema<'AllianceWithMembership'>> {
  const description = normaliseFreeText(input.description);
  const problem = allianceDescriptionError(description);
  if (problem) throw badRequest(worded(problem), [{ field: 'description', message: problem }]);
  return db.transaction(async (tx) => {
    const acting = await actingMember(tx, userId, 'describe');
    const [changed] = await tx.update(alliances).set({ description, isPublic: input.isPublic }).where(eq(alliances.id, acting.alliance.id)).returning();
    await notifyAlliances(tx, [acting.alliance.id]);
    return reply(tx, { ...acting, alliance: changed ?? acting.alliance }, now);
  });
}

/** Pins an announcement on the alliance's page (the feed keeps it too), or takes it down with an empty text. */
export async function setAllianceAnnouncement(db: Db, userId: PlayerId, rawText: string, now: Date): Promise<Schema<'AllianceWithMembership'>> {
  const text = normaliseFreeText(rawText);
  const problem = announcementError(text);
  if (problem) throw badRequest(worded(problem), [{ field: 'text', message: problem }]);
  return db.transaction(async (tx) => {
    const acting = await actingMember(tx, userId, 'announce');
    const pinned = text === '' ? { announcement: null, announcementAt: null, announcementBy: null } : { announcement: text, announcementAt: now, announcementBy: userId };
    const [changed] = await tx.update(alliances).set(pinned).where(eq(alliances.id, acting.alliance.id)).returning();
    if (text !== '') await recordFeed(tx, [acting.alliance.id], { kind: 'announcement', actor: { id: userId, name: acting.name }, details: { text } }, now);
    await notifyAlliances(tx, [acting.alliance.id]);
    return reply(tx, { ...acting, alliance: changed ?? acting.alliance }, now);
  });
}

/** The alliance as the change left it (its row is locked by the caller), with the actor's membership. */
async function reply(tx: Db, acting: ActingMember, now: Date): Promise<Schema<'AllianceWithMembership'>> {
  return { alliance: await allianceView(tx, acting.alliance, now), membership: membershipView(acting.member) };
}
