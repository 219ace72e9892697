// Villages: reading (settled to now) and the game actions on them; each action locks, settles, applies a rule and writes in one transaction.
import { refuseDuringVacation } from '../vacation/vacation';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import { movements, villages } from '../db/schema';
import type { Db } from '../db/open';
import type { RequestBody } from '../../contract';
import { GameError, badRequest, conflict, errorText, forbidden, notFound, say, worded } from '../errors';
import type { Resources } from '../../rules/resources';
import { RESOURCE_TYPES, canAfford, subtractResources } from '../../rules/resources';
import type { BuildingType } from '../../rules/buildings';
import {
  BUILDING_MESSAGES,
  MAX_BUILDING_LEVEL,
  buildTimeSeconds,
  buildingCost,
  buildingLevels,
  isBuildingType,
  placementRefusal,
  upgradeRefusal,
} from '../../rules/buildings';
import type { UnitType } from '../../rules/units';
import { UNITS, trainingCost, trainingTimeSeconds } from '../../rules/units';
import { normaliseVillageName, villageNameError } from '../../rules/validation';
import { spedUpTraining } from '../../rules/world-events';
import { nextEventAt, starvationIn, wholeAmounts, type StarvationRecord, type VillageEnv, type VillageState } from '../../rules/village-timeline';
import type { PlayerId, VillageId } from '../../rules/ids';
import {
  capitalId,
  loadOwnerHeads,
  loadParts,
  loadVillageHead,
  settleStoredVillage,
  starvationColumns,
  storedStarvation,
  toVillageState,
  type LoadedHead,
  type StoredVillageState,
  type VillageHead,
  type VillageParts,
  villageWrites,
} from './store';
import * as views from './views';
import { happeningsAsQuestEvents, questEventsWrite } from '../progress/quest-events';
import { noticesTo } from '../live/notify';
import { constructionNews } from '../../rules/alerts';
import { alertsWrite, languagesOf } from '../alerts/outbox';
import { growsAtColumns, settleAndGrow } from './growth';
import { protectionEnds, protectionOverFor } from '../worlds/protection';
import { settleDueOasisArrivalsFor } from '../oases/oases';
import { writeAsOne } from '../db/one-statement';
import { arrivesBeforeWorldEnds, gateOfVillage, hasEnded, refuseUnlessOpen, settleInstant } from '../worlds/closure';

export const NOT_ENOUGH_RESOURCES = errorText('not_enough_resources');

export interface SettledVillage {
  state: StoredVillageState;
  env: VillageEnv;
  now: number;
  /** The village's last starvation: the one this settle applied, else the one stored (however old: the views decide what to show). */
  starvation: StarvationRecord | null;
  /** When the village was founded (its row's `createdAt`): its owner joined its world no later. */
  foundedAt: Date;
}

function checkOwner<H extends VillageHead>(head: H | null, userId: PlayerId): H {
  if (!head) throw notFound('no_such_village');
  if (head.village.ownerId !== userId) throw forbidden('village_not_yours');
  return head;
}

/**
 * Settles a village that was read without a lock. When nothing fell due (the usual case) the settled
 * state stays in memory: resources are computed on read and nothing is written. Otherwise the events
 * are applied for real under the row lock.
 */
async function settleForRead(db: Db, head: VillageHead, parts: VillageParts, asked: Date): Promise<SettledVillage> {
  const env = head.env;
  // In an ended world the village stands as it stood at the end.
  const now = settleInstant(head.worldEndsAt, asked);
  const settled = settleStoredVillage(toVillageState(head.village, parts), now.getTime(), env);
  const due = [head.village.nextEventAt, head.nextArrivalAt].some((at) => at !== null && at.getTime() <= now.getTime());
  // Nothing fell due, so nothing starved on the way: the stored starvation is still the last one.
  if (settled.steps === 0 && !due) return { state: settled.state, env, now: now.getTime(), starvation: storedStarvation(head.village), foundedAt: head.village.createdAt };
  return db.transaction(async (tx) => {
    const locked = await loadVillageHead(tx, head.village.id, asked, true);
    if (!locked) throw notFound('no_such_village');
    return settleAndStore(tx, locked, asked);
  });
}

