// Every server read of the client as a TanStack Query: its key (queryKeys.ts), the typed call of src/client/api it makes,
// and how it stays fresh. Components read through useQuery with these options; atoms the map reads use atomWithQuery.
import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getAdminStats, listAuditLog, searchUsers } from '../api/admin';
import {
  getAllianceFeed,
  getAllianceProfile,
  getDiplomacy,
  getMyAlliance,
  listAllianceApplications,
  listAllianceMessages,
  listAlliances,
  listMyApplications,
  listReceivedInvitations,
  type AllianceMessagePage,
} from '../api/alliances';
import { listBattles, listMovements, listStationedTroops } from '../api/army';
import { getWorldAnalytics, listAccountLinks, listAnnouncements, listGmWorlds, listMessageReports, listWorldEvents } from '../api/gamemaster';
import { getHeroLeaderboard, getRecruitmentCost, listHeroTypes, listHeroes } from '../api/heroes';
import { getMapArea, getOasis, getVillageOases, searchMap } from '../api/map';
import { getMessage, getUnreadMessageCount, listBlockedPlayers, listMessages, type MessageFolder } from '../api/messages';
import { findPlayerByName, getPlayerProfile } from '../api/players';
import { getAllianceRankings, getCombatRankings, getMyRankings, getPlayerRankings, type CombatBoard, type CombatPeriod } from '../api/rankings';
import { getWorldNotices } from '../api/notices';
import { getQuestSummary, listQuests } from '../api/quests';
import { canSettle, getSettlementCandidates, getSettlementStats } from '../api/settlement';
import { getTutorialHints, getTutorialStatus, type TutorialStatus } from '../api/tutorial';
import { getMarket, listTradeOffers, previewShipment, type OfferFilter, type Shipment } from '../api/trade';
import { getSmithy } from '../api/smithy';
import { getVacation } from '../api/vacation';
import { getAlertSettings, listAlerts } from '../api/alerts';
import { listFarmLists } from '../api/farmLists';
import { getVillageOverview, listVillages, type Village } from '../api/villages';
import { checkVictory, getAllianceEffects, listWonderTypes, listWonders } from '../api/wonders';
import { getHallOfFame, listWorlds } from '../api/worlds';
import { onClientClock } from './army';
import { queryKeys, type Viewer } from './queryKeys';
import { sittingNow } from './session';
import { getSitterLog, getSitters } from '../api/sitters';

// A sitting session (a sitter playing someone's account) does not ask for what a sitter may not read (the owner's mail,
// alliance, farm lists and alerts: 403): those reads are off while one is open, so no refusal reaches the console. The
// account's id changes with the session, so each read's options are made again then.

/** Reads that never change while the page is open (the catalogues of heroes and wonders, the sign-in options): kept and never read again. */
const FOREVER = Infinity;

// ------------------------------------------------------------------------------------------------
// Villages

export const villagesQuery = (viewer: Viewer) =>
  queryOptions({
    queryKey: queryKeys.villages(viewer),
    queryFn: () => listVillages(),
    enabled: viewer !== null,
    meta: { what: 'the villages' },
  });

/** Puts a village the server just returned (joined, founded, renamed, read) into the player's list. */
export function villagesWith(villages: Village[] | undefined, village: Village): Village[] | undefined {
  if (!villages) return villages;
  const index = villages.findIndex((v) => v.id === village.id);
  const old = villages[index];
  if (!old) return [...villages, village];
  const same = (Object.keys(village) as (keyof Village)[]).every((key) => old[key] === village[key]);
  return same ? villages : villages.map((v, i) => (i === index ? village : v));
}

/**
 * Everything the village page shows, settled by the server. Its `dataUpdatedAt` is the client's clock when it
 * arrived: live resources and countdowns count from there. The fresh village it carries goes into the list too.
 */
export const overviewQuery = (viewer: Viewer, villageId: string) =>
  queryOptions({
    queryKey: queryKeys.overview(viewer, villageId),
    queryFn: async ({ client }) => {
      const overview = await getVillageOverview(villageId);
      client.setQueryData(villagesQuery(viewer).queryKey, (villages) => villagesWith(villages, overview.village));
      return overview;
    },
    enabled: viewer !== null,
    meta: { what: 'the village overview' },
  });

/** Worlds' speed and size rarely change: pages that need them read them once in a while (the world picker every time). */
const WORLDS_STALE_MS = 5 * 60_000;

