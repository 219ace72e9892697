// Routes of the alliances tag: the caller's alliance, invitations both ways, founding, leaving and the message board.
import type { AppContext } from '../context';
import type { Handlers } from '../operations';
import * as alliances from './alliances';

export function allianceRoutes(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  return {
    async getMyAlliance({ user }) {
      return alliances.myAlliance(db, user.id, clock.now());
    },

    async listReceivedInvitations({ user }) {
      return alliances.receivedInvitations(db, user.id);
    },

    async createAlliance({ user, body }) {
      return alliances.createAlliance(db, user.id, body, clock.now());
    },

    async acceptInvitation({ user, params }) {
      return alliances.acceptInvitation(db, user.id, params.invitationId, clock.now());
    },

    async declineInvitation({ user, params }) {
      return alliances.declineInvitation(db, user.id, params.invitationId);
    },

    async leaveAlliance({ user }) {
      return alliances.leaveAlliance(db, user.id, clock.now());
    },

    async invitePlayer({ user, body }) {
      return alliances.invitePlayer(db, user.id, body, clock.now());
    },

    async listAllianceMessages({ user, query }) {
      return alliances.allianceMessagesPage(db, user.id, query.before);
    },

    async postAllianceMessage({ user, body }) {
      return alliances.postAllianceMessage(db, user.id, body.body, clock.now());
    },
  };
}