/** The player's village `villageId` (403/404 when not theirs), or without one their first capital, settled to now; null when they have none. */
export async function settledVillageOf(db: Db, userId: PlayerId, now: Date, villageId?: VillageId): Promise<SettledVillage | null> {
  if (villageId) return readVillage(db, userId, villageId, now);
  const capital = await capitalId(db, userId);
  return capital ? readVillage(db, userId, capital, now) : null;
}

/** One of the caller's villages, settled to now. */
export async function readVillage(db: Db, userId: PlayerId, villageId: VillageId, now: Date): Promise<SettledVillage> {
  const head = checkOwner(await loadVillageHead(db, villageId, now), userId);
  return settleForRead(db, head, head.parts, now);
}

/**
 * The player's villages in every world, settled to now: those of worlds still played first (a player who joined the next
 * round lands there), then capital first, then oldest first.
 */
export async function settledVillagesOf(db: Db, userId: PlayerId, now: Date): Promise<SettledVillage[]> {
  const heads = await loadOwnerHeads(db, userId, now);
  heads.sort(
    (a, b) =>
      Number(hasEnded({ status: a.worldStatus, endsAt: a.worldEndsAt }, now)) - Number(hasEnded({ status: b.worldStatus, endsAt: b.worldEndsAt }, now)) ||
      Number(b.village.isCapital) - Number(a.village.isCapital) ||
      a.village.createdAt.getTime() - b.village.createdAt.getTime() ||
      a.village.name.localeCompare(b.village.name),
  );
  const parts = await loadParts(
    db,
    heads.map((h) => h.village.id),
  );
  const settled: SettledVillage[] = [];
  for (const head of heads) settled.push(await settleForRead(db, head, parts.get(head.village.id)!, now));
  return settled;
}

/** Settles the player's villages that have something due, so what they finished is stored (and counts for quests). */
export async function settleDueVillagesOf(db: Db, userId: PlayerId, now: Date): Promise<void> {
  const due = (await loadOwnerHeads(db, userId, now)).filter((h) => h.village.nextEventAt !== null && h.village.nextEventAt.getTime() <= now.getTime());
  if (due.length === 0) return;
  const parts = await loadParts(
    db,
    due.map((h) => h.village.id),
  );
  for (const head of due) await settleForRead(db, head, parts.get(head.village.id)!, now);
}

/**
 * Applies the movements due by `now` that concern the player: those arriving at their villages, and their
 * own armies arriving elsewhere (so a battle they fought shows at once, not only after the next sweep).
 */
export async function settleDueArrivalsFor(db: Db, userId: PlayerId, now: Date): Promise<void> {
  // Their attacks and raids on oases first: an oasis battle sends its army home as a movement to one of their villages.
  await settleDueOasisArrivalsFor(db, userId, now);
  const mine = db.select({ id: villages.id }).from(villages).where(eq(villages.ownerId, userId));
  const due = await db
    .selectDistinct({ villageId: movements.toVillageId })
    .from(movements)
    .where(and(isNull(movements.resolvedAt), lte(movements.arrivesAt, now), arrivesBeforeWorldEnds, or(eq(movements.ownerId, userId), inArray(movements.toVillageId, mine))));
  for (const { villageId } of due) {
    if (!villageId) continue;
    await db.transaction(async (tx) => {
      const head = await loadVillageHead(tx, villageId, now, true);
      if (head) await settleAndStore(tx, head, now);
    });
  }
}

/**
 * Inside `tx`, settles every village of the given players to `now` under their row locks (in id order, so
 * two such calls never deadlock). Called before something the villages' rates depend on changes for good,
 * such as a player leaving an alliance whose wonders raise production.
 */
export async function settleVillagesOf(tx: Db, ownerIds: readonly PlayerId[], now: Date): Promise<void> {
  if (ownerIds.length === 0) return;
  const ids = await tx
    .select({ id: villages.id })
    .from(villages)
    .where(inArray(villages.ownerId, [...ownerIds]))
    .orderBy(asc(villages.id));
  for (const { id } of ids) {
    const head = await loadVillageHead(tx, id, now, true);
    if (head) await settleAndStore(tx, head, now);
  }
}

/** The caller's villages in every world, capital first, then oldest first. */
export async function listVillages(db: Db, userId: PlayerId, now: Date): Promise<{ villages: views.VillageView[] }> {
  return { villages: (await settledVillagesOf(db, userId, now)).map((v) => views.villageView(v.state)) };
}

