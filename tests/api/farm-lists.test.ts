// Farm lists through the API with a fake clock: making and editing lists, sending ten rows as ten raids, rows skipped with
// the refusal's words, exactly once per key (twice in a row and twice at once), each row's last raid after the battle, who
// may touch a list, and the limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, between, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Schema } from '../../src/contract';
import { requests, startTestApp, type TestApp } from './harness';
import { newVillage, overview, type MadeVillage, type Player } from './village-helpers';
import { joinedLongAgo, movementsOf, placeAt, reports, station, unitsAtHome } from './army-helpers';
import { allianceMembers, alliances, farmListSends, farmTargets, movements, villages } from '../../src/server/db/schema';
import { sweepDueArrivals } from '../../src/server/sweeper';
import { MAX_FARM_LISTS, MAX_FARM_TARGETS, SEND_KEY_KEPT_MS, survivorsCarry } from '../../src/rules/farm-lists';
import { marchSeconds } from '../../src/rules/movements';
import { idOf, type MovementId } from '../../src/rules/ids';

type FarmList = Schema<'FarmList'>;
type SendResult = Schema<'FarmListSendResult'>;

let t: TestApp;
const { call } = requests(() => t);
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Side {
  player: Player;
  village: MadeVillage;
}

/** A band of its own on the map for each test: the raider's village, and its targets two tiles south of it in a row. */
let band = 0;
function nextBand() {
  band += 1;
  return { x: -190 + band * 14, y: -180 };
}

/** A raider past beginner protection with `targets` neighbours (also past it, unless `rookies`) in a row two tiles away. */
async function raiderWithTargets(targets: number, rookies = false): Promise<{ raider: Side; targets: Side[] }> {
  const at = nextBand();
  const raider = await newVillage(t, undefined, 'raid');
  await placeAt(t, raider.village.id, at.x, at.y);
  const made: Side[] = [];
  for (let i = 0; i < targets; i++) {
    const target = await newVillage(t, undefined, 'farm');
    await placeAt(t, target.village.id, at.x + i, at.y + 2);
    made.push({ player: target.player, village: { ...target.village, x: at.x + i, y: at.y + 2 } });
  }
  await joinedLongAgo(t, raider.player, ...(rookies ? [] : made.map((m) => m.player)));
  return { raider: { player: raider.player, village: { ...raider.village, x: at.x, y: at.y } }, targets: made };
}

async function createList(side: Side, name = 'North farms'): Promise<FarmList> {
  const made = await call<{ list: FarmList }>(side.player, 'POST', '/api/farm-lists', { name, villageId: side.village.id });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body.list;
}

async function addTarget(side: Side, listId: string, target: { x: number; y: number }, units: Record<string, number>): Promise<FarmList> {
  const added = await call<{ list: FarmList }>(side.player, 'POST', `/api/farm-lists/${listId}/targets`, { x: target.x, y: target.y, units });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return added.body.list;
}

function sendList(side: Side, listId: string, body: { key: string; targetIds?: string[] }) {
  return call<SendResult>(side.player, 'POST', `/api/farm-lists/${listId}/send`, body);
}

async function listsOf(side: Side): Promise<Schema<'FarmListList'>> {
  const read = await call<Schema<'FarmListList'>>(side.player, 'GET', '/api/farm-lists');
  expect(read.status).toBe(200);
  return read.body;
}

let keys = 0;
const newKey = () => `key-${(keys += 1)}-${Math.random().toString(36).slice(2, 10)}`;

async function raidsFrom(side: Side) {
  return t.database.db
    .select()
    .from(movements)
    .where(and(eq(movements.fromVillageId, side.village.id), eq(movements.type, 'raid')));
}

