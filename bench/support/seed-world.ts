// Benchmark worlds: the same villages at the same places on every run, inserted straight into the database.
import type { Db } from '../../src/server/db/open';
import { buildings, users, villages, worlds } from '../../src/server/db/schema';
import { FIELD_TYPES } from '../../src/rules/buildings';

/** A small deterministic generator so every run places the same villages. */
export function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SeedOptions {
  villages: number;
  owners: number;
  /** Villages stand within this many tiles of (0|0) on both axes. */
  reach: number;
  /** Put the first village on (0|0), the viewer's home. */
  homeAtCentre?: boolean;
  /** Also give every village its 18 fields and a great hall at a few random levels. */
  withBuildings?: boolean;
}

export async function seedWorld(db: Db, options: SeedOptions) {
  const [world] = await db.insert(worlds).values({ name: 'Bench', seed: 42 }).returning();
  const owners = await db
    .insert(users)
    .values(Array.from({ length: options.owners }, (_, i) => ({ username: `bench${i}`, email: `bench${i}@example.com` })))
    .returning();
  const random = mulberry32(7);
  const taken = new Set<string>();
  const spots: { x: number; y: number }[] = [];
  if (options.homeAtCentre) {
    spots.push({ x: 0, y: 0 });
    taken.add('0|0');
  }
  const side = 2 * options.reach + 1;
  while (spots.length < options.villages) {
    const x = Math.floor(random() * side) - options.reach;
    const y = Math.floor(random() * side) - options.reach;
    if (taken.has(`${x}|${y}`)) continue;
    taken.add(`${x}|${y}`);
    spots.push({ x, y });
  }
  const now = new Date();
  // A world that has been running a while: its players joined a month ago, past beginner protection.
  const joinedAt = new Date(now.getTime() - 30 * 86_400_000);
  const placed = await db
    .insert(villages)
    .values(
      spots.map((spot, i) => ({
        worldId: world.id,
        ownerId: owners[i % options.owners].id,
        name: `Village ${i}`,
        ...spot,
        isCapital: i < options.owners,
        timber: 750,
        stone: 750,
        iron: 750,
        mead: 750,
        resourcesAt: now,
        createdAt: joinedAt,
      })),
    )
    .returning({ id: villages.id });
  if (options.withBuildings) {
    // As a new village starts: 18 fields and a great hall, here at a few levels.
    const fieldTypes = [...Array(4).fill(FIELD_TYPES[0]), ...Array(4).fill(FIELD_TYPES[1]), ...Array(4).fill(FIELD_TYPES[2]), ...Array(6).fill(FIELD_TYPES[3])];
    for (let from = 0; from < placed.length; from += 50) {
      await db.insert(buildings).values(
        placed.slice(from, from + 50).flatMap(({ id }) => [
          ...fieldTypes.map((type, slot) => ({ villageId: id, slot: slot + 1, type, level: Math.floor(random() * 6), updatedAt: now })),
          { villageId: id, slot: 19, type: 'great_hall', level: 1 + Math.floor(random() * 5), updatedAt: now },
        ]),
      );
    }
  }
  return { world, owners, villageCount: placed.length };
}
