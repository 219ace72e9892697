// Routes of the army tag: sending troops, movements, battle reports, stationed troops, account figures and the live event stream.
import type { AppContext } from '../context';
import { idOf, type Handlers, type HeroId, type ReportId, type VillageId } from '../operations';
import { sessionKey } from '../accounts/sessions';
import * as game from './movements';
import { sendToOasisTile } from '../oases/oases';

/** A comment line now and then keeps proxies and browsers from closing a quiet stream. */
const KEEP_ALIVE_MS = 25_000;

export function armyRoutes(ctx: AppContext): Handlers {
  const { db, clock } = ctx;
  return {
    async sendTroops({ user, sitter, body }) {
      // A sitter (in a sitting session) may only reinforce the owner's own villages: the services refuse the rest.
      const sittingBy = sitter?.id ?? null;
      // A tile target (or none at all) is an order for an oasis; that path refuses two targets or none.
      if (body.toOasis !== undefined || body.toVillageId === undefined) {
        const heroId = body.heroId === undefined ? undefined : idOf<HeroId>(body.heroId);
        return sendToOasisTile(db, user.id, { ...body, fromVillageId: idOf<VillageId>(body.fromVillageId), heroId, sittingBy }, clock.now());
      }
      const order = {
        ...body,
        fromVillageId: idOf<VillageId>(body.fromVillageId),
        toVillageId: idOf<VillageId>(body.toVillageId),
        heroId: body.heroId === undefined ? undefined : idOf<HeroId>(body.heroId),
        sittingBy,
      };
      return game.sendTroops(db, user.id, order, clock.now());
    },

    async listMovements({ user }) {
      return game.listMovements(db, user.id, clock.now());
    },

    async listBattles({ user, query }) {
      return game.listBattles(db, user.id, { page: query.page ?? 1, limit: query.limit ?? 20 }, clock.now());
    },

    async markBattleRead({ user, params }) {
      return game.markBattleRead(db, user.id, idOf<ReportId>(params.reportId));
    },

    async getGameStats({ user }) {
      return game.gameStats(db, user.id, clock.now());
    },

    async listStationedTroops({ user }) {
      return game.listStationed(db, user.id, clock.now());
    },

    async recallStationedTroops({ user, params }) {
      return game.recallStationed(db, user.id, params.stationedId, clock.now());
    },

    async streamEvents({ user, request, reply }) {
      // The stream outlives the handler: Fastify leaves the socket to us from here on.
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        // The socket carries this stream only: when it ends (logout, shutdown) the connection goes with it.
        connection: 'close',
        'x-accel-buffering': 'no',
      });
      const write = (text: string) => {
        if (!raw.writableEnded) raw.write(text);
      };
      write(`event: ready\ndata: {}\n\n`);
      const unsubscribe = ctx.live.subscribe(user.id, sessionKey(request.sessionToken ?? ''), {
        send: (kind, data) => write(`event: ${kind}\ndata: ${JSON.stringify(data)}\n\n`),
        // Ends the stream and the connection with it, without waiting for the browser to hang up its side.
        close: () => raw.end(() => raw.destroy()),
      });
      const ping = setInterval(() => write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      // The response closes when the stream ends or the player goes away (the socket closes).
      raw.on('close', () => {
        clearInterval(ping);
        unsubscribe();
        // Nobody reads any more: free the socket now rather than when the browser's pool lets it go.
        raw.destroy();
      });
    },
  };
}