/** One change of one village: which village, when, and the rule that changes it. */
export interface VillageChange<T> {
  /**
   * The village as read with its row lock. A player's action passes it through playersVillage or ownedOpenVillage
   * first; the game's own changes (settling what fell due, rewards, operators) do not.
   */
  village: VillageHead & { parts: VillageParts };
  now: Date;
  /** The rule applied to the settled state; a GameError thrown here changes nothing. (settleAndStore applies none.) */
  change: (village: SettledVillage) => T;
}

/** A village a player acts on at `now`: theirs (404, 403) and in a world open to play (409 once ended, 503 in maintenance). */
export function ownedOpenVillage(loaded: LoadedHead | null, actor: PlayerId, now: Date): LoadedHead {
  const head = checkOwner(loaded, actor);
  refuseUnlessOpen(gateOfVillage(head), now);
  return head;
}

/**
 * Inside `tx`, the player's village read under its row lock and checked as ownedOpenVillage does, and refused while the
 * player is on vacation in its world.
 */
export async function playersVillage(tx: Db, { actor, villageId, now }: VillageOrder): Promise<LoadedHead> {
  const head = ownedOpenVillage(await loadVillageHead(tx, villageId, now, true), actor, now);
  // The actor is the owner (ownedOpenVillage): the locked read brought their vacation in this world.
  refuseDuringVacation(head.ownerVacationEndsAt, now);
  return head;
}

/**
 * The one way to change a village. Inside `tx`, with the village row locked: settle it to `now` (applying the armies that
 * arrive on the way), let the rule change the state, write back what changed, queue the quest events of whatever finished,
 * and when units starved, keep the losses for the village page and tell the owner. Settling is deterministic, so settling
 * twice in a row changes nothing.
 */
export async function changeVillage<T>(tx: Db, { village: head, now: asked, change }: VillageChange<T>): Promise<{ result: T; village: SettledVillage }> {
  const env = head.env;
  // Nothing of a village is settled past its world's end: what was due later never happens (src/rules/world-rounds.ts).
  const now = settleInstant(head.worldEndsAt, asked);
  const before = toVillageState(head.village, head.parts);
  const growsAt = head.village.growsAt?.getTime() ?? null;
  const grown = await settleAndGrow(tx, { before, env, nextArrivalAt: head.nextArrivalAt, growsAt, upTo: now });
  const { state, happened } = grown;
  const starved = starvationIn(happened);
  const village: SettledVillage = { state, env, now: now.getTime(), starvation: starved ?? storedStarvation(head.village), foundedAt: head.village.createdAt };
  const result = change(village);
  // A barbarian village's next growth step is one of its events: the sweeper settles it then.
  const due = [nextEventAt(state, env), grown.growsAt].filter((at) => at !== null);
  const built = constructionNews(state, happened);
  // Alerts while away: the levels that finished, to the owner who built them (none across a conquest in the span).
  const alerted = built && state.ownerId && before.ownerId === state.ownerId ? [{ userId: state.ownerId, alert: built }] : [];
  const languages = alerted.length > 0 ? await languagesOf(tx, [alerted[0]!.userId]) : null;
  // The writes do not depend on each other and touch different rows: one statement (db/one-statement.ts).
  await writeAsOne(
    tx,
    [
      // This settle's losses replace the stored ones, for the village page; a settle that starves nobody writes none.
      ...villageWrites(tx, before, state, {
        nextEventAt: due.length > 0 ? Math.min(...due) : null,
        extras: { ...growsAtColumns({ was: head.village.growsAt, now: grown.growsAt }), ...(starved ? starvationColumns(starved) : {}) },
      }),
      before.ownerId ? questEventsWrite(tx, before.ownerId, happeningsAsQuestEvents(happened), now) : null,
      languages ? alertsWrite(tx, alerted, now, languages) : null,
    ],
    // Whoever settles it (a read, an action, the sweeper), the owner hears of losses to hunger; a village conquered on the
    // way has two owners in the span, and both are told (the notice only makes their pages read the village again).
    [starved ? noticesTo([before.ownerId, state.ownerId], { kind: 'units_starved', villageId: state.id }) : null],
  );
  return { result, village };
}

/** Inside `tx`, settles the village read under its row lock to `now` and stores it: changeVillage with no rule to apply. */
export async function settleAndStore(tx: Db, head: VillageHead & { parts: VillageParts }, now: Date): Promise<SettledVillage> {
  return (await changeVillage(tx, { village: head, now, change: () => undefined })).village;
}

