// Table-driven: every operation of openapi.yaml called by an anonymous caller, its player, another player, a moderator, a game master, an admin and a sitter of the player's (in a sitting session) answers the status the table states; an operation missing from the table fails.
import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt } from 'drizzle-orm';
import type { OperationId } from '../../src/contract';
import { listOperations, type Operation } from '../../src/server/openapi';
import { buildings, marketExchanges, unitResearch, worlds } from '../../src/server/db/schema';
import { createWorld } from '../../src/server/operators/world-admin';
import { closeDueWorlds } from '../../src/server/worlds/end-dates';
import { newPlayer, startTestApp, type TestApp } from './harness';
import { buildProofWorld, sitFor, type ProofWorld } from './proof-world';
import { toRequest, validDraft, type Draft, type IdBook } from './bad-requests';
import { giveEmbassy, type Player } from './village-helpers';
import { BrowserKeys } from '../support/push-service';

/**
 * Who calls. Every caller names the player's things (their village, hero, wonder, invitation, quest, report,
 * troops): `other` is another plain player acting on them, and the moderator, the game master and the admin hold
 * no power over a player's things in the game's own operations either: their powers are the operations of their role.
 * `sitter` is a sitting session in the player's account, opened by another player the player named their sitter: it
 * acts as the player, within a sitter's rights (the operations marked x-sitter), and is refused everything else (403).
 */
type Caller = 'anonymous' | 'player' | 'other' | 'moderator' | 'gamemaster' | 'admin' | 'sitter';
/** The sitter acts right before the player, so a row's player column shows what the player gets after their sitter's call. */
const CALLERS: Caller[] = ['anonymous', 'other', 'moderator', 'gamemaster', 'admin', 'sitter', 'player'];

type Row = Record<Caller, number>;
/** One row: the status each caller gets, in the order anonymous, player, other, moderator, game master, admin, sitter. */
const row = (anonymous: number, player: number, other: number, moderator: number, gamemaster: number, admin: number, sitter: number): Row => ({
  anonymous,
  player,
  other,
  moderator,
  gamemaster,
  admin,
  sitter,
});
/** What a sitting session gets for an operation outside a sitter's rights. */
const REFUSED = 403;
/** Open to anyone, each caller getting the same (a sitter's session is not even looked at). */
const open = (status: number) => row(status, status, status, status, status, status, status);
/** Any signed-in player may call it; it names nothing that belongs to a player. The sitter gets `sitter`. */
const signedIn = (status: number, sitter: number) => row(401, status, status, status, status, status, sitter);
/** It names the player's thing: only the player gets `status`; another player and the roles are refused with `refused`; the sitter gets `sitter`. */
const ownerOnly = (status: number, refused: number, sitter: number) => row(401, status, refused, refused, refused, refused, sitter);
/** Moderation: searching players, suspending those of a lower role, the reported messages. Never a sitter's. */
const moderatorUp = (status: number) => row(401, 403, 403, status, status, status, REFUSED);
const gameMaster = (status: number) => row(401, 403, 403, 403, status, status, REFUSED);
const adminOnly = (status: number) => row(401, 403, 403, 403, 403, status, REFUSED);

/**
 * The table. Calls run in the table's order, each row's callers in the order of CALLERS (the sitter, then the player
 * last), on one world, so a row states what a caller gets after the rows above it ran (a world joined, an
 * invitation accepted). The sitter's column: an operation marked x-sitter answers the sitter what it answers the player
 * (but for a raid and a shipment to another player), any other 403 `A sitter may not ...`.
 */