describe('a farm list', () => {
  it('is made for one of the player’s villages and keeps its rows in the order they were added', async () => {
    const { raider, targets } = await raiderWithTargets(3);
    const list = await createList(raider, '  Shore farms  ');
    expect(list).toMatchObject({ name: 'Shore farms', village: { id: raider.village.id, x: raider.village.x, y: raider.village.y }, targets: [], maxTargets: MAX_FARM_TARGETS });
    for (const [i, target] of targets.entries()) await addTarget(raider, list.id, target.village, { bondi: i + 1 });
    const [read] = (await listsOf(raider)).lists;
    expect(read?.targets.map((r) => [r.village.id, r.units, r.last])).toEqual(targets.map((target, i) => [target.village.id, { bondi: i + 1 }, null]));
    expect(read?.targets[0]?.village).toMatchObject({ name: targets[0]!.village.name, owner: { id: targets[0]!.player.user.id, username: targets[0]!.player.user.username } });
    expect(read?.targets[0]?.village.population).toBeGreaterThan(0);
  });

  it('is renamed, its rows’ units changed and rows removed, and it is deleted with its rows', async () => {
    const { raider, targets } = await raiderWithTargets(2);
    const list = await createList(raider);
    const full = await addTarget(raider, list.id, targets[1]!.village, { bondi: 2 });
    await addTarget(raider, list.id, targets[0]!.village, { bondi: 2 });
    const renamed = await call<{ list: FarmList }>(raider.player, 'PUT', `/api/farm-lists/${list.id}`, { name: 'Easy pickings' });
    expect([renamed.status, renamed.body.list.name]).toEqual([200, 'Easy pickings']);
    const rowId = full.targets[0]!.id;
    const changed = await call<{ list: FarmList }>(raider.player, 'PUT', `/api/farm-lists/${list.id}/targets/${rowId}`, { units: { viking_raider: 4, bondi: 0 } });
    expect(changed.status).toBe(200);
    expect(changed.body.list.targets[0]).toMatchObject({ id: rowId, units: { viking_raider: 4 } });
    const removed = await call<{ list: FarmList }>(raider.player, 'DELETE', `/api/farm-lists/${list.id}/targets/${rowId}`);
    expect(removed.body.list.targets.map((r) => r.village.id)).toEqual([targets[0]!.village.id]);
    expect((await call(raider.player, 'DELETE', `/api/farm-lists/${list.id}/targets/${rowId}`)).status).toBe(404);
    expect((await call(raider.player, 'DELETE', `/api/farm-lists/${list.id}`)).status).toBe(200);
    expect((await listsOf(raider)).lists).toEqual([]);
    expect(await t.database.db.select().from(farmTargets).where(eq(farmTargets.listId, list.id))).toEqual([]);
  });

  it('refuses a tile without a village, one’s own village, an ally’s, a target already on it, no units and a bad name', async () => {
    const { raider, targets } = await raiderWithTargets(2);
    const list = await createList(raider);
    await addTarget(raider, list.id, targets[0]!.village, { bondi: 1 });
    const add = (at: { x: number; y: number }, units: Record<string, number> = { bondi: 1 }) => call(raider.player, 'POST', `/api/farm-lists/${list.id}/targets`, { x: at.x, y: at.y, units });
    const empty = await add({ x: raider.village.x + 5, y: raider.village.y - 5 });
    expect([empty.status, empty.body.error]).toEqual([404, `No village stands at (${raider.village.x + 5}|${raider.village.y - 5})`]);
    const own = await add(raider.village);
    expect([own.status, own.body.error]).toEqual([409, 'Troops cannot march to the village they stand in']);
    const twice = await add(targets[0]!.village);
    expect([twice.status, twice.body.error]).toEqual([409, `${targets[0]!.village.name} (${targets[0]!.village.x}|${targets[0]!.village.y}) is on the list already`]);
    expect((await add(targets[1]!.village, { bondi: 0 })).status).toBe(400);
    // An ally's village is no target.
    const now = t.clock.now();
    const [alliance] = await t.database.db.insert(alliances).values({ name: 'Shield Wall', tag: `SW${band}`, description: 'Together.', foundedAt: now }).returning();
    await t.database.db.insert(allianceMembers).values([
      { allianceId: alliance!.id, userId: raider.player.user.id, role: 'leader', joinedAt: now },
      { allianceId: alliance!.id, userId: targets[1]!.player.user.id, role: 'member', joinedAt: now },
    ]);
    const ally = await add(targets[1]!.village);
    expect([ally.status, ally.body.error]).toEqual([409, 'That village belongs to an ally']);
    const badName = await call(raider.player, 'PUT', `/api/farm-lists/${list.id}`, { name: '   ' });
    expect([badName.status, badName.body.error]).toEqual([400, 'Name the list']);
    const [read] = (await listsOf(raider)).lists;
    expect(read?.targets).toHaveLength(1);
  });
});

