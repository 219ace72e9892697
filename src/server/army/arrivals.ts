// Movements arriving at a village, applied in time order while the village settles: battles, reinforcements and armies coming home.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Db } from '../db/open';
import { battleReports, heroes, movements, stationedTroops, users, villages, wonders, type HeroRow, type MovementRow } from '../db/schema';
import { RESOURCE_TYPES, type Resources } from '../../rules/resources';
import { UNIT_TYPES, isUnitType, type UnitCounts, type UnitType } from '../../rules/units';
import { addUnits, cleanUnits, lose, resolveBattle, subtractUnits, upkeepOf, type BattleKind } from '../../rules/combat';
import { battleExperience, type HeroType } from '../../rules/heroes';
import { marchSeconds } from '../../rules/movements';
import { settleVillage, villageEconomy, wholeAmounts, type VillageEnv, type VillageHappening, type VillageState } from '../../rules/village-timeline';
import { buildingLevels } from '../../rules/buildings';
import { recordQuestEvents } from '../progress/quest-events';
import { summedEffects } from '../wonders/effects';
import { notifyPlayers } from '../live/notify';
import { capitalId } from '../village/store';

/** Hours a hero rests after a lost battle, at world speed 1. */
export const HERO_REST_HOURS = 1;

export interface SettledWithArrivals {
  state: VillageState;
  happened: VillageHappening[];
}

/** Movements may name unit types from an older catalogue; only known types with positive counts count. */
export function unitsOf(json: Record<string, number> | null | undefined): UnitCounts {
  const out: UnitCounts = {};
  for (const [type, count] of Object.entries(json ?? {})) if (isUnitType(type) && count > 0) out[type] = count;
  return out;
}

/** A small seeded generator (mulberry32), so a battle's draw is the same whoever resolves it. */
function seeded(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function addToVillage(state: VillageState, units: UnitCounts): void {
  for (const [type, count] of Object.entries(units) as [UnitType, number][]) {
    state.unitIds[type] ??= randomUUID();
    state.units[type] = (state.units[type] ?? 0) + count;
  }
}

export interface Place {
  id: string;
  name: string;
  x: number;
  y: number;
  ownerId: string | null;
}

export async function placeOf(tx: Db, villageId: string): Promise<Place | null> {
  const [row] = await tx.select({ id: villages.id, name: villages.name, x: villages.x, y: villages.y, ownerId: villages.ownerId }).from(villages).where(eq(villages.id, villageId));
  return row ?? null;
}

async function usernames(tx: Db, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = ids.filter((id): id is string => id !== null);
  if (wanted.length === 0) return new Map();
  const rows = await tx.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.username]));
}

/** Claims a movement for this transaction; false when someone else already applied it. */
async function claim(tx: Db, movement: MovementRow, at: Date): Promise<boolean> {
  const done = await tx
    .update(movements)
    .set({ resolvedAt: at })
    .where(and(eq(movements.id, movement.id), isNull(movements.resolvedAt)))
    .returning({ id: movements.id });
  return done.length === 1;
}

/** An army (or a hero alone) on its way home, leaving `from` at `at`. */
async function sendHome(tx: Db, movement: MovementRow, from: Place, units: UnitCounts, loot: Resources | null, at: number, worldSpeed: number, speedBonus: number): Promise<MovementRow | null> {
  if (Object.keys(units).length === 0 && !movement.heroId) return null;
  const home = await placeOf(tx, movement.fromVillageId);
  if (!home) return null;
  // A hero alone walks back as fast as the army came.
  const seconds = marchSeconds(from, home, units, worldSpeed, speedBonus) ?? Math.round((movement.arrivesAt.getTime() - movement.departedAt.getTime()) / 1000);
  const [row] = await tx
    .insert(movements)
    .values({
      id: randomUUID(),
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
    })
    .returning();
  return row;
}

/** Troops and loot coming home: they join the village (loot up to the stores) if it still belongs to their owner. */
async function returnHome(tx: Db, movement: MovementRow, state: VillageState, env: VillageEnv): Promise<void> {
  if (movement.heroId) await tx.update(heroes).set({ onMission: false }).where(eq(heroes.id, movement.heroId));
  // A village lost while the army was away takes nothing in; the troops disband.
  if (state.ownerId !== movement.ownerId) return;
  addToVillage(state, unitsOf(movement.units));
  const capacity = villageEconomy(state, env).capacity;
  for (const r of RESOURCE_TYPES) {
    const carried = movement.loot?.[r] ?? 0;
    state.amounts[r] = Math.max(state.amounts[r], Math.min(capacity[r], state.amounts[r] + carried));
  }
  await notifyPlayers(tx, [movement.ownerId], { kind: 'movement_returned', villageId: state.id });
}