const EXPECTED = {
  getHealth: open(200),
  login: open(200),
  register: open(201),
  // Discord is not set up in the tests: the redirects send the browser back with a message.
  discordRedirect: open(302),
  discordCallback: open(302),
  redeemDiscordCode: open(400),
  startDiscordLink: signedIn(409, REFUSED),
  // Each caller logs out of a session of its own made for the call; the sitter's is a sitting session opened for it.
  logout: signedIn(204, 204),
  getAuthOptions: open(200),
  changePassword: signedIn(400, REFUSED),
  getMe: signedIn(200, 200),
  // The language is the player's own: a sitter may not choose it for the owner.
  setMyLocale: signedIn(204, REFUSED),
  listUsers: adminOnly(200),
  searchUsers: moderatorUp(200),
  getAdminStats: adminOnly(200),
  setUserRole: adminOnly(200),
  // The target is a plain player (the row above gave them the role `user`), below every staff role: each suspends
  // them (only the target's sessions end) and lifts it again, before the admin deletes them below.
  suspendUser: moderatorUp(200),
  unsuspendUser: moderatorUp(200),
  setTemporaryPassword: adminOnly(200),
  deleteUser: adminOnly(200),
  listAuditLog: adminOnly(200),
  listWorldsForGameMaster: gameMaster(200),
  createWorldAsGameMaster: row(401, 403, 403, 403, 201, 409, REFUSED),
  setWorldStatus: gameMaster(200),
  // An end date a month ahead of the proof world: nothing the rows below do comes near it.
  setWorldEndDate: gameMaster(200),
  listWorldEvents: gameMaster(200),
  createWorldEvent: gameMaster(201),
  updateWorldEvent: gameMaster(200),
  activateWorldEvent: gameMaster(200),
  deactivateWorldEvent: gameMaster(200),
  listAnnouncements: gameMaster(200),
  createAnnouncement: gameMaster(201),
  // The admin sends the same idempotency key again: the grant made once is answered again.
  distributeRewards: gameMaster(200),
  getWorldAnalytics: gameMaster(200),
  listWorlds: signedIn(200, 200),
  getWorld: signedIn(200, 200),
  joinWorld: row(401, 409, 409, 201, 201, 201, REFUSED),
  getWorldLeaderboard: signedIn(200, 200),
  getWorldNotices: signedIn(200, 200),
  // The hall of fame of a world ended for the row (BEFORE): anyone signed in reads it, a sitter too.
  getHallOfFame: signedIn(200, 200),
  // The front page's figures: anyone, signed in or not.
  getPublicFigures: open(200),
  listVillages: signedIn(200, 200),
  getVillage: ownerOnly(200, 403, 200),
  // The sitter builds the barracks, which is then taken down again (UNDONE below), so the player builds it as well.
  constructBuilding: ownerOnly(201, 403, 201),
  // The player's builders are busy with the barracks of the row above: the rules refuse, past the guard.
  upgradeBuilding: ownerOnly(409, 403, 409),
  getBuildingCost: signedIn(200, 200),
  // No barracks stands yet (it is being built): the rules refuse, past the guard.
  trainUnits: ownerOnly(409, 403, 409),
  getVillageOverview: ownerOnly(200, 403, 200),
  renameVillage: ownerOnly(200, 403, REFUSED),
  getVillageBuildings: ownerOnly(200, 403, 200),
  getVillageUnits: ownerOnly(200, 403, 200),
  getVillageFields: ownerOnly(200, 403, 200),
  getVillageOases: ownerOnly(200, 403, 200),
  getVillageProduction: ownerOnly(200, 403, 200),
  // A village on the map: anyone signed in may look at it.
  getVillageDetails: signedIn(200, 200),
  getOasis: signedIn(200, 200),
  getMapArea: signedIn(200, 200),
  getTravelTime: signedIn(200, 200),
  searchMap: signedIn(200, 200),
  getMapStats: signedIn(200, 200),
  // A raid: a sitter only reinforces the owner's own villages.
  sendTroops: ownerOnly(201, 403, 403),
  listMovements: signedIn(200, 200),
  listBattles: signedIn(200, 200),
  getGameStats: signedIn(200, 200),
  markBattleRead: ownerOnly(200, 404, 200),
  listStationedTroops: signedIn(200, 200),
  recallStationedTroops: ownerOnly(201, 403, REFUSED),
  // The stream never ends by itself; a signed-in caller gets its 200 and hangs up.
  streamEvents: signedIn(200, 200),
  listQuests: signedIn(200, 200),
  startQuest: ownerOnly(200, 404, REFUSED),
  getQuestSummary: signedIn(200, 200),
  canSettle: signedIn(200, 200),
  getSettlementCandidates: ownerOnly(200, 403, 200),
  // Founding first asks whether the caller's own longhouses allow another village, before the source village is
  // locked and its owner checked: everyone is refused there, having too few.
  foundSettlement: signedIn(409, REFUSED),
  getSettlementStats: signedIn(200, 200),
  getTutorialStatus: signedIn(200, 200),
  getTutorialHints: signedIn(200, 200),
  postTutorialProgress: signedIn(200, REFUSED),
  skipTutorial: signedIn(200, REFUSED),
  initializeTutorial: signedIn(200, REFUSED),
  getMyAlliance: signedIn(200, REFUSED),
  listReceivedInvitations: signedIn(200, REFUSED),
  // The others found alliances of their own (the roles with the embassy BEFORE gives their capitals); the player asks
  // for the host's tag, which is taken, and so stays free to accept the host's invitation. Leaving comes last, after
  // the members' operations.
  createAlliance: row(401, 409, 201, 201, 201, 201, REFUSED),
  acceptInvitation: ownerOnly(200, 403, REFUSED),
  declineInvitation: ownerOnly(404, 404, REFUSED),
  // Only a founder or an officer invites: the player, a plain member, is refused; the founders learn the name is nobody's.
  invitePlayer: row(401, 403, 404, 404, 404, 404, REFUSED),
  listAllianceMessages: signedIn(200, REFUSED),
  postAllianceMessage: signedIn(201, REFUSED),
  // Alliance politics: the player is now a plain member of the host's alliance, the others lead alliances of their own.
  // What needs a rank's right is refused to the player; what names the host's alliance's member, relation or
  // application is none of the others' (404 in their own alliance), and an application is the applicant's or the
  // host alliance's ranks' (403 to everyone here).
  getAllianceFeed: signedIn(200, REFUSED),
  listAllianceApplications: row(401, 403, 200, 200, 200, 200, REFUSED),
  updateMyAlliance: row(401, 403, 200, 200, 200, 200, REFUSED),
  setAllianceAnnouncement: row(401, 403, 200, 200, 200, 200, REFUSED),
  setMemberRank: row(401, 403, 404, 404, 404, 404, REFUSED),
  dismissMember: row(401, 403, 404, 404, 404, 404, REFUSED),
  handOverLeadership: row(401, 403, 404, 404, 404, 404, REFUSED),
  getDiplomacy: signedIn(200, REFUSED),
  // The leaders propose a pact to the host's alliance; the player may not.
  proposeRelation: row(401, 403, 201, 201, 201, 201, REFUSED),
  acceptRelation: row(401, 403, 404, 404, 404, 404, REFUSED),
  endRelation: row(401, 403, 404, 404, 404, 404, REFUSED),
  listAlliances: signedIn(200, REFUSED),
  getAllianceProfile: signedIn(200, REFUSED),
  // Everyone stands in an alliance already.
  applyToAlliance: signedIn(409, REFUSED),
  listMyApplications: signedIn(200, REFUSED),
  acceptApplication: row(401, 403, 404, 404, 404, 404, REFUSED),
  declineApplication: row(401, 403, 403, 403, 403, 403, REFUSED),
  leaveAlliance: signedIn(200, REFUSED),
  listHeroes: signedIn(200, 200),
  listHeroTypes: signedIn(200, 200),
  getRecruitmentCost: signedIn(200, 200),
  getHeroLeaderboard: signedIn(200, 200),
  recruitHero: ownerOnly(201, 403, REFUSED),
  // Not enough experience yet: refused by the rules, past the guard.
  levelUpHero: ownerOnly(409, 403, REFUSED),
  listWonders: signedIn(200, 200),
  getWonderTypes: signedIn(200, 200),
  getAllianceEffects: signedIn(200, 200),
  checkVictory: signedIn(200, 200),
  // The player's village already raises a wonder.
  constructWonder: ownerOnly(409, 403, REFUSED),
  contributeToWonder: ownerOnly(200, 403, REFUSED),
  // Trade from the player's village (which has a marketplace) to the host's tile.
  getMarket: ownerOnly(200, 403, 200),
  previewShipment: ownerOnly(200, 403, 200),
  // The host's village is another player's: a sitter only ships between the owner's own villages.
  sendResources: ownerOnly(201, 403, 403),
  // The sitter's exchange is forgotten again (UNDONE below), so the player's is not held back by the hour between two.
  exchangeResources: ownerOnly(200, 403, 200),
  listTradeOffers: ownerOnly(200, 403, 200),
  createTradeOffer: ownerOnly(201, 403, REFUSED),
  // The offer is the player's own, paid for from the player's village: the others may not pay from it, and the player
  // may not take their own offer (refused by the rules, past the guard). Withdrawing it comes after.
  acceptTradeOffer: ownerOnly(409, 403, REFUSED),
  withdrawTradeOffer: ownerOnly(200, 403, REFUSED),
  // The player's village has a blacksmith (the proof world's): the player starts a research, the others may not look or start one.
  getSmithy: ownerOnly(200, 403, 200),
  // The sitter's research is taken back (UNDONE below): one research at a time would hold the player's back.
  startResearch: ownerOnly(201, 403, 201),
  // Rankings are public to anyone signed in; the first read computes a fresh world's standings.
  getPlayerRankings: signedIn(200, 200),
  getAllianceRankings: signedIn(200, 200),
  getCombatRankings: signedIn(200, 200),
  getMyRankings: signedIn(200, 200),
  // Mail: everyone writes to the host; the player's letter is from the host, so nobody else may read, mark, report or delete it.
  listMessages: signedIn(200, REFUSED),
  sendMessage: signedIn(201, REFUSED),
  getUnreadMessageCount: signedIn(200, REFUSED),
  getMessage: ownerOnly(200, 404, REFUSED),
  markMessageRead: ownerOnly(200, 404, REFUSED),
  reportMessage: ownerOnly(201, 404, REFUSED),
  deleteMessage: ownerOnly(204, 404, REFUSED),
  listBlockedPlayers: signedIn(200, REFUSED),
  // Everyone blocks the host and unblocks them again (both idempotent).
  blockPlayer: signedIn(200, REFUSED),
  unblockPlayer: signedIn(200, REFUSED),
  listMessageReports: moderatorUp(200),
  // Resolving again changes nothing: the game master and the admin are answered like the moderator.
  resolveMessageReport: moderatorUp(200),
  getPlayerProfile: signedIn(200, 200),
  findPlayerByName: signedIn(200, 200),
  updateMyProfile: signedIn(200, REFUSED),
  // Sitters: nothing of them is a sitter's. The player, who has a sitter already, names the host a second; the others
  // name the player. The player then sits for the other player (who named them) and resigns again; nobody else sits for
  // or resigns from the other player, who cannot sit for themselves either.
  getSitters: signedIn(200, REFUSED),
  addSitter: signedIn(201, REFUSED),
  startSitting: row(401, 201, 404, 404, 404, 404, REFUSED),
  getSitterLog: signedIn(200, REFUSED),
  removeSitter: row(401, 200, 404, 404, 404, 404, REFUSED),
  // Farm lists are raids: never a sitter's. Each names the player's list of the proof world (its row: the host's
  // village); anyone else is told there is no such list. The new list is of the player's own village.
  listFarmLists: signedIn(200, REFUSED),
  createFarmList: ownerOnly(201, 403, REFUSED),
  renameFarmList: ownerOnly(200, 404, REFUSED),
  addFarmTarget: ownerOnly(201, 404, REFUSED),
  updateFarmTarget: ownerOnly(200, 404, REFUSED),
  sendFarmList: ownerOnly(200, 404, REFUSED),
  removeFarmTarget: ownerOnly(200, 404, REFUSED),
  deleteFarmList: ownerOnly(200, 404, REFUSED),
  // Alerts are each account's own: everyone reads and chooses theirs; a sitter is not the owner's phone.
  listAlerts: signedIn(200, REFUSED),
  getAlertSettings: signedIn(200, REFUSED),
  saveAlertSubscription: signedIn(200, REFUSED),
  deleteAlertSubscription: signedIn(200, REFUSED),
  // Fair play is the game master's: the link of the proof world is cleared, and clearing again is answered alike.
  listAccountLinks: gameMaster(200),
  decideAccountLink: gameMaster(200),
  // Last, as a vacation stops a player's actions: a sitter may see it, only the player starts and ends their own. The
  // two players have troops away (standing in the host's village), which keeps them home; the staff, who joined the
  // world above, start one, and none of them may end it before its shortest span has passed.
  getVacation: signedIn(200, 200),
  startVacation: row(401, 409, 409, 201, 201, 201, REFUSED),
  endVacation: signedIn(409, REFUSED),
} satisfies Record<OperationId, Row>;

