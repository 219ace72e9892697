// The alliance's activity feed: entries written by the transaction that made each thing happen, and read a page at a time by members.
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { allianceEvents, allianceMembers, battleReports, users, type AllianceEventRow, type FeedDetails } from '../db/schema';
import { forbidden } from '../errors';
import { FEED_PAGE_SIZE, isBigBattle, type FeedKind } from '../../rules/alliance-feed';
import { upkeepOf } from '../../rules/combat';
import { isAllianceRole } from '../../rules/alliances';
import { isOneOf } from '../../rules/tuples';
import { DIPLOMACY_KINDS } from '../../rules/diplomacy';
import { WONDER_TYPES } from '../../rules/wonders';
import { pageWindow } from '../../rules/paging';
import type { UnitCounts } from '../../rules/units';
import type { AllianceId, PlayerId, ReportId } from '../../rules/ids';
import { reportAs } from '../army/movements';

export type FeedEntryView = Schema<'AllianceFeedEntry'>;

/** A player as an entry names them: their id while the account lives, and their name as it was that day. */
export interface FeedPerson {
  id: PlayerId | null;
  name: string;
}

/** One thing to tell: its kind, who did it, whom it concerned, and what else its kind tells. */
export interface FeedNote {
  kind: FeedKind;
  actor?: FeedPerson | null;
  subject?: FeedPerson | null;
  details?: FeedDetails;
}

/**
 * Tells each alliance (nulls and repeats skipped) the same note, inside the caller's transaction: the entry exists
 * exactly when what it tells was committed. One statement for all of them.
 */
export async function recordFeed(tx: Db, allianceIds: readonly (AllianceId | null)[], note: FeedNote, at: Date): Promise<void> {
  const to = [...new Set(allianceIds)].filter((id): id is AllianceId => id !== null);
  if (to.length === 0) return;
  await tx.insert(allianceEvents).values(
    to.map((allianceId) => ({
      allianceId,
      kind: note.kind,
      occurredAt: at,
      actorId: note.actor?.id ?? null,
      actorName: note.actor?.name ?? null,
      subjectId: note.subject?.id ?? null,
      subjectName: note.subject?.name ?? null,
      details: note.details ?? {},
    })),
  );
}

/** The alliance each of these players stands in now (players outside any are left out). */
async function currentAlliances(tx: Db, playerIds: readonly (PlayerId | null)[]): Promise<Map<PlayerId, AllianceId>> {
  const wanted = playerIds.filter((id): id is PlayerId => id !== null);
  if (wanted.length === 0) return new Map();
  const rows = await tx.select({ userId: allianceMembers.userId, allianceId: allianceMembers.allianceId }).from(allianceMembers).where(inArray(allianceMembers.userId, wanted));
  return new Map(rows.map((r) => [r.userId, r.allianceId]));
}

/**
 * Tells a player's alliance (if they are in one) something the player did, naming them as the actor: one query for
 * their name and alliance, and the entry.
 */
export async function recordForMember(tx: Db, playerId: PlayerId, note: Omit<FeedNote, 'actor'>, at: Date): Promise<void> {
  const [row] = await tx
    .select({ name: users.username, allianceId: allianceMembers.allianceId })
    .from(users)
    .innerJoin(allianceMembers, eq(allianceMembers.userId, users.id))
    .where(eq(users.id, playerId));
  if (row) await recordFeed(tx, [row.allianceId], { ...note, actor: { id: playerId, name: row.name } }, at);
}

/** A battle as the feeds hear of it: the report just written and the two sides. */
export interface FoughtBattle {
  reportId: ReportId;
  type: 'attack' | 'raid';
  winner: 'attacker' | 'defender';
  attacker: FeedPerson;
  defender: FeedPerson | null;
  losses: { attacker: UnitCounts; defender: UnitCounts };
  /** The village fought at, and whether it changed hands. */
  village: { id: string; name: string; x: number; y: number };
  conquered: boolean;
  at: Date;
}

/**
 * Tells the alliances of both sides of a battle what concerns them: a big battle (both sides' feeds, with the report),
 * and a conquest (won for the attacker's alliance, lost for the defender's). Asks nothing of the database for the
 * ordinary battle that is neither.
 */
