// Makes sure a fresh installation has its default world, Midgard.
import { randomInt } from 'node:crypto';
import type { Db } from '../db/open';
import { worlds } from '../db/schema';

export const DEFAULT_WORLD_NAME = 'Midgard';

export async function ensureDefaultWorld(db: Db): Promise<void> {
  await db
    .insert(worlds)
    .values({ name: DEFAULT_WORLD_NAME, seed: randomInt(1, 2 ** 31 - 1) })
    .onConflictDoNothing({ target: worlds.name });
}
