// Movements arriving at a village, applied in time order while the village settles: battles, reinforcements, armies coming home and merchants' deliveries.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { battleReports, heroes, movements, stationedTroops, users, villages, wonders, type HeroRow, type MovementRow } from '../db/schema';
import { RESOURCE_TYPES, type Resources } from '../../rules/resources';
import { UNIT_TYPES, unitEntries, type UnitCounts } from '../../rules/units';
import { cleanUnits, type BattleKind } from '../../rules/combat';
import { planBattle, seededRandom, type BattleHero } from '../../rules/battle';
import { marchSeconds, type MarchPace } from '../../rules/movements';
import { villageEconomy, wholeAmounts, type VillageEnv, type VillageHappening, type VillageState } from '../../rules/village-timeline';
import type { PlayerId, VillageId } from '../../rules/ids';
import { buildingLevels, isFieldType } from '../../rules/buildings';
import type { CatapultHit } from '../../rules/catapults';
import { BARBARIANS } from '../../rules/barbarians';
import { truceDefenceBonus } from '../../rules/night-truce';
import { scoutVillage } from './scouting';
import { questEventsWrite } from '../progress/quest-events';
import { noticesTo, notifyPlayers } from '../live/notify';
import { capitalId, settleStoredVillage, type StoredVillageState } from '../village/store';
import { landDelivery, merchantsHome } from '../trade/deliveries';
import { combatPointsWrite } from '../rankings/combat-points';
import { smithyLevelsAt } from '../smithy/smithy';
import { recordBattleInFeeds } from '../alliance/feed';
import { battleAlerts } from '../../rules/alerts';
import { isBigBattle } from '../../rules/alliance-feed';
import { alertsWrite } from '../alerts/outbox';
import { together } from '../db/together';
import { writeAsOne } from '../db/one-statement';
import { readBattleField, type Place } from './battle-field';

export interface SettledWithArrivals {
  state: StoredVillageState;
  happened: VillageHappening[];
}

function addToVillage(state: VillageState, units: UnitCounts): void {
  for (const [type, count] of unitEntries(units)) {
    state.unitIds[type] ??= randomUUID();
    state.units[type] = (state.units[type] ?? 0) + count;
  }
}

export async function placeOf(tx: Db, villageId: VillageId): Promise<Place | null> {
  const [row] = await tx.select({ id: villages.id, name: villages.name, x: villages.x, y: villages.y, ownerId: villages.ownerId }).from(villages).where(eq(villages.id, villageId));
  return row ?? null;
}

async function usernames(tx: Db, ids: (PlayerId | null)[]): Promise<Map<PlayerId, string>> {
  const wanted = ids.filter((id): id is PlayerId => id !== null);
  if (wanted.length === 0) return new Map();
  const rows = await tx.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.username]));
}

/** Claims a movement for this transaction, resolved at its arrival instant; false when someone else already applied it. */
export async function claimArrival(tx: Db, movement: MovementRow): Promise<boolean> {
  const done = await tx
    .update(movements)
    .set({ resolvedAt: movement.arrivesAt })
    .where(and(eq(movements.id, movement.id), isNull(movements.resolvedAt)))
    .returning({ id: movements.id });
  return done.length === 1;
}

/** What marches home after a battle: the survivors and their loot, leaving `from` at `at` (epoch ms). */
interface HomewardArmy {
  from: Place;
  units: UnitCounts;
  loot: Resources | null;
  at: number;
  /** The village it left as the caller already read it (null: gone); left out, it is read here. */
  home?: Place | null;
}

/** An army (or a hero alone) on its way home, leaving `from` at `at`. */
export async function sendHome(tx: Db, movement: MovementRow, army: HomewardArmy, pace: MarchPace): Promise<void> {
  if (!marchesHome(movement, army.units)) return;
  const home = army.home !== undefined ? army.home : await placeOf(tx, movement.fromVillageId);
  const write = homeward(tx, movement, { ...army, home }, pace);
  if (write) await write;
}

