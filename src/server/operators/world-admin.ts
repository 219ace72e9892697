// Creating worlds: shared by the CLI's create-world and the game master dashboard.
import { randomInt } from 'node:crypto';
import type { Db } from '../db/open';
import { worlds, type WorldRow } from '../db/schema';
import { inserted } from '../db/rows';
import { badRequest, conflict, worded } from '../errors';
import { isUniqueViolation } from '../accounts/accounts';
import { foundWorldBarbarians } from '../worlds/barbarians';
import { truceError, type NightTruce } from '../../rules/night-truce';

/** What a new world is made of; everything but the name has a default. `now` is when its barbarians are founded. */
export interface NewWorld {
  name: string;
  speed?: number;
  size?: number;
  maxPlayers?: number;
  seed?: number;
  /** Its night truce (none when left out or null). */
  truce?: NightTruce | null;
  now?: Date;
}

/**
 * Makes a world with its first barbarian villages, in one transaction. `now` is when they are founded (the clock's
 * instant; the present when left out).
 */
export async function createWorld(db: Db, input: NewWorld): Promise<WorldRow> {
  const speed = input.speed ?? 1;
  if (!Number.isFinite(speed) || speed <= 0 || speed > 10_000) throw badRequest('world_speed_invalid');
  if (input.name.length < 1 || input.name.length > 50) throw badRequest('world_name_length');
  const size = input.size ?? 200;
  // The dashboard asks for 40 or more (capitals stand in a ring from 40 tiles out); tests make small maps too.
  if (!Number.isInteger(size) || size < 1 || size > 200) throw badRequest('world_size_invalid');
  const maxPlayers = input.maxPlayers ?? 500;
  if (!Number.isInteger(maxPlayers) || maxPlayers < 1) throw badRequest('world_capacity_invalid');
  const truce = input.truce ?? null;
  const truceProblem = truce ? truceError(truce) : null;
  if (truceProblem) throw badRequest(worded(truceProblem), [{ field: 'truce', message: truceProblem }]);
  try {
    return await db.transaction(async (tx) => {
      const rows = await tx
        .insert(worlds)
        .values({ name: input.name, speed, size, maxPlayers, seed: input.seed ?? randomInt(1, 2 ** 31 - 1), truce })
        .returning();
      const world = inserted(rows);
      await foundWorldBarbarians(tx, world, input.now ?? new Date());
      return world;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('world_name_taken', { name: input.name });
    throw error;
  }
}
