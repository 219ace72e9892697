// A sitting session's requests: admitted only within a sitter's rights and while the owner still plays, and each change it makes written to the owner's log.
import { eq } from 'drizzle-orm';
import type { Db } from '../db/open';
import { sessions, sitterActions, users, type UserRow } from '../db/schema';
import { forbidden, unauthorized, worded } from '../errors';
import { changingAccounts } from '../accounts/session-cache';
import { hashToken, type SessionSitter } from '../accounts/sessions';
import { notifyPlayers } from '../live/notify';
import { SITTER_LAPSE_DAYS, ownerLastPlayed, sitterRefusalFor, sittingHolds } from '../../rules/sitters';
import { summariseSitterAction, type SitterRequest } from './summaries';
import type { PlayerId } from '../../rules/ids';
import { DEFAULT_LANGUAGE, isLanguage } from '../../rules/language-choice';

/** One request of a sitting session, as the guard sees it before the handler runs. */
export interface SittingRequest {
  owner: UserRow;
  token: string;
  /** The operation's mark in the contract (x-sitter) and its area of the game, which names a refusal. */
  operation: { sitter: boolean; tag: string | null };
  /** The owner was seen by this process since its last write of who played (so the stored last visit lags behind). */
  ownerSeenHere: boolean;
}

/** Whether `owner` played recently enough for sitting to hold at `now`. */
function ownerStillPlays(owner: Pick<UserRow, 'lastSeenAt' | 'createdAt'>, now: Date): boolean {
  return sittingHolds(ownerLastPlayed({ lastSeenAt: owner.lastSeenAt?.getTime() ?? null, createdAt: owner.createdAt.getTime() }), now.getTime());
}

/**
 * Lets a sitting session's request through, or refuses it: once the owner has not played for the lapse the session ends
 * (401, on every process), and an operation outside a sitter's rights is refused (403). The session lookup may have been
 * remembered from before the owner's last visit was written, so an apparent lapse is read again before it counts.
 */
export async function admitSitting(db: Db, request: SittingRequest, now: Date): Promise<void> {
  const { owner, token, operation } = request;
  if (!request.ownerSeenHere && !ownerStillPlays(owner, now)) {
    const [fresh] = await db.select({ lastSeenAt: users.lastSeenAt, createdAt: users.createdAt }).from(users).where(eq(users.id, owner.id));
    if (!fresh || !ownerStillPlays(fresh, now)) {
      await changingAccounts(
        db,
        db.transaction(async (tx) => {
          const hash = hashToken(token);
          await tx.delete(sessions).where(eq(sessions.tokenHash, hash));
          await notifyPlayers(tx, [owner.id], { kind: 'signed_out', session: hash });
        }),
      );
      throw unauthorized('sitting_lapsed', { days: SITTER_LAPSE_DAYS });
    }
  }
  if (!operation.sitter) throw forbidden(worded(sitterRefusalFor(operation.tag)));
}

/** A change a sitter made in the owner's account, for the owner's log. */
export interface SitterAction extends SitterRequest {
  ownerId: PlayerId;
  /** The language the owner chose for their account (users.locale; null: never chose, English): the log is theirs to read. */
  ownerLocale: string | null;
  sitter: SessionSitter;
}

/** Writes one line of the owner's log: who, which operation, what it did, when. */
export async function recordSitterAction(db: Db, action: SitterAction, now: Date): Promise<void> {
  const summary = await summariseSitterAction(db, action, isLanguage(action.ownerLocale) ? action.ownerLocale : DEFAULT_LANGUAGE);
  await db.insert(sitterActions).values({ ownerId: action.ownerId, sitterId: action.sitter.id, sitterName: action.sitter.username, operation: action.operationId, summary, at: now });
}