function marchesHome(movement: MovementRow, units: UnitCounts): boolean {
  return Object.keys(units).length > 0 || movement.heroId !== null;
}

/** sendHome's insert of the march home when its home is known, not yet sent (none: nothing walks, or no home is left). */
function homeward(tx: Db, movement: MovementRow, { from, units, loot, at, home }: HomewardArmy, pace: MarchPace) {
  if (!marchesHome(movement, units) || !home) return null;
  // A hero alone walks back as fast as the army came.
  const seconds = marchSeconds(from, home, units, pace) ?? Math.round((movement.arrivesAt.getTime() - movement.departedAt.getTime()) / 1000);
  return tx.insert(movements).values({
    worldId: movement.worldId,
    type: 'return',
    ownerId: movement.ownerId,
    fromVillageId: from.id,
    toVillageId: home.id,
    units,
    heroId: movement.heroId,
    loot,
    departedAt: new Date(at),
    arrivesAt: new Date(at + seconds * 1000),
  });
}

/** Troops and loot coming home: they join the village (loot up to the stores) if it still belongs to their owner. */
async function returnHome(tx: Db, movement: MovementRow, state: StoredVillageState, env: VillageEnv): Promise<void> {
  if (movement.heroId) await tx.update(heroes).set({ onMission: false }).where(eq(heroes.id, movement.heroId));
  // A village lost while the army was away takes nothing in; the troops disband.
  if (state.ownerId !== movement.ownerId) return;
  addToVillage(state, cleanUnits(movement.units));
  const capacity = villageEconomy(state, env).capacity;
  for (const r of RESOURCE_TYPES) {
    const carried = movement.loot?.[r] ?? 0;
    state.amounts[r] = Math.max(state.amounts[r], Math.min(capacity[r], state.amounts[r] + carried));
  }
  await notifyPlayers(tx, [movement.ownerId], { kind: 'movement_returned', villageId: state.id });
}

/** Reinforcements: into the village if it is the sender's own, else stationed there to defend it. */
async function reinforce(tx: Db, movement: MovementRow, state: StoredVillageState, at: Date): Promise<void> {
  const units = cleanUnits(movement.units);
  if (state.ownerId === movement.ownerId) addToVillage(state, units);
  else if (movement.ownerId) {
    await tx.insert(stationedTroops).values({ villageId: state.id, ownerId: movement.ownerId, homeVillageId: movement.fromVillageId, units, arrivedAt: at });
  }
  await notifyPlayers(tx, [movement.ownerId, state.ownerId], { kind: 'movement_landed', villageId: state.id });
}

function battleHero(row: HeroRow): BattleHero {
  return {
    id: row.id,
    type: row.type,
    attack: row.attack,
    defense: row.defense,
    experience: row.experience,
    victories: row.victories,
    defeats: row.defeats,
    restingUntil: row.restingUntil?.getTime() ?? null,
  };
}

/**
 * The id among `ids` (those the battle's scene was given) that the plan names: the rules speak of ids as plain text,
 * the server keeps each as the id of what it names. Null when the plan names none of them (or nobody).
 */
function named<I extends string>(ids: readonly (I | null)[], text: string | null): I | null {
  return ids.find((id) => id !== null && id === text) ?? null;
}

/**
 * The catapults' building knocked down to the plan's level: its upgrade in progress is lost, and an inner building at 0
 * is gone (its slot free again); a resource field at 0 stays, an empty field as a new village's are.
 */
function strike(state: StoredVillageState, hit: CatapultHit | null, atMs: number): void {
  const building = hit ? state.buildings.find((b) => b.id === hit.id) : undefined;
  if (!hit || !building || hit.levelAfter >= building.level) return;
  if (hit.levelAfter === 0 && !isFieldType(building.type)) state.buildings.splice(state.buildings.indexOf(building), 1);
  else Object.assign(building, { level: hit.levelAfter, upgradeStartedAt: null, upgradeFinishesAt: null, updatedAt: atMs });
}

/**
 * Who struck whom, where and when, as every report of a movement landing on a village begins (names as they are now).
 * The defender is the village's owner before the landing (a conquest has changed `here` already).
 */
