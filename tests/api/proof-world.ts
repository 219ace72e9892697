// A small world for the proof tests: two players who each own a village (with a marketplace and a blacksmith), hero, wonder, quest, report, stationed troops, mail (one letter reported) and a trade offer, an alliance inviting both (with a rival's proposal and a stranger's application waiting), a moderator, a game master, an admin, a sitter of the first player's in a sitting session, and the ids of it all.
import { and, eq, isNull } from 'drizzle-orm';
import type { Schema } from '../../src/contract';
import { accountLinks, stationedTroops, users, villages, worlds } from '../../src/server/db/schema';
import { codeOasisBonus, terrainCodes } from '../../src/server/map/terrain';
import { grantToPlayer, setBuildingLevel } from '../../src/server/operators/operator';
import { registerPlayer, newPlayer, request, type TestApp } from './harness';
import { giveEmbassy, newEnvoy, newVillage, overview, worldId, type MadeVillage, type Player } from './village-helpers';
import { JOINING_EMBASSY_LEVEL } from '../../src/rules/embassy';
import { joinedLongAgo, placeAt, send, station } from './army-helpers';
import type { Role } from '../../src/rules/roles';

/** Everything one player owns that an operation can name in its path or body. */
export interface Holdings {
  player: Player;
  village: MadeVillage;
  building: string;
  hero: string;
  wonder: string;
  /** An invitation addressed to this player (from the host's alliance). */
  invitation: string;
  /** An available daily quest of this player. */
  quest: string;
  /** A battle report of this player's raid on the host. */
  report: string;
  /** This player's troops standing in the host's village. */
  stationed: string;
  /** A letter from the host in this player's inbox. */
  message: string;
  /** This player's report of another letter from the host. */
  messageReport: string;
  /** An open trade offer from this player's village (which has a marketplace). */
  offer: string;
  /** This player's farm list from their village, with one row: the host's village. */
  farmList: string;
  farmTarget: string;
  /** This player's membership of the host's alliance, once they joined it (the permission table reads it then). */
  membership?: string;
}

export interface ProofWorld {
  world: string;
  mine: Holdings;
  theirs: Holdings;
  /**
   * Founder of the alliance that invited both players; their village is the raids' target. A rival alliance's proposal
   * of a pact waits for the host's alliance (`relation`), and so does a stranger's application to it (`application`).
   */
  host: { player: Player; village: MadeVillage; alliance: string; membership: string; relation: string; application: string };
  moderator: Player;
  gamemaster: Player;
  admin: Player;
  /** A plain player whom the admin and moderation operations act on. */
  target: Player;
  /**
   * A sitter of the player's (`mine.player` named them) and their sitting session in the player's account: `sitting` holds
   * that session's bearer header and the sitter's own sign-in (`body`), `sitter` is the sitter's own account.
   */
  sitter: Player;
  sitting: Player;
  /** A world event created by the game master. */
  event: string;
  /** A barbarian village of the world, which a farm list may take as a row. */
  barbarian: { x: number; y: number };
  /** Two accounts the fair-play signals flagged as one person (the rival's founder and the stranger), for a game master to decide. */
  accountLink: string;
  /** The tile of an oasis of the world (the first one along the row y = 0). */
  oasis: { x: number; y: number };
}

