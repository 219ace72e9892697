// After a load run: reads a world straight from the database and lists every broken promise (lost acknowledged writes, events applied twice, negative stock, units that appeared or vanished).
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../src/server/db/open';
import { battleReports, movements, stationedTroops, users, villages, type BattleReportRow, type MovementRow } from '../../src/server/db/schema';
import { loadParts, loadVillageHead, toVillageState } from '../../src/server/village/store';
import { settleVillage, villageEconomy, type VillageState } from '../../src/rules/village-timeline';
import { STARTING_BUILDINGS } from '../../src/rules/buildings';
import { RESOURCE_TYPES } from '../../src/rules/resources';
import type { Ack, LoadLog } from './sim-player';
import { UNIT_TYPES } from '../../src/rules/units';
import { entriesOf } from '../../src/rules/tuples';
import { idOf, type PlayerId, type VillageId, type WorldId } from '../../src/rules/ids';

export interface WorldSnapshot {
  /** Every player's village of the world, settled (in memory) to `at`. */
  villages: Map<VillageId, VillageState>;
  /** The same villages as stored, each at its own `resourcesAt`: what a village that does not balance prints. */
  stored: Map<VillageId, VillageState>;
  movements: MovementRow[];
  reports: BattleReportRow[];
  at: number;
  /** Units lost to hunger while settling to `at` (the loads keep upkeep below production, so none). */
  starved: number;
}

/**
 * The world as the database holds it, every village brought to one instant by the rules' own engine: `at`, or later
 * when a server still running has settled a village past it (a unit finishing just before `at` is swept a moment
 * after). A village can be settled forward only, so the snapshot's instant is the latest of them all; everything is
 * read in one repeatable-read transaction so that villages, movements and reports are of one moment.
 */