export async function reportParties(tx: Db, movement: MovementRow, { here, defenderId }: { here: Place; defenderId: PlayerId | null }) {
  const [origin, names] = await together([placeOf(tx, movement.fromVillageId), usernames(tx, [movement.ownerId, defenderId])]);
  return partiesOf(movement, { here, defenderId }, { origin, names });
}

/** What reportParties reads: the village the movement left (null: gone) and the usernames of both sides. */
interface PartiesRead {
  origin: Place | null;
  names: Map<PlayerId, string>;
}

function partiesOf(movement: MovementRow, { here, defenderId }: { here: Place; defenderId: PlayerId | null }, read: PartiesRead) {
  const origin = read.origin ?? { id: movement.fromVillageId, name: '(gone)', x: 0, y: 0, ownerId: null };
  const names = read.names;
  return {
    worldId: movement.worldId,
    occurredAt: movement.arrivesAt,
    attackerId: movement.ownerId,
    attackerName: (movement.ownerId && names.get(movement.ownerId)) || '(gone)',
    attackerVillage: { id: origin.id, name: origin.name, x: origin.x, y: origin.y },
    defenderId,
    defenderName: (defenderId && names.get(defenderId)) || BARBARIANS,
    defenderVillage: { id: here.id, name: here.name, x: here.x, y: here.y },
  };
}

/** An attack or raid landing: the movement and its kind (the movement's type). */
interface LandingAttack {
  movement: MovementRow;
  kind: BattleKind;
}

/**
 * The battle of an attack or raid (`kind`, the movement's type) landing on the village at the movement's arrival instant:
 * load the field, plan, apply. Everything it is decided from and reported with is read at once (the statements travel
 * together: one round trip rather than one each), and its writes go together too.
 */