describe('sending a farm list', () => {
  it('sends ten rows as ten raids in one request, each like a raid sent by hand', async () => {
    const { raider, targets } = await raiderWithTargets(10);
    await station(t, raider.village.id, { bondi: 25 });
    const list = await createList(raider);
    let rows: FarmList | null = null;
    for (const target of targets) rows = await addTarget(raider, list.id, target.village, { bondi: 2 });
    const sent = await sendList(raider, list.id, { key: newKey() });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.results.map((r) => [r.targetId, r.sent, r.reason])).toEqual(rows!.targets.map((row) => [row.id, true, null]));
    const raids = await raidsFrom(raider);
    expect(raids).toHaveLength(10);
    expect(new Set(sent.body.results.map((r) => r.movementId))).toEqual(new Set(raids.map((m) => m.id)));
    // Each raid marches like one sent by hand, and the units left home at once.
    const march = marchSeconds(raider.village, targets[0]!.village, { bondi: 2 }, { worldSpeed: 1 })! * 1000;
    const first = raids.find((m) => m.toVillageId === targets[0]!.village.id);
    expect(first!.arrivesAt.getTime() - t.clock.now().getTime()).toBe(march);
    expect(unitsAtHome(await overview(t, raider.player, raider.village.id))).toEqual({ bondi: 5 });
    // Each row keeps its raid; the movements list shows them all.
    const kept = await t.database.db.select().from(farmTargets).where(and(eq(farmTargets.listId, list.id), isNotNull(farmTargets.lastMovementId)));
    expect(kept).toHaveLength(10);
    expect((await movementsOf(t, raider.player)).filter((m) => m.type === 'raid')).toHaveLength(10);
  });

  it('skips rows whose units are no longer at home after the rows before, with the reason, and sends the rest', async () => {
    const { raider, targets } = await raiderWithTargets(4);
    await station(t, raider.village.id, { bondi: 5 });
    const list = await createList(raider);
    const units = [{ bondi: 2 }, { bondi: 2 }, { bondi: 2 }, { bondi: 1 }];
    for (const [i, target] of targets.entries()) await addTarget(raider, list.id, target.village, units[i]!);
    const sent = await sendList(raider, list.id, { key: newKey() });
    expect(sent.body.results.map((r) => [r.sent, r.reason])).toEqual([
      [true, null],
      [true, null],
      [false, 'Not enough units at home: 2 Bondi (1 at home)'],
      [true, null],
    ]);
    expect(sent.body.results[2]!.movementId).toBeNull();
    expect(await raidsFrom(raider)).toHaveLength(3);
    expect(unitsAtHome(await overview(t, raider.player, raider.village.id))).toEqual({});
  });

  it('skips a target under beginner protection and an ally’s with the refusal, and sends the chosen rows only', async () => {
    const { raider, targets } = await raiderWithTargets(3, true);
    // The third target has played a while; the first two have just joined and are protected.
    await joinedLongAgo(t, targets[2]!.player);
    await station(t, raider.village.id, { bondi: 10 });
    const list = await createList(raider);
    let rows: FarmList | null = null;
    for (const target of targets) rows = await addTarget(raider, list.id, target.village, { bondi: 1 });
    // The second target joins the raider's alliance after it was put on the list.
    const now = t.clock.now();
    const [alliance] = await t.database.db.insert(alliances).values({ name: 'Late Friends', tag: `LF${band}`, description: 'Now allies.', foundedAt: now }).returning();
    await t.database.db.insert(allianceMembers).values([
      { allianceId: alliance!.id, userId: raider.player.user.id, role: 'leader', joinedAt: now },
      { allianceId: alliance!.id, userId: targets[1]!.player.user.id, role: 'member', joinedAt: now },
    ]);
    const ids = rows!.targets.map((r) => r.id);
    const sent = await sendList(raider, list.id, { key: newKey(), targetIds: [ids[1]!, ids[0]!] });
    expect(sent.status).toBe(200);
    expect(sent.body.results.map((r) => r.targetId)).toEqual([ids[0], ids[1]]);
    expect(sent.body.results[0]).toMatchObject({ sent: false, movementId: null });
    expect(sent.body.results[0]!.reason).toMatch(/^Under beginner protection until \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
    expect(sent.body.results[1]).toMatchObject({ sent: false, reason: 'That village belongs to an ally', movementId: null });
    // Nothing was sent, and the refusals took no unit; the third row, not chosen, stays at home too.
    expect(await raidsFrom(raider)).toHaveLength(0);
    expect(unitsAtHome(await overview(t, raider.player, raider.village.id))).toEqual({ bondi: 10 });
    const third = await sendList(raider, list.id, { key: newKey(), targetIds: [ids[2]!, '00000000-0000-4000-8000-000000000000'] });
    expect(third.body.results).toEqual([
      { targetId: ids[2], sent: true, reason: null, movementId: expect.any(String) },
      { targetId: '00000000-0000-4000-8000-000000000000', sent: false, reason: 'That row is not on the list', movementId: null },
    ]);
  });

  it('sends once per key: the same key again, or twice at once, answers the first reply; another key sends again', async () => {
    const { raider, targets } = await raiderWithTargets(3);
    await station(t, raider.village.id, { bondi: 12 });
    const list = await createList(raider);
    for (const target of targets) await addTarget(raider, list.id, target.village, { bondi: 2 });
    const key = newKey();
    const first = await sendList(raider, list.id, { key });
    const again = await sendList(raider, list.id, { key });
    expect(again).toEqual(first);
    expect(await raidsFrom(raider)).toHaveLength(3);

    // Two requests with one key at the same moment (a double click): one set of raids, one reply for both.
    const both = await Promise.all([sendList(raider, list.id, { key: 'double-click-key' }), sendList(raider, list.id, { key: 'double-click-key' })]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both[1].body).toEqual(both[0].body);
    expect(both[0].body.results.every((r) => r.sent)).toBe(true);
    expect(await raidsFrom(raider)).toHaveLength(6);
    expect(unitsAtHome(await overview(t, raider.player, raider.village.id))).toEqual({});

    // The same key with other rows is refused; another key sends again (nothing at home now: every row skipped).
    const other = await sendList(raider, list.id, { key, targetIds: [first.body.results[0]!.targetId] });
    expect([other.status, other.body.error]).toEqual([409, 'This send was made with other rows of the list: choose the rows again and send anew']);
    const fresh = await sendList(raider, list.id, { key: newKey() });
    expect(fresh.body.results.map((r) => r.reason)).toEqual(Array(3).fill('Not enough units at home: 2 Bondi (0 at home)'));
    expect(await raidsFrom(raider)).toHaveLength(6);
    expect(await t.database.db.select().from(farmListSends).where(eq(farmListSends.listId, list.id))).toHaveLength(3);

    // A day on, the keys are forgotten at the next send: the old ones go, the new one stays.
    t.clock.advance(SEND_KEY_KEPT_MS + 1000);
    await sendList(raider, list.id, { key: newKey() });
    expect(await t.database.db.select().from(farmListSends).where(eq(farmListSends.listId, list.id))).toHaveLength(1);
  });

  it('goes on from the first undecided row when a send under that key was cut short', async () => {
    const { raider, targets } = await raiderWithTargets(3);
    await station(t, raider.village.id, { bondi: 6 });
    const list = await createList(raider);
    for (const target of targets) await addTarget(raider, list.id, target.village, { bondi: 2 });
    const key = newKey();
    await sendList(raider, list.id, { key });
    // As if the request had stopped after its first row: the other two rows undecided, their raids never sent.
    const [stored] = await t.database.db.select().from(farmListSends).where(and(eq(farmListSends.listId, list.id), eq(farmListSends.key, key)));
    const cut = stored!.reply!.results.map((r, i) => (i === 0 ? r : { ...r, sent: false, movementId: null, reason: null }));
    for (const row of stored!.reply!.results.slice(1)) await t.database.db.delete(movements).where(eq(movements.id, idOf<MovementId>(row.movementId!)));
    await station(t, raider.village.id, { bondi: 4 });
    await t.database.db.update(farmListSends).set({ reply: { results: cut } }).where(and(eq(farmListSends.listId, list.id), eq(farmListSends.key, key)));
    const retried = await sendList(raider, list.id, { key });
    expect(retried.body.results[0]).toEqual(stored!.reply!.results[0]);
    expect(retried.body.results.map((r) => r.sent)).toEqual([true, true, true]);
    expect(await raidsFrom(raider)).toHaveLength(3);
  });

  it('shows each row’s last raid once the battle is fought: the winner, the loot and what the survivors could carry', async () => {
    const { raider, targets } = await raiderWithTargets(2);
    // The first target has nothing to defend it; the second has many huscarls.
    await station(t, targets[1]!.village.id, { huscarl: 200 });
    await station(t, raider.village.id, { viking_raider: 30 });
    const list = await createList(raider);
    await addTarget(raider, list.id, targets[0]!.village, { viking_raider: 20 });
    await addTarget(raider, list.id, targets[1]!.village, { viking_raider: 10 });
    const sent = await sendList(raider, list.id, { key: newKey() });
    expect(sent.body.results.every((r) => r.sent)).toBe(true);
    expect((await listsOf(raider)).lists[0]!.targets.map((r) => r.last)).toEqual([null, null]);
    t.clock.advance(marchSeconds(raider.village, targets[1]!.village, { viking_raider: 1 }, { worldSpeed: 1 })! * 1000);
    expect(await sweepDueArrivals(t.database.db, t.clock.now())).toBeGreaterThanOrEqual(2);
    const battles = (await reports(t, raider.player)).battles;
    const [won, lost] = (await listsOf(raider)).lists[0]!.targets.map((r) => r.last);
    const wonReport = battles.find((b) => b.defender.village.id === targets[0]!.village.id)!;
    const lostReport = battles.find((b) => b.defender.village.id === targets[1]!.village.id)!;
    expect(won).toEqual({
      reportId: wonReport.id,
      at: wonReport.occurredAt,
      winner: 'attacker',
      loot: wonReport.loot,
      carry: survivorsCarry(wonReport.attacker.units, wonReport.attacker.losses),
    });
    expect(won!.carry).toBe(20 * 80);
    const loot = won!.loot.timber + won!.loot.stone + won!.loot.iron + won!.loot.mead;
    expect(loot).toBeGreaterThan(0);
    expect(loot).toBeLessThanOrEqual(won!.carry);
    expect(lost).toMatchObject({ reportId: lostReport.id, winner: 'defender', loot: { timber: 0, stone: 0, iron: 0, mead: 0 } });
    expect(lost!.carry).toBe(survivorsCarry(lostReport.attacker.units, lostReport.attacker.losses));
  });
});