/** A browser's push keys: the server checks they are a real subscription's. */
const BROWSER = new BrowserKeys();

/** Bodies the schema alone does not make meaningful, by operation; `who` is the caller, for what must be theirs. */
function bodyFor(op: OperationId, w: ProofWorld, who: Player | null): unknown {
  switch (op) {
    case 'login':
      return who ? { email: who.body.email, password: who.body.password } : { email: w.mine.player.body.email, password: w.mine.player.body.password };
    case 'register':
      return newPlayer('perm');
    case 'changePassword':
      // A wrong current password: the caller gets past the guard and is refused by the check, keeping their password.
      return { currentPassword: 'Not#the#password1', newPassword: 'Valhalla#2027' };
    case 'setTemporaryPassword':
      return { password: 'Temporary#2026x' };
    case 'deleteUser':
      return { confirmUsername: w.target.user.username };
    case 'createWorldAsGameMaster':
      return { name: 'Proof World' };
    case 'setWorldEndDate':
      return { endsAt: new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString() };
    case 'createWorldEvent':
      return { worldId: w.world, name: 'Feast', kind: 'production_bonus', percent: 10, startTime: '2030-01-01T00:00:00.000Z', endTime: '2030-01-02T00:00:00.000Z' };
    case 'updateWorldEvent':
      return { name: 'Great feast' };
    case 'createAnnouncement':
      return { worldId: w.world, message: 'Welcome', endsAt: new Date(t.clock.now().getTime() + 86_400_000).toISOString() };
    case 'distributeRewards':
      return { worldId: w.world, username: w.mine.player.user.username, resources: { timber: 10 }, idempotencyKey: 'permissions-0001' };
    case 'constructBuilding':
      return { buildingType: 'barracks', slot: 25 };
    case 'trainUnits':
      return { unitType: 'bondi', count: 1 };
    case 'renameVillage':
      return { name: 'Proof Hall' };
    case 'sendTroops':
      return { fromVillageId: w.mine.village.id, toVillageId: w.host.village.id, units: { bondi: 1 }, movementType: 'raid' };
    case 'foundSettlement':
      return { worldId: w.world, x: 1, y: 1, villageName: 'Outpost', fromVillageId: w.mine.village.id };
    case 'postTutorialProgress':
      return { action: 'view_map' };
    case 'createAlliance': {
      const tag = who === w.mine.player ? 'PROOF' : `${(who?.user.username ?? 'ANO').slice(0, 3).toUpperCase()}PX`;
      return { name: `Clan of ${who?.user.username ?? 'nobody'}`, tag, description: 'A clan.', isPublic: true };
    }
    case 'invitePlayer':
      return { username: 'nobody_here' };
    case 'postAllianceMessage':
      return { body: 'Skål!' };
    case 'updateMyAlliance':
      return { description: 'A clan of proofs.', isPublic: true };
    case 'setAllianceAnnouncement':
      return { text: 'Muster at dawn' };
    case 'setMemberRank':
      return { role: 'officer' };
    case 'dismissMember':
      return { reason: 'A proof' };
    case 'handOverLeadership':
      return { memberId: w.mine.membership ?? '' };
    case 'proposeRelation':
      return { tag: 'PROOF', kind: 'nap' };
    case 'applyToAlliance':
      return { message: 'Take me' };
    case 'recruitHero':
      return { villageId: w.mine.village.id, heroType: 'skald' };
    case 'constructWonder':
      return { villageId: w.mine.village.id, wonderType: 'yggdrasil', wonderName: 'World Tree' };
    case 'contributeToWonder':
      return { villageId: w.mine.village.id, resources: { timber: 1, stone: 1, iron: 1, mead: 1 } };
    case 'sendResources':
      return { x: w.host.village.x, y: w.host.village.y, resources: { timber: 1, stone: 0, iron: 0, mead: 0 } };
    case 'exchangeResources':
      return { from: 'timber', to: 'stone', amount: 1 };
    case 'startResearch':
      return { unitType: 'bondi', track: 'attack' };
    case 'createTradeOffer':
      return { offer: { resource: 'timber', amount: 100 }, want: { resource: 'iron', amount: 100 } };
    case 'sendMessage':
      return { to: w.host.player.user.username, subject: 'Hail', body: 'Skål!' };
    case 'reportMessage':
      return { reason: 'Rude' };
    case 'updateMyProfile':
      return { description: 'A proof.' };
    case 'createFarmList':
      return { name: 'Proof farms', villageId: w.mine.village.id };
    case 'addFarmTarget':
      return { x: w.barbarian.x, y: w.barbarian.y, units: { bondi: 1 } };
    case 'updateFarmTarget':
      return { units: { bondi: 2 } };
    case 'sendFarmList':
      return { key: 'permissions-farms-0001' };
    case 'saveAlertSubscription':
      return { subscription: BROWSER.subscription('https://push.example.test/permissions'), kinds: ['incoming_attack'] };
    case 'decideAccountLink':
      return { status: 'cleared', note: 'Two people.' };
    case 'startVacation':
      return { endsAt: new Date(t.clock.now().getTime() + 5 * 86_400_000).toISOString() };
    case 'addSitter':
      return { username: who === w.mine.player ? w.host.player.user.username : w.mine.player.user.username };
    default:
      return undefined;
  }
}