/** Worlds to join, with their speed and size (anyone's). */
export const worldsQuery = () =>
  queryOptions({
    queryKey: queryKeys.worlds(),
    queryFn: () => listWorlds(),
    staleTime: WORLDS_STALE_MS,
    meta: { what: 'the worlds' },
  });

/** An ended world's hall of fame: written once at its close, so kept once read. */
export const hallOfFameQuery = (worldId: string) =>
  queryOptions({
    queryKey: queryKeys.hallOfFame(worldId),
    queryFn: () => getHallOfFame(worldId),
    staleTime: FOREVER,
    meta: { what: 'the hall of fame' },
  });

/** Banners of a world (maintenance, announcements, events): pushed by the notices_changed event; read again now and then in case the stream was down, and for events starting or ending on their own. */
export const NOTICES_REFRESH_MS = 60_000;

export const noticesQuery = (viewer: Viewer, worldId: string) =>
  queryOptions({
    queryKey: queryKeys.notices(viewer, worldId),
    queryFn: () => getWorldNotices(worldId),
    enabled: viewer !== null,
    refetchInterval: NOTICES_REFRESH_MS,
    refetchIntervalInBackground: true,
    meta: { what: 'the world notices' },
  });

// ------------------------------------------------------------------------------------------------
// Armies

/** The player's movements with their arrival on the client's clock (the server's remaining seconds from the reply). */
export const movementsQuery = (viewer: Viewer) =>
  queryOptions({
    queryKey: queryKeys.movements(viewer),
    queryFn: async () => onClientClock(await listMovements(), Date.now()),
    enabled: viewer !== null,
    meta: { what: 'the movements' },
  });

/** The unread count of the side navigation: one report is enough, the count covers every page. */
export const unreadReportsQuery = (viewer: Viewer) =>
  queryOptions({
    queryKey: queryKeys.unreadReports(viewer),
    queryFn: async () => (await listBattles(1, 1)).unread,
    enabled: viewer !== null,
    meta: { what: 'the unread reports' },
  });

/** A page of battle reports, newest first; the unread count it carries is the side navigation's too. */
export const battlePageQuery = (viewer: Viewer, page: number, limit: number) =>
  queryOptions({
    queryKey: queryKeys.battlePage(viewer, page, limit),
    queryFn: async ({ client }) => {
      const read = await listBattles(page, limit);
      client.setQueryData(unreadReportsQuery(viewer).queryKey, read.unread);
      return read;
    },
    enabled: viewer !== null,
    placeholderData: keepPreviousData,
    meta: { what: 'the battle reports' },
  });

export const stationedQuery = (viewer: Viewer) =>
  queryOptions({
    queryKey: queryKeys.stationed(viewer),
    queryFn: () => listStationedTroops(),
    enabled: viewer !== null,
    meta: { what: 'the stationed troops' },
  });

export const settlementStatsQuery = (viewer: Viewer) =>
  queryOptions({
    queryKey: queryKeys.settlementStats(viewer),
    queryFn: () => getSettlementStats(),
    enabled: viewer !== null,
    meta: { what: 'the settlement allowance' },
  });

export const settlementCandidatesQuery = (viewer: Viewer, villageId: string) =>
  queryOptions({
    queryKey: queryKeys.settlementCandidates(viewer, villageId),
    queryFn: () => getSettlementCandidates(villageId),
    enabled: viewer !== null,
    meta: { what: 'the settlement sites' },
  });

/** Whether a tile can take a village (aborted when the tile changes before the answer). */
export const canSettleQuery = (worldId: string, x: number, y: number) =>
  queryOptions({
    queryKey: queryKeys.canSettle(worldId, x, y),
    queryFn: ({ signal }) => canSettle(worldId, x, y, signal),
    meta: { what: 'whether the site can be settled' },
  });

/** The oasis on a tile: its holder and its animals now. */
export const oasisQuery = (worldId: string, x: number, y: number) =>
  queryOptions({
    queryKey: queryKeys.oasis(worldId, x, y),
    queryFn: () => getOasis(worldId, x, y),
    meta: { what: 'the oasis' },
  });

/** The oases within reach of one of the player's villages (an oasis is annexed from at most 3 tiles). */
export const villageOasesQuery = (viewer: Viewer, villageId: string) =>
  queryOptions({
    queryKey: queryKeys.villageOases(viewer, villageId),
    queryFn: () => getVillageOases(villageId, 3),
    enabled: viewer !== null,
    meta: { what: 'the oases near the village' },
  });

