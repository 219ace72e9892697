// Typed calls of the alliance page: the player's alliance, invitations both ways, founding, leaving and the alliance chat.
import type { Schema } from '../../contract';
import { api, unwrap } from './client';

export type Alliance = Schema<'Alliance'>;
export type AllianceMember = Schema<'AllianceMember'>;
export type Membership = Schema<'Membership'>;
export type MyAlliance = Schema<'MyAlliance'>;
export type AllianceWithMembership = Schema<'AllianceWithMembership'>;
export type Invitation = Schema<'Invitation'>;
export type CreateAllianceRequest = Schema<'CreateAllianceRequest'>;
export type AllianceMessage = Schema<'AllianceMessage'>;
export type AllianceMessagePage = Schema<'AllianceMessagePage'>;

/** The caller's alliance with its members and the caller's membership; both null outside an alliance. */
export function getMyAlliance(): Promise<MyAlliance> {
  return unwrap(api.GET('/api/alliances/my-alliance'));
}

/** Invitations waiting for the caller, newest first. */
export async function listReceivedInvitations(): Promise<Invitation[]> {
  const { invitations } = await unwrap(api.GET('/api/alliances/invitations/received'));
  return invitations;
}

/** Founds an alliance led by the caller. */
export function createAlliance(body: CreateAllianceRequest): Promise<AllianceWithMembership> {
  return unwrap(api.POST('/api/alliances/create', { body }));
}

export function acceptInvitation(invitationId: string): Promise<AllianceWithMembership> {
  return unwrap(api.POST('/api/alliances/invitations/{invitationId}/accept', { params: { path: { invitationId } } }));
}

export async function declineInvitation(invitationId: string): Promise<void> {
  await unwrap(api.DELETE('/api/alliances/invitations/{invitationId}', { params: { path: { invitationId } } }));
}

/** Leaves the alliance; a leaving leader hands over to the longest-serving member. */
export async function leaveAlliance(): Promise<void> {
  await unwrap(api.POST('/api/alliances/leave'));
}

/** Invites a player by username (leaders, elders and officers only). */
export async function invitePlayer(username: string, message?: string): Promise<Invitation> {
  const body = message === undefined || message === '' ? { username } : { username, message };
  const { invitation } = await unwrap(api.POST('/api/alliances/invitations', { body }));
  return invitation;
}

/** A page of the alliance chat, newest first: the newest 50, or the 50 before the message `before`. */
export function listAllianceMessages(before?: string): Promise<AllianceMessagePage> {
  return unwrap(api.GET('/api/alliances/messages', { params: { query: before ? { before } : {} } }));
}

export async function postAllianceMessage(body: string): Promise<AllianceMessage> {
  const { message } = await unwrap(api.POST('/api/alliances/messages', { body: { body } }));
  return message;
}

// ------------------------------------------------------------------------------------------------
// Politics: ranks, the announcement, the feed, diplomacy, the directory and applications.

export type AllianceFeedEntry = Schema<'AllianceFeedEntry'>;
export type AllianceFeedPage = Schema<'AllianceFeedPage'>;
export type Diplomacy = Schema<'Diplomacy'>;
export type DiplomaticRelation = Schema<'DiplomaticRelation'>;
export type DiplomacyKind = Schema<'DiplomacyKind'>;
export type AppointableRole = Schema<'AppointableRole'>;
export type AllianceSummary = Schema<'AllianceSummary'>;
export type AllianceDirectoryPage = Schema<'AllianceDirectoryPage'>;
export type AllianceProfile = Schema<'AllianceProfile'>;
export type MyApplication = Schema<'MyApplication'>;
export type AllianceApplication = Schema<'AllianceApplication'>;

/** Edits the description and whether the alliance takes applications (the describe right). */
export function updateMyAlliance(body: Schema<'UpdateAllianceRequest'>): Promise<AllianceWithMembership> {
  return unwrap(api.PUT('/api/alliances/my-alliance/settings', { body }));
}

