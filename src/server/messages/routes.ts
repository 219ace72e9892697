// Routes of the messages tag: the two folders, writing, reading, marking read, deleting one's copy, reporting, and blocking players.
import type { AppContext } from '../context';
import type { Handlers } from '../operations';
import * as mail from './mail';
import * as blocks from './blocks';
import * as reports from './reports';
import { idOf, type InvitationId, type MessageId, type PlayerId, type ReportId } from '../operations';

export function messageRoutes(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  return {
    async listMessages({ user, query }) {
      return mail.listMessages(db, user.id, { folder: query.folder ?? 'inbox', page: query.page ?? 1, limit: query.limit ?? 20 });
    },

    async sendMessage({ user, body }) {
      const letter = {
        ...body,
        reportId: body.reportId === undefined ? undefined : idOf<ReportId>(body.reportId),
        invitationId: body.invitationId === undefined ? undefined : idOf<InvitationId>(body.invitationId),
      };
      return mail.sendMessage(db, { id: user.id, username: user.username }, letter, clock.now());
    },

    async getUnreadMessageCount({ user }) {
      return mail.unreadCount(db, user.id);
    },

    async getMessage({ user, params }) {
      return mail.getMessage(db, user.id, idOf<MessageId>(params.messageId));
    },

    async deleteMessage({ user, params }) {
      await mail.deleteMessage(db, user.id, idOf<MessageId>(params.messageId), clock.now());
    },

    async markMessageRead({ user, params }) {
      return mail.markMessageRead(db, user.id, idOf<MessageId>(params.messageId), clock.now());
    },

    async reportMessage({ user, params, body }) {
      return reports.reportMessage(db, user.id, { messageId: idOf<MessageId>(params.messageId), reason: body.reason }, clock.now());
    },

    async listBlockedPlayers({ user }) {
      return blocks.blockedPlayers(db, user.id);
    },

    async blockPlayer({ user, params }) {
      return blocks.blockPlayer(db, { blocker: user.id, blocked: idOf<PlayerId>(params.playerId) }, clock.now());
    },

    async unblockPlayer({ user, params }) {
      return blocks.unblockPlayer(db, { blocker: user.id, blocked: idOf<PlayerId>(params.playerId) });
    },
  };
}