export async function recordBattleInFeeds(tx: Db, battle: FoughtBattle): Promise<void> {
  const big = isBigBattle(battle.losses);
  if (!big && !battle.conquered) return;
  const alliances = await currentAlliances(tx, [battle.attacker.id, battle.defender?.id ?? null]);
  const attackers = battle.attacker.id ? (alliances.get(battle.attacker.id) ?? null) : null;
  const defenders = battle.defender?.id ? (alliances.get(battle.defender.id) ?? null) : null;
  const people = { actor: battle.attacker, subject: battle.defender };
  if (big) {
    const upkeepLost = upkeepOf(battle.losses.attacker) + upkeepOf(battle.losses.defender);
    const told = (side: 'attacker' | 'defender'): FeedNote => ({
      kind: 'battle',
      ...people,
      details: {
        reportId: battle.reportId,
        village: battle.village,
        battle: { type: battle.type, winner: battle.winner, upkeepLost, side },
      },
    });
    await recordFeed(tx, [attackers], told('attacker'), battle.at);
    // An alliance fighting itself cannot happen (allies are never attacked); were it to, it hears once.
    if (defenders !== attackers) await recordFeed(tx, [defenders], told('defender'), battle.at);
  }
  if (battle.conquered) {
    await recordFeed(tx, [attackers], { kind: 'village_conquered', ...people, details: { village: battle.village } }, battle.at);
    if (defenders !== attackers) await recordFeed(tx, [defenders], { kind: 'village_lost', ...people, details: { village: battle.village } }, battle.at);
  }
}

function personView(id: PlayerId | null, name: string | null): Schema<'FeedPerson'> | null {
  return name === null ? null : { id, username: name };
}

/** An entry as members read it; a battle's report joins it as the side of the alliance saw it. */
function entryView(row: AllianceEventRow, report: Schema<'BattleReport'> | null): FeedEntryView {
  const d = row.details;
  const view: FeedEntryView = {
    id: row.id,
    kind: row.kind,
    occurredAt: row.occurredAt.toISOString(),
    actor: personView(row.actorId, row.actorName),
    subject: personView(row.subjectId, row.subjectName),
  };
  if (d.fromRole && isAllianceRole(d.fromRole)) view.fromRole = d.fromRole;
  if (d.toRole && isAllianceRole(d.toRole)) view.toRole = d.toRole;
  if (d.reason !== undefined) view.reason = d.reason;
  if (d.text !== undefined) view.text = d.text;
  if (d.relation && isOneOf(DIPLOMACY_KINDS, d.relation)) view.relation = d.relation;
  if (d.alliance) view.alliance = d.alliance;
  if (d.byUs !== undefined) view.byUs = d.byUs;
  if (d.village) view.village = d.village;
  if (d.wonder && isOneOf(WONDER_TYPES, d.wonder.type)) view.wonder = { ...d.wonder, type: d.wonder.type };
  if (row.kind === 'battle') view.report = report;
  return view;
}

/** A page of the caller's alliance's feed, newest first (403 outside an alliance). */
export async function allianceFeedPage(db: Db, userId: PlayerId, page: number): Promise<Schema<'AllianceFeedPage'>> {
  const [member] = await db.select({ allianceId: allianceMembers.allianceId }).from(allianceMembers).where(eq(allianceMembers.userId, userId));
  if (!member) throw forbidden('alliance_feed_members_only');
  const { limit, offset } = pageWindow({ page, limit: FEED_PAGE_SIZE });
  const rows = await db
    .select()
    .from(allianceEvents)
    .where(eq(allianceEvents.allianceId, member.allianceId))
    .orderBy(desc(allianceEvents.occurredAt), desc(allianceEvents.seq))
    .limit(limit + 1)
    .offset(offset);
  const shown = rows.slice(0, limit);
  const reportIds = shown.flatMap((r) => (r.kind === 'battle' && r.details.reportId ? [r.details.reportId] : []));
  const reports = reportIds.length === 0 ? [] : await db.select().from(battleReports).where(inArray(battleReports.id, reportIds));
  const byId = new Map(reports.map((r) => [r.id, r]));
  return {
    entries: shown.map((row) => {
      const report = row.details.reportId ? byId.get(row.details.reportId) : undefined;
      const side = row.details.battle?.side === 'defender' ? 'defender' : 'attacker';
      // Nothing of it is the reader's to mark read: it shows as read.
      return entryView(row, report ? { ...reportAs(report, side), read: true } : null);
    }),
    page,
    hasMore: rows.length > limit,
  };
}

/** Deletes a dissolved alliance's feed (its entries have no foreign key to cascade from). */
export async function dropFeed(tx: Db, allianceId: AllianceId): Promise<void> {
  await tx.delete(allianceEvents).where(and(eq(allianceEvents.allianceId, allianceId)));
}