/**
 * What a sitter's successful call changed and the player's own call would be refused for (one construction, one research
 * at a time; an hour between two exchanges), taken back right after it, so the player's call finds the state it would
 * have found without its sitter.
 */
const UNDONE: Partial<Record<OperationId, () => Promise<void>>> = {
  constructBuilding: async () => {
    await t.database.db.delete(buildings).where(and(eq(buildings.villageId, w.mine.village.id), eq(buildings.slot, 25)));
  },
  startResearch: async () => {
    await t.database.db.delete(unitResearch).where(and(eq(unitResearch.villageId, w.mine.village.id), gt(unitResearch.finishesAt, t.clock.now())));
  },
  exchangeResources: async () => {
    await t.database.db.delete(marketExchanges).where(eq(marketExchanges.villageId, w.mine.village.id));
  },
};

/** What a row needs that the rows above do not leave, done once before it. */
const BEFORE: Partial<Record<OperationId, () => Promise<void>>> = {
  // The player's membership of the host's alliance, which the rank rows name.
  getAllianceFeed: async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/alliances/my-alliance', headers: w.mine.player.auth });
    w.mine.membership = (res.json() as { alliance: { members: { id: string; user: { id: string } }[] } }).alliance.members.find((m) => m.user.id === w.mine.player.user.id)?.id;
  },
  // A small world whose end date came, closed by the sweeper's step: its hall of fame stands.
  getHallOfFame: async () => {
    const world = await createWorld(t.database.db, { name: 'Ended Proof', size: 60, now: t.clock.now() });
    await t.database.db.update(worlds).set({ endsAt: t.clock.now() }).where(eq(worlds.id, world.id));
    expect(await closeDueWorlds(t.database.db, t.clock.now())).toEqual([world.id]);
    endedWorld = world.id;
  },
  // The staff joined the world in the joinWorld row; founding needs an embassy at level 3.
  createAlliance: async () => {
    for (const who of [w.moderator, w.gamemaster, w.admin]) await giveEmbassy(t, who);
  },
};

