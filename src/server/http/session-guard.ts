// The guards in front of signed-in operations: the bearer session (401), a temporary password to replace (403), the least role (403).
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Guards } from '../openapi';
import { CHOOSE_PASSWORD_FIRST, OPEN_WITH_TEMPORARY_PASSWORD, currentUser } from '../accounts/accounts';
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
    async requireUser(request, operationId) {
      const token = bearerToken(request);
      if (!token) throw unauthorized('Authentication required');
      const user = await currentUser(db, token, clock.now());
      if (!user) throw unauthorized('Your session has expired. Please log in again.');
      // With a temporary password from an admin, the player may only see who they are and choose their own.
      if (user.mustChangePassword && !OPEN_WITH_TEMPORARY_PASSWORD.has(operationId)) throw forbidden(CHOOSE_PASSWORD_FIRST);
      request.user = user;
      request.sessionToken = token;
      activity.note(user.id);
    },
    requireRole(request, role: Role) {
      const actual = parseRole(request.user?.role ?? '') ?? 'user';
      if (!roleAllows(actual, role)) throw forbidden("You don't have permission to access this page.");
    },
  };
}
