// The alliance directory and alliance profiles as any player sees them: most members first, found by tag or name, with their public relations.
import { and, asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { allianceMembers, allianceRelations, alliances, users } from '../db/schema';
import { containsIgnoringCase } from '../db/like';
import { memberCap } from '../../rules/embassy';
import { pageWindow, type PageRequest } from '../../rules/paging';
import type { AllianceId, PlayerId } from '../../rules/ids';
import { ownerTotals } from '../village/population';
import { allianceSize } from './embassy';
import { allianceRow } from './membership';
import { myApplicationTo } from './applications';

/** Members are listed leader first, then elders, officers and members, each by how long they have served. */
const ROLE_RANK = sql`case ${allianceMembers.role} when 'leader' then 0 when 'elder' then 1 when 'officer' then 2 else 3 end`;

/** The summed population of each alliance's members, in every world. */
async function populations(db: Db, allianceIds: readonly AllianceId[]): Promise<Map<AllianceId, number>> {
  if (allianceIds.length === 0) return new Map();
  const members = await db.select({ allianceId: allianceMembers.allianceId, userId: allianceMembers.userId }).from(allianceMembers).where(inArray(allianceMembers.allianceId, [...allianceIds]));
  const totals = await ownerTotals(
    db,
    members.map((m) => m.userId),
  );
  const sums = new Map<AllianceId, number>();
  for (const m of members) sums.set(m.allianceId, (sums.get(m.allianceId) ?? 0) + (totals.get(m.userId)?.population ?? 0));
  return sums;
}

/**
 * A page of the directory: alliances whose tag or name holds `q` (any case), most members first, then by tag. The
 * population is summed for the page's alliances only, so a page costs the same however many alliances there are.
 */
export async function listAlliances(db: Db, query: PageRequest & { q?: string }): Promise<Schema<'AllianceDirectoryPage'>> {
  const q = query.q?.trim() ?? '';
  const { limit, offset } = pageWindow(query);
  const memberCount = count(allianceMembers.id);
  const rows = await db
    .select({ id: alliances.id, tag: alliances.tag, name: alliances.name, isPublic: alliances.isPublic, memberCount })
    .from(alliances)
    .leftJoin(allianceMembers, eq(allianceMembers.allianceId, alliances.id))
    .where(q === '' ? undefined : or(containsIgnoringCase(alliances.tag, q), containsIgnoringCase(alliances.name, q)))
    .groupBy(alliances.id)
    .orderBy(desc(memberCount), asc(alliances.tag))
    .limit(limit + 1)
    .offset(offset);
  const shown = rows.slice(0, limit);
  const population = await populations(
    db,
    shown.map((r) => r.id),
  );
  return {
    alliances: shown.map((r) => ({ ...r, totalPopulation: population.get(r.id) ?? 0 })),
    page: query.page,
    hasMore: rows.length > limit,
  };
}

/** Active relations of an alliance, with the other side, by kind and then tag. */
export async function publicRelations(db: Db, allianceId: AllianceId): Promise<Schema<'AllianceProfile'>['relations']> {
  const other = sql<AllianceId>`case when ${allianceRelations.fromAllianceId} = ${allianceId} then ${allianceRelations.toAllianceId} else ${allianceRelations.fromAllianceId} end`;
  const rows = await db
    .select({ kind: allianceRelations.kind, id: alliances.id, tag: alliances.tag, name: alliances.name })
    .from(allianceRelations)
    .innerJoin(alliances, eq(alliances.id, other))
    .where(
      and(eq(allianceRelations.status, 'active'), or(eq(allianceRelations.fromAllianceId, allianceId), eq(allianceRelations.toAllianceId, allianceId))),
    )
    .orderBy(asc(allianceRelations.kind), asc(alliances.tag));
  return rows.map((r) => ({ kind: r.kind, alliance: { id: r.id, tag: r.tag, name: r.name } }));
}

/** An alliance as anyone sees it: figures, members and ranks, its public relations, and the caller's waiting application. */
export async function allianceProfile(db: Db, viewerId: PlayerId, allianceId: AllianceId, now: Date): Promise<Schema<'AllianceProfile'>> {
  const alliance = await allianceRow(db, allianceId);
  const members = await db
    .select({ role: allianceMembers.role, id: users.id, username: users.username })
    .from(allianceMembers)
    .innerJoin(users, eq(users.id, allianceMembers.userId))
    .where(eq(allianceMembers.allianceId, allianceId))
    .orderBy(ROLE_RANK, asc(allianceMembers.joinedAt), asc(allianceMembers.id));
  const [totals, size, relations, myApplication] = await Promise.all([
    ownerTotals(
      db,
      members.map((m) => m.id),
    ),
    allianceSize(db, allianceId, now),
    publicRelations(db, allianceId),
    myApplicationTo(db, viewerId, alliance),
  ]);
  let totalVillages = 0;
  let totalPopulation = 0;
  for (const t of totals.values()) {
    totalVillages += t.villages;
    totalPopulation += t.population;
  }
  return {
    id: alliance.id,
    tag: alliance.tag,
    name: alliance.name,
    description: alliance.description,
    isPublic: alliance.isPublic,
    memberCount: members.length,
    memberCap: memberCap(size.leaderEmbassyLevel),
    totalVillages,
    totalPopulation,
    foundedAt: alliance.foundedAt.toISOString(),
    members: members.map((m) => ({ role: m.role, user: { id: m.id, username: m.username } })),
    relations,
    myApplication,
  };
}
