// Oases: armies sent to one, their battles against the animals applied in arrival order under the oasis's row lock, annexing and takeover, and what the map shows of them.
import { refuseDuringVacation } from '../vacation/vacation';
import { and, asc, count, eq, gte, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { battleReports, heroes, movements, oases, users, villages, worlds, type MovementRow, type OasisRow } from '../db/schema';
import { inserted } from '../db/rows';
import { badRequest, conflict, forbidden, notFound, say, worded } from '../errors';
import { cleanUnits, shortfallRefusal } from '../../rules/combat';
import { unitCount, unitEntries, type UnitCounts } from '../../rules/units';
import { marchSeconds } from '../../rules/movements';
import { heroMarchRefusal } from '../../rules/march';
import { buildingLevels } from '../../rules/buildings';
import { mapResources } from '../../rules/resources';
import { isInsideWorld } from '../../rules/world';
import { sitterRefusal } from '../../rules/sitters';
import type { OasisBonus } from '../../rules/terrain';
import { oasisBonusEntries } from '../../rules/tile-looks';
import {
  animalCap,
  animalsAt,
  annexRefusal,
  battleAnnexRefusal,
  cleanAnimals,
  OASIS_NAME,
  planOasisBattle,
  type AnimalCounts,
  type OasisBattleNote,
} from '../../rules/oases';
import type { HeroId, OasisId, PlayerId, VillageId, WorldId } from '../../rules/ids';
import { codeOasisBonus, terrainCodes } from '../map/terrain';
import { summedEffects } from '../wonders/effects';
import { notifyPlayers } from '../live/notify';
import { battleReportAlert } from '../../rules/alerts';
import { WILD_ANIMALS, namelessSideWord, oasisWord } from '../../rules/game-words';
import type { Language } from '../../rules/language-choice';
import { recordAlerts } from '../alerts/outbox';
import { recordQuestEvents } from '../progress/quest-events';
import { loadVillageHead } from '../village/store';
import { changeVillage, ownedOpenVillage, settleAndStore } from '../village/villages';
import { oneMovementView } from '../army/movements';
import { claimArrival } from '../army/arrivals';
import { together } from '../db/together';
import { arrivesBeforeWorldEnds, settleInstant } from '../worlds/closure';

/** A world as an oasis needs it: its seed (which tells where oases lie and their kinds), size, speed and end. */
interface OasisWorld {
  id: WorldId;
  seed: number;
  size: number;
  speed: number;
  endsAt: Date | null;
}

/** The oasis on a tile of the world, from the terrain alone: where, its bonus and its animals' cap; null when the tile is no oasis. */
interface OasisTile {
  worldId: WorldId;
  x: number;
  y: number;
  bonus: OasisBonus;
  cap: AnimalCounts;
}

function oasisTile(world: OasisWorld, x: number, y: number): OasisTile | null {
  if (!isInsideWorld(x, y, world.size)) return null;
  const bonus = codeOasisBonus(terrainCodes(world.seed).at(x, y));
  return bonus ? { worldId: world.id, x, y, bonus, cap: animalCap(bonus) } : null;
}

async function worldOf(db: Db, worldId: WorldId): Promise<OasisWorld | null> {
  const [row] = await db.select({ id: worlds.id, seed: worlds.seed, size: worlds.size, speed: worlds.speed, endsAt: worlds.endsAt }).from(worlds).where(eq(worlds.id, worldId));
  return row ?? null;
}

/** The oasis's row, made the first time an army sets out for it (animals at their cap from then). */
async function ensureOasis(tx: Db, tile: OasisTile, now: Date): Promise<OasisRow> {
  await tx.insert(oases).values({ worldId: tile.worldId, x: tile.x, y: tile.y, animals: tile.cap, animalsAt: now }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(oases)
    .where(and(eq(oases.worldId, tile.worldId), eq(oases.x, tile.x), eq(oases.y, tile.y)));
  if (!row) throw notFound('no_oasis');
  return row;
}

/** The animals of a stored oasis at `at`. */
function animalsOf(row: OasisRow, world: OasisWorld, at: Date): AnimalCounts {
  const tile = oasisTile(world, row.x, row.y);
  return animalsAt({ animals: row.animals, at: row.animalsAt.getTime(), held: row.villageId !== null }, at.getTime(), { cap: tile?.cap ?? {}, worldSpeed: world.speed });
}

/** An order to send troops to the oasis on tile (x, y) of the sending village's world; ids already read as what they name. */
export interface OasisOrder {
  fromVillageId: VillageId;
  x: number;
  y: number;
  units: UnitCounts;
  movementType: string;
  heroId?: HeroId;
}

/**
 * Sends units (and optionally a hero) from one of the player's villages to an oasis, as sendTroops does to a village: they
 * leave at once, paid under the village's row lock. Only attacks and raids go to oases. The oasis's row is made on the way
 * (no lock is taken on it here, so the village lock is never held while waiting for an oasis).
 */
export async function sendTroopsToOasis(db: Db, userId: PlayerId, order: OasisOrder, now: Date): Promise<MovementRow> {
  const type = order.movementType;
  if (type !== 'attack' && type !== 'raid') throw conflict('only_battles_to_oases');
  const units = cleanUnits(order.units);
  if (unitCount(units) === 0) throw badRequest('no_units_chosen', [{ field: 'units', ...say('no_units_chosen') }]);
  return db.transaction(async (tx) => {
    const head = ownedOpenVillage(await loadVillageHead(tx, order.fromVillageId, now, true), userId, now);
    refuseDuringVacation(head.ownerVacationEndsAt, now);
    const world = await worldOf(tx, head.village.worldId);
    const tile = world ? oasisTile(world, order.x, order.y) : null;
    if (!tile) throw notFound('no_oasis');
    const [oasis, effects] = await together([ensureOasis(tx, tile, now), summedEffects(tx, userId, tile.worldId, now)]);
    const { village } = await changeVillage(tx, {
      village: head,
      now,
      change: ({ state }) => {
        const short = shortfallRefusal(state.units, units);
        if (short) throw conflict(worded(short));
        for (const [unit, n] of unitEntries(units)) state.units[unit] = (state.units[unit] ?? 0) - n;
      },
    });
    if (order.heroId) {
      const [hero] = await tx.select().from(heroes).where(eq(heroes.id, order.heroId)).for('update');
      const refusal = heroMarchRefusal(
        { movementType: type, playerId: userId, fromVillageId: order.fromVillageId, at: now.getTime() },
        hero ? { name: hero.name, ownerId: hero.userId, villageId: hero.villageId, onMission: hero.onMission, restingUntil: hero.restingUntil?.getTime() ?? null } : null,
      );
      if (refusal?.kind === 'not_yours') throw notFound(worded(refusal.message));
      if (refusal) throw conflict(worded(refusal.message));
      await tx.update(heroes).set({ onMission: true }).where(eq(heroes.id, order.heroId));
    }
    const seconds = marchSeconds(village.state, tile, units, { worldSpeed: village.env.worldSpeed, speedBonusPercent: effects.movementSpeedBonus }) ?? 1;
    const arrivesAt = new Date(now.getTime() + seconds * 1000);
    const rows = await tx
      .insert(movements)
      .values({
        worldId: tile.worldId,
        type,
        ownerId: userId,
        fromVillageId: order.fromVillageId,
        toVillageId: null,
        oasisId: oasis.id,
        units,
        heroId: order.heroId ?? null,
        departedAt: now,
        arrivesAt,
      })
      .returning();
    await notifyPlayers(tx, [userId], { kind: 'movement_launched', villageId: order.fromVillageId, arrivesAt: arrivesAt.toISOString() });
    return inserted(rows);
  });
}

/** The send-troops request with a tile target, ids read as what they name (the route does that once). */
export interface OasisSendRequest {
  fromVillageId: VillageId;
  toVillageId?: string;
  toOasis?: { x: number; y: number };
  units: UnitCounts;
  movementType: string;
  heroId?: HeroId;
  catapultTarget?: string;
  /** The sitter sending in the owner's name, in a sitting session: an army sent to an oasis attacks or raids it, which a sitter may not. */
  sittingBy?: PlayerId | null;
}

/** What a sitter may not do with the owner's armies at oases. */
export const SITTERS_AT_OASES = 'attack or raid oases';

/** POST /api/game/send-troops with a tile target: exactly one target (400 otherwise), then the troops march to the oasis there. */
export async function sendToOasisTile(db: Db, userId: PlayerId, request: OasisSendRequest, now: Date): Promise<{ movement: Schema<'Movement'> }> {
  const { toOasis } = request;
  if (!toOasis || request.toVillageId !== undefined) throw badRequest('one_target', [{ field: 'toOasis', ...say('one_target') }]);
  if (request.sittingBy) throw forbidden(worded(sitterRefusal(SITTERS_AT_OASES)));
  // Said rather than ignored: an aim the army could never follow would otherwise be dropped without a word.
  if (request.catapultTarget !== undefined) throw badRequest('oasis_has_no_buildings', [{ field: 'catapultTarget', ...say('oasis_has_no_buildings') }]);
  const row = await sendTroopsToOasis(db, userId, { ...request, x: toOasis.x, y: toOasis.y }, now);
  return { movement: await oneMovementView(db, row, { userId, now }) };
}

/** A village taking part in an annexing, settled to the battle instant under its row lock. */
interface SettledParty {
  id: VillageId;
  name: string;
  ownerId: PlayerId | null;
  x: number;
  y: number;
  longhouseLevel: number;
}

/**
 * Locks the villages (in id order, so two oasis battles never wait on each other's villages the other way round) and settles
 * each to `at` (or leaves it where it is when it settled past `at` already): what they produced until the oasis changes hands
 * is counted with the bonus they had until then, the lazy-settle rule for any change of a rate.
 */
async function settleParties(tx: Db, ids: readonly VillageId[], at: Date): Promise<Map<VillageId, SettledParty>> {
  const parties = new Map<VillageId, SettledParty>();
  for (const id of [...new Set(ids)].sort()) {
    const head = await loadVillageHead(tx, id, at, true);
    if (!head) continue;
    const upTo = new Date(Math.max(at.getTime(), head.village.resourcesAt.getTime()));
    const { state } = await settleAndStore(tx, head, upTo);
    parties.set(id, { id, name: state.name, ownerId: state.ownerId, x: state.x, y: state.y, longhouseLevel: buildingLevels(state.buildings).longhouse ?? 0 });
  }
  return parties;
}

/** One oasis battle: the oasis as it stands (locked), the movement landing, and the world. */
interface OasisLanding {
  oasis: OasisRow;
  movement: MovementRow;
  world: OasisWorld;
}

/** Whose name a report gives, or '(gone)'. */
async function usernameOf(tx: Db, id: PlayerId | null): Promise<string> {
  if (!id) return '(gone)';
  const [row] = await tx.select({ username: users.username }).from(users).where(eq(users.id, id));
  return row?.username ?? '(gone)';
}

/**
 * The battle of an attack or raid landing on an oasis at its arrival instant: the animals there then fight (no wall, no loot,
 * no loyalty), the hero learns, an attack that meets the rules annexes the oasis (taking it from the village that held it),
 * the army marches home as a return movement, and the attacker gets a report. Returns the oasis as it is afterwards.
 */
async function fightAtOasis(tx: Db, { oasis, movement, world }: OasisLanding): Promise<OasisRow> {
  const at = movement.arrivesAt;
  const kind = movement.type === 'attack' ? 'attack' : 'raid';
  const animals = animalsOf(oasis, world, at);
  const [hero] = movement.heroId ? await tx.select().from(heroes).where(eq(heroes.id, movement.heroId)).for('update') : [];
  const effects = await summedEffects(tx, movement.ownerId, world.id, at);
  const attackers = cleanUnits(movement.units);
  const plan = planOasisBattle({
    kind,
    attackers,
    attackerHero: hero
      ? { id: hero.id, type: hero.type, attack: hero.attack, defense: hero.defense, experience: hero.experience, victories: hero.victories, defeats: hero.defeats, restingUntil: hero.restingUntil?.getTime() ?? null }
      : null,
    combatBonusPercent: effects.combatBonus,
    animals,
    at: at.getTime(),
    worldSpeed: world.speed,
  });
  if (hero && plan.hero) {
    await tx
      .update(heroes)
      .set({ experience: plan.hero.experience, victories: plan.hero.victories, defeats: plan.hero.defeats, restingUntil: plan.hero.restingUntil === null ? null : new Date(plan.hero.restingUntil) })
      .where(eq(heroes.id, hero.id));
  }

  // Annexing is weighed only for a won attack led by a hero that left no animals: only then are villages locked and settled.
  const formerId = oasis.villageId;
  let annexed = false;
  let notAnnexed: string | null = null;
  let takenFrom: SettledParty | null = null;
  const attempt = { kind, won: plan.winner === 'attacker', heroLed: hero !== undefined, animalsLeft: plan.animalsAfter } as const;
  const early = battleAnnexRefusal(attempt);
  if (early === null) {
    const parties = await settleParties(tx, formerId ? [movement.fromVillageId, formerId] : [movement.fromVillageId], at);
    const home = parties.get(movement.fromVillageId);
    const [held] = await tx.select({ n: count() }).from(oases).where(eq(oases.villageId, movement.fromVillageId));
    notAnnexed = home
      ? annexRefusal({
          ...attempt,
          village: { x: home.x, y: home.y, longhouseLevel: home.longhouseLevel, oasesHeld: Number(held?.n ?? 0), holdsThis: formerId === home.id, ownedByAttacker: home.ownerId === movement.ownerId },
          oasis: { x: oasis.x, y: oasis.y },
        })
      : 'The attacking village is gone';
    annexed = notAnnexed === null;
    takenFrom = annexed && formerId ? (parties.get(formerId) ?? null) : null;
  } else if (kind === 'attack') {
    notAnnexed = early;
  }
  const [after] = await tx
    .update(oases)
    .set(annexed ? { villageId: movement.fromVillageId, annexedAt: at, animals: {}, animalsAt: at } : { animals: cleanAnimals(plan.animalsAfter), animalsAt: at })
    .where(eq(oases.id, oasis.id))
    .returning();

  // Home as a return movement from the oasis (a hero alone walks back as fast as the army came).
  const [home] = await tx.select({ x: villages.x, y: villages.y }).from(villages).where(eq(villages.id, movement.fromVillageId));
  if (home && (unitCount(plan.attackerSurvivors) > 0 || movement.heroId)) {
    const seconds =
      marchSeconds(oasis, home, plan.attackerSurvivors, { worldSpeed: world.speed, speedBonusPercent: effects.movementSpeedBonus }) ??
      Math.round((movement.arrivesAt.getTime() - movement.departedAt.getTime()) / 1000);
    await tx.insert(movements).values({
      worldId: movement.worldId,
      type: 'return',
      ownerId: movement.ownerId,
      fromVillageId: movement.fromVillageId,
      toVillageId: movement.fromVillageId,
      oasisId: oasis.id,
      units: plan.attackerSurvivors,
      heroId: movement.heroId,
      loot: null,
      departedAt: at,
      arrivesAt: new Date(at.getTime() + seconds * 1000),
    });
  }

  const [origin] = await tx.select({ id: villages.id, name: villages.name, x: villages.x, y: villages.y }).from(villages).where(eq(villages.id, movement.fromVillageId));
  const note: OasisBattleNote = { x: oasis.x, y: oasis.y, animals, animalLosses: plan.animalLosses, annexed, notAnnexed, takenFrom: takenFrom?.name ?? null };
  await tx.insert(battleReports).values({
    worldId: movement.worldId,
    type: kind,
    occurredAt: at,
    attackerId: movement.ownerId,
    attackerName: await usernameOf(tx, movement.ownerId),
    attackerVillage: origin ?? { id: movement.fromVillageId, name: '(gone)', x: 0, y: 0 },
    defenderId: null,
    defenderName: WILD_ANIMALS,
    defenderVillage: { id: oasis.id, name: OASIS_NAME, x: oasis.x, y: oasis.y },
    attackerUnits: attackers,
    attackerLosses: plan.attackerLosses,
    defenderUnits: {},
    defenderLosses: {},
    winner: plan.winner,
    loot: mapResources(() => 0),
    oasis: note,
    // Nobody defends an oasis: the report is the attacker's alone.
    defenderRead: true,
  });
  if (plan.winner === 'attacker' && movement.ownerId) await recordQuestEvents(tx, movement.ownerId, [{ name: 'battle_won' }], at);
  await notifyPlayers(tx, [movement.ownerId], { kind: 'report_arrived', villageId: movement.fromVillageId });
  const place = (language: Language) => ({ name: oasisWord(language), x: oasis.x, y: oasis.y });
  await recordAlerts(tx, [{ userId: movement.ownerId, alert: (language) => battleReportAlert({ side: 'attacker', type: kind, village: place(language), opponent: namelessSideWord(WILD_ANIMALS, language), winner: plan.winner }, language) }], at);
  if (annexed) await notifyPlayers(tx, [movement.ownerId, takenFrom?.ownerId ?? null], { kind: 'village_changed', villageId: movement.fromVillageId });
  return after ?? oasis;
}

/**
 * Applies the attacks and raids that reached the oasis by `upTo`, in arrival order, each exactly once: the oasis row is
 * locked first, then its due movements (claimed one by one, as arrivals at a village are). Returns how many it applied.
 */
export async function applyOasisArrivals(tx: Db, oasisId: OasisId, asked: Date): Promise<number> {
  // `no key update`: an order inserting a movement for this oasis (a foreign key takes `key share`) is not held up by it.
  const [locked] = await tx.select().from(oases).where(eq(oases.id, oasisId)).for('no key update');
  if (!locked) return 0;
  const world = await worldOf(tx, locked.worldId);
  if (!world) return 0;
  // An army that would land after its world's end never does.
  const upTo = settleInstant(world.endsAt, asked);
  const due = await tx
    .select()
    .from(movements)
    .where(and(eq(movements.oasisId, oasisId), isNull(movements.toVillageId), isNull(movements.resolvedAt), lte(movements.arrivesAt, upTo)))
    .orderBy(asc(movements.arrivesAt), asc(movements.id))
    .for('update');
  let oasis = locked;
  let applied = 0;
  for (const movement of due) {
    if (!(await claimArrival(tx, movement))) continue;
    oasis = await fightAtOasis(tx, { oasis, movement, world });
    applied += 1;
  }
  return applied;
}

/** A bound on oasis battles per sweep, so a sweep always ends. */
const MAX_OASIS_SWEEP = 200;

/**
 * The sweeper's part: the oases with arrivals due by `now`, earliest arrival first, each in its own transaction. An oasis
 * another transaction holds is skipped (`skip locked`): whoever holds it applies its arrivals.
 */
export async function sweepDueOasisArrivals(db: Db, now: Date): Promise<number> {
  let applied = 0;
  for (let round = 0; round < MAX_OASIS_SWEEP; round++) {
    const done = await db.transaction(async (tx) => {
      const [next] = await tx
        .select({ oasisId: oases.id })
        .from(movements)
        .innerJoin(oases, eq(oases.id, movements.oasisId))
        .where(and(isNull(movements.toVillageId), isNull(movements.resolvedAt), lte(movements.arrivesAt, now), arrivesBeforeWorldEnds))
        .orderBy(asc(movements.arrivesAt), asc(movements.id))
        .limit(1)
        .for('no key update', { of: oases, skipLocked: true });
      return next ? applyOasisArrivals(tx, next.oasisId, now) : null;
    });
    if (done === null) break;
    applied += done;
  }
  return applied;
}

/** Applies the player's attacks and raids on oases due by `now`, so a battle they fought shows at once. */
export async function settleDueOasisArrivalsFor(db: Db, userId: PlayerId, now: Date): Promise<void> {
  const due = await db
    .selectDistinct({ oasisId: movements.oasisId })
    .from(movements)
    .where(and(eq(movements.ownerId, userId), isNull(movements.toVillageId), isNull(movements.resolvedAt), lte(movements.arrivesAt, now), arrivesBeforeWorldEnds));
  for (const { oasisId } of due) {
    if (oasisId) await db.transaction((tx) => applyOasisArrivals(tx, oasisId, now));
  }
}

/** The oasis ends of movements as a movement shows them: name, tile and id. */
export async function oasisPlaces(db: Db, ids: readonly OasisId[]): Promise<Map<string, { id: string; name: string; x: number; y: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: oases.id, x: oases.x, y: oases.y }).from(oases).where(inArray(oases.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { id: r.id, name: OASIS_NAME, x: r.x, y: r.y }]));
}