async function battle(tx: Db, { movement, kind }: LandingAttack, state: StoredVillageState, env: VillageEnv): Promise<void> {
  const at = movement.arrivesAt;
  const atMs = at.getTime();
  const defenderId = state.ownerId;
  // The locks (stationed troops, the attacking hero, the heroes at home) and every read in one statement.
  const field = await readBattleField(tx, movement, { villageId: state.id, defenderId, at });
  const { stationed, attackerHero, heroesAtHome: atHome, attackerEffects, defenderEffects, origin, names, languages } = field;
  const homes = [...new Set(stationed.map((group) => group.homeVillageId))].filter((id) => !field.smithy.has(id) && id !== movement.fromVillageId && id !== state.id);
  const smithy = homes.length > 0 ? new Map([...field.smithy, ...(await smithyLevelsAt(tx, homes, at))]) : field.smithy;
  const plan = planBattle({
    kind,
    attackerId: movement.ownerId,
    attackers: cleanUnits(movement.units),
    catapultTarget: movement.catapultTarget,
    attackerHero: attackerHero ? battleHero(attackerHero) : null,
    attackLevels: smithy.get(movement.fromVillageId)?.attack,
    village: {
      ownerId: state.ownerId,
      units: state.units,
      stationed: stationed.map((group) => ({ id: group.id, units: cleanUnits(group.units), defenseLevels: smithy.get(group.homeVillageId)?.defense })),
      wallLevel: buildingLevels(state.buildings).wall ?? 0,
      loyalty: state.loyalty,
      isCapital: state.isCapital,
      stock: wholeAmounts(state.amounts),
      buildings: state.buildings,
      heroesAtHome: atHome.map((h) => ({ ...battleHero(h), ownerId: h.userId })),
      defenseLevels: smithy.get(state.id)?.defense,
    },
    combatBonusPercent: attackerEffects.combatBonus,
    allianceDefenseBonusPercent: defenderEffects.defenseBonus,
    truceDefenceBonusPercent: truceDefenceBonus(field.truce, atMs),
    at: atMs,
    worldSpeed: env.worldSpeed,
    random: seededRandom(movement.id),
  });

  for (const type of UNIT_TYPES) state.units[type] = plan.homeSurvivors[type] ?? 0;
  for (const r of RESOURCE_TYPES) state.amounts[r] = Math.max(0, state.amounts[r] - plan.loot[r]);
  // The plan speaks of the highest wall, the one whose level defended.
  const wall = state.buildings.filter((b) => b.type === 'wall').sort((a, b) => b.level - a.level)[0];
  if (wall && plan.wallLevelAfter !== null) {
    Object.assign(wall, { level: plan.wallLevelAfter, upgradeStartedAt: null, upgradeFinishesAt: null, updatedAt: atMs });
  }
  strike(state, plan.buildingHit, atMs);
  state.loyalty = plan.loyaltyAfter;
  if (plan.conquest) {
    // The village changes hands (the jarl who stays is already left out of the army going home): its training stops, its wonder follows it.
    const newOwnerId = named([movement.ownerId], plan.conquest.newOwnerId);
    state.ownerId = newOwnerId;
    state.isCapital = false;
    state.orders = [];
    await tx.update(wonders).set({ ownerId: newOwnerId }).where(eq(wonders.villageId, state.id));
    // The former owner's heroes at home here withdraw to their capital (they stay only if none is left).
    const refuge = defenderId ? await capitalId(tx, defenderId) : null;
    if (defenderId && refuge) await tx.update(heroes).set({ villageId: refuge, onMission: false }).where(and(eq(heroes.villageId, state.id), eq(heroes.userId, defenderId)));
    await notifyPlayers(tx, [movement.ownerId, defenderId], { kind: 'village_changed', villageId: state.id });
  }

  const fighters = [attackerHero?.id ?? null, ...atHome.map((h) => h.id)];
  const here: Place = { id: state.id, name: state.name, x: state.x, y: state.y, ownerId: state.ownerId };
  const parties = partiesOf(movement, { here, defenderId }, { origin, names });
  const winnerId = named([movement.ownerId, defenderId], plan.winnerId);
  // The writes do not depend on each other: sent together, in the order they always went (combat points last, as the
  // lock order wants), and awaited together.
  const stationedWrites = plan.stationed.map((group) =>
    group.gone ? tx.delete(stationedTroops).where(eq(stationedTroops.id, group.id)) : tx.update(stationedTroops).set({ units: group.survivors }).where(eq(stationedTroops.id, group.id)),
  );
  const heroWrites = plan.heroes.flatMap((hero) => {
    const heroId = named(fighters, hero.id);
    if (!heroId) return [];
    return [
      tx
        .update(heroes)
        .set({
          experience: hero.experience,
          victories: hero.victories,
          defeats: hero.defeats,
          restingUntil: hero.restingUntil === null ? null : new Date(hero.restingUntil),
        })
        .where(eq(heroes.id, heroId)),
    ];
  });
  const pace = { worldSpeed: env.worldSpeed, speedBonusPercent: attackerEffects.movementSpeedBonus };
  const report = { ...parties, ...plan.report };
  // The attackers' and defenders' rankings count as each battle is fought, never by scanning reports.
  const points = combatPointsWrite(tx, {
    worldId: movement.worldId,
    attackerId: movement.ownerId,
    defenderId,
    attackerLosses: plan.report.attackerLosses,
    defenderLosses: plan.report.defenderLosses,
    at,
  });
  // A big battle or a conquest is news for both sides' alliances: its report is written on its own, for the feeds' entries
  // that name it.
  const news = plan.conquest !== null || isBigBattle({ attacker: plan.report.attackerLosses, defender: plan.report.defenderLosses });
  // Alerts while away: both sides' reports, and the village lost to its former owner (the conqueror reads it in the report).
  const alerted = battleAlerts({
    type: kind,
    village: parties.defenderVillage,
    attacker: { id: movement.ownerId, name: parties.attackerName },
    defender: { id: defenderId, name: parties.defenderName },
    winner: plan.report.winner,
    conquered: plan.conquest !== null,
    defenderNoticed: true,
  });
  // The writes do not depend on each other and touch different rows: one statement (db/one-statement.ts). The rows they
  // change were locked by the field's read, but for the combat points: their rows are the only ones a battle locks late.
  await writeAsOne(
    tx,
    [
      ...stationedWrites,
      ...heroWrites,
      homeward(tx, movement, { from: here, units: plan.armyHome.units, loot: plan.armyHome.loot, at: atMs, home: origin }, pace),
      news ? null : tx.insert(battleReports).values(report),
      winnerId ? questEventsWrite(tx, winnerId, [{ name: 'battle_won' }], at) : null,
      alertsWrite(tx, alerted, at, languages),
      news ? null : points,
    ],
    [noticesTo([movement.ownerId, defenderId], { kind: 'report_arrived', villageId: state.id })],
  );
  if (!news) return;
  // Combat points are locked last in a battle's transaction, after the feed's entries (their insert needs the report's id).
  const [written] = await tx.insert(battleReports).values(report).returning({ id: battleReports.id });
  if (written) {
    await recordBattleInFeeds(tx, {
      reportId: written.id,
      type: kind,
      winner: plan.report.winner,
      attacker: { id: movement.ownerId, name: parties.attackerName },
      defender: defenderId ? { id: defenderId, name: parties.defenderName } : null,
      losses: { attacker: plan.report.attackerLosses, defender: plan.report.defenderLosses },
      village: parties.defenderVillage,
      conquered: plan.conquest !== null,
      at,
    });
  }
  if (points) await points;
}

