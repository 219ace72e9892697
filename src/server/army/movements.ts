// Sending troops (units leave at once under the village's lock), the movements a player sees, battle reports, stationed troops and account figures.
import { refuseDuringVacation } from '../vacation/vacation';
import { targetOnVacationRefusal } from '../../rules/vacation';
import { truceRefusal, type NightTruce } from '../../rules/night-truce';
import { linkedAttackRefusal, type LinkStatus } from '../../rules/fair-play';
import { sitterRefusal } from '../../rules/sitters';
import { and, asc, count, desc, eq, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { RequestBody, Schema } from '../../contract';
import type { Db } from '../db/open';
import { accountLinks, allianceMembers, allianceRelations, alliances, battleReports, heroes, movements, stationedTroops, users, vacations, villages, worlds, type BattleReportRow, type MovementRow } from '../db/schema';
import { inserted, jsonFromDriver } from '../db/rows';
import { badRequest, conflict, forbidden, notFound, say, worded, type GameError } from '../errors';
import { cleanUnits, shortfallRefusal } from '../../rules/combat';
import { unitCount, unitEntries } from '../../rules/units';
import { MERCHANT_MOVEMENTS, marchSeconds, sendRefusal, type SendableMovement } from '../../rules/movements';
import { relationOf, type DiplomacyKind, type TargetRelation } from '../../rules/diplomacy';
import { heroMarchRefusal, heroOrderRefusal, type HeroMarchRefusal } from '../../rules/march';
import { militaryPower } from '../../rules/economy';
import { changeVillage, ownedOpenVillage, settleDueArrivalsFor, settledVillagesOf } from '../village/villages';
import { loadVillageHead } from '../village/store';
import { summedEffects } from '../wonders/effects';
import { notifyPlayers } from '../live/notify';
import { placeOf } from './arrivals';
import { protectionEnds, protectionOverFor } from '../worlds/protection';
import { bumpChunksOfPlayer } from '../map/chunks';
import { isProtected, protectionRefusalFor } from '../../rules/protection';
import { catapultOrderRefusal, isCatapultTarget } from '../../rules/catapults';
import { scoutingRefusal } from '../../rules/scouting';
import { ownerTotals } from '../village/population';
import { oasisPlaces } from '../oases/oases';
import { pageWindow, type PageRequest } from '../../rules/paging';
import type { AllianceId, HeroId, PlayerId, ReportId, VillageId } from '../../rules/ids';
import type { Resources } from '../../rules/resources';
import { incomingAttackAlert, type AlertPlace } from '../../rules/alerts';
import { recordAlerts, type AlertFor } from '../alerts/outbox';
import { together } from '../db/together';
import { arrivesBeforeWorldEnds, refuseIfEnded, worldGate } from '../worlds/closure';

export type MovementView = Schema<'Movement'>;
export type BattleReportView = Schema<'BattleReport'>;

const iso = (at: Date) => at.toISOString();

type VillageRef = { id: VillageId; name: string; x: number; y: number };

/** Stored resource amounts (a key may be left out) as the four the contract names. */
const allFour = (json: Partial<Resources>): Resources => ({ timber: json.timber ?? 0, stone: json.stone ?? 0, iron: json.iron ?? 0, mead: json.mead ?? 0 });

async function villageRefs(db: Db, ids: VillageId[], known: ReadonlyMap<VillageId, VillageRef> = new Map()): Promise<Map<VillageId, VillageRef>> {
  if (ids.every((id) => known.has(id))) return new Map(known);
  const rows = await db.select({ id: villages.id, name: villages.name, x: villages.x, y: villages.y }).from(villages).where(inArray(villages.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** A movement as the player sees it, with its two ends from `places` (villages, and oases by their ids): units and loot of their own only. */
function movementView(row: MovementRow, userId: PlayerId, now: Date, places: ReadonlyMap<string, { id: string; name: string; x: number; y: number }>): MovementView {
  const gone = (id: string) => ({ id, name: '(gone)', x: 0, y: 0 });
  // An attack or raid on an oasis goes there instead of to a village; its army's return comes from there.
  const oasisEnd = row.oasisId ? (places.get(row.oasisId) ?? gone(row.oasisId)) : null;
  const own = row.ownerId === userId;
  const loot = row.loot ? allFour(row.loot) : null;
  return {
    id: row.id,
    type: row.type,
    direction: own ? 'outgoing' : 'incoming',
    fromVillage: (row.type === 'return' ? oasisEnd : null) ?? places.get(row.fromVillageId) ?? gone(row.fromVillageId),
    toVillage: row.toVillageId ? (places.get(row.toVillageId) ?? gone(row.toVillageId)) : (oasisEnd ?? gone('')),
    units: own ? cleanUnits(row.units) : {},
    loot: own ? loot : null,
    // A shipment is no secret between its two ends: the receiver sees what is coming to them.
    cargo: row.type === 'delivery' && row.cargo ? allFour(row.cargo) : null,
    merchants: row.merchants,
    departedAt: iso(row.departedAt),
    arrivesAt: iso(row.arrivesAt),
    remainingTime: Math.max(0, Math.ceil((row.arrivesAt.getTime() - now.getTime()) / 1000)),
  };
}

/** Movements as the player sees them: units and loot of their own only. */
async function movementViews(db: Db, rows: MovementRow[], userId: PlayerId, now: Date): Promise<MovementView[]> {
  const places = await villageRefs(
    db,
    rows.flatMap((r) => (r.toVillageId ? [r.fromVillageId, r.toVillageId] : [r.fromVillageId])),
  );
  const oasisEnds = await oasisPlaces(db, rows.flatMap((r) => (r.oasisId ? [r.oasisId] : [])));
  return rows.map((row) => movementView(row, userId, now, oasisEnds.size > 0 ? new Map([...places, ...oasisEnds]) : places));
}

/** Who looks at a movement, and when. */
export interface MovementViewer {
  userId: PlayerId;
  now: Date;
}

/** One movement as the player sees it; `known` may hold its two ends already. */
export async function oneMovementView(db: Db, row: MovementRow, { userId, now }: MovementViewer, known?: ReadonlyMap<VillageId, VillageRef>): Promise<MovementView> {
  const places = await villageRefs(db, row.toVillageId ? [row.fromVillageId, row.toVillageId] : [row.fromVillageId], known);
  return movementView(row, userId, now, row.oasisId ? new Map([...places, ...(await oasisPlaces(db, [row.oasisId]))]) : places);
}

/** The village troops are sent to, with its world and its owner's alliance, and the sender's alliance: one query. */
export async function targetOf(db: Db, senderId: PlayerId, villageId: VillageId, now: Date) {
  const [row] = await db
    .select({
      id: villages.id,
      name: villages.name,
      x: villages.x,
      y: villages.y,
      ownerId: villages.ownerId,
      worldId: villages.worldId,
      createdAt: villages.createdAt,
      // Spelled out: Drizzle leaves columns of a one-table query unqualified, which a subquery would resolve to its own table first.
      allianceId: sql<AllianceId | null>`(select am.alliance_id from ${allianceMembers} am where am.user_id = villages.owner_id)`,
      senderAlliance: sql<AllianceId | null>`(select am.alliance_id from ${allianceMembers} am where am.user_id = ${senderId})`,
      allianceTag: sql<string | null>`(select a.tag from ${alliances} a join ${allianceMembers} am on am.alliance_id = a.id where am.user_id = villages.owner_id)`,
      // The active relation between the two alliances, found through the unordered pair's unique index (the CHECK holds its kind).
      // While the target's owner is on vacation in this world, when it ends.
      vacationUntil: sql<Date | null>`(select v.ends_at from ${vacations} v where v.user_id = villages.owner_id and v.world_id = villages.world_id and v.ends_at > ${now})`.mapWith(
        (value: string | Date | null) => (value === null ? null : new Date(value)),
      ),
      // The world's night truce, if it keeps one.
      truce: sql<NightTruce | null>`(select w.truce from ${worlds} w where w.id = villages.world_id)`.mapWith(jsonFromDriver<NightTruce>),
      // How game masters see the sender and the target's owner: flagged as played by one person, or not.
      linkStatus: sql<LinkStatus | null>`(select l.status from ${accountLinks} l where l.user_a = least(${senderId}::uuid, villages.owner_id) and l.user_b = greatest(${senderId}::uuid, villages.owner_id))`,
      diplomacy: sql<DiplomacyKind | null>`(
        select r.kind from ${allianceRelations} r, ${allianceMembers} mine, ${allianceMembers} theirs
        where mine.user_id = ${senderId} and theirs.user_id = villages.owner_id and r.status = 'active'
          and least(r.from_alliance_id, r.to_alliance_id) = least(mine.alliance_id, theirs.alliance_id)
          and greatest(r.from_alliance_id, r.to_alliance_id) = greatest(mine.alliance_id, theirs.alliance_id))`,
    })
    .from(villages)
    .where(eq(villages.id, villageId));
  return row ?? null;
}

export type SendTarget = NonNullable<Awaited<ReturnType<typeof targetOf>>>;

/** How the target targetOf found stands to its sender: relationOf, with the one active relation between their alliances. */
export function senderRelation(found: SendTarget, senderId: PlayerId): TargetRelation {
  return relationOf({ ownerId: senderId, allianceId: found.senderAlliance }, found, new Map(found.diplomacy && found.allianceId ? [[found.allianceId, found.diplomacy]] : []));
}

/** A hero's refusal as the reply it makes: a wrong order is bad input, someone else's hero is not found, a busy hero a conflict. */
function heroRefused(refusal: HeroMarchRefusal): GameError {
  if (refusal.kind === 'wrong_order') return badRequest(worded(refusal.message));
  if (refusal.kind === 'not_yours') return notFound(worded(refusal.message));
  return conflict(worded(refusal.message));
}

/**
 * The contract's request, its ids read as the villages and hero they name (the route does that once): the schema has
 * already refused a `return` (only the game sends armies home) and an empty army map.
 */
export type SendTroopsInput = Omit<RequestBody<'sendTroops'>, 'fromVillageId' | 'toVillageId' | 'heroId'> & {
  fromVillageId: VillageId;
  toVillageId: VillageId;
  heroId?: HeroId;
  /** The sitter sending in the owner's name, in a sitting session (who may only reinforce the owner's own villages). */
  sittingBy?: PlayerId | null;
};

/** What a sitter may not do with the owner's armies. */
export const SITTERS_SEND = 'attack, raid or scout, or send troops to another player’s village';

/**
 * Sends units (and optionally a hero) from one of the player's villages. They leave at once: the village
 * is settled to now and pays them under its row lock, so two orders never send the same unit twice.
 */
export async function sendTroops(db: Db, userId: PlayerId, input: SendTroopsInput, now: Date): Promise<{ movement: MovementView }> {
  const type: SendableMovement = input.movementType;
  const units = cleanUnits(input.units);
  if (unitCount(units) === 0) throw badRequest('no_units_chosen', [{ field: 'units', ...say('no_units_chosen') }]);
  const notScouts = type === 'scout' ? scoutingRefusal(units) : null;
  if (notScouts) throw badRequest(worded(notScouts), [{ field: 'units', message: notScouts }]);
  const badAim = catapultOrderRefusal(type, units, input.catapultTarget ?? null);
  if (badAim) throw badRequest(worded(badAim), [{ field: 'catapultTarget', message: badAim }]);
  // Checked before anything is loaded: an order that can take no hero is wrong whatever the hero.
  const wrongOrder = input.heroId ? heroOrderRefusal(type) : null;
  if (wrongOrder) throw heroRefused(wrongOrder);
  const { row, from, target } = await db.transaction(async (tx) => {
    // One round trip (the pool pipelines): the target, the sender's wonder effects in the target's world, and the sending village under its lock.
    const [found, effects, loaded] = await together([
      targetOf(tx, userId, input.toVillageId, now),
      summedEffects(tx, userId, sql`(select ${villages.worldId} from ${villages} where ${villages.id} = ${input.toVillageId})`, now),
      loadVillageHead(tx, input.fromVillageId, now, true),
    ]);
    if (!found) throw notFound('no_such_village');
    const { allianceTag, vacationUntil, truce, linkStatus, ...target } = found;
    const relation = senderRelation(found, userId);
    const head = ownedOpenVillage(loaded, userId, now);
    refuseDuringVacation(head.ownerVacationEndsAt, now);
    // A sitter keeps the owner's villages going: reinforcements between the owner's own villages only.
    if (input.sittingBy && (type !== 'reinforce' || target.ownerId !== userId)) throw forbidden(worded(sitterRefusal(SITTERS_SEND)));
    if (type !== 'reinforce') {
      const refusal = (vacationUntil ? targetOnVacationRefusal(vacationUntil.getTime()) : null) ?? linkedAttackRefusal(linkStatus);
      if (refusal) throw conflict(worded(refusal));
    }
    // Beginner protection of both ends, read in this transaction: it only ever ends, so the check cannot let through an
    // attack on someone protected; at worst it refuses one a moment before an attack of theirs ends their shield.
    // Neither can hold when both villages are older than protection lasts (protectionOverFor): no statement for it then.
    const bothOld =
      head.village.worldId === target.worldId &&
      protectionOverFor(head.env.worldSpeed, head.village.createdAt, now) &&
      protectionOverFor(head.env.worldSpeed, target.createdAt, now);
    const shields =
      type === 'reinforce' || bothOld ? null : await protectionEnds(tx, { id: target.worldId, speed: head.env.worldSpeed }, [target.ownerId, userId], now);
    const { village } = await changeVillage(tx, {
      village: head,
      now,
      change: ({ state }) => {
        const refusal =
          sendRefusal(type, { from: state, to: target }, relation, allianceTag) ??
          protectionRefusalFor(type, target.ownerId ? (shields?.get(target.ownerId) ?? null) : null, now.getTime());
        if (refusal) throw conflict(worded(refusal));
        const short = shortfallRefusal(state.units, units);
        if (short) throw conflict(worded(short));
        for (const [unit, n] of unitEntries(units)) state.units[unit] = (state.units[unit] ?? 0) - n;
      },
    });
    if (input.heroId) {
      const [hero] = await tx.select().from(heroes).where(eq(heroes.id, input.heroId)).for('update');
      const refusal = heroMarchRefusal(
        { movementType: type, playerId: userId, fromVillageId: input.fromVillageId, at: now.getTime() },
        hero
          ? { name: hero.name, ownerId: hero.userId, villageId: hero.villageId, onMission: hero.onMission, restingUntil: hero.restingUntil?.getTime() ?? null }
          : null,
      );
      if (refusal) throw heroRefused(refusal);
      await tx.update(heroes).set({ onMission: true }).where(eq(heroes.id, input.heroId));
    }
    // sendRefusal keeps armies in their world, so the effects read for the target's world are the sender's.
    const seconds = marchSeconds(village.state, target, units, { worldSpeed: village.env.worldSpeed, speedBonusPercent: effects.movementSpeedBonus })!;
    const arrivesAt = new Date(now.getTime() + seconds * 1000);
    const nightly = type === 'reinforce' ? null : truceRefusal(truce, arrivesAt.getTime());
    if (nightly) throw conflict(worded(nightly));
    // The notice is sent only if the transaction commits, so it may go out with the insert.
    const [rows] = await together([
      tx
        .insert(movements)
        .values({
          worldId: village.state.worldId,
          type,
          ownerId: userId,
          fromVillageId: input.fromVillageId,
          toVillageId: target.id,
          units,
          heroId: input.heroId ?? null,
          catapultTarget: input.catapultTarget && isCatapultTarget(input.catapultTarget) ? input.catapultTarget : null,
          departedAt: now,
          arrivesAt,
        })
        .returning(),
      notifyPlayers(tx, [userId, target.ownerId], { kind: 'movement_launched', villageId: target.id, arrivesAt: iso(arrivesAt) }),
      recordAlerts(tx, incomingAlerts({ type, from: village.state, target, senderId: userId, arrivesAt }), now),
    ]);
    // This attack ends the sender's own protection: the map's cached chunks of their villages are read again. Last, as the
    // chunk counters are locked last in every transaction.
    if (isProtected(shields?.get(userId) ?? null, now.getTime())) await bumpChunksOfPlayer(tx, { playerId: userId, worldId: village.state.worldId });
    return { row: inserted(rows), from: { id: village.state.id, name: village.state.name, x: village.state.x, y: village.state.y }, target };
  });
  // Both ends were read in this request: the reply needs no further query.
  const known = new Map([from, { id: target.id, name: target.name, x: target.x, y: target.y }].map((p) => [p.id, p]));
  return { movement: await oneMovementView(db, row, { userId, now }, known) };
}

/** An army sent at another player's village, as the alert its owner gets (a reinforcement is no threat; a barbarian village has nobody to tell). */
function incomingAlerts({ type, from, target, senderId, arrivesAt }: { type: SendableMovement; from: AlertPlace; target: AlertPlace & { ownerId: PlayerId | null }; senderId: PlayerId; arrivesAt: Date }): AlertFor[] {
  if (type === 'reinforce' || target.ownerId === senderId) return [];
  return [{ userId: target.ownerId, alert: (language) => incomingAttackAlert({ type, from, target, arrivesAt: arrivesAt.getTime() }, language) }];
}

/** The player's armies on the march and those marching at their villages, soonest arrival first. */
export async function listMovements(db: Db, userId: PlayerId, now: Date): Promise<{ movements: MovementView[] }> {
  await settleDueArrivalsFor(db, userId, now);
  const mine = db.select({ id: villages.id }).from(villages).where(eq(villages.ownerId, userId));
  const rows = await db
    .select()
    .from(movements)
    // An army still on the way when its world ended never arrives: it is no longer shown on the way (its countdown would
    // reach zero and ask again for ever).
    .where(and(isNull(movements.resolvedAt), arrivesBeforeWorldEnds, or(eq(movements.ownerId, userId), and(inArray(movements.toVillageId, mine), ne(movements.ownerId, userId)))))
    .orderBy(asc(movements.arrivesAt), asc(movements.id));
  return { movements: await movementViews(db, rows, userId, now) };
}

/** A battle report from `userId`'s side: the battle list, and a message that shares it (seen from its sender's side). */
export function reportView(row: BattleReportRow, userId: PlayerId): BattleReportView {
  return reportAs(row, row.attackerId === userId ? 'attacker' : 'defender');
}

/**
 * A report as one side saw it: its scouts' intel for the attacker, its own read mark. The alliance feed shows a big
 * battle so to the members of the side's alliance, for whom there is nothing to mark read.
 */
export function reportAs(row: BattleReportRow, perspective: 'attacker' | 'defender'): BattleReportView {
  const resources = (json: Record<string, number>) => ({ timber: json.timber ?? 0, stone: json.stone ?? 0, iron: json.iron ?? 0, mead: json.mead ?? 0 });
  return {
    id: row.id,
    type: row.type,
    occurredAt: iso(row.occurredAt),
    worldId: row.worldId,
    attacker: {
      user: row.attackerId ? { id: row.attackerId, username: row.attackerName } : null,
      village: row.attackerVillage,
      units: cleanUnits(row.attackerUnits),
      losses: cleanUnits(row.attackerLosses),
    },
    defender: {
      user: row.defenderId ? { id: row.defenderId, username: row.defenderName } : null,
      village: row.defenderVillage,
      units: cleanUnits(row.defenderUnits),
      losses: cleanUnits(row.defenderLosses),
    },
    winner: row.winner,
    perspective,
    loot: resources(row.loot),
    wallDamage: row.wallDamage,
    loyaltyChange: row.loyaltyChange,
    villageConquered: row.villageConquered,
    buildingHit: row.buildingHit,
    // What the scouts saw is for the side that sent them (and whoever they share the report with).
    intel: perspective === 'attacker' ? row.intel : null,
    ...(row.oasis ? { oasis: row.oasis } : {}),
    read: perspective === 'attacker' ? row.attackerRead : row.defenderRead,
  };
}

/** Reports the player has: those of their attacks, and those at their villages that they noticed (unseen scouts leave none). */
const involves = (userId: PlayerId) => or(eq(battleReports.attackerId, userId), and(eq(battleReports.defenderId, userId), eq(battleReports.detected, true)));
const unreadBy = (userId: PlayerId) =>
  or(
    and(eq(battleReports.attackerId, userId), eq(battleReports.attackerRead, false)),
    and(eq(battleReports.defenderId, userId), eq(battleReports.detected, true), eq(battleReports.defenderRead, false)),
  );

/** The player's battle reports, newest first, `limit` a page. */
export async function listBattles(db: Db, userId: PlayerId, { page, limit }: PageRequest, now: Date): Promise<Schema<'BattleReportPage'>> {
  // Battles due at the player's villages, or fought by their armies, are fought before the list is read.
  await settleDueArrivalsFor(db, userId, now);
  const rows = await db
    .select()
    .from(battleReports)
    .where(involves(userId))
    .orderBy(desc(battleReports.occurredAt), desc(battleReports.id))
    .limit(limit)
    .offset(pageWindow({ page, limit }).offset);
  const [total] = await db.select({ n: count() }).from(battleReports).where(involves(userId));
  const [unread] = await db.select({ n: count() }).from(battleReports).where(unreadBy(userId));
  return { battles: rows.map((row) => reportView(row, userId)), page, limit, total: Number(total?.n ?? 0), unread: Number(unread?.n ?? 0) };
}

export async function markBattleRead(db: Db, userId: PlayerId, reportId: ReportId): Promise<{ ok: true }> {
  const [row] = await db.select().from(battleReports).where(and(eq(battleReports.id, reportId), involves(userId)));
  if (!row) throw notFound('no_such_report');
  if (row.attackerId === userId) await db.update(battleReports).set({ attackerRead: true }).where(eq(battleReports.id, reportId));
  if (row.defenderId === userId) await db.update(battleReports).set({ defenderRead: true }).where(eq(battleReports.id, reportId));
  return { ok: true };
}

export async function gameStats(db: Db, userId: PlayerId, now: Date): Promise<Schema<'GameStats'>> {
  await settleDueArrivalsFor(db, userId, now);
  const settled = await settledVillagesOf(db, userId, now);
  const totals = (await ownerTotals(db, [userId])).get(userId);
  // Armies only: merchants on the road are no army on the march.
  const away = await db
    .select({ units: movements.units })
    .from(movements)
    .where(and(eq(movements.ownerId, userId), isNull(movements.resolvedAt), notInArray(movements.type, [...MERCHANT_MOVEMENTS])));
  const abroad = await db.select({ units: stationedTroops.units }).from(stationedTroops).where(eq(stationedTroops.ownerId, userId));
  const home = settled.reduce((sum, v) => sum + unitCount(v.state.units), 0);
  const marching = [...away, ...abroad].reduce((sum, m) => sum + unitCount(cleanUnits(m.units)), 0);
  const won = await db
    .select({ n: count() })
    .from(battleReports)
    .where(or(and(eq(battleReports.attackerId, userId), eq(battleReports.winner, 'attacker')), and(eq(battleReports.defenderId, userId), eq(battleReports.winner, 'defender'))));
  const all = await db.select({ n: count() }).from(battleReports).where(involves(userId));
  const [hired] = await db.select({ n: count() }).from(heroes).where(eq(heroes.userId, userId));
  return {
    totalVillages: settled.length,
    totalPopulation: totals?.population ?? 0,
    militaryPower: settled.reduce((sum, v) => sum + militaryPower(v.state.units), 0),
    totalUnits: home + marching,
    battlesWon: Number(won[0]?.n ?? 0),
    battlesLost: Number(all[0]?.n ?? 0) - Number(won[0]?.n ?? 0),
    activeMovements: away.length,
    heroes: Number(hired?.n ?? 0),
  };
}

async function stationedViews(db: Db, where: ReturnType<typeof eq>): Promise<Schema<'StationedTroops'>[]> {
  const rows = await db
    .select({ row: stationedTroops, username: users.username })
    .from(stationedTroops)
    .innerJoin(users, eq(users.id, stationedTroops.ownerId))
    .where(where)
    .orderBy(asc(stationedTroops.arrivedAt));
  const places = await villageRefs(
    db,
    rows.flatMap(({ row }) => [row.villageId, row.homeVillageId]),
  );
  return rows.map(({ row, username }) => ({
    id: row.id,
    owner: { id: row.ownerId, username },
    village: places.get(row.villageId)!,
    homeVillage: places.get(row.homeVillageId)!,
    units: cleanUnits(row.units),
    arrivedAt: iso(row.arrivedAt),
  }));
}

export async function listStationed(db: Db, userId: PlayerId, now: Date): Promise<Schema<'StationedTroopsList'>> {
  await settleDueArrivalsFor(db, userId, now);
  const mine = db.select({ id: villages.id }).from(villages).where(eq(villages.ownerId, userId));
  return {
    abroad: await stationedViews(db, eq(stationedTroops.ownerId, userId)),
    guests: await stationedViews(db, sql`${stationedTroops.villageId} in ${mine} and ${stationedTroops.ownerId} <> ${userId}`),
  };
}

/** Sends the player's troops standing in an ally's village home (they march like any army). */
export async function recallStationed(db: Db, userId: PlayerId, stationedId: string, now: Date): Promise<{ movement: MovementView }> {
  const row = await db.transaction(async (tx) => {
    const [troops] = await tx.select().from(stationedTroops).where(eq(stationedTroops.id, stationedId)).for('update');
    if (!troops) throw notFound('no_such_troops');
    if (troops.ownerId !== userId) throw forbidden('troops_not_yours');
    const [host, home] = await together([placeOf(tx, troops.villageId), placeOf(tx, troops.homeVillageId)]);
    if (!host || !home) throw notFound('no_such_village');
    const [world] = await tx.select({ worldId: villages.worldId, speed: worlds.speed }).from(villages).innerJoin(worlds, eq(worlds.id, villages.worldId)).where(eq(villages.id, host.id));
    if (!world) throw notFound('no_such_village');
    refuseIfEnded(await worldGate(tx, world.worldId), now);
    const units = cleanUnits(troops.units);
    const bonus = (await summedEffects(tx, userId, world.worldId, now)).movementSpeedBonus;
    const seconds = marchSeconds(host, home, units, { worldSpeed: world.speed, speedBonusPercent: bonus })!;
    await tx.delete(stationedTroops).where(eq(stationedTroops.id, troops.id));
    const created = await tx
      .insert(movements)
      .values({
        worldId: world.worldId,
        type: 'return',
        ownerId: userId,
        fromVillageId: host.id,
        toVillageId: home.id,
        units,
        departedAt: now,
        arrivesAt: new Date(now.getTime() + seconds * 1000),
      })
      .returning();
    const movement = inserted(created);
    await notifyPlayers(tx, [userId, host.ownerId], { kind: 'movement_launched', villageId: home.id, arrivesAt: iso(movement.arrivesAt) });
    return movement;
  });
  return { movement: await oneMovementView(db, row, { userId, now }) };
}