describe('who may touch a farm list', () => {
  it('is its owner alone: someone else’s list is no list of theirs, and a list raids from one’s own village only', async () => {
    const { raider, targets } = await raiderWithTargets(1);
    const other = targets[0]!;
    const list = await createList(raider);
    const full = await addTarget(raider, list.id, { x: other.village.x, y: other.village.y }, { bondi: 1 });
    const rowId = full.targets[0]!.id;
    const attempts = [
      await call(other.player, 'PUT', `/api/farm-lists/${list.id}`, { name: 'Mine now' }),
      await call(other.player, 'DELETE', `/api/farm-lists/${list.id}`),
      await call(other.player, 'POST', `/api/farm-lists/${list.id}/targets`, { x: raider.village.x, y: raider.village.y, units: { bondi: 1 } }),
      await call(other.player, 'PUT', `/api/farm-lists/${list.id}/targets/${rowId}`, { units: { bondi: 9 } }),
      await call(other.player, 'DELETE', `/api/farm-lists/${list.id}/targets/${rowId}`),
      await call(other.player, 'POST', `/api/farm-lists/${list.id}/send`, { key: newKey() }),
    ];
    expect(attempts.map((a) => [a.status, a.body.error])).toEqual(Array(6).fill([404, 'No such farm list']));
    expect((await listsOf(other)).lists).toEqual([]);
    const theirs = await call(other.player, 'POST', '/api/farm-lists', { name: 'Stolen', villageId: raider.village.id });
    expect([theirs.status, theirs.body.error]).toEqual([403, 'This village is not yours']);
    const nowhere = await call(other.player, 'POST', '/api/farm-lists', { name: 'Nowhere', villageId: '00000000-0000-4000-8000-000000000000' });
    expect(nowhere.status).toBe(404);
    expect((await call(null, 'GET', '/api/farm-lists')).status).toBe(401);
    expect((await call(null, 'POST', `/api/farm-lists/${list.id}/send`, { key: newKey() })).status).toBe(401);
    // The list is as its owner left it.
    expect((await listsOf(raider)).lists[0]).toMatchObject({ name: 'North farms', targets: [{ id: rowId, units: { bondi: 1 } }] });
  });

  it('answers 403 for a list whose village the player no longer holds', async () => {
    const { raider, targets } = await raiderWithTargets(1);
    const list = await createList(raider);
    await addTarget(raider, list.id, targets[0]!.village, { bondi: 1 });
    await t.database.db.update(villages).set({ ownerId: targets[0]!.player.user.id }).where(eq(villages.id, raider.village.id));
    const sent = await sendList(raider, list.id, { key: newKey() });
    expect([sent.status, sent.body.error]).toEqual([403, 'This village is not yours']);
    await t.database.db.update(villages).set({ ownerId: raider.player.user.id }).where(eq(villages.id, raider.village.id));
  });
});