/** Who holds an oasis, as the map shows it. */
export type OasisHolder = Schema<'OasisHolder'>;

/** A rectangle of tiles of one world. */
export interface TileBox {
  worldId: WorldId;
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/** The held oases of a rectangle with their holders (village, and its player's name). */
export async function heldOasesIn(db: Db, box: TileBox): Promise<{ x: number; y: number; holder: OasisHolder }[]> {
  const rows = await db
    .select({ x: oases.x, y: oases.y, villageId: villages.id, villageName: villages.name, ownerId: villages.ownerId, username: users.username })
    .from(oases)
    .innerJoin(villages, eq(villages.id, oases.villageId))
    .leftJoin(users, eq(users.id, villages.ownerId))
    .where(and(eq(oases.worldId, box.worldId), isNotNull(oases.villageId), gte(oases.x, box.minX), lte(oases.x, box.maxX), gte(oases.y, box.minY), lte(oases.y, box.maxY)));
  return rows.map((r) => ({
    x: r.x,
    y: r.y,
    holder: { villageId: r.villageId, villageName: r.villageName, owner: r.ownerId && r.username ? { id: r.ownerId, username: r.username } : null },
  }));
}

/** The `oasis` member of a held oasis's map tile, as JSON text. */
export function oasisHolderJson(holder: OasisHolder): string {
  return JSON.stringify({ holder });
}

/** The villages holding the oases of a rectangle, by tile ("x,y"). */
export async function oasisHoldersIn(db: Db, box: TileBox): Promise<Map<string, VillageId>> {
  const rows = await db
    .select({ x: oases.x, y: oases.y, villageId: oases.villageId })
    .from(oases)
    .where(and(eq(oases.worldId, box.worldId), isNotNull(oases.villageId), gte(oases.x, box.minX), lte(oases.x, box.maxX), gte(oases.y, box.minY), lte(oases.y, box.maxY)));
  return new Map(rows.flatMap((r) => (r.villageId ? [[`${r.x},${r.y}`, r.villageId] as const] : [])));
}

/** One oasis as the map's tile details show it at `now`: its bonuses, who holds it, and the animals there now. */
export async function oasisDetails(db: Db, where: { worldId: WorldId; x: number; y: number }, now: Date): Promise<Schema<'OasisDetails'>> {
  const world = await worldOf(db, where.worldId);
  if (!world) throw notFound('no_such_world');
  const tile = oasisTile(world, where.x, where.y);
  if (!tile) throw notFound('no_oasis');
  const [row] = await db
    .select()
    .from(oases)
    .where(and(eq(oases.worldId, world.id), eq(oases.x, tile.x), eq(oases.y, tile.y)));
  const [holder] = await heldOasesIn(db, { worldId: world.id, minX: tile.x, maxX: tile.x, minY: tile.y, maxY: tile.y });
  return {
    worldId: world.id,
    x: tile.x,
    y: tile.y,
    bonuses: oasisBonusEntries(tile.bonus),
    holder: holder?.holder ?? null,
    // An oasis nobody marched to yet is full.
    animals: row ? animalsOf(row, world, now) : tile.cap,
    maxAnimals: tile.cap,
  };
}