/** Who acts on which of their villages, and when: every player's village action starts from one. */
export interface VillageOrder {
  actor: PlayerId;
  villageId: VillageId;
  now: Date;
}

/** A player's game action on one of their villages, in a transaction of its own. */
function actOnVillage<T>(db: Db, { actor, villageId, now }: VillageOrder, change: (village: SettledVillage) => T): Promise<{ result: T; village: SettledVillage }> {
  return db.transaction(async (tx) => changeVillage(tx, { village: await playersVillage(tx, { actor, villageId, now }), now, change }));
}

/** Inside `tx`, pays `price` from one of the player's villages under its row lock, or refuses (409) changing nothing. */
export async function payFromVillage(tx: Db, { actor, villageId, now }: VillageOrder, price: Resources): Promise<SettledVillage> {
  return (await changeVillage(tx, { village: await playersVillage(tx, { actor, villageId, now }), now, change: ({ state }) => pay(state, price) })).village;
}

/** Pays `price` from the village's stock, or refuses with 409 naming what is missing. */
export function pay(state: VillageState, price: Resources): void {
  if (!canAfford(state.amounts, price)) {
    const have = wholeAmounts(state.amounts);
    const details = RESOURCE_TYPES.filter((r) => state.amounts[r] < price[r]).map((r) => ({
      field: r,
      ...say('resource_short', { amount: price[r], resource: r, have: have[r] }),
    }));
    throw new GameError(409, say('not_enough_resources'), details);
  }
  state.amounts = subtractResources(state.amounts, price);
}

function constructionRunning(state: VillageState): boolean {
  return state.buildings.some((b) => b.upgradeFinishesAt !== null);
}

/** The great hall level that speeds up work started now (1 if the village somehow has none). */
function greatHallLevel(state: VillageState): number {
  return Math.max(1, buildingLevels(state.buildings).great_hall ?? 0);
}

/** Bad input rather than a conflict with the village's state. */
const PLACEMENT_BAD_INPUT: readonly string[] = [BUILDING_MESSAGES.fieldNotPlaceable, BUILDING_MESSAGES.notInnerSlot];

export async function constructBuilding(db: Db, order: VillageOrder, input: RequestBody<'constructBuilding'>): Promise<{ building: views.BuildingView }> {
  const type: BuildingType = input.buildingType;
  const { result } = await actOnVillage(db, order, ({ state, env, now: at }) => {
    const refusal = placementRefusal(type, input.slot, state.buildings, constructionRunning(state));
    if (refusal) throw PLACEMENT_BAD_INPUT.includes(refusal) ? badRequest(worded(refusal)) : conflict(worded(refusal));
    pay(state, buildingCost(type, 1));
    const seconds = buildTimeSeconds(type, 1, greatHallLevel(state), env.worldSpeed);
    const building = {
      id: randomUUID(),
      slot: input.slot,
      type,
      level: 0,
      upgradeStartedAt: at,
      upgradeFinishesAt: at + seconds * 1000,
      updatedAt: at,
    };
    state.buildings.push(building);
    return views.buildingView(building, at);
  });
  return { building: result };
}

export async function upgradeBuilding(db: Db, order: VillageOrder, buildingId: string): Promise<{ building: views.BuildingView }> {
  const { result } = await actOnVillage(db, order, ({ state, env, now: at }) => {
    const building = state.buildings.find((b) => b.id === buildingId);
    if (!building) throw notFound('no_such_building');
    const refusal = upgradeRefusal(
      { level: building.level, isUpgrading: building.upgradeFinishesAt !== null },
      constructionRunning(state),
    );
    if (refusal) throw conflict(worded(refusal));
    const level = building.level + 1;
    pay(state, buildingCost(building.type, level));
    const seconds = buildTimeSeconds(building.type, level, greatHallLevel(state), env.worldSpeed);
    building.upgradeStartedAt = at;
    building.upgradeFinishesAt = at + seconds * 1000;
    building.updatedAt = at;
    return views.buildingView(building, at);
  });
  return { building: result };
}