/** Villages named like `text` (nearest to `near` first), or the village or tile at "(x|y)". */
export const mapSearchQuery = (worldId: string, text: string, near: { x: number; y: number } | null = null) =>
  queryOptions({
    queryKey: queryKeys.mapSearch(worldId, text, near),
    queryFn: () => searchMap(worldId, text, near ?? undefined),
    meta: { what: 'the map search' },
  });

/**
 * One chunk's square of tiles. The map page's chunk loader asks for these (what is on screen first, a few at a time)
 * and keeps the tiles in mapChunksAtom, which the PixiJS map draws: the cache only carries the call, and forgets it.
 */
export const mapAreaQuery = (worldId: string, x: number, y: number, radius: number) =>
  queryOptions({
    queryKey: queryKeys.mapArea(worldId, x, y, radius),
    queryFn: ({ signal }) => getMapArea({ worldId, x, y, radius }, signal),
    gcTime: 0,
    meta: { what: 'the map area' },
  });

// ------------------------------------------------------------------------------------------------
// Farm lists

/** The player's farm lists, each row with its last raid (read again whenever a report arrives: it lives under the reports' key). */
export const farmListsQuery = (viewer: Viewer) =>
  queryOptions({
    queryKey: queryKeys.farmLists(viewer),
    queryFn: ({ signal }) => listFarmLists(signal),
    enabled: viewer !== null && !sittingNow(),
    meta: { what: 'the farm lists' },
  });

// ------------------------------------------------------------------------------------------------
// Smithy

/** A village's smithy; its `dataUpdatedAt` is when the running research's remaining seconds were told. */
export const smithyQuery = (viewer: Viewer, villageId: string) =>
  queryOptions({
    queryKey: queryKeys.smithy(viewer, villageId),
    queryFn: ({ signal }) => getSmithy(villageId, signal),
    enabled: viewer !== null && villageId !== '',
    meta: { what: 'the smithy' },
  });

// ------------------------------------------------------------------------------------------------
// Vacation

/** The player's vacation in a world; the game pages read it to say so, the settings page to start and end one. */
export const vacationQuery = (viewer: Viewer, worldId: string | null) =>
  queryOptions({
    queryKey: queryKeys.vacation(viewer, worldId ?? ''),
    queryFn: ({ signal }) => getVacation(worldId ?? '', signal),
    enabled: viewer !== null && worldId !== null,
    meta: { what: 'your vacation' },
  });

// ------------------------------------------------------------------------------------------------
// Alerts

/** The player's last alerts (the notice page); read whenever the page opens, since alerts come while nobody looks. */
export const alertsQuery = (viewer: Viewer) =>
  queryOptions({
    queryKey: queryKeys.alerts(viewer),
    queryFn: ({ signal }) => listAlerts(signal),
    enabled: viewer !== null && !sittingNow(),
    staleTime: 0,
    meta: { what: 'your alerts' },
  });

/** The server's push key and what this browser's subscription (`endpoint`, null for none) receives. */
export const alertSettingsQuery = (viewer: Viewer, endpoint: string | null) =>
  queryOptions({
    queryKey: queryKeys.alertSettings(viewer, endpoint ?? ''),
    queryFn: ({ signal }) => getAlertSettings(endpoint, signal),
    enabled: viewer !== null && !sittingNow(),
    meta: { what: 'your alert settings' },
  });

// ------------------------------------------------------------------------------------------------
// Trade

/** A village's marketplace and merchants; its `dataUpdatedAt` is when the exchange's next use was told. */
export const marketQuery = (viewer: Viewer, villageId: string) =>
  queryOptions({
    queryKey: queryKeys.market(viewer, villageId),
    queryFn: ({ signal }) => getMarket(villageId, signal),
    enabled: viewer !== null && villageId !== '',
    meta: { what: 'the market' },
  });

/** What a shipment would take and bring, as the server sees it now; the last preview stays shown while the next is read. */
export const shipmentPreviewQuery = (viewer: Viewer, villageId: string, shipment: Shipment) =>
  queryOptions({
    queryKey: queryKeys.shipmentPreview(viewer, villageId, shipment),
    queryFn: ({ signal }) => previewShipment(villageId, shipment, signal),
    enabled: viewer !== null && villageId !== '',
    placeholderData: keepPreviousData,
    meta: { what: 'the shipment preview' },
  });

