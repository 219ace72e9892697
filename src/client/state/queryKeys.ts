// Every query key of the client in one place. What a player sees is filed under ['player', their id, ...], so another
// sign-in in the same tab never sees it and the live stream can mark all of it stale at once; what anyone sees
// (worlds, the types of heroes and wonders, the map) is filed without an owner.

/** The signed-in player's id, or null while nobody is signed in (queries of nobody are disabled). */
export type Viewer = string | null;

const player = (viewer: Viewer) => ['player', viewer] as const;

export const queryKeys = {
  /** Everything of one player: the live stream's reconnection marks all of it stale. */
  player,

  villages: (viewer: Viewer) => [...player(viewer), 'villages'] as const,
  /** Every village overview of the player (the village page, the top bar, the army page's troops). */
  overviews: (viewer: Viewer) => [...player(viewer), 'overview'] as const,
  overview: (viewer: Viewer, villageId: string) => [...player(viewer), 'overview', villageId] as const,
  /** The oases around one of the player's villages (those it holds among them): under the overviews, which every battle report makes stale. */
  villageOases: (viewer: Viewer, villageId: string) => [...player(viewer), 'overview', villageId, 'oases'] as const,

  movements: (viewer: Viewer) => [...player(viewer), 'movements'] as const,
  /** Every page of battle reports and the unread count. */
  battles: (viewer: Viewer) => [...player(viewer), 'battles'] as const,
  battlePage: (viewer: Viewer, page: number, limit: number) => [...player(viewer), 'battles', { page, limit }] as const,
  unreadReports: (viewer: Viewer) => [...player(viewer), 'battles', 'unread'] as const,
  /** The farm lists: under the battle reports, since a report arriving is a row's last raid (the live stream marks both stale). */
  farmLists: (viewer: Viewer) => [...player(viewer), 'battles', 'farm-lists'] as const,
  stationed: (viewer: Viewer) => [...player(viewer), 'stationed'] as const,

  settlement: (viewer: Viewer) => [...player(viewer), 'settlement'] as const,
  settlementStats: (viewer: Viewer) => [...player(viewer), 'settlement', 'stats'] as const,
  settlementCandidates: (viewer: Viewer, villageId: string) => [...player(viewer), 'settlement', 'candidates', villageId] as const,

  heroes: (viewer: Viewer) => [...player(viewer), 'heroes'] as const,
  heroList: (viewer: Viewer) => [...player(viewer), 'heroes', 'list'] as const,
  recruitmentCost: (viewer: Viewer, villageId: string | null) => [...player(viewer), 'heroes', 'cost', villageId] as const,

  /** A world's wonders, effects and victory as the player sees them (null: the server's choice of world). */
  wonders: (viewer: Viewer, worldId: string | null) => [...player(viewer), 'wonders', worldId] as const,
  wonderList: (viewer: Viewer, worldId: string | null) => [...player(viewer), 'wonders', worldId, 'list'] as const,
  allianceEffects: (viewer: Viewer, worldId: string | null) => [...player(viewer), 'wonders', worldId, 'effects'] as const,
  victory: (viewer: Viewer, worldId: string | null) => [...player(viewer), 'wonders', worldId, 'victory'] as const,
  /** Every world's alliance effects: joining or leaving an alliance changes them. */
  allWonders: (viewer: Viewer) => [...player(viewer), 'wonders'] as const,

  quests: (viewer: Viewer) => [...player(viewer), 'quests'] as const,
  questList: (viewer: Viewer) => [...player(viewer), 'quests', 'list'] as const,
  questSummary: (viewer: Viewer) => [...player(viewer), 'quests', 'summary'] as const,

  tutorialStatus: (viewer: Viewer) => [...player(viewer), 'tutorial', 'status'] as const,
  tutorialHints: (viewer: Viewer, step: string) => [...player(viewer), 'tutorial', 'hints', step] as const,

  /** Everything of the player's alliance: what a live alliance_changed event marks stale. */
  alliance: (viewer: Viewer) => [...player(viewer), 'alliance'] as const,
  myAlliance: (viewer: Viewer) => [...player(viewer), 'alliance', 'mine'] as const,
  invitations: (viewer: Viewer) => [...player(viewer), 'alliance', 'invitations'] as const,
  allianceChat: (viewer: Viewer) => [...player(viewer), 'alliance', 'chat'] as const,
  /** The caller's alliance's relations and proposals; the map colours villages by them. */
  diplomacy: (viewer: Viewer) => [...player(viewer), 'alliance', 'diplomacy'] as const,
  allianceFeed: (viewer: Viewer, page: number) => [...player(viewer), 'alliance', 'feed', page] as const,
  allianceApplications: (viewer: Viewer) => [...player(viewer), 'alliance', 'applications'] as const,
  myApplications: (viewer: Viewer) => [...player(viewer), 'alliance', 'my-applications'] as const,
  /** Under the player's alliance key too: applying or joining changes what a profile says of the caller. */
  allianceDirectory: (viewer: Viewer, q: string, page: number) => [...player(viewer), 'alliance', 'directory', q, page] as const,
  allianceProfile: (viewer: Viewer, allianceId: string) => [...player(viewer), 'alliance', 'profile', allianceId] as const,

  notices: (viewer: Viewer, worldId: string) => [...player(viewer), 'notices', worldId] as const,

  /** Every read of the player's mail: the folders, the messages and the unread count (a message arriving makes them stale). */
  messages: (viewer: Viewer) => [...player(viewer), 'messages'] as const,
  /** Every page of both folders. */
  messageLists: (viewer: Viewer) => [...player(viewer), 'messages', 'list'] as const,
  messageList: (viewer: Viewer, folder: string, page: number, limit: number) => [...player(viewer), 'messages', 'list', { folder, page, limit }] as const,
  message: (viewer: Viewer, messageId: string) => [...player(viewer), 'messages', 'one', messageId] as const,
  unreadMessages: (viewer: Viewer) => [...player(viewer), 'messages', 'unread'] as const,
  blockedPlayers: (viewer: Viewer) => [...player(viewer), 'blocked'] as const,

  /** Profiles say whether they are the viewer's own (isMe), so they are filed under the viewer. */
  profiles: (viewer: Viewer) => [...player(viewer), 'profiles'] as const,
  profile: (viewer: Viewer, playerId: string) => [...player(viewer), 'profiles', playerId] as const,
  playerByName: (viewer: Viewer, username: string) => [...player(viewer), 'profiles', 'by-name', username.toLowerCase()] as const,
  myRankings: (viewer: Viewer, worldId: string) => [...player(viewer), 'rankings', worldId] as const,

  /** Every village's market with its previews and offers: merchants leave and come home with the movements. */
  markets: (viewer: Viewer) => [...player(viewer), 'market'] as const,
  /** A village's market (exact), or with `exact: false` everything of it below. */
  market: (viewer: Viewer, villageId: string) => [...player(viewer), 'market', villageId] as const,
  shipmentPreviews: (viewer: Viewer, villageId: string) => [...player(viewer), 'market', villageId, 'preview'] as const,
  shipmentPreview: (viewer: Viewer, villageId: string, shipment: { x: number; y: number; resources: Readonly<Record<string, number>> }) =>
    [...player(viewer), 'market', villageId, 'preview', shipment] as const,
  tradeOffers: (viewer: Viewer, villageId: string) => [...player(viewer), 'market', villageId, 'offers'] as const,
  tradeOfferPage: (viewer: Viewer, villageId: string, filter: { offering?: string; wanting?: string; page: number; limit: number }) =>
    [...player(viewer), 'market', villageId, 'offers', filter] as const,

  /** A village's smithy: its research levels and the research running. */
  smithy: (viewer: Viewer, villageId: string) => [...player(viewer), 'smithy', villageId] as const,

  /** The player's vacation in a world, and what keeps one from starting there. */
  vacation: (viewer: Viewer, worldId: string) => [...player(viewer), 'vacation', worldId] as const,

  /** The player's last alerts, and what this browser's push subscription receives (by its endpoint; '' for none). */
  alerts: (viewer: Viewer) => [...player(viewer), 'alerts'] as const,
  alertSettings: (viewer: Viewer, endpoint: string) => [...player(viewer), 'alerts', 'settings', endpoint] as const,

  /** The player's sitters and the accounts they sit for; the log of what sitters did in the player's account, by page. */
  sitters: (viewer: Viewer) => [...player(viewer), 'sitters'] as const,
  sitterLog: (viewer: Viewer, page: number) => [...player(viewer), 'sitters', 'log', page] as const,

  adminStats: (viewer: Viewer) => [...player(viewer), 'admin', 'stats'] as const,
  adminUsers: (viewer: Viewer) => [...player(viewer), 'admin', 'users'] as const,
  adminUserPage: (viewer: Viewer, q: string, page: number, limit: number) => [...player(viewer), 'admin', 'users', { q, page, limit }] as const,
  auditLog: (viewer: Viewer) => [...player(viewer), 'admin', 'audit'] as const,
  auditPage: (viewer: Viewer, page: number, limit: number) => [...player(viewer), 'admin', 'audit', { page, limit }] as const,

  gmWorlds: (viewer: Viewer) => [...player(viewer), 'gamemaster', 'worlds'] as const,
  worldEvents: (viewer: Viewer) => [...player(viewer), 'gamemaster', 'events'] as const,
  announcements: (viewer: Viewer) => [...player(viewer), 'gamemaster', 'announcements'] as const,
  messageReports: (viewer: Viewer) => [...player(viewer), 'gamemaster', 'message-reports'] as const,
  messageReportPage: (viewer: Viewer, page: number, limit: number) => [...player(viewer), 'gamemaster', 'message-reports', { page, limit }] as const,
  accountLinks: (viewer: Viewer) => [...player(viewer), 'gamemaster', 'account-links'] as const,
  accountLinkPage: (viewer: Viewer, page: number) => [...player(viewer), 'gamemaster', 'account-links', { page }] as const,
  analytics: (viewer: Viewer, worldId: string) => [...player(viewer), 'gamemaster', 'analytics', worldId] as const,

  // Anyone's: the same answer whoever asks.
  worlds: () => ['worlds'] as const,
  hallOfFame: (worldId: string) => ['worlds', worldId, 'hall-of-fame'] as const,
  heroTypes: () => ['heroes', 'types'] as const,
  heroLeaderboard: () => ['heroes', 'leaderboard'] as const,
  wonderTypes: () => ['wonders', 'types'] as const,
  canSettle: (worldId: string, x: number, y: number) => ['settlement', 'can-settle', worldId, x, y] as const,
  mapSearch: (worldId: string, text: string, near: { x: number; y: number } | null) => ['map', 'search', worldId, text, near] as const,
  mapArea: (worldId: string, x: number, y: number, radius: number) => ['map', 'area', worldId, x, y, radius] as const,
  oasis: (worldId: string, x: number, y: number) => ['map', 'oasis', worldId, x, y] as const,
  /** A world's rankings ('players', 'alliances', 'attackers:week', ...), one page of `limit` rows. */
  rankings: (worldId: string) => ['rankings', worldId] as const,
  rankingPage: (worldId: string, list: string, page: number, limit: number) => ['rankings', worldId, list, { page, limit }] as const,
};
