// Joining a world: the new player's capital, founded under the world's row lock; players who join the same world at once are founded together, in one transaction, so that a world opening takes seconds rather than a lock wait per player.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/open';
import { buildings, villages, type UserRow } from '../db/schema';
import { GameError, conflict } from '../errors';
import { refuseUnlessOpen, worldGate } from './closure';
import { STARTING_BUILDINGS } from '../../rules/buildings';
import { startingStock } from '../../rules/resources';
import { isEmptyLand } from '../../rules/terrain';
import { PointGrid, findCapitalSpot, type Point } from '../../rules/world';
import { idOf, type PlayerId, type VillageId, type WorldId } from '../../rules/ids';
import type { Clock } from '../clock';
import { villageView, type VillageView } from '../village/views';
import { toVillageState } from '../village/store';
import { barbarianSitesFor, foundBarbarians, isGoodCapitalSite, type StandingVillage } from './barbarians';
import { capitalName, findWorld, playerCount, worldView, type WorldView } from './worlds';
import { together } from '../db/together';

/** What a join answers: the world (with its players counted after the join) and the new capital. */
export interface JoinReply {
  world: WorldView;
  village: VillageView;
}

/** A player asking to join, and the dice that pick the tile of their capital (fair ones unless a test loads them). */
export interface Joiner {
  user: Pick<UserRow, 'id' | 'username'>;
  random?: () => number;
}

/** Each joiner's reply, or the error (a refusal such as a full world) that answers them. */
export type JoinOutcome = { reply: JoinReply } | { error: unknown };

/** A capital chosen for a joiner, with the barbarian villages it needs beside it. */
interface Placement {
  joiner: number;
  spot: Point;
  barbarians: Point[];
  /** Players in the world once this one has joined. */
  players: number;
}

/**
 * Founds the capitals of `joiners` in the world, in one transaction that holds the world's row lock, in the order given:
 * each on a free empty tile in the ring 40..120 from the centre, at least 3 tiles from any village (those founded for the
 * joiners before it included), chosen where at least two oases lie within 10 tiles, with barbarian villages founded beside
 * it until three stand within 10 tiles; the 18 fields at level 0, a great hall and the starting stock. A joiner who already
 * has a village there, or arrives when the world is full or has no land left, is refused alone; the world missing or in
 * maintenance or an ended world refuses them all (thrown). All the villages, buildings and barbarians go in a few statements.
 */
export async function joinTogether(db: Db, worldId: WorldId, joiners: readonly Joiner[], now: Date): Promise<JoinOutcome[]> {
  return db.transaction(async (tx) => {
    const world = await findWorld(tx, worldId, true);
    // An ended world takes nobody new (409, how it ended); one in maintenance asks to wait (503).
    refuseUnlessOpen(await worldGate(tx, worldId), now);
    const ids = joiners.map((j) => j.user.id);
    const [mine, counted, taken] = await together([
      tx
        .select({ ownerId: villages.ownerId })
        .from(villages)
        .where(and(eq(villages.worldId, worldId), inArray(villages.ownerId, ids))),
      playerCount(tx, worldId),
      tx.select({ x: villages.x, y: villages.y, ownerId: villages.ownerId }).from(villages).where(eq(villages.worldId, worldId)),
    ]);
    const joined = new Set<PlayerId | null>(mine.map((m) => m.ownerId));
    const standing = new PointGrid<StandingVillage>(taken);
    let players = counted;
    const outcomes: (JoinOutcome | Placement)[] = [];
    for (const [index, { user, random = Math.random }] of joiners.entries()) {
      if (joined.has(user.id)) {
        outcomes.push({ error: conflict('already_joined') });
        continue;
      }
      if (players >= world.maxPlayers) {
        outcomes.push({ error: conflict('world_full') });
        continue;
      }
      const search = { random, isEmptyLand: (x: number, y: number) => isEmptyLand(world.seed, x, y), villages: standing, worldSize: world.size, attempts: 5000 };
      const neighbourhood = { world, standing, random };
      // A site with the oases and barbarian villages a new player is promised near them; in a world too crowded for one, any free site.
      const spot = findCapitalSpot({ ...search, isGoodSite: (x, y) => isGoodCapitalSite(neighbourhood, { x, y }) }) ?? findCapitalSpot(search);
      if (!spot) {
        outcomes.push({ error: conflict('no_land_left') });
        continue;
      }
      const barbarians = barbarianSitesFor(neighbourhood, spot);
      standing.add({ ...spot, ownerId: user.id });
      for (const site of barbarians) standing.add({ ...site, ownerId: null });
      joined.add(user.id);
      players += 1;
      outcomes.push({ joiner: index, spot, barbarians, players });
    }
    const placements = outcomes.filter((o): o is Placement => 'spot' in o);
    if (placements.length === 0) return outcomes.filter((o): o is JoinOutcome => !('spot' in o));
    const stock = startingStock();
    const capitals = placements.map((p) => ({
      id: idOf<VillageId>(randomUUID()),
      worldId,
      ownerId: joiners[p.joiner]!.user.id,
      name: capitalName(joiners[p.joiner]!.user.username),
      x: p.spot.x,
      y: p.spot.y,
      isCapital: true,
      loyalty: 100,
      ...stock,
      resourcesAt: now,
      nextEventAt: null,
      createdAt: now,
    }));
    // The capitals, their buildings and the barbarians travel together (the capitals first, for the buildings' keys).
    const [founded, placed] = await together([
      tx.insert(villages).values(capitals).returning(),
      tx
        .insert(buildings)
        .values(capitals.flatMap((c) => STARTING_BUILDINGS.map((b) => ({ villageId: c.id, slot: b.slot, type: b.type, level: b.level, updatedAt: now }))))
        .returning(),
      foundBarbarians(tx, world, { sites: placements.flatMap((p) => p.barbarians), now }),
    ]);
    const villageById = new Map(founded.map((v) => [v.id, v]));
    return outcomes.map((outcome) => {
      if (!('spot' in outcome)) return outcome;
      const capital = capitals[placements.indexOf(outcome)]!;
      const village = villageById.get(capital.id)!;
      const state = toVillageState(village, { buildings: placed.filter((b) => b.villageId === capital.id), units: [], orders: [] });
      return { reply: { world: worldView(world, outcome.players), village: villageView(state) } };
    });
  });
}