export async function snapshotWorld(db: Db, worldId: WorldId, at: Date): Promise<WorldSnapshot> {
  const read = await db.transaction(
    async (tx) => {
      // Players' villages only: barbarian villages (no owner) grow by themselves, so no player's write accounts for them.
      const rows = await tx
        .select({ id: villages.id })
        .from(villages)
        .where(and(eq(villages.worldId, worldId), isNotNull(villages.ownerId)));
      const parts = await loadParts(
        tx,
        rows.map((r) => r.id),
      );
      const heads = [];
      for (const { id } of rows) heads.push((await loadVillageHead(tx, id, at))!);
      return {
        heads,
        parts,
        movements: await tx.select().from(movements).where(eq(movements.worldId, worldId)),
        reports: await tx.select().from(battleReports).where(eq(battleReports.worldId, worldId)),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const settledAt = Math.max(at.getTime(), ...read.heads.map((head) => head.village.resourcesAt.getTime()));
  const states = new Map<VillageId, VillageState>();
  const stored = new Map<VillageId, VillageState>();
  let starved = 0;
  for (const head of read.heads) {
    const state = toVillageState(head.village, read.parts.get(head.village.id)!);
    stored.set(head.village.id, state);
    const settled = settleVillage(state, settledAt, head.env);
    starved += Object.values(settled.starved).reduce((s, n) => s + (n ?? 0), 0);
    states.set(head.village.id, settled.state);
  }
  return { villages: states, stored, movements: read.movements, reports: read.reports, at: settledAt, starved };
}

const sumUnits = (units: Record<string, number> | null | undefined): number => Object.values(units ?? {}).reduce((s, n) => s + n, 0);

/** How many writes of one kind the run could not learn the fate of, per village. */
function unansweredOf(log: LoadLog, villageId: string, steps: string[]): number {
  return log.unanswered.filter((u) => u.villageId === villageId && steps.includes(u.step)).length;
}

/**
 * Every invariant the game promises after any run, crashes included. Writes that got no answer may or may
 * not have happened, so where they could matter the check accepts a range instead of one number.
 */
export async function checkWorld(db: Db, log: LoadLog, world: WorldSnapshot): Promise<string[]> {
  const problems: string[] = [];
  const acks = log.acks;
  const of = <K extends Ack['kind']>(kind: K) => acks.filter((a): a is Extract<Ack, { kind: K }> => a.kind === kind);

  // Acknowledged accounts and villages are there.
  const userIds = of('register').map((a) => idOf<PlayerId>(a.userId));
  const found = userIds.length === 0 ? [] : await db.select({ id: users.id }).from(users).where(inArray(users.id, userIds));
  if (found.length !== userIds.length) problems.push(`${userIds.length - found.length} acknowledged registrations are missing`);
  for (const join of of('join')) if (!world.villages.has(idOf<VillageId>(join.villageId))) problems.push(`village ${join.villageId} of ${join.player} is missing`);

  // No negative or overfull stock, no negative units, no training order past its count.
  for (const [id, v] of world.villages) {
    const capacity = villageEconomy(v, { worldSpeed: 1, bonusPercent: {} }).capacity;
    for (const r of RESOURCE_TYPES) {
      if (!(v.amounts[r] >= 0)) problems.push(`village ${id} has ${v.amounts[r]} ${r}`);
      if (v.amounts[r] > capacity[r] + 1e-6) problems.push(`village ${id} holds ${v.amounts[r]} ${r} above its store of ${capacity[r]}`);
    }
    for (const [type, n] of Object.entries(v.units)) if (!Number.isInteger(n) || n! < 0) problems.push(`village ${id} has ${n} ${type}`);
    for (const o of v.orders) if (o.done < 0 || o.done > o.count) problems.push(`order ${o.id} of village ${id} has ${o.done} of ${o.count} done`);
  }
  if (world.starved > 0) problems.push(`${world.starved} units starved, which the load never allows`);

  // Every movement that fell due was applied, once; every battle has exactly one report and at most one army home.
  const graceMs = 5_000;
  for (const m of world.movements) {
    if (m.resolvedAt === null && m.arrivesAt.getTime() < world.at - graceMs) problems.push(`movement ${m.id} (${m.type}) arrived at ${m.arrivesAt.toISOString()} and was never applied`);
  }
  const battles = world.movements.filter((m) => (m.type === 'attack' || m.type === 'raid') && m.resolvedAt !== null);
  const reportKey = (r: BattleReportRow) => `${r.attackerVillage.id}>${r.defenderVillage.id}@${r.occurredAt.getTime()}`;
  const reportsByKey = new Map<string, BattleReportRow[]>();
  for (const r of world.reports) reportsByKey.set(reportKey(r), [...(reportsByKey.get(reportKey(r)) ?? []), r]);
  const battleKeys = new Map<string, number>();
  for (const m of battles) {
    const key = `${m.fromVillageId}>${m.toVillageId}@${m.arrivesAt.getTime()}`;
    battleKeys.set(key, (battleKeys.get(key) ?? 0) + 1);
  }
  for (const [key, count] of battleKeys) {
    const reports = reportsByKey.get(key)?.length ?? 0;
    if (reports !== count) problems.push(`${count} battle(s) ${key} have ${reports} report(s)`);
  }
  for (const key of reportsByKey.keys()) if (!battleKeys.has(key)) problems.push(`report ${key} has no applied movement`);
  for (const r of world.reports) {
    const survivors = sumUnits(r.attackerUnits) - sumUnits(r.attackerLosses);
    const home = world.movements.filter((m) => m.type === 'return' && m.fromVillageId === r.defenderVillage.id && m.toVillageId === r.attackerVillage.id && m.departedAt.getTime() === r.occurredAt.getTime());
    if (home.length !== (survivors > 0 ? 1 : 0)) problems.push(`battle ${reportKey(r)} with ${survivors} survivors sent ${home.length} armies home`);
    for (const m of home) if (sumUnits(m.units) !== survivors) problems.push(`return ${m.id} carries ${sumUnits(m.units)} units, ${survivors} survived`);
    for (const [type, fought] of entriesOf(UNIT_TYPES, r.attackerUnits)) {
      if ((r.attackerLosses[type] ?? 0) > fought || (r.defenderLosses[type] ?? 0) > (r.defenderUnits[type] ?? 0)) problems.push(`battle ${reportKey(r)} lost more ${type} than fought`);
    }
  }

  // Acknowledged marches exist as sent.
  const byId = new Map<string, MovementRow>(world.movements.map((m) => [m.id, m]));
  for (const send of of('send')) {
    const m = byId.get(send.movementId);
    if (!m) problems.push(`acknowledged movement ${send.movementId} of ${send.player} is missing`);
    else if (sumUnits(m.units) !== sumUnits(send.units)) problems.push(`movement ${m.id} carries ${sumUnits(m.units)} units, ${sumUnits(send.units)} were sent`);
  }

  // Buildings: every acknowledged level is there, and no level appeared from nowhere.
  const startLevel = new Map(STARTING_BUILDINGS.map((b) => [b.slot, b.level]));
  for (const [id, v] of world.villages) {
    const unanswered = unansweredOf(log, id, ['upgrade', 'construct']);
    for (const b of v.buildings) {
      const reached = b.level + (b.upgradeFinishesAt !== null ? 1 : 0);
      const constructed = of('construct').filter((a) => a.buildingId === b.id).length;
      const initial = startLevel.get(b.slot) ?? 0;
      const acked = of('upgrade').filter((a) => a.buildingId === b.id).length + constructed;
      const gained = reached - initial;
      if (gained < acked || gained > acked + unanswered) problems.push(`building ${b.type} in slot ${b.slot} of village ${id} gained ${gained} levels; ${acked} were acknowledged and ${unanswered} unanswered`);
    }
    for (const c of of('construct').filter((a) => a.villageId === id)) if (!v.buildings.some((b) => b.id === c.buildingId)) problems.push(`acknowledged ${c.type} ${c.buildingId} of village ${id} is missing`);
  }

  // Units: everything trained is at home, queued, on the march or fell in a battle; nothing more, nothing less.
  const stationed = await db.select().from(stationedTroops).where(inArray(stationedTroops.villageId, [...world.villages.keys(), idOf<VillageId>('00000000-0000-0000-0000-000000000000')]));
  if (stationed.length > 0) problems.push(`${stationed.length} stationed armies, the load sends none`);
  for (const [id, v] of world.villages) {
    const trained = of('train')
      .filter((a) => a.villageId === id)
      .reduce((s, a) => s + a.count, 0);
    const maybe = unansweredOf(log, id, ['train']) * 2;
    const home = sumUnits(v.units as Record<string, number>);
    const queued = v.orders.reduce((s, o) => s + o.count - o.done, 0);
    const marching = world.movements
      .filter((m) => m.resolvedAt === null && ((m.type !== 'return' && m.fromVillageId === id) || (m.type === 'return' && m.toVillageId === id)))
      .reduce((s, m) => s + sumUnits(m.units), 0);
    const fell =
      world.reports.filter((r) => r.attackerVillage.id === id).reduce((s, r) => s + sumUnits(r.attackerLosses), 0) +
      world.reports.filter((r) => r.defenderVillage.id === id).reduce((s, r) => s + sumUnits(r.defenderLosses), 0);
    const counted = home + queued + marching + fell;
    if (counted < trained || counted > trained + maybe) {
      problems.push(`village ${id}: ${trained} units acknowledged (+${maybe} unanswered) but ${home} home + ${queued} queued + ${marching} marching + ${fell} fallen = ${counted}`);
    }
  }
  return problems;
}

/** The instant by which every army sent in the run is home again (out and back take the same time). */
export function allHomeBy(log: LoadLog): number {
  let latest = 0;
  for (const a of log.acks) if (a.kind === 'send') latest = Math.max(latest, a.arrivesAt + (a.arrivesAt - a.departedAt));
  return latest;
}

/** The players' villages of a world exactly as stored (not settled): the opening balance of the world's books. */
export async function storedVillages(db: Db, worldId: WorldId): Promise<Map<VillageId, VillageState>> {
  const rows = await db
    .select()
    .from(villages)
    .where(and(eq(villages.worldId, worldId), isNotNull(villages.ownerId)));
  const parts = await loadParts(
    db,
    rows.map((r) => r.id),
  );
  return new Map(rows.map((row) => [row.id, toVillageState(row, parts.get(row.id)!)]));
}
