// Routes of the alliances tag: the caller's alliance, invitations, applications, ranks, diplomacy, the feed, the directory and the message board.
import type { AppContext } from '../context';
import { idOf, type AllianceId, type ApplicationId, type Handlers, type MemberId, type RelationId } from '../operations';
import * as alliances from './alliances';
import * as applications from './applications';
import * as diplomacy from './diplomacy';
import * as directory from './directory';
import * as ranks from './ranks';
import * as settings from './settings';
import { allianceFeedPage } from './feed';

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

    async updateMyAlliance({ user, body }) {
      return settings.updateMyAlliance(db, user.id, body, clock.now());
    },

    async setAllianceAnnouncement({ user, body }) {
      return settings.setAllianceAnnouncement(db, user.id, body.text, clock.now());
    },

    async getAllianceFeed({ user, query }) {
      return allianceFeedPage(db, user.id, query.page ?? 1);
    },

    async setMemberRank({ user, params, body }) {
      return ranks.setMemberRank(db, user.id, { memberId: idOf<MemberId>(params.memberId), role: body.role }, clock.now());
    },

    async dismissMember({ user, params, body }) {
      return ranks.dismissMember(db, user.id, { memberId: idOf<MemberId>(params.memberId), reason: body.reason }, clock.now());
    },

    async handOverLeadership({ user, body }) {
      return ranks.handOverLeadership(db, user.id, idOf<MemberId>(body.memberId), clock.now());
    },

    async getDiplomacy({ user }) {
      return diplomacy.myDiplomacy(db, user.id);
    },

    async proposeRelation({ user, body }) {
      return diplomacy.proposeRelation(db, user.id, body, clock.now());
    },

    async acceptRelation({ user, params }) {
      return diplomacy.acceptRelation(db, user.id, idOf<RelationId>(params.relationId), clock.now());
    },

    async endRelation({ user, params }) {
      return diplomacy.endRelation(db, user.id, idOf<RelationId>(params.relationId), clock.now());
    },

    async listAlliances({ query }) {
      return directory.listAlliances(db, { page: query.page ?? 1, limit: query.limit ?? 20, ...(query.q === undefined ? {} : { q: query.q }) });
    },

    async getAllianceProfile({ user, params }) {
      return directory.allianceProfile(db, user.id, idOf<AllianceId>(params.allianceId), clock.now());
    },

    async applyToAlliance({ user, params, body }) {
      return applications.applyToAlliance(db, user.id, { allianceId: idOf<AllianceId>(params.allianceId), ...(body.message === undefined ? {} : { message: body.message }) }, clock.now());
    },

    async listMyApplications({ user }) {
      return applications.myApplications(db, user.id);
    },

    async listAllianceApplications({ user }) {
      return applications.allianceApplicationsList(db, user.id);
    },

    async acceptApplication({ user, params }) {
      return applications.acceptApplication(db, user.id, idOf<ApplicationId>(params.applicationId), clock.now());
    },

    async declineApplication({ user, params }) {
      return applications.declineApplication(db, user.id, idOf<ApplicationId>(params.applicationId), clock.now());
    },
  };
}