/** Reinforcements: into the village if it is the sender's own, else stationed there to defend it. */
async function reinforce(tx: Db, movement: MovementRow, state: VillageState, at: Date): Promise<void> {
  const units = unitsOf(movement.units);
  if (state.ownerId === movement.ownerId) addToVillage(state, units);
  else if (movement.ownerId) {
    await tx.insert(stationedTroops).values({ villageId: state.id, ownerId: movement.ownerId, homeVillageId: movement.fromVillageId, units, arrivedAt: at });
  }
  await notifyPlayers(tx, [movement.ownerId, state.ownerId], { kind: 'movement_landed', villageId: state.id });
}

/** Heroes at home in the village who are neither away nor resting defend it. */
async function defendingHeroes(tx: Db, state: VillageState, at: Date): Promise<HeroRow[]> {
  if (!state.ownerId) return [];
  const rows = await tx.select().from(heroes).where(and(eq(heroes.villageId, state.id), eq(heroes.onMission, false))).for('update');
  return rows.filter((h) => h.userId === state.ownerId && (h.restingUntil === null || h.restingUntil.getTime() <= at.getTime()));
}

async function creditHero(tx: Db, hero: HeroRow, won: boolean, upkeepKilled: number, at: number, worldSpeed: number): Promise<void> {
  await tx
    .update(heroes)
    .set({
      experience: hero.experience + battleExperience(hero.type as HeroType, upkeepKilled),
      victories: hero.victories + (won ? 1 : 0),
      defeats: hero.defeats + (won ? 0 : 1),
      restingUntil: won ? hero.restingUntil : new Date(at + (HERO_REST_HOURS * 3_600_000) / worldSpeed),
    })
    .where(eq(heroes.id, hero.id));
}