async function ok<T>(t: TestApp, who: Player, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown): Promise<T> {
  const res = await request(t, who, method, url, payload);
  if (res.statusCode >= 300) throw new Error(`${method} ${url} failed in the proof world: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

export async function withRole(t: TestApp, role: Role, prefix: string): Promise<Player> {
  const made = await registerPlayer(t.app, newPlayer(prefix));
  await t.database.db.update(users).set({ role }).where(eq(users.id, made.user.id));
  return made;
}

let spot = 0;

async function holdings(t: TestApp, prefix: string, wonderType: string, host: { player: Player; village: MadeVillage }): Promise<Holdings> {
  const { player, village } = await newVillage(t, undefined, prefix);
  const db = t.database.db;
  const now = t.clock.now();
  // Two tiles from the host, in a corner of its own, so the raid is short and nobody else is near.
  spot += 1;
  await placeAt(t, village.id, host.village.x + 2 * spot, host.village.y);
  for (const type of ['great_hall', 'warehouse', 'granary', 'marketplace', 'blacksmith']) await setBuildingLevel(db, { villageId: village.id, type, level: 20 }, now);
  // An embassy at level 3: enough to accept the host's invitation, or to found an alliance of one's own.
  await giveEmbassy(t, player);
  await grantToPlayer(db, player.body.email, { timber: 50_000, stone: 50_000, iron: 50_000, mead: 50_000 }, now);
  const hero = (await ok<{ hero: Schema<'Hero'> }>(t, player, 'POST', '/api/heroes/recruit', { villageId: village.id, heroType: 'warrior' })).hero.id;
  const wonder = (await ok<{ wonder: Schema<'Wonder'> }>(t, player, 'POST', '/api/wonders/construct', { villageId: village.id, wonderType, wonderName: `${prefix} work` })).wonder.id;
  const invitation = (await ok<{ invitation: { id: string } }>(t, host.player, 'POST', '/api/alliances/invitations', { username: player.user.username })).invitation.id;
  const quests = (await ok<Schema<'QuestList'>>(t, player, 'GET', '/api/quests')).quests;
  const quest = quests.daily.find((q) => q.status === 'available')!.id;
  await station(t, village.id, { bondi: 5 });
  const raid = await send(t, player, { fromVillageId: village.id, toVillageId: host.village.id, units: { bondi: 5 }, movementType: 'raid' });
  if (raid.status !== 201) throw new Error(`raid failed: ${JSON.stringify(raid.body)}`);
  t.clock.set(new Date(raid.body.movement.arrivesAt).getTime());
  const report = (await ok<Schema<'BattleReportPage'>>(t, player, 'GET', '/api/game/battles')).battles[0].id;
  // Reinforcing needs an alliance, which would spoil the invitation: the troops are set standing there directly.
  const [stationed] = await db
    .insert(stationedTroops)
    .values({ villageId: host.village.id, ownerId: player.user.id, homeVillageId: village.id, units: { huscarl: 3 }, arrivedAt: t.clock.now() })
    .returning({ id: stationedTroops.id });
  const building = (await overview(t, player, village.id)).buildings[0].id;
  const letter = async (subject: string) => (await ok<{ message: { id: string } }>(t, host.player, 'POST', '/api/messages', { to: player.user.username, subject, body: 'Hail!' })).message.id;
  const message = await letter('Welcome');
  const reported = await letter('Rude words');
  const messageReport = (await ok<{ report: { id: string } }>(t, player, 'POST', `/api/messages/${reported}/report`, { reason: 'Rude' })).report.id;
  const offer = (await ok<{ offer: { id: string } }>(t, player, 'POST', `/api/villages/${village.id}/market/offers`, { offer: { resource: 'timber', amount: 500 }, want: { resource: 'iron', amount: 500 } })).offer.id;
  const farmList = (await ok<{ list: { id: string } }>(t, player, 'POST', '/api/farm-lists', { name: `${prefix} farms`, villageId: village.id })).list.id;
  const farmTarget = (
    await ok<{ list: { targets: { id: string }[] } }>(t, player, 'POST', `/api/farm-lists/${farmList}/targets`, { x: host.village.x, y: host.village.y, units: { bondi: 1 } })
  ).list.targets[0]!.id;
  return { player, village, building, hero, wonder, invitation, quest, report, stationed: stationed.id, message, messageReport, offer, farmList, farmTarget };
}

export async function buildProofWorld(t: TestApp): Promise<ProofWorld> {
  const world = await worldId(t);
  const hosting = await newVillage(t, undefined, 'host');
  // The host has played a while: past beginner protection, so the holders' raids on it land.
  await joinedLongAgo(t, hosting.player);
  // Founding needs an embassy at level 3 (room for 9 members).
  await giveEmbassy(t, hosting.player);
  const alliance = (await ok<{ alliance: { id: string } }>(t, hosting.player, 'POST', '/api/alliances/create', { name: 'Proof Hall', tag: 'PROOF', description: 'Hosts the proofs.', isPublic: true })).alliance.id;
  // A rival alliance proposes a pact, and a stranger applies to join: neither is any proof caller's to answer.
  const rival = await newEnvoy(t, 'rival');
  await ok(t, rival.player, 'POST', '/api/alliances/create', { name: 'Rival Hall', tag: 'RIVAL', description: 'Rivals the proofs.', isPublic: true });
  const relation = (await ok<Schema<'Diplomacy'>>(t, rival.player, 'POST', '/api/alliances/diplomacy', { tag: 'PROOF', kind: 'nap' })).relations[0]!.id;
  const stranger = await newEnvoy(t, 'appl', JOINING_EMBASSY_LEVEL);
  const application = (await ok<Schema<'MyApplicationResponse'>>(t, stranger.player, 'POST', `/api/alliances/directory/${alliance}/applications`, { message: 'Take me' })).application.id;
  const membership = (await ok<Schema<'MyAlliance'>>(t, hosting.player, 'GET', '/api/alliances/my-alliance')).alliance!.members[0]!.id;
  const host = { ...hosting, alliance, membership, relation, application };
  const mine = await holdings(t, 'mine', 'valhalla', host);
  const theirs = await holdings(t, 'their', 'bifrost', host);
  const moderator = await withRole(t, 'moderator', 'mod');
  const gamemaster = await withRole(t, 'gamemaster', 'gm');
  const admin = await withRole(t, 'admin', 'adm');
  const target = await registerPlayer(t.app, newPlayer('tgt'));
  const sitter = await registerPlayer(t.app, newPlayer('sit'));
  await ok(t, mine.player, 'POST', '/api/sitters', { username: sitter.user.username });
  const sitting = await sitFor(t, sitter, mine.player);
  const start = new Date(t.clock.now().getTime() + 3_600_000);
  const event = (
    await ok<{ event: { id: string } }>(t, gamemaster, 'POST', '/api/gamemaster/events', {
      worldId: world,
      name: 'Harvest feast',
      kind: 'production_bonus',
      percent: 10,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 3_600_000).toISOString(),
    })
  ).event.id;
  const [seeded] = await t.database.db.select({ seed: worlds.seed }).from(worlds).where(eq(worlds.id, world));
  const codes = terrainCodes(seeded!.seed);
  let oasisX = 0;
  while (!codeOasisBonus(codes.at(oasisX, 0))) oasisX += 1;
  const [barbarian] = await t.database.db
    .select({ x: villages.x, y: villages.y })
    .from(villages)
    .where(and(eq(villages.worldId, world), isNull(villages.ownerId)))
    .orderBy(villages.x, villages.y)
    .limit(1);
  if (!barbarian) throw new Error('the proof world has no barbarian village');
  const [userA, userB] = [rival.player.user.id, stranger.player.user.id].sort();
  const now = t.clock.now();
  const [link] = await t.database.db
    .insert(accountLinks)
    .values({ userA: userA!, userB: userB!, status: 'flagged', evidence: { device: { count: 2, lastSeenAt: now.toISOString() } }, firstSeenAt: now, lastSeenAt: now })
    .returning({ id: accountLinks.id });
  return { world, mine, theirs, host, moderator, gamemaster, admin, target, sitter, sitting, event, barbarian, accountLink: link!.id, oasis: { x: oasisX, y: 0 } };
}

/** A sitting session of `sitter` (signed in as themselves) in `owner`'s account, as a caller: its token, the owner it plays, the sitter's sign-in. */
export async function sitFor(t: TestApp, sitter: Player, owner: Player): Promise<Player> {
  const { token, user } = await ok<{ token: string; user: { id: string; username: string; email: string; role: string } }>(t, sitter, 'POST', `/api/sitters/${owner.user.id}/sit`);
  return { token, user: { ...user, id: owner.user.id }, body: sitter.body, auth: { authorization: `Bearer ${token}` } };
}
