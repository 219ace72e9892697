// The API tests' proof world, played into a database a test opened itself (a data directory or a PostgreSQL database a real server then uses).
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { FakeClock } from '../../src/server/clock';
import type { Database } from '../../src/server/db/open';
import { buildProofWorld, type ProofWorld } from '../api/proof-world';

/**
 * Builds the proof world (tests/api/proof-world.ts: players, alliances, heroes, wonders, mail, trade, farm lists, sitters,
 * reports, ...) through the API in this process, on a clock starting now, and closes the app again; the database stays open.
 */
export async function playProofWorld(database: Database): Promise<ProofWorld> {
  const clock = new FakeClock(Date.now());
  const app = await buildApp({ db: database.db, clock, config: testConfig(), listen: database.listen });
  await app.ready();
  try {
    return await buildProofWorld({ app, clock, database, queryCount: () => 0, close: () => app.close() });
  } finally {
    await app.close();
  }
}