let t: TestApp;
let w: ProofWorld;
let base: string;
/** The world the getHallOfFame row reads, ended just before it. */
let endedWorld = '00000000-0000-4000-8000-000000000000';
const observed: Partial<Record<OperationId, Row>> = {};

function idBook(world: ProofWorld): IdBook {
  const { mine } = world;
  const ids: Record<string, string> = {
    villageId: mine.village.id,
    fromVillageId: mine.village.id,
    toVillageId: world.host.village.id,
    buildingId: mine.building,
    heroId: mine.hero,
    wonderId: mine.wonder,
    invitationId: mine.invitation,
    questId: mine.quest,
    reportId: mine.report,
    stationedId: mine.stationed,
    worldId: world.world,
    userId: world.target.user.id,
    eventId: world.event,
    messageId: mine.message,
    messageReportId: mine.messageReport,
    playerId: world.host.player.user.id,
    offerId: mine.offer,
    // The player's membership of the host's alliance (read once they joined), the rival's proposal and the stranger's application to it.
    memberId: mine.membership ?? '00000000-0000-4000-8000-000000000000',
    relationId: world.host.relation,
    allianceId: world.host.alliance,
    applicationId: world.host.application,
    listId: mine.farmList,
    targetId: mine.farmTarget,
    linkId: world.accountLink,
  };
  return {
    idFor: (name) => ids[name] ?? '00000000-0000-4000-8000-000000000000',
    otherKinds: () => [],
    fixed: {
      'findPlayerByName.username': world.host.player.user.username,
      // The preview looks at the host's tile.
      'previewShipment.x': world.host.village.x,
      'previewShipment.y': world.host.village.y,
      // An oasis of the proof world.
      'getOasis.x': world.oasis.x,
      'getOasis.y': world.oasis.y,
      // The other player (who names the player their sitter in the addSitter row) is whom the player sits for, then resigns from.
      'startSitting.playerId': world.theirs.player.user.id,
      'removeSitter.playerId': world.theirs.player.user.id,
      'deleteAlertSubscription.endpoint': 'https://push.example.test/permissions',
      'getHallOfFame.worldId': endedWorld,
    },
  };
}

