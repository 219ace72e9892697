// Starvation is never silent: when a village's granary runs dry and units die, its owner hears of it over the live stream, whoever settles the village, and the village page tells what starved and when for a day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from './harness';
import { DAY, HOUR, MINUTE, amounts, newVillage, overview, production } from './village-helpers';
import { units, villages } from '../../src/server/db/schema';
import { LIVE_CHANNEL } from '../../src/server/live/notify';
import { sweepDueVillages } from '../../src/server/sweeper';
import { fieldProduction, population } from '../../src/rules/economy';
import { instantWhenEmpty } from '../../src/rules/settle';
import type { VillageId } from '../../src/rules/ids';

let t: TestApp;
/** Every live notice sent, as its payload. */
const notices: { userId: string; kind: string; villageId?: string }[] = [];
let stopListening: () => Promise<void>;
beforeAll(async () => {
  t = await startTestApp();
  stopListening = await t.database.listen(LIVE_CHANNEL, (payload) => {
    notices.push(JSON.parse(payload) as { userId: string; kind: string; villageId?: string });
  });
});
afterAll(async () => {
  await stopListening();
  await t.close();
});

/** A fresh village's net mead an hour: 6 mead fields at level 0 less the great hall's inhabitants. */
const FRESH_MEAD = 6 * fieldProduction(0) - population([{ type: 'great_hall', level: 1 }]);

/** Notices are delivered once the transaction has committed; give the listener a moment. */
const delivered = () => new Promise((resolve) => setTimeout(resolve, 50));

/**
 * A new player's village with `bondi` at home and `mead` in the granary (as of now). Written directly, so the village is
 * marked due now: the sweeper then settles it and stores its real next event, as after any change.
 */
async function hungryVillage(bondi: number, mead: number) {
  const made = await newVillage(t, undefined, 'hungry');
  await t.database.db.insert(units).values({ villageId: made.village.id, type: 'bondi', count: bondi });
  await t.database.db.update(villages).set({ mead, resourcesAt: t.clock.now(), nextEventAt: t.clock.now() }).where(eq(villages.id, made.village.id));
  return made;
}

async function bondiAt(villageId: VillageId): Promise<number> {
  const [row] = await t.database.db
    .select()
    .from(units)
    .where(and(eq(units.villageId, villageId), eq(units.type, 'bondi')));
  return row.count;
}

const starvedNotices = (userId: string) => notices.filter((n) => n.userId === userId && n.kind === 'units_starved');

/** The overview's starvation as it should read: `bondi` lost when `mead` ran out at the village's net, counted from `from`. */
function starvedBondi(bondi: number, mead: number, from: Date) {
  const at = instantWhenEmpty(mead, FRESH_MEAD - (FRESH_MEAD + bondi), from.getTime())!;
  return { at: new Date(at).toISOString(), units: { bondi } };
}

describe('units starving', () => {
  it('tells the owner over the live stream when the sweeper settles the starvation in the background', async () => {
    // 30 bondi against a net of 10: -20 an hour empties 10 mead in half an hour, then 20 bondi starve.
    const { player, village } = await hungryVillage(30, 10);
    const start = t.clock.now();
    const stranger = await newVillage(t, undefined, 'fed');
    t.clock.advance(HOUR);
    await sweepDueVillages(t.database.db, t.clock.now());
    expect(await bondiAt(village.id)).toBe(FRESH_MEAD);
    await delivered();
    expect(starvedNotices(player.user.id)).toEqual([{ userId: player.user.id, kind: 'units_starved', villageId: village.id }]);
    expect(starvedNotices(stranger.player.user.id)).toEqual([]);

    // The losses show in the overview; settling again starves nobody and says nothing more.
    const after = await overview(t, player, village.id);
    expect(after.units.find((u) => u.type === 'bondi')?.count).toBe(FRESH_MEAD);
    expect(production(after).mead).toBe(0);
    expect(amounts(after).mead).toBe(0);
    // The page tells what starved and when: the bondi lost the instant the granary ran dry.
    const lost = starvedBondi(30 - FRESH_MEAD, 10, start);
    expect(after.starvation).toEqual(lost);
    t.clock.advance(HOUR);
    await sweepDueVillages(t.database.db, t.clock.now());
    expect((await overview(t, player, village.id)).starvation).toEqual(lost);
    await delivered();
    expect(starvedNotices(player.user.id)).toHaveLength(1);

    // It stays a day after the loss, then the page no longer tells of it.
    t.clock.set(new Date(Date.parse(lost.at) + DAY - MINUTE));
    expect((await overview(t, player, village.id)).starvation).toEqual(lost);
    t.clock.set(new Date(Date.parse(lost.at) + DAY));
    expect((await overview(t, player, village.id)).starvation).toBeNull();

    // A later starvation replaces the record: its own losses, not added to the old ones.
    await t.database.db.update(units).set({ count: FRESH_MEAD + 3 }).where(and(eq(units.villageId, village.id), eq(units.type, 'bondi')));
    await t.database.db.update(villages).set({ resourcesAt: t.clock.now(), nextEventAt: t.clock.now() }).where(eq(villages.id, village.id));
    const again = t.clock.now();
    t.clock.advance(MINUTE);
    expect((await overview(t, player, village.id)).starvation).toEqual({ at: again.toISOString(), units: { bondi: 3 } });
  });

  it('tells the owner when their own read of the village settles the starvation', async () => {
    const { player, village } = await hungryVillage(FRESH_MEAD + 5, 5);
    const start = t.clock.now();
    t.clock.advance(2 * HOUR);
    const view = await overview(t, player, village.id);
    expect(view.units.find((u) => u.type === 'bondi')?.count).toBe(FRESH_MEAD);
    // The read that applied the starvation already shows it.
    expect(view.starvation).toEqual(starvedBondi(5, 5, start));
    await delivered();
    expect(starvedNotices(player.user.id)).toEqual([{ userId: player.user.id, kind: 'units_starved', villageId: village.id }]);
  });

  it('says nothing while the granary feeds every unit', async () => {
    const { player, village } = await hungryVillage(FRESH_MEAD + 5, 700);
    t.clock.advance(HOUR);
    await sweepDueVillages(t.database.db, t.clock.now());
    expect((await overview(t, player, village.id)).starvation).toBeNull();
    await delivered();
    expect(await bondiAt(village.id)).toBe(FRESH_MEAD + 5);
    expect(starvedNotices(player.user.id)).toEqual([]);
  });
});