/** The battle of an attack or raid landing on the village at the movement's arrival instant. */
async function battle(tx: Db, movement: MovementRow, state: VillageState, env: VillageEnv): Promise<void> {
  const at = movement.arrivesAt;
  const atMs = at.getTime();
  const kind = movement.type as BattleKind;
  const attackers = unitsOf(movement.units);
  const stationed = await tx.select().from(stationedTroops).where(eq(stationedTroops.villageId, state.id)).for('update');
  const home = cleanUnits(state.units);
  const defenders = stationed.reduce((sum, s) => addUnits(sum, unitsOf(s.units)), home);
  const [attackerHero] = movement.heroId ? await tx.select().from(heroes).where(eq(heroes.id, movement.heroId)).for('update') : [];
  const guards = await defendingHeroes(tx, state, at);
  const attackerEffects = await summedEffects(tx, movement.ownerId, movement.worldId, at);
  const defenderEffects = await summedEffects(tx, state.ownerId, movement.worldId, at);
  const wall = state.buildings.filter((b) => b.type === 'wall').sort((a, b) => b.level - a.level)[0];
  const outcome = resolveBattle({
    kind,
    attackers,
    defenders,
    heroAttack: attackerHero?.attack ?? 0,
    heroDefense: guards.reduce((sum, h) => sum + h.defense, 0),
    combatBonusPercent: attackerEffects.combatBonus,
    allianceDefenseBonusPercent: defenderEffects.defenseBonus,
    wallLevel: buildingLevels(state.buildings).wall ?? 0,
    loyalty: state.loyalty,
    isCapital: state.isCapital,
    stock: wholeAmounts(state.amounts),
    random: seeded(movement.id),
  });

  // Defenders fall in the same share in every group: the village's own and each stationed army.
  const homeSide = lose(home, outcome.defenderLossShare);
  for (const type of UNIT_TYPES) state.units[type] = homeSide.survivors[type] ?? 0;
  let defenderLosses = homeSide.losses;
  for (const group of stationed) {
    const side = lose(unitsOf(group.units), outcome.defenderLossShare);
    defenderLosses = addUnits(defenderLosses, side.losses);
    if (Object.keys(side.survivors).length === 0) await tx.delete(stationedTroops).where(eq(stationedTroops.id, group.id));
    else await tx.update(stationedTroops).set({ units: side.survivors }).where(eq(stationedTroops.id, group.id));
  }
  for (const r of RESOURCE_TYPES) state.amounts[r] = Math.max(0, state.amounts[r] - outcome.loot[r]);
  if (wall && outcome.wallDamage > 0) {
    Object.assign(wall, { level: Math.max(0, wall.level - outcome.wallDamage), upgradeStartedAt: null, upgradeFinishesAt: null, updatedAt: atMs });
  }
  const defenderId = state.ownerId;
  state.loyalty = outcome.loyaltyAfter;
  let survivors = outcome.attackerSurvivors;
  if (outcome.conquered && movement.ownerId) {
    // The village changes hands: one jarl stays to rule it, its training stops, its wonder follows it.
    survivors = subtractUnits(survivors, { jarl: 1 });
    state.ownerId = movement.ownerId;
    state.isCapital = false;
    state.orders = [];
    await tx.update(wonders).set({ ownerId: movement.ownerId }).where(eq(wonders.villageId, state.id));
    // The former owner's heroes at home here withdraw to their capital (they stay only if none is left).
    const refuge = defenderId ? await capitalId(tx, defenderId) : null;
    if (defenderId && refuge) await tx.update(heroes).set({ villageId: refuge, onMission: false }).where(and(eq(heroes.villageId, state.id), eq(heroes.userId, defenderId)));
    await notifyPlayers(tx, [movement.ownerId, defenderId], { kind: 'village_changed', villageId: state.id });
  }

  const speed = env.worldSpeed;
  if (attackerHero) await creditHero(tx, attackerHero, outcome.winner === 'attacker', upkeepOf(defenderLosses), atMs, speed);
  for (const guard of guards) await creditHero(tx, guard, outcome.winner === 'defender', upkeepOf(outcome.attackerLosses), atMs, speed);

  const here: Place = { id: state.id, name: state.name, x: state.x, y: state.y, ownerId: state.ownerId };
  await sendHome(tx, movement, here, survivors, outcome.winner === 'attacker' ? outcome.loot : null, atMs, speed, attackerEffects.movementSpeedBonus);
  const origin = (await placeOf(tx, movement.fromVillageId)) ?? { id: movement.fromVillageId, name: '(gone)', x: 0, y: 0, ownerId: null };
  const names = await usernames(tx, [movement.ownerId, defenderId]);
  await tx.insert(battleReports).values({
    worldId: movement.worldId,
    type: kind,
    occurredAt: at,
    attackerId: movement.ownerId,
    attackerName: (movement.ownerId && names.get(movement.ownerId)) || '(gone)',
    attackerVillage: { id: origin.id, name: origin.name, x: origin.x, y: origin.y },
    defenderId,
    defenderName: (defenderId && names.get(defenderId)) || '(abandoned)',
    defenderVillage: { id: here.id, name: here.name, x: here.x, y: here.y },
    attackerUnits: attackers,
    attackerLosses: outcome.attackerLosses,
    defenderUnits: defenders,
    defenderLosses,
    winner: outcome.winner,
    loot: outcome.loot,
    wallDamage: outcome.wallDamage,
    loyaltyChange: outcome.loyaltyChange,
    villageConquered: outcome.conquered,
  });
  const winnerId = outcome.winner === 'attacker' ? movement.ownerId : defenderId;
  if (winnerId) await recordQuestEvents(tx, winnerId, [{ name: 'battle_won' }], at);
  await notifyPlayers(tx, [movement.ownerId, defenderId], { kind: 'report_arrived', villageId: state.id });
}

/**
 * Settles the (locked) village from `before` up to `upTo`, applying the movements that arrive by then in
 * arrival order: the village first settles to each arrival instant (its own upgrades and training that
 * finish earlier come first), the arrival applies, and settling goes on. Returns the state at `upTo`.
 */
export async function settleWithArrivals(tx: Db, before: VillageState, env: VillageEnv, nextArrivalAt: Date | null, upTo: Date): Promise<SettledWithArrivals> {
  let state = before;
  const happened: VillageHappening[] = [];
  if (nextArrivalAt !== null && nextArrivalAt.getTime() <= upTo.getTime()) {
    const due = await tx
      .select()
      .from(movements)
      .where(and(eq(movements.toVillageId, before.id), isNull(movements.resolvedAt), lte(movements.arrivesAt, upTo)))
      .orderBy(asc(movements.arrivesAt), asc(movements.id))
      .for('update');
    for (const movement of due) {
      const settled = settleVillage(state, movement.arrivesAt.getTime(), env);
      state = settled.state;
      happened.push(...settled.happened);
      if (!(await claim(tx, movement, movement.arrivesAt))) continue;
      if (movement.type === 'return') await returnHome(tx, movement, state, env);
      else if (movement.type === 'reinforce') await reinforce(tx, movement, state, movement.arrivesAt);
      else await battle(tx, movement, state, env);
    }
  }
  const settled = settleVillage(state, upTo.getTime(), env);
  happened.push(...settled.happened);
  return { state: settled.state, happened };
}