/** The span a village settles over: up to `upTo`, with the first unresolved arrival at `nextArrivalAt` (null: none). */
export interface ArrivalWindow {
  nextArrivalAt: Date | null;
  upTo: Date;
}

/**
 * Settles the (locked) village from `before` up to `upTo`, applying the movements that arrive by then in
 * arrival order: the village first settles to each arrival instant (its own upgrades and training that
 * finish earlier come first), the arrival applies, and settling goes on. Returns the state at `upTo`.
 */
export async function settleWithArrivals(tx: Db, before: StoredVillageState, env: VillageEnv, { nextArrivalAt, upTo }: ArrivalWindow): Promise<SettledWithArrivals> {
  let state = before;
  const happened: VillageHappening[] = [];
  if (nextArrivalAt !== null && nextArrivalAt.getTime() <= upTo.getTime()) {
    // Claimed all at once, each resolved at its arrival instant (the rows are locked by the update): under the village's
    // lock nobody else applies arrivals here, so none of them was taken meanwhile; then applied in arrival order.
    const due = await tx
      .update(movements)
      .set({ resolvedAt: sql`${movements.arrivesAt}` })
      .where(and(eq(movements.toVillageId, before.id), isNull(movements.resolvedAt), lte(movements.arrivesAt, upTo)))
      .returning();
    due.sort((a, b) => a.arrivesAt.getTime() - b.arrivesAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (const movement of due) {
      const settled = settleStoredVillage(state, movement.arrivesAt.getTime(), env);
      state = settled.state;
      happened.push(...settled.happened);
      // A village is only ever settled forward. A movement made after its village had been settled past its arrival
      // (an army coming home from a battle resolved late, when the sweepers had fallen behind, as after the database
      // was away) takes effect when the village stands, and its record says when.
      if (state.resourcesAt > movement.arrivesAt.getTime()) {
        await tx.update(movements).set({ resolvedAt: new Date(state.resourcesAt) }).where(eq(movements.id, movement.id));
      }
      if (movement.type === 'return') await returnHome(tx, movement, state, env);
      else if (movement.type === 'reinforce') await reinforce(tx, movement, state, movement.arrivesAt);
      else if (movement.type === 'delivery') await landDelivery(tx, movement, state, env);
      else if (movement.type === 'merchants_return') await merchantsHome(tx, movement, state);
      else if (movement.type === 'scout') await scoutVillage(tx, movement, state, env);
      else await battle(tx, { movement, kind: movement.type }, state, env);
    }
  }
  const settled = settleStoredVillage(state, upTo.getTime(), env);
  happened.push(...settled.happened);
  return { state: settled.state, happened };
}

