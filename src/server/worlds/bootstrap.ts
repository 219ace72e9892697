// Makes sure a fresh installation has its default world, Midgard, with its first barbarian villages.
import { randomInt } from 'node:crypto';
import type { Db } from '../db/open';
import { worlds } from '../db/schema';
import { foundWorldBarbarians } from './barbarians';

export const DEFAULT_WORLD_NAME = 'Midgard';

/** Makes Midgard unless it exists; its barbarian villages are founded at `now` in the same transaction. */
export async function ensureDefaultWorld(db: Db, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [made] = await tx
      .insert(worlds)
      .values({ name: DEFAULT_WORLD_NAME, seed: randomInt(1, 2 ** 31 - 1) })
      .onConflictDoNothing({ target: worlds.name })
      .returning();
    if (made) await foundWorldBarbarians(tx, made, now);
  });
}