export async function trainUnits(db: Db, order: VillageOrder, input: RequestBody<'trainUnits'>): Promise<{ unit: views.UnitView }> {
  const type: UnitType = input.unitType;
  // The contract bounds the count (1 to the largest order) and gives 1 when it is left out.
  const count = input.count ?? 1;
  const { result } = await actOnVillage(db, order, ({ state, env, now: at }) => {
    const info = UNITS[type];
    const level = buildingLevels(state.buildings)[info.trainedIn] ?? 0;
    if (level < 1) throw conflict('training_needs_building', { unit: type, building: info.trainedIn });
    pay(state, trainingCost(type, count));
    const secondsEach = spedUpTraining(trainingTimeSeconds(type, level, env.worldSpeed), env.trainingBonusPercent ?? 0);
    // Orders of a village run one after another: this one starts when the last queued one ends.
    const startedAt = Math.max(at, ...state.orders.map((o) => o.finishesAt));
    state.orders.push({
      id: randomUUID(),
      unitType: type,
      count,
      done: 0,
      secondsEach,
      startedAt,
      finishesAt: startedAt + count * secondsEach * 1000,
    });
    if (!state.unitIds[type]) state.unitIds[type] = randomUUID();
    state.units[type] = state.units[type] ?? 0;
    return views.unitView(state, type, at)!;
  });
  return { unit: result };
}

export async function renameVillage(db: Db, order: VillageOrder, rawName: string): Promise<{ village: views.VillageView }> {
  const name = normaliseVillageName(rawName);
  if (name === '') throw badRequest('village_name_required', [{ field: 'name', ...say('village_name_required') }]);
  const problem = villageNameError(name);
  if (problem) throw badRequest(worded(problem), [{ field: 'name', message: problem }]);
  const { village } = await actOnVillage(db, order, ({ state }) => {
    // The same name again is accepted and changes nothing, as the client's rename prompt ignores an unchanged answer.
    if (name !== state.name) state.name = name;
  });
  return { village: views.villageView(village.state) };
}

/** Cost and build time of one level at world speed 1 with great hall level 1. */
export function buildingCostQuote(buildingType: string, level: number): { buildingType: BuildingType; level: number; cost: Resources; buildTime: number } {
  if (!isBuildingType(buildingType)) throw badRequest('unknown_building_type', { type: buildingType });
  if (!Number.isInteger(level) || level < 1 || level > MAX_BUILDING_LEVEL) {
    throw badRequest('building_level_out_of_range', { max: MAX_BUILDING_LEVEL });
  }
  return { buildingType, level, cost: buildingCost(buildingType, level), buildTime: buildTimeSeconds(buildingType, level, 1, 1) };
}

// Read views of one village, each settled to now.

export async function villageOf(db: Db, userId: PlayerId, villageId: VillageId, now: Date) {
  const { state } = await readVillage(db, userId, villageId, now);
  return { village: views.villageView(state) };
}

export async function villageOverview(db: Db, userId: PlayerId, villageId: VillageId, now: Date) {
  const { state, env, starvation, foundedAt } = await readVillage(db, userId, villageId, now);
  // Most villages are older than protection lasts: then their owner's has ended, and no statement needs to say so.
  const shields =
    state.ownerId && !protectionOverFor(env.worldSpeed, foundedAt, now) ? await protectionEnds(db, { id: state.worldId, speed: env.worldSpeed }, [state.ownerId], now) : null;
  return {
    ...views.overview(state, env, now.getTime(), state.ownerId ? (shields?.get(state.ownerId) ?? null) : null),
    starvation: views.starvationView(starvation, now.getTime()),
  };
}

export async function villageBuildings(db: Db, userId: PlayerId, villageId: VillageId, now: Date) {
  const { state } = await readVillage(db, userId, villageId, now);
  return { buildings: views.buildingViews(state, now.getTime()), constructionQueue: views.constructionQueue(state, now.getTime()) };
}

export async function villageUnits(db: Db, userId: PlayerId, villageId: VillageId, now: Date) {
  const { state, env } = await readVillage(db, userId, villageId, now);
  return { units: views.unitViews(state, now.getTime()), availableUnitTypes: views.availableUnitTypes(state, env) };
}

export async function villageFields(db: Db, userId: PlayerId, villageId: VillageId, now: Date) {
  const { state, env } = await readVillage(db, userId, villageId, now);
  return { fields: views.fieldViews(state, env, now.getTime()) };
}

export async function villageProduction(db: Db, userId: PlayerId, villageId: VillageId, now: Date) {
  const { state, env } = await readVillage(db, userId, villageId, now);
  return views.productionView(state, env);
}
