// Diplomacy between alliances: proposals, acceptance within the caps, ending a relation; both alliances locked in id order, both feeds told.
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { allianceRelations, alliances, users, type AllianceRelationRow, type AllianceRow } from '../db/schema';
import { conflict, forbidden, notFound, worded } from '../errors';
import { isUniqueViolation } from '../accounts/accounts';
import { hasRight } from '../../rules/alliances';
import {
  DIPLOMACY_CAPS,
  DIPLOMACY_KINDS,
  NO_RELATIONS,
  acceptanceRefusal,
  proposalRefusal,
  type DiplomacyKind,
  type RelationCounts,
} from '../../rules/diplomacy';
import type { FeedKind } from '../../rules/alliance-feed';
import type { AllianceId, PlayerId, RelationId } from '../../rules/ids';
import { allianceRow, membershipOf, notifyAlliances } from './membership';
import { recordFeed } from './feed';

type RelationView = Schema<'DiplomaticRelation'>;

const CAPS = { confederation: DIPLOMACY_CAPS.confederation ?? 0, nap: DIPLOMACY_CAPS.nap ?? 0 };

/** The relations and proposals of one alliance, as its members see them: active ones first (by kind, then tag), then proposals, newest first. */
export async function diplomacyOf(db: Db, allianceId: AllianceId): Promise<Schema<'Diplomacy'>> {
  const other = sql<AllianceId>`case when ${allianceRelations.fromAllianceId} = ${allianceId} then ${allianceRelations.toAllianceId} else ${allianceRelations.fromAllianceId} end`;
  const rows = await db
    .select({ relation: allianceRelations, other: { id: alliances.id, tag: alliances.tag, name: alliances.name }, proposer: users.username })
    .from(allianceRelations)
    .innerJoin(alliances, eq(alliances.id, other))
    .leftJoin(users, eq(users.id, allianceRelations.proposedBy))
    .where(or(eq(allianceRelations.fromAllianceId, allianceId), eq(allianceRelations.toAllianceId, allianceId)))
    .orderBy(desc(allianceRelations.proposedAt));
  const views: RelationView[] = rows.map(({ relation, other: them, proposer }) => ({
    id: relation.id,
    kind: relation.kind,
    status: relation.status,
    direction: relation.fromAllianceId === allianceId ? 'outgoing' : 'incoming',
    alliance: them,
    proposedAt: relation.proposedAt.toISOString(),
    acceptedAt: relation.acceptedAt?.toISOString() ?? null,
    proposedBy: relation.proposedBy && proposer ? { id: relation.proposedBy, username: proposer } : null,
  }));
  const kindOrder = (kind: DiplomacyKind) => DIPLOMACY_KINDS.indexOf(kind);
  const active = views.filter((v) => v.status === 'active').sort((a, b) => kindOrder(a.kind) - kindOrder(b.kind) || a.alliance.tag.localeCompare(b.alliance.tag));
  const proposed = views.filter((v) => v.status === 'proposed');
  return { allianceId, relations: [...active, ...proposed], caps: CAPS };
}

/** The caller's alliance's diplomacy (403 outside an alliance). */
export async function myDiplomacy(db: Db, userId: PlayerId): Promise<Schema<'Diplomacy'>> {
  const member = await membershipOf(db, userId);
  if (!member) throw forbidden('not_in_alliance');
  return diplomacyOf(db, member.allianceId);
}

/** Active relations of an alliance, counted by kind. */
async function countsOf(db: Db, allianceId: AllianceId): Promise<RelationCounts> {
  const rows = await db
    .select({ kind: allianceRelations.kind, n: sql<number>`count(*)::int` })
    .from(allianceRelations)
    .where(and(eq(allianceRelations.status, 'active'), or(eq(allianceRelations.fromAllianceId, allianceId), eq(allianceRelations.toAllianceId, allianceId))))
    .groupBy(allianceRelations.kind);
  const counts = { ...NO_RELATIONS };
  for (const row of rows) counts[row.kind] = row.n;
  return counts;
}

/** The relation or proposal between two alliances, whichever proposed it (at most one exists: the pair's unique index). */
async function relationBetween(db: Db, a: AllianceId, b: AllianceId): Promise<AllianceRelationRow | null> {
  const [row] = await db
    .select()
    .from(allianceRelations)
    .where(
      or(
        and(eq(allianceRelations.fromAllianceId, a), eq(allianceRelations.toAllianceId, b)),
        and(eq(allianceRelations.fromAllianceId, b), eq(allianceRelations.toAllianceId, a)),
      ),
    );
  return row ?? null;
}

/** The caller as a member with the diplomacy right, read under the lock of their alliance row (taken by the caller). */
async function diplomat(tx: Db, userId: PlayerId, allianceId: AllianceId): Promise<{ id: PlayerId; name: string }> {
  const member = await membershipOf(tx, userId);
  if (!member || member.allianceId !== allianceId) throw forbidden('not_in_alliance');
  if (!hasRight(member.role, 'diplomacy')) throw forbidden('right_diplomacy');
  const [me] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
  return { id: userId, name: me?.username ?? '' };
}

/**
 * Locks two alliances' rows in id order (every transaction touching two alliances does, so two cannot deadlock) and
 * returns them as `[mine, theirs]`; 404 when the other one has dissolved meanwhile.
 */
async function lockBoth(tx: Db, mine: AllianceId, theirs: AllianceId): Promise<[AllianceRow, AllianceRow]> {
  const [first, second] = mine < theirs ? [mine, theirs] : [theirs, mine];
  const a = await allianceRow(tx, first, 'no key update');
  const b = await allianceRow(tx, second, 'no key update');
  return first === mine ? [a, b] : [b, a];
}