/** Most players founded in one transaction: it holds the world's row lock (and, on PGlite, the one connection) while it runs. */
export const MAX_JOINERS_TOGETHER = 50;

interface Waiting {
  joiner: Joiner;
  resolve: (reply: JoinReply) => void;
  reject: (error: unknown) => void;
}

/**
 * This process's line of players waiting to join one world. The first to arrive is founded at once; whoever arrives
 * while that transaction runs waits, and the next transaction founds them together (up to MAX_JOINERS_TOGETHER). Other
 * processes found theirs in their own transactions, one after another under the world's row lock.
 */
class JoinLine {
  private readonly waiting: Waiting[] = [];
  private running = false;

  constructor(
    private readonly db: Db,
    private readonly worldId: WorldId,
    private readonly clock: Clock,
    private readonly done: () => void,
  ) {}

  join(joiner: Joiner): Promise<JoinReply> {
    return new Promise<JoinReply>((resolve, reject) => {
      this.waiting.push({ joiner, resolve, reject });
      if (!this.running) void this.run();
    });
  }

  private async run(): Promise<void> {
    this.running = true;
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, MAX_JOINERS_TOGETHER);
        await this.found(batch);
      }
    } catch (error) {
      // A fault of the line's own (found answers its batch's refusals itself): those still waiting hear it too.
      for (const w of this.waiting.splice(0)) w.reject(error);
    } finally {
      // Even then the line makes way: a stuck line would leave every later join here waiting for ever.
      this.running = false;
      this.done();
    }
  }

  private async found(batch: Waiting[]): Promise<void> {
    let outcomes: JoinOutcome[];
    try {
      outcomes = await joinTogether(
        this.db,
        this.worldId,
        batch.map((w) => w.joiner),
        this.clock.now(),
      );
    } catch (error) {
      // A refusal of them all (no such world, maintenance, the world ended) answers each; anything else may be one joiner's doing (a tile
      // taken meanwhile by a village founded elsewhere): each is then tried alone, so nobody else pays for it.
      if (batch.length === 1 || error instanceof GameError) {
        for (const w of batch) w.reject(error);
        return;
      }
      for (const w of batch) await this.found([w]);
      return;
    }
    outcomes.forEach((outcome, i) => ('reply' in outcome ? batch[i]!.resolve(outcome.reply) : batch[i]!.reject(outcome.error)));
  }
}

/** When a player joins a world, and the dice that pick the tile of their capital (fair ones unless a test loads them). */
export interface JoinMoment {
  now: Date;
  random?: () => number;
}

/**
 * Founds the caller's capital in the world: joinTogether for this one player, in a transaction of its own (the route goes
 * through joinInLine, which founds players joining at once together).
 */
export async function joinWorld(db: Db, user: Joiner['user'], worldId: WorldId, { now, random }: JoinMoment): Promise<JoinReply> {
  const [outcome] = await joinTogether(db, worldId, [{ user, random }], now);
  if (!outcome || !('reply' in outcome)) throw outcome?.error;
  return outcome.reply;
}

/** The lines of each database a process opened (one per world with players waiting). */
const lines = new WeakMap<Db, Map<WorldId, JoinLine>>();

/** Joins the world through this process's line for it (see JoinLine): the reply of this player's own join. */
export function joinInLine(db: Db, clock: Clock, worldId: WorldId, user: Joiner['user']): Promise<JoinReply> {
  let byWorld = lines.get(db);
  if (!byWorld) lines.set(db, (byWorld = new Map()));
  let line = byWorld.get(worldId);
  if (!line) {
    const forWorld = byWorld;
    line = new JoinLine(db, worldId, clock, () => forWorld.delete(worldId));
    byWorld.set(worldId, line);
  }
  return line.join({ user });
}