beforeAll(async () => {
  t = await startTestApp();
  w = await buildProofWorld(t);
  // The event stream is tried over real HTTP: inject would wait for its end, which never comes.
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  if (process.env.PRINT_PERMISSIONS) console.log(JSON.stringify(observed));
  await t.close();
});

function callerOf(caller: Caller): Player | null {
  switch (caller) {
    case 'anonymous':
      return null;
    case 'player':
      return w.mine.player;
    case 'other':
      return w.theirs.player;
    case 'moderator':
      return w.moderator;
    case 'gamemaster':
      return w.gamemaster;
    case 'admin':
      return w.admin;
    case 'sitter':
      return w.sitting;
  }
}

/** A session of the caller's own for a call that ends it (logout), so the next rows still have theirs. */
async function spareSession(who: Player): Promise<Record<string, string>> {
  if (who === w.sitting) return (await sitFor(t, w.sitter, w.mine.player)).auth;
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: who.body.email, password: who.body.password } });
  return { authorization: `Bearer ${(res.json() as { token: string }).token}` };
}

async function statusOf(op: Operation, caller: Caller): Promise<number> {
  const who = callerOf(caller);
  const draft: Draft = validDraft(op, idBook(w));
  const body = bodyFor(op.operationId, w, who);
  if (body !== undefined) draft.body = body;
  const headers = !who ? {} : op.operationId === 'logout' ? await spareSession(who) : who.auth;
  const request = toRequest(op, draft, headers);
  if (op.operationId === 'streamEvents') {
    // A connection of its own, cut as soon as the status is in: nothing keeps the server from closing.
    return new Promise<number>((resolve, reject) => {
      const req = get(base + request.url, { headers, agent: false }, (res) => {
        resolve(res.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
    });
  }
  return (await t.app.inject(request)).statusCode;
}

describe('who may call what', () => {
  it('the table names exactly the operations of openapi.yaml', () => {
    const inYaml = listOperations()
      .map((op) => op.operationId)
      .sort();
    expect(Object.keys(EXPECTED).sort()).toEqual(inYaml);
  });

  // In the table's order, which states what each row finds.
  const byId = new Map(listOperations().map((op) => [op.operationId as string, op]));
  for (const op of Object.keys(EXPECTED).flatMap((id) => byId.get(id) ?? [])) {
    it(`${op.operationId}: ${op.method} ${op.path}`, async () => {
      const got = {} as Row;
      await BEFORE[op.operationId]?.();
      for (const caller of CALLERS) {
        got[caller] = await statusOf(op, caller);
        if (caller === 'sitter' && got.sitter < 300) await UNDONE[op.operationId]?.();
      }
      observed[op.operationId] = got;
      const expected = (EXPECTED as Partial<Record<string, Row>>)[op.operationId];
      expect(expected, `${op.operationId} is missing from the permissions table`).toBeDefined();
      expect(got).toEqual(expected);
      // Whatever the table says, nobody but a signed-in caller gets past a secured operation.
      if (op.secured) expect(got.anonymous).toBe(401);
    });
  }
});