/** Tells both alliances' feeds: each entry names the other alliance. */
async function tellBoth(tx: Db, sides: { mine: AllianceRow; theirs: AllianceRow }, note: { kind: FeedKind; relation: DiplomacyKind; actor: { id: PlayerId; name: string } }, at: Date): Promise<void> {
  const ref = (a: AllianceRow) => ({ id: a.id, tag: a.tag, name: a.name });
  await recordFeed(tx, [sides.mine.id], { kind: note.kind, actor: note.actor, details: { relation: note.relation, alliance: ref(sides.theirs), byUs: true } }, at);
  await recordFeed(tx, [sides.theirs.id], { kind: note.kind, actor: note.actor, details: { relation: note.relation, alliance: ref(sides.mine), byUs: false } }, at);
}

/**
 * Proposes a relation to the alliance with that tag. One relation or proposal stands between two alliances: two
 * proposals crossing each other at the same moment are kept apart by the pair's unique index (the second: 409).
 */
export async function proposeRelation(db: Db, userId: PlayerId, proposal: { tag: string; kind: DiplomacyKind }, now: Date): Promise<Schema<'Diplomacy'>> {
  try {
    return await db.transaction(async (tx) => {
      const member = await membershipOf(tx, userId);
      if (!member) throw forbidden('not_in_alliance');
      const [target] = await tx.select({ id: alliances.id }).from(alliances).where(eq(alliances.tag, proposal.tag));
      if (!target) throw notFound('no_alliance_with_tag');
      // Proposing to one's own alliance locks its row twice (harmless) and is refused by the rule after the right is checked.
      const [mine, theirs] = await lockBoth(tx, member.allianceId, target.id);
      const actor = await diplomat(tx, userId, mine.id);
      const existing = mine.id === theirs.id ? null : await relationBetween(tx, mine.id, theirs.id);
      const refusal = proposalRefusal({ kind: proposal.kind, fromAllianceId: mine.id, toAllianceId: theirs.id, existing, counts: await countsOf(tx, mine.id) });
      if (refusal) throw conflict(worded(refusal));
      await tx.insert(allianceRelations).values({ kind: proposal.kind, status: 'proposed', fromAllianceId: mine.id, toAllianceId: theirs.id, proposedBy: userId, proposedAt: now });
      await tellBoth(tx, { mine, theirs }, { kind: 'diplomacy_proposed', relation: proposal.kind, actor }, now);
      await notifyAlliances(tx, [mine.id, theirs.id]);
      return diplomacyOf(tx, mine.id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('proposal_waiting');
    throw error;
  }
}

/** A relation of the caller's alliance with both alliances locked, or 404. */
async function ownRelation(tx: Db, userId: PlayerId, relationId: RelationId) {
  const member = await membershipOf(tx, userId);
  if (!member) throw forbidden('not_in_alliance');
  const [found] = await tx.select().from(allianceRelations).where(eq(allianceRelations.id, relationId));
  if (!found || (found.fromAllianceId !== member.allianceId && found.toAllianceId !== member.allianceId)) throw notFound('no_such_relation');
  const theirId = found.fromAllianceId === member.allianceId ? found.toAllianceId : found.fromAllianceId;
  const [mine, theirs] = await lockBoth(tx, member.allianceId, theirId);
  const actor = await diplomat(tx, userId, mine.id);
  // Read again under the locks: an answer or an end that committed meanwhile counts.
  const [relation] = await tx.select().from(allianceRelations).where(eq(allianceRelations.id, relationId));
  if (!relation) throw notFound('no_such_relation');
  return { relation, mine, theirs, actor };
}

/** Accepts a proposal made to the caller's alliance, when both alliances have room for one more of its kind. */
export async function acceptRelation(db: Db, userId: PlayerId, relationId: RelationId, now: Date): Promise<Schema<'Diplomacy'>> {
  return db.transaction(async (tx) => {
    const { relation, mine, theirs, actor } = await ownRelation(tx, userId, relationId);
    if (relation.status === 'active') throw conflict('relation_holds');
    if (relation.fromAllianceId === mine.id) throw conflict('own_proposal');
    const refusal = acceptanceRefusal(relation.kind, { mine: await countsOf(tx, mine.id), theirs: await countsOf(tx, theirs.id), theirTag: theirs.tag });
    if (refusal) throw conflict(worded(refusal));
    await tx.update(allianceRelations).set({ status: 'active', acceptedAt: now }).where(eq(allianceRelations.id, relation.id));
    await tellBoth(tx, { mine, theirs }, { kind: 'diplomacy_accepted', relation: relation.kind, actor }, now);
    await notifyAlliances(tx, [mine.id, theirs.id]);
    return diplomacyOf(tx, mine.id);
  });
}

/** Ends a relation (either side), declines a proposal made to the caller's alliance, or withdraws one it made. */
export async function endRelation(db: Db, userId: PlayerId, relationId: RelationId, now: Date): Promise<Schema<'Diplomacy'>> {
  return db.transaction(async (tx) => {
    const { relation, mine, theirs, actor } = await ownRelation(tx, userId, relationId);
    await tx.delete(allianceRelations).where(eq(allianceRelations.id, relation.id));
    // A withdrawn proposal is the proposer's own business; a declined one and an ended relation are news to both.
    const withdrawn = relation.status === 'proposed' && relation.fromAllianceId === mine.id;
    if (!withdrawn) {
      const kind: FeedKind = relation.status === 'active' ? 'diplomacy_ended' : 'diplomacy_declined';
      await tellBoth(tx, { mine, theirs }, { kind, relation: relation.kind, actor }, now);
    }
    await notifyAlliances(tx, [mine.id, theirs.id]);
    return diplomacyOf(tx, mine.id);
  });
}
