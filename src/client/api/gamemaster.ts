// Typed calls of the gamemaster tag: worlds with their figures, world events, announcements, rewards, analytics, reported messages and fair play's account links.
import { api, unwrap } from './client';
import type { components } from '../../contract';

export type GmWorld = components['schemas']['GmWorld'];
export type World = components['schemas']['World'];
export type WorldStatus = components['schemas']['WorldStatus'];
export type SettableWorldStatus = components['schemas']['SettableWorldStatus'];
export type CreateWorldRequest = components['schemas']['CreateWorldRequest'];
export type WorldEvent = components['schemas']['WorldEventView'];
export type WorldEventKind = components['schemas']['WorldEventKind'];
export type WorldEventRequest = components['schemas']['WorldEventRequest'];
export type WorldEventUpdate = components['schemas']['WorldEventUpdate'];
export type Announcement = components['schemas']['Announcement'];
export type AnnouncementRequest = components['schemas']['AnnouncementRequest'];
export type DistributeRewardsRequest = components['schemas']['DistributeRewardsRequest'];
export type RewardDistribution = components['schemas']['RewardDistribution'];
export type WorldAnalytics = components['schemas']['WorldAnalytics'];

export async function listGmWorlds(): Promise<GmWorld[]> {
  const { worlds } = await unwrap(api.GET('/api/gamemaster/worlds'));
  return worlds;
}

export async function createWorld(body: CreateWorldRequest): Promise<World> {
  const { world } = await unwrap(api.POST('/api/gamemaster/worlds', { body }));
  return world;
}

export async function setWorldStatus(worldId: string, status: SettableWorldStatus): Promise<World> {
  const { world } = await unwrap(api.PUT('/api/gamemaster/worlds/{worldId}/status', { params: { path: { worldId } }, body: { status } }));
  return world;
}

/** Sets when the world ends (an ISO instant ahead), or clears it with null; the sweeper closes the world then. */
export async function setWorldEndDate(worldId: string, endsAt: string | null): Promise<World> {
  const { world } = await unwrap(api.PUT('/api/gamemaster/worlds/{worldId}/end-date', { params: { path: { worldId } }, body: { endsAt } }));
  return world;
}

export async function listWorldEvents(): Promise<WorldEvent[]> {
  const { events } = await unwrap(api.GET('/api/gamemaster/events'));
  return events;
}

export async function createWorldEvent(body: WorldEventRequest): Promise<WorldEvent> {
  const { event } = await unwrap(api.POST('/api/gamemaster/events', { body }));
  return event;
}

export async function updateWorldEvent(eventId: string, body: WorldEventUpdate): Promise<WorldEvent> {
  const { event } = await unwrap(api.PUT('/api/gamemaster/events/{eventId}', { params: { path: { eventId } }, body }));
  return event;
}

export async function activateWorldEvent(eventId: string): Promise<WorldEvent> {
  const { event } = await unwrap(api.POST('/api/gamemaster/events/{eventId}/activate', { params: { path: { eventId } } }));
  return event;
}

export async function deactivateWorldEvent(eventId: string): Promise<WorldEvent> {
  const { event } = await unwrap(api.POST('/api/gamemaster/events/{eventId}/deactivate', { params: { path: { eventId } } }));
  return event;
}

export async function listAnnouncements(): Promise<Announcement[]> {
  const { announcements } = await unwrap(api.GET('/api/gamemaster/announcements'));
  return announcements;
}

export async function createAnnouncement(body: AnnouncementRequest): Promise<Announcement> {
  const { announcement } = await unwrap(api.POST('/api/gamemaster/announcements', { body }));
  return announcement;
}

/** Pays once per `idempotencyKey`: a retry with the same key answers the first result again. */
export function distributeRewards(body: DistributeRewardsRequest): Promise<RewardDistribution> {
  return unwrap(api.POST('/api/gamemaster/rewards', { body }));
}

export function getWorldAnalytics(worldId: string): Promise<WorldAnalytics> {
  return unwrap(api.GET('/api/gamemaster/analytics/{worldId}', { params: { path: { worldId } } }));
}

export type MessageReport = components['schemas']['MessageReport'];
export type MessageReportList = components['schemas']['MessageReportList'];

/** Messages players reported, open ones first. */
export function listMessageReports(page: number, limit: number): Promise<MessageReportList> {
  return unwrap(api.GET('/api/gm/message-reports', { params: { query: { page, limit } } }));
}

/** Marks a report dealt with; the reply is the report as it stands now. */
export async function resolveMessageReport(messageReportId: string): Promise<MessageReport> {
  const { report } = await unwrap(api.POST('/api/gm/message-reports/{messageReportId}/resolve', { params: { path: { messageReportId } } }));
  return report;
}

export type AccountLink = components['schemas']['AccountLink'];
export type AccountLinkPage = components['schemas']['AccountLinkPage'];
export type DecideAccountLinkRequest = components['schemas']['DecideAccountLinkRequest'];

/** Accounts fair play's signals link, flagged ones first, with the evidence. */
export function listAccountLinks(page: number): Promise<AccountLinkPage> {
  return unwrap(api.GET('/api/gamemaster/fair-play', { params: { query: { page } } }));
}

/** Confirms (one person) or clears (two people) a link with a note; the reply is the link as it stands now. */
export async function decideAccountLink(linkId: string, body: DecideAccountLinkRequest): Promise<AccountLink> {
  const { link } = await unwrap(api.PUT('/api/gamemaster/fair-play/{linkId}', { params: { path: { linkId } }, body }));
  return link;
}
