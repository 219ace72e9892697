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