/** A page of others' open offers (nearest first) and the village's own; the page on screen stays while the next is read. */
export const tradeOffersQuery = (viewer: Viewer, villageId: string, filter: OfferFilter) =>
  queryOptions({
    queryKey: queryKeys.tradeOfferPage(viewer, villageId, filter),
    queryFn: ({ signal }) => listTradeOffers(villageId, filter, signal),
    enabled: viewer !== null && villageId !== '',
    placeholderData: keepPreviousData,
    meta: { what: 'the trade offers' },
  });

// ------------------------------------------------------------------------------------------------
// Heroes and wonders

export const heroesQuery = (viewer: Viewer) =>
  queryOptions({
    queryKey: queryKeys.heroList(viewer),
    queryFn: () => listHeroes(),
    enabled: viewer !== null,
    meta: { what: 'the heroes' },
  });

export const heroTypesQuery = () =>
  queryOptions({
    queryKey: queryKeys.heroTypes(),
    queryFn: () => listHeroTypes(),
    staleTime: FOREVER,
    gcTime: FOREVER,
    meta: { what: 'the hero types' },
  });

/** The next hero's price as `villageId` (the selected village) sees it; the last price stays shown while another is read. */
export const recruitmentCostQuery = (viewer: Viewer, villageId: string | null) =>
  queryOptions({
    queryKey: queryKeys.recruitmentCost(viewer, villageId),
    queryFn: () => getRecruitmentCost(villageId ?? undefined),
    enabled: viewer !== null,
    placeholderData: keepPreviousData,
    meta: { what: 'the price of a hero' },
  });

export const heroLeaderboardQuery = () =>
  queryOptions({
    queryKey: queryKeys.heroLeaderboard(),
    queryFn: () => getHeroLeaderboard(),
    meta: { what: 'the hero leaderboard' },
  });

/** Between reads the wonders' countdowns only count; a fresh read now and then shows other players' contributions. */
export const WONDERS_RESYNC_MS = 60_000;

const wonderRead = { refetchInterval: WONDERS_RESYNC_MS, refetchIntervalInBackground: true } as const;

export const wondersQuery = (viewer: Viewer, worldId: string | null) =>
  queryOptions({
    queryKey: queryKeys.wonderList(viewer, worldId),
    queryFn: () => listWonders(worldId ?? undefined),
    enabled: viewer !== null,
    ...wonderRead,
    meta: { what: 'the wonders' },
  });

export const wonderTypesQuery = () =>
  queryOptions({
    queryKey: queryKeys.wonderTypes(),
    queryFn: () => listWonderTypes(),
    staleTime: FOREVER,
    gcTime: FOREVER,
    meta: { what: 'the wonder types' },
  });

export const allianceEffectsQuery = (viewer: Viewer, worldId: string | null) =>
  queryOptions({
    queryKey: queryKeys.allianceEffects(viewer, worldId),
    queryFn: () => getAllianceEffects(worldId ?? undefined),
    enabled: viewer !== null,
    ...wonderRead,
    meta: { what: 'the alliance effects' },
  });

export const victoryQuery = (viewer: Viewer, worldId: string | null) =>
  queryOptions({
    queryKey: queryKeys.victory(viewer, worldId),
    queryFn: () => checkVictory(worldId ?? undefined),
    enabled: viewer !== null,
    ...wonderRead,
    meta: { what: 'the victory check' },
  });

// ------------------------------------------------------------------------------------------------
// Quests and the tutorial

export const questsQuery = (viewer: Viewer) =>
  queryOptions({
    queryKey: queryKeys.questList(viewer),
    queryFn: () => listQuests(),
    enabled: viewer !== null,
    meta: { what: 'the quests' },
  });

export const questSummaryQuery = (viewer: Viewer) =>
  queryOptions({
    queryKey: queryKeys.questSummary(viewer),
    queryFn: () => getQuestSummary(),
    enabled: viewer !== null,
    meta: { what: 'the quest summary' },
  });

/** A reply worth keeping: an odd body (an empty reply, a proxy's page) never replaces a real status. */
export function isTutorialStatus(value: unknown): value is TutorialStatus {
  return typeof value === 'object' && value !== null && typeof (value as TutorialStatus).totalSteps === 'number';
}

/** Steps also move without the player clicking (a construction finishing): the status is asked again this often. */
export const TUTORIAL_POLL_MS = 20_000;

