// Median time of reading a village overview when the village has been idle one minute versus one month, on PGlite.
// Run with `npx tsx bench/village-read.ts`; it uses app.inject (no network) and a fake clock, and stops by itself.
import { buildApp } from '../src/server/app';
import { FakeClock } from '../src/server/clock';
import { testConfig } from '../src/server/config';
import { openPglite } from '../src/server/db/open';
import { createSession } from '../src/server/accounts/sessions';
import { worlds } from '../src/server/db/schema';
import { settleMetrics } from '../src/rules/village-timeline';
import { idOf, type PlayerId } from '../src/rules/ids';

const READS = 100;
const MINUTE = 60_000;
const MONTH = 30 * 24 * 3_600_000;

setTimeout(() => {
  console.error('bench: gave up after 120 s');
  process.exit(1);
}, 120_000).unref();

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

async function main() {
  let queries = 0;
  const database = await openPglite('', { logger: { logQuery: () => void (queries += 1) } });
  const clock = new FakeClock();
  const app = await buildApp({ db: database.db, clock, config: testConfig() });
  await app.ready();

  const [world] = await database.db.select().from(worlds);

  /** Registers a player, joins the world and returns the capital's id and the player's id. */
  async function village(name: string): Promise<{ villageId: string; userId: PlayerId }> {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: name, email: `${name}@example.com`, password: 'Valhalla#2026' },
    });
    const { token, user } = res.json() as { token: string; user: { id: string } };
    const join = await app.inject({ method: 'POST', url: `/api/worlds/${world.id}/join`, headers: { authorization: `Bearer ${token}` } });
    if (join.statusCode !== 201) throw new Error(`join: ${join.statusCode} ${join.body}`);
    return { villageId: join.json().village.id, userId: idOf<PlayerId>(user.id) };
  }

  /** A fresh session as of the fake now (sessions last 30 days). */
  async function headersFor(userId: PlayerId): Promise<Record<string, string>> {
    return { authorization: `Bearer ${await createSession(database.db, userId, clock.now())}` };
  }

  /** READS reads of one overview; nothing falls due, so every read sees the same idle village. */
  async function measure(villageId: string, userId: PlayerId) {
    const headers = await headersFor(userId);
    const url = `/api/map/village/${villageId}/overview`;
    for (let i = 0; i < 20; i++) await app.inject({ method: 'GET', url, headers }); // warm-up
    const times: number[] = [];
    const queriesBefore = queries;
    const stepsBefore = settleMetrics.steps;
    for (let i = 0; i < READS; i++) {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      times.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`read: ${res.statusCode} ${res.body}`);
    }
    times.sort((a, b) => a - b);
    return {
      median: percentile(times, 50),
      p90: percentile(times, 90),
      queries: (queries - queriesBefore) / READS,
      steps: (settleMetrics.steps - stepsBefore) / READS,
    };
  }

  const warmVillage = await village('benchwarm');
  const minuteVillage = await village('benchminute');
  const monthVillage = await village('benchmonth');
  await measure(warmVillage.villageId, warmVillage.userId); // lets the JIT settle before anything counts

  clock.advance(MINUTE);
  const minute = await measure(minuteVillage.villageId, minuteVillage.userId);
  clock.advance(MONTH - MINUTE);
  const month = await measure(monthVillage.villageId, monthVillage.userId);

  const line = (label: string, r: typeof minute) =>
    `${label.padEnd(22)} median ${r.median.toFixed(2)} ms   p90 ${r.p90.toFixed(2)} ms   ${r.queries} queries/read   ${r.steps} settle steps/read`;
  console.log(`Village overview reads on PGlite (${READS} reads each, app.inject, fake clock)`);
  console.log(line('idle 1 minute:', minute));
  console.log(line('idle 1 month:', month));
  console.log(`month / minute median: ${(month.median / minute.median).toFixed(2)}`);

  await app.close();
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
