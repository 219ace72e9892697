// Account links for game masters: the pairs the signals linked, flagged ones first with their evidence, and a decision (confirm or clear, with a note) written to the audit log.
import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Schema } from '../../contract';
import type { Db } from '../db/open';
import { accountLinks, users, type LinkEvidenceCounts } from '../db/schema';
import { badRequest, errorText, forbidden, notFound, worded } from '../errors';
import { recordAudit, type Actor } from '../operators/audit';
import { LINK_EVIDENCE, linkNoteError } from '../../rules/fair-play';
import { normaliseFreeText } from '../../rules/validation';
import { pageWindow } from '../../rules/paging';

export type AccountLinkView = Schema<'AccountLink'>;

/** Links a page shows. */
export const LINKS_PAGE_SIZE = 20;

export const OWN_LINK = errorText('own_account_link');

const userA = alias(users, 'user_a_row');
const userB = alias(users, 'user_b_row');
const decider = alias(users, 'decider');

const linkColumns = {
  link: accountLinks,
  a: { id: userA.id, username: userA.username },
  b: { id: userB.id, username: userB.username },
  decider: { id: decider.id, username: decider.username },
};

function linksWithNames(db: Db) {
  return db
    .select(linkColumns)
    .from(accountLinks)
    .innerJoin(userA, eq(userA.id, accountLinks.userA))
    .innerJoin(userB, eq(userB.id, accountLinks.userB))
    .leftJoin(decider, eq(decider.id, accountLinks.decidedBy));
}

type LinkRow = Awaited<ReturnType<ReturnType<typeof linksWithNames>['execute']>>[number];

/** The evidence as the contract lists it: each kind seen, how often, when last; in the rules' order. */
function evidenceList(evidence: LinkEvidenceCounts): AccountLinkView['evidence'] {
  return LINK_EVIDENCE.flatMap((kind) => {
    const seen = evidence[kind];
    return seen ? [{ kind, count: seen.count, lastSeenAt: new Date(seen.lastSeenAt).toISOString() }] : [];
  });
}

function linkView({ link, a, b, decider: by }: LinkRow): AccountLinkView {
  return {
    id: link.id,
    accounts: [a, b],
    evidence: evidenceList(link.evidence),
    status: link.status,
    firstSeenAt: link.firstSeenAt.toISOString(),
    lastSeenAt: link.lastSeenAt.toISOString(),
    decidedBy: by,
    note: link.note,
  };
}

/** A page of links: flagged ones first (waiting for a game master), then by when the evidence was last seen. */
export async function listAccountLinks(db: Db, page: number): Promise<Schema<'AccountLinkPage'>> {
  const { limit, offset } = pageWindow({ page, limit: LINKS_PAGE_SIZE });
  const rows = await linksWithNames(db)
    .orderBy(sql`${accountLinks.status} = 'flagged' desc`, desc(accountLinks.lastSeenAt), desc(accountLinks.id))
    .limit(limit + 1)
    .offset(offset);
  return { links: rows.slice(0, limit).map(linkView), page, hasMore: rows.length > limit };
}

/** A game master's decision on a link: the accounts are one person (confirmed) or two (cleared), and why. */
export interface LinkDecision {
  linkId: string;
  status: 'confirmed' | 'cleared';
  note: string;
}

/**
 * Confirms or clears a link, with the game master's note, and writes the audit log in the same transaction. A confirmed
 * link keeps the pushing limit and the ban on attacks between the two; a cleared one lifts both (until a new kind of
 * evidence flags it again). A game master never decides a link of their own account (403). Deciding again is allowed.
 */
export async function decideAccountLink(db: Db, actor: Actor, decision: LinkDecision, now: Date): Promise<{ link: AccountLinkView }> {
  const problem = linkNoteError(decision.note);
  if (problem) throw badRequest(worded(problem), [{ field: 'note', message: problem }]);
  const note = normaliseFreeText(decision.note);
  await db.transaction(async (tx) => {
    const [found] = await linksWithNames(tx).where(eq(accountLinks.id, decision.linkId));
    if (!found) throw notFound('no_such_account_link');
    if (actor.id === found.a.id || actor.id === found.b.id) throw forbidden('own_account_link');
    await tx
      .update(accountLinks)
      .set({ status: decision.status, note, decidedBy: actor.id, decidedAt: now })
      .where(eq(accountLinks.id, decision.linkId));
    await recordAudit(
      tx,
      actor,
      {
        action: decision.status === 'confirmed' ? 'confirm_link' : 'clear_link',
        target: { id: found.a.id, name: `${found.a.username} and ${found.b.username}` },
        detail: note,
      },
      now,
    );
  });
  const [decided] = await linksWithNames(db).where(eq(accountLinks.id, decision.linkId));
  if (!decided) throw notFound('no_such_account_link');
  return { link: linkView(decided) };
}