describe('the limits', () => {
  it('keeps at most ten lists per player and a hundred rows per list', async () => {
    const { raider, targets } = await raiderWithTargets(1);
    const lists: FarmList[] = [];
    for (let i = 0; i < MAX_FARM_LISTS; i++) lists.push(await createList(raider, `List ${i + 1}`));
    const eleventh = await call(raider.player, 'POST', '/api/farm-lists', { name: 'One more', villageId: raider.village.id });
    expect([eleventh.status, eleventh.body.error]).toEqual([409, 'You keep at most 10 farm lists']);
    expect((await listsOf(raider)).lists.map((l) => l.name)).toEqual(lists.map((l) => l.name));

    // A hundred rows (villages made for the test in an empty corner of the world), then the target of a hundred and one.
    const worldId = raider.village.worldId;
    const now = t.clock.now();
    await t.database.db.delete(villages).where(and(eq(villages.worldId, worldId), isNull(villages.ownerId), between(villages.x, 150, 159), between(villages.y, 150, 159)));
    const filler = await t.database.db
      .insert(villages)
      .values(Array.from({ length: MAX_FARM_TARGETS }, (_, i) => ({ worldId, name: `Camp ${i}`, x: 150 + (i % 10), y: 150 + Math.floor(i / 10), timber: 0, stone: 0, iron: 0, mead: 0, resourcesAt: now })))
      .returning({ id: villages.id });
    const listId = lists[0]!.id;
    await t.database.db.insert(farmTargets).values(filler.map((v, i) => ({ listId, villageId: v.id, units: { bondi: 1 }, createdAt: new Date(now.getTime() + i) })));
    const full = await call(raider.player, 'POST', `/api/farm-lists/${listId}/targets`, { x: targets[0]!.village.x, y: targets[0]!.village.y, units: { bondi: 1 } });
    expect([full.status, full.body.error]).toEqual([409, 'A farm list holds at most 100 targets']);
  });
});
