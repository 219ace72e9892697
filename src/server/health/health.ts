// Database liveness for the health route.
import { sql } from 'drizzle-orm';
import type { Db } from '../db/open';

export async function checkDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
