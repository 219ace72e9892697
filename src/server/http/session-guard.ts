// The guards in front of signed-in operations: the bearer session (401), a sitting session's limits (401 lapsed, 403), a temporary password to replace (403), the least role (403); and the owner's log of a sitter's changes.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Guards } from '../openapi';
import { OPEN_WITH_TEMPORARY_PASSWORD, currentSession } from '../accounts/accounts';
import { admitSitting, recordSitterAction } from '../sitters/sitting';
import { forbidden, unauthorized } from '../errors';
import { parseRole, roleAllows, type Role } from '../../rules/roles';

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

export function sessionGuards({ db, clock, activity }: AppContext): Guards {
  return {
    async requireUser(request, operation) {
      const token = bearerToken(request);
      if (!token) throw unauthorized('authentication_required');
      const now = clock.now();
      const session = await currentSession(db, token, now);
      if (!session) throw unauthorized('session_expired');
      const { user, sitter } = session;
      // A sitter plays as the owner (every ownership check holds unchanged), within a sitter's rights only.
      if (sitter) await admitSitting(db, { owner: user, token, operation, ownerSeenHere: activity.noted(user.id) }, now);
      // With a temporary password from an admin, the player may only see who they are and choose their own.
      if (user.mustChangePassword && !OPEN_WITH_TEMPORARY_PASSWORD.has(operation.operationId)) throw forbidden('choose_password_first');
      request.user = user;
      request.sitter = sitter;
      request.sessionToken = token;
      // The sitters' safeguard counts the owner's own play only: a sitting session never marks the owner seen.
      if (!sitter) activity.note(user.id);
    },
    requireRole(request, role: Role) {
      const actual = parseRole(request.user?.role ?? '') ?? 'user';
      if (!roleAllows(actual, role)) throw forbidden('page_forbidden');
    },
    async sitterActed(request, operation) {
      const { user, sitter } = request;
      if (!user || !sitter) return;
      // The owner's row of this request carries their language (a change of it drops the cached session lookups).
      const action = { ownerId: user.id, ownerLocale: user.locale, sitter, operationId: operation.operationId, contractSummary: operation.summary, params: request.params, body: request.body };
      try {
        await recordSitterAction(db, action, clock.now());
      } catch (err) {
        // The change itself is committed: its reply still goes, and the log's failure is told where operators look.
        request.log.error({ err, operationId: operation.operationId }, 'the sitter log could not record an action');
      }
    },
  };
}
