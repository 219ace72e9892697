// Operator actions on worlds (the CLI's create-world).
import { randomInt } from 'node:crypto';
import type { Db } from '../db/open';
import { worlds, type WorldRow } from '../db/schema';
import { badRequest, conflict } from '../errors';
import { isUniqueViolation } from './accounts';

export async function createWorld(db: Db, input: { name: string; speed?: number; size?: number; seed?: number }): Promise<WorldRow> {
  const speed = input.speed ?? 1;
  if (!Number.isFinite(speed) || speed <= 0 || speed > 10_000) throw badRequest('Speed must be a number above 0 and at most 10000');
  if (input.name.length < 1 || input.name.length > 50) throw badRequest('World name must be 1 to 50 characters');
  try {
    const [row] = await db
      .insert(worlds)
      .values({ name: input.name, speed, seed: input.seed ?? randomInt(1, 2 ** 31 - 1), size: input.size ?? 200 })
      .returning();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A world named ${input.name} already exists`);
    throw error;
  }
}