/** Pins an announcement on the alliance's page; an empty text takes it down (the announce right). */
export function setAllianceAnnouncement(text: string): Promise<AllianceWithMembership> {
  return unwrap(api.PUT('/api/alliances/my-alliance/announcement', { body: { text } }));
}

/** A page of the alliance's activity feed, newest first. */
export function getAllianceFeed(page: number): Promise<AllianceFeedPage> {
  return unwrap(api.GET('/api/alliances/my-alliance/feed', { params: { query: { page } } }));
}

/** Gives a member a rank (the leader). */
export function setMemberRank(memberId: string, role: AppointableRole): Promise<AllianceWithMembership> {
  return unwrap(api.PUT('/api/alliances/members/{memberId}/rank', { params: { path: { memberId } }, body: { role } }));
}

/** Dismisses a member of a lower rank, telling them why (the dismiss right). */
export function dismissMember(memberId: string, reason: string): Promise<AllianceWithMembership> {
  return unwrap(api.POST('/api/alliances/members/{memberId}/dismiss', { params: { path: { memberId } }, body: { reason } }));
}

/** Hands leadership to another member; the leader becomes an elder. */
export function handOverLeadership(memberId: string): Promise<AllianceWithMembership> {
  return unwrap(api.POST('/api/alliances/leadership', { body: { memberId } }));
}

/** The caller's alliance's relations and proposals. */
export function getDiplomacy(): Promise<Diplomacy> {
  return unwrap(api.GET('/api/alliances/diplomacy'));
}

/** Proposes a relation to the alliance with that tag (the diplomacy right). */
export function proposeRelation(tag: string, kind: DiplomacyKind): Promise<Diplomacy> {
  return unwrap(api.POST('/api/alliances/diplomacy', { body: { tag, kind } }));
}

export function acceptRelation(relationId: string): Promise<Diplomacy> {
  return unwrap(api.POST('/api/alliances/diplomacy/{relationId}/accept', { params: { path: { relationId } } }));
}

/** Ends a relation, declines a proposal made to the alliance, or withdraws one it made. */
export function endRelation(relationId: string): Promise<Diplomacy> {
  return unwrap(api.DELETE('/api/alliances/diplomacy/{relationId}', { params: { path: { relationId } } }));
}

/** A page of the alliance directory, found by part of a tag or name. */
export function listAlliances(query: { q?: string; page: number; limit?: number }): Promise<AllianceDirectoryPage> {
  const q = query.q?.trim();
  return unwrap(api.GET('/api/alliances/directory', { params: { query: { page: query.page, ...(query.limit ? { limit: query.limit } : {}), ...(q ? { q } : {}) } } }));
}

export function getAllianceProfile(allianceId: string): Promise<AllianceProfile> {
  return unwrap(api.GET('/api/alliances/directory/{allianceId}', { params: { path: { allianceId } } }));
}

/** Asks to join an open alliance. */
export async function applyToAlliance(allianceId: string, message: string): Promise<MyApplication> {
  const body = message.trim() === '' ? {} : { message };
  const { application } = await unwrap(api.POST('/api/alliances/directory/{allianceId}/applications', { params: { path: { allianceId } }, body }));
  return application;
}

/** The caller's applications waiting for an answer. */
export async function listMyApplications(): Promise<MyApplication[]> {
  const { applications } = await unwrap(api.GET('/api/alliances/applications'));
  return applications;
}

/** Applications to the caller's alliance (the invite right). */
export async function listAllianceApplications(): Promise<AllianceApplication[]> {
  const { applications } = await unwrap(api.GET('/api/alliances/my-alliance/applications'));
  return applications;
}

export function acceptApplication(applicationId: string): Promise<AllianceWithMembership> {
  return unwrap(api.POST('/api/alliances/applications/{applicationId}/accept', { params: { path: { applicationId } } }));
}

/** Withdraws one's own application, or declines one made to the alliance. */
export async function declineApplication(applicationId: string): Promise<void> {
  await unwrap(api.DELETE('/api/alliances/applications/{applicationId}', { params: { path: { applicationId } } }));
}