export const tutorialStatusQuery = (viewer: Viewer) =>
  queryOptions({
    queryKey: queryKeys.tutorialStatus(viewer),
    queryFn: async () => {
      const status: unknown = await getTutorialStatus();
      if (!isTutorialStatus(status)) throw new Error('The tutorial status reply holds no status');
      return status;
    },
    enabled: viewer !== null,
    // A hidden tab needs no fresh percent: the poll waits while it is hidden.
    refetchInterval: TUTORIAL_POLL_MS,
    meta: { what: 'the tutorial' },
  });

/** Hints depend on the step: `step` names it, so a new step (or the end) asks again. */
export const tutorialHintsQuery = (viewer: Viewer, step: string) =>
  queryOptions({
    queryKey: queryKeys.tutorialHints(viewer, step),
    queryFn: () => getTutorialHints(),
    enabled: viewer !== null,
    meta: { what: 'the hints' },
  });

// ------------------------------------------------------------------------------------------------
// Alliance

/** Members joining or leaving, roles changing and new invitations show within this long. */
export const ALLIANCE_POLL_MS = 30_000;

export const myAllianceQuery = (viewer: Viewer) =>
  queryOptions({
    queryKey: queryKeys.myAlliance(viewer),
    queryFn: () => getMyAlliance(),
    enabled: viewer !== null && !sittingNow(),
    refetchInterval: ALLIANCE_POLL_MS,
    meta: { what: 'the alliance' },
  });

export const invitationsQuery = (viewer: Viewer) =>
  queryOptions({
    queryKey: queryKeys.invitations(viewer),
    queryFn: () => listReceivedInvitations(),
    enabled: viewer !== null && !sittingNow(),
    refetchInterval: ALLIANCE_POLL_MS,
    meta: { what: 'the invitations' },
  });

/**
 * The caller's alliance's relations and proposals: the diplomacy tab, the map's colours and the send form's warning
 * read it. Only a member has any (`enabled` waits for the alliance read to say so); alliance_changed marks it stale.
 */
export const diplomacyQuery = (viewer: Viewer, inAlliance: boolean) =>
  queryOptions({
    queryKey: queryKeys.diplomacy(viewer),
    queryFn: () => getDiplomacy(),
    enabled: viewer !== null && inAlliance && !sittingNow(),
    refetchInterval: ALLIANCE_POLL_MS,
    meta: { what: 'the diplomacy' },
  });

/** A page of the alliance's activity feed, newest first; the page on screen stays while the next is read. */
export const allianceFeedQuery = (viewer: Viewer, page: number) =>
  queryOptions({
    queryKey: queryKeys.allianceFeed(viewer, page),
    queryFn: () => getAllianceFeed(page),
    enabled: viewer !== null,
    refetchInterval: ALLIANCE_POLL_MS,
    placeholderData: keepPreviousData,
    meta: { what: 'the alliance feed' },
  });

/** Applications to the caller's alliance; only ranks that answer them may read them (`enabled` waits for the rank). */
export const allianceApplicationsQuery = (viewer: Viewer, mayAnswer: boolean) =>
  queryOptions({
    queryKey: queryKeys.allianceApplications(viewer),
    queryFn: () => listAllianceApplications(),
    enabled: viewer !== null && mayAnswer,
    refetchInterval: ALLIANCE_POLL_MS,
    meta: { what: 'the applications to the alliance' },
  });

/** The caller's own applications waiting for an answer. */
export const myApplicationsQuery = (viewer: Viewer) =>
  queryOptions({
    queryKey: queryKeys.myApplications(viewer),
    queryFn: () => listMyApplications(),
    enabled: viewer !== null,
    meta: { what: 'your applications' },
  });

/** A page of the alliance directory found by `q` (part of a tag or name; '' for all); the page on screen stays while the next is read. */
export const allianceDirectoryQuery = (viewer: Viewer, q: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.allianceDirectory(viewer, q, page),
    queryFn: () => listAlliances({ q, page }),
    enabled: viewer !== null,
    placeholderData: keepPreviousData,
    meta: { what: 'the alliances' },
  });

/** An alliance as anyone sees it, with the caller's application to it while that waits. */
export const allianceProfileQuery = (viewer: Viewer, allianceId: string) =>
  queryOptions({
    queryKey: queryKeys.allianceProfile(viewer, allianceId),
    queryFn: () => getAllianceProfile(allianceId),
    enabled: viewer !== null && allianceId !== '',
    meta: { what: 'the alliance' },
  });

