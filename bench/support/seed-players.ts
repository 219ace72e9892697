// Benchmark players straight into the database, as registration leaves them (stock, buildings, a session), plus barracks and bondi.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/server/db/open';
import { buildings, sessions, units, users, villages, worlds } from '../../src/server/db/schema';
import { hashToken } from '../../src/server/accounts/sessions';
import { STARTING_BUILDINGS } from '../../src/rules/buildings';
import { startingStock } from '../../src/rules/resources';
import { findCapitalSpot } from '../../src/rules/world';
import { isEmptyLand } from '../../src/rules/terrain';
import { mulberry32 } from './seed-world';
import { skipTutorial } from '../../src/server/progress/tutorial';
import type { PlayerId, VillageId, WorldId } from '../../src/rules/ids';

/** Players per world: the capital ring of one world holds about this many villages 3 tiles apart. */
export const PER_WORLD = 1000;

export interface SeededPlayer {
  token: string;
  userId: PlayerId;
  worldId: WorldId;
  villageId: VillageId;
  /** The timber camp in slot 1 (level 0): what an upgrade benchmark raises. */
  fieldId: string;
  x: number;
  y: number;
}

export interface SeedPlayersOptions {
  /** World speed (the load benchmark wants marches within a run; a per-request benchmark wants none). */
  speed: number;
  /** Bondi at home in every village. */
  bondi?: number;
  /**
   * Players who have played a while: their quests issued and the tutorial behind them (skipped), as most
   * players of a running world are. New players' first quest settle creates a dozen rows once, which a
   * benchmark of a crowd joining in 30 s would otherwise mostly measure.
   */
  pastTutorial?: boolean;
}

/**
 * Seeds `count` players. Passwords are not hashed: argon2 for thousands of accounts would dominate the
 * set-up and is not what is measured.
 */
export async function seedPlayers(db: Db, count: number, { speed, bondi = 10, pastTutorial = false }: SeedPlayersOptions): Promise<SeededPlayer[]> {
  const random = mulberry32(11);
  const seeded: SeededPlayer[] = [];
  const now = new Date();
  // They joined a month ago: past beginner protection, so they may raid each other from the first second.
  const joinedAt = new Date(now.getTime() - 30 * 86_400_000);
  const run = randomBytes(3).toString('hex');
  for (let first = 0; first < count; first += PER_WORLD) {
    const size = Math.min(PER_WORLD, count - first);
    const [world] = await db
      .insert(worlds)
      .values({ name: `Load ${run} ${first / PER_WORLD}`, seed: 1000 + first, speed, maxPlayers: PER_WORLD + 1 })
      .returning();
    const taken: { x: number; y: number }[] = [];
    for (let i = 0; i < size; i++) {
      const spot = findCapitalSpot({ random, isEmptyLand: (x, y) => isEmptyLand(world.seed, x, y), villages: taken, worldSize: world.size, attempts: 20_000 });
      if (!spot) throw new Error(`world ${world.name} is full after ${i} villages`);
      taken.push(spot);
    }
    for (let from = 0; from < size; from += 250) {
      const batch = taken.slice(from, from + 250);
      const names = batch.map((_, i) => `l${run}_${first + from + i}`);
      const userRows = await db
        .insert(users)
        .values(names.map((username) => ({ username, email: `${username}@example.com`, role: 'user' as const, createdAt: now })))
        .returning({ id: users.id });
      const tokens = userRows.map(() => randomBytes(32).toString('base64url'));
      await db.insert(sessions).values(userRows.map((u, i) => ({ tokenHash: hashToken(tokens[i]), userId: u.id, createdAt: now, expiresAt: new Date(now.getTime() + 86_400_000) })));
      const villageRows = await db
        .insert(villages)
        .values(batch.map((spot, i) => ({ worldId: world.id, ownerId: userRows[i].id, name: `${names[i]}'s village`, ...spot, isCapital: true, loyalty: 100, ...startingStock(), resourcesAt: now, createdAt: joinedAt })))
        .returning({ id: villages.id, x: villages.x, y: villages.y });
      const buildingRows = await db
        .insert(buildings)
        .values(
          villageRows.flatMap((v) => [
            ...STARTING_BUILDINGS.map((b) => ({ villageId: v.id, slot: b.slot, type: b.type, level: b.level, updatedAt: now })),
            { villageId: v.id, slot: 20, type: 'barracks' as const, level: 1, updatedAt: now },
          ]),
        )
        .returning({ id: buildings.id, villageId: buildings.villageId, slot: buildings.slot });
      const fieldOf = new Map(buildingRows.filter((b) => b.slot === 1).map((b) => [b.villageId, b.id]));
      await db.insert(units).values(villageRows.map((v) => ({ villageId: v.id, type: 'bondi' as const, count: bondi })));
      villageRows.forEach((v, i) =>
        seeded.push({ token: tokens[i], userId: userRows[i].id, worldId: world.id, villageId: v.id, fieldId: fieldOf.get(v.id)!, x: v.x, y: v.y }),
      );
    }
  }
  if (pastTutorial) for (const player of seeded) await skipTutorial(db, player.userId, now);
  return seeded;
}