/** New chat messages show within this long while the chat is open. */
export const CHAT_POLL_MS = 5_000;

/** The chat: the newest page first (no `before`), then older pages on demand (each before the oldest message so far). */
export const allianceChatQuery = (viewer: Viewer) =>
  infiniteQueryOptions({
    queryKey: queryKeys.allianceChat(viewer),
    queryFn: ({ pageParam }) => listAllianceMessages(pageParam || undefined),
    initialPageParam: '',
    getNextPageParam: (page: AllianceMessagePage) => (page.hasMore ? page.messages[page.messages.length - 1]?.id : undefined),
    enabled: viewer !== null,
    refetchInterval: CHAT_POLL_MS,
    meta: { what: 'the alliance messages' },
  });

// ------------------------------------------------------------------------------------------------
// Admin and game master

export const adminStatsQuery = (viewer: Viewer) =>
  queryOptions({
    queryKey: queryKeys.adminStats(viewer),
    queryFn: () => getAdminStats(),
    enabled: viewer !== null,
    meta: { what: 'the admin figures' },
  });

/** A page of players; the page on screen stays while the next one is read. */
export const adminUsersQuery = (viewer: Viewer, q: string, page: number, limit: number) =>
  queryOptions({
    queryKey: queryKeys.adminUserPage(viewer, q, page, limit),
    queryFn: () => searchUsers(q, page, limit),
    enabled: viewer !== null,
    placeholderData: keepPreviousData,
    meta: { what: 'the players' },
  });

export const auditLogQuery = (viewer: Viewer, page: number, limit: number) =>
  queryOptions({
    queryKey: queryKeys.auditPage(viewer, page, limit),
    queryFn: () => listAuditLog(page, limit),
    enabled: viewer !== null,
    placeholderData: keepPreviousData,
    meta: { what: 'the audit log' },
  });

export const gmWorldsQuery = (viewer: Viewer) =>
  queryOptions({
    queryKey: queryKeys.gmWorlds(viewer),
    queryFn: () => listGmWorlds(),
    enabled: viewer !== null,
    meta: { what: 'the worlds of the game master' },
  });

export const worldEventsQuery = (viewer: Viewer) =>
  queryOptions({
    queryKey: queryKeys.worldEvents(viewer),
    queryFn: () => listWorldEvents(),
    enabled: viewer !== null,
    meta: { what: 'the world events' },
  });

export const announcementsQuery = (viewer: Viewer) =>
  queryOptions({
    queryKey: queryKeys.announcements(viewer),
    queryFn: () => listAnnouncements(),
    enabled: viewer !== null,
    meta: { what: 'the announcements' },
  });

export const analyticsQuery = (viewer: Viewer, worldId: string) =>
  queryOptions({
    queryKey: queryKeys.analytics(viewer, worldId),
    queryFn: () => getWorldAnalytics(worldId),
    enabled: viewer !== null && worldId !== '',
    meta: { what: 'the analytics' },
  });

/** A page of reported messages, open ones first; the page on screen stays while the next one is read. */
export const messageReportsQuery = (viewer: Viewer, page: number, limit: number) =>
  queryOptions({
    queryKey: queryKeys.messageReportPage(viewer, page, limit),
    queryFn: () => listMessageReports(page, limit),
    enabled: viewer !== null,
    placeholderData: keepPreviousData,
    meta: { what: 'the reported messages' },
  });

/** A page of account links (fair play), flagged ones first; the page on screen stays while the next one is read. */
export const accountLinksQuery = (viewer: Viewer, page: number) =>
  queryOptions({
    queryKey: queryKeys.accountLinkPage(viewer, page),
    queryFn: () => listAccountLinks(page),
    enabled: viewer !== null,
    placeholderData: keepPreviousData,
    meta: { what: 'the account links' },
  });

// ------------------------------------------------------------------------------------------------
// Messages, profiles and rankings

/** The unread count of the side navigation; a message arriving (live event) marks it stale. */
export const unreadMessagesQuery = (viewer: Viewer) =>
  queryOptions({
    queryKey: queryKeys.unreadMessages(viewer),
    queryFn: () => getUnreadMessageCount(),
    enabled: viewer !== null && !sittingNow(),
    meta: { what: 'the unread messages' },
  });

/** A page of a folder, newest first; the inbox's unread count it carries is the side navigation's too. */
export const messageListQuery = (viewer: Viewer, folder: MessageFolder, page: number, limit: number) =>
  queryOptions({
    queryKey: queryKeys.messageList(viewer, folder, page, limit),
    queryFn: async ({ client }) => {
      const list = await listMessages(folder, page, limit);
      if (folder === 'inbox') client.setQueryData(unreadMessagesQuery(viewer).queryKey, list.unread);
      return list;
    },
    enabled: viewer !== null,
    placeholderData: keepPreviousData,
    meta: { what: 'the messages' },
  });

export const messageQuery = (viewer: Viewer, messageId: string) =>
  queryOptions({
    queryKey: queryKeys.message(viewer, messageId),
    queryFn: () => getMessage(messageId),
    enabled: viewer !== null,
    meta: { what: 'the message' },
  });

export const blockedPlayersQuery = (viewer: Viewer) =>
  queryOptions({
    queryKey: queryKeys.blockedPlayers(viewer),
    queryFn: () => listBlockedPlayers(),
    enabled: viewer !== null,
    meta: { what: 'the blocked players' },
  });

export const profileQuery = (viewer: Viewer, playerId: string) =>
  queryOptions({
    queryKey: queryKeys.profile(viewer, playerId),
    queryFn: () => getPlayerProfile(playerId),
    enabled: viewer !== null,
    meta: { what: 'the player profile' },
  });

/** Names change rarely: a name once found is kept a while. */
export const playerByNameQuery = (viewer: Viewer, username: string) =>
  queryOptions({
    queryKey: queryKeys.playerByName(viewer, username),
    queryFn: () => findPlayerByName(username),
    enabled: viewer !== null && username !== '',
    staleTime: 5 * 60_000,
    meta: { what: 'the player' },
  });

/** The population lists are computed every few minutes and the combat lists change with battles: a page is kept this long. */
export const RANKINGS_STALE_MS = 30_000;

const rankingRead = { staleTime: RANKINGS_STALE_MS, placeholderData: keepPreviousData } as const;

export const playerRankingsQuery = (worldId: string, page: number, limit: number) =>
  queryOptions({
    queryKey: queryKeys.rankingPage(worldId, 'players', page, limit),
    queryFn: () => getPlayerRankings(worldId, { page, limit }),
    ...rankingRead,
    meta: { what: 'the player rankings' },
  });

export const allianceRankingsQuery = (worldId: string, page: number, limit: number) =>
  queryOptions({
    queryKey: queryKeys.rankingPage(worldId, 'alliances', page, limit),
    queryFn: () => getAllianceRankings(worldId, { page, limit }),
    ...rankingRead,
    meta: { what: 'the alliance rankings' },
  });

export const combatRankingsQuery = (worldId: string, list: { board: CombatBoard; period: CombatPeriod }, page: number, limit: number) =>
  queryOptions({
    queryKey: queryKeys.rankingPage(worldId, `${list.board}:${list.period}`, page, limit),
    queryFn: () => getCombatRankings(worldId, list, { page, limit }),
    ...rankingRead,
    meta: { what: `the ${list.board} rankings` },
  });

/** The viewer's place on every list of the world ('Find me' asks it afresh). */
export const myRankingsQuery = (viewer: Viewer, worldId: string) =>
  queryOptions({
    queryKey: queryKeys.myRankings(viewer, worldId),
    queryFn: () => getMyRankings(worldId),
    enabled: viewer !== null,
    meta: { what: 'your ranks' },
  });

// ------------------------------------------------------------------------------------------------
// Signing in

// ------------------------------------------------------------------------------------------------
// Sitters

/** The player's sitters and the accounts they sit for (never in a sitting session: the owner's sitters are not the sitter's business). */
export const sittersQuery = (viewer: Viewer) =>
  queryOptions({
    queryKey: queryKeys.sitters(viewer),
    queryFn: ({ signal }) => getSitters(signal),
    enabled: viewer !== null && !sittingNow(),
    meta: { what: 'your sitters' },
  });

/** A page of what sitters did in the player's account, newest first; the page on screen stays while the next is read. */
export const sitterLogQuery = (viewer: Viewer, page: number) =>
  queryOptions({
    queryKey: queryKeys.sitterLog(viewer, page),
    queryFn: ({ signal }) => getSitterLog(page, signal),
    enabled: viewer !== null && !sittingNow(),
    placeholderData: keepPreviousData,
    meta: { what: 'the sitters’ log' },
  });
