// Fair play's signals: each successful sign-in is recorded with its device and address and links the account to the others seen with either; and the registration limit per address.
import { and, desc, eq, gt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import { accountLinks, signIns, type LinkEvidenceCounts } from '../db/schema';
import { DAY_COUNTER_PREFIX, increment } from '../http/rate-limit';
import { tooManyRequests, worded } from '../errors';
import { ADDRESS_WINDOW_HOURS, LINKS_PER_SIGN_IN, addressIsEvidence, registrationLimitRefusal, utcDay, type LinkEvidence } from '../../rules/fair-play';
import type { PlayerId } from '../../rules/ids';

/** What a sign-in tells of the person behind it: the browser's device cookie and the client's address (after TRUST_PROXY). */
export interface SignInSignals {
  address: string;
  device: string;
}

/** A successful sign-in: whose, from where. */
export interface SignIn extends SignInSignals {
  userId: PlayerId;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * What a link's evidence of `kind` becomes when this sign-in shows it again: one more, seen now (from the new row's
 * `excluded` evidence), or unchanged when this sign-in does not show it. The kind is a name of LINK_EVIDENCE, written
 * as a literal (a parameter would leave `->` undecided between its text and integer forms).
 */
function mergedEvidence(kind: LinkEvidence) {
  const key = sql.raw(`'${kind}'`);
  return sql`case when excluded.evidence -> ${key} is not null
    then jsonb_build_object('count', coalesce((${accountLinks.evidence} -> ${key} ->> 'count')::int, 0) + 1, 'lastSeenAt', excluded.evidence -> ${key} -> 'lastSeenAt')
    else ${accountLinks.evidence} -> ${key} end`;
}

/** Whether this sign-in brings a kind of evidence the link did not have. */
function newKind(kind: LinkEvidence) {
  const key = sql.raw(`'${kind}'`);
  return sql`(excluded.evidence -> ${key} is not null and ${accountLinks.evidence} -> ${key} is null)`;
}

/**
 * Records a successful sign-in (password, registration or Discord) and links the account to every other account seen
 * with the same device ever, or from the same address within ADDRESS_WINDOW_HOURS (a loopback address links nobody:
 * `addressIsEvidence`). One transaction: the insert and the indexed look-up go together, then one upsert of the pairs.
 *
 * A pair's row counts each sign-in that shows each kind of evidence and when it was last seen. A new pair is flagged;
 * a flagged or confirmed one stays so; a cleared one stays cleared while the evidence is of the kinds the game master
 * saw, and is flagged again when a kind it did not have appears (cleared on a shared address, then one browser). The
 * decision (who, note, when) is kept for the next look.
 */
export async function recordSignIn(db: Db, { userId, address, device }: SignIn, now: Date): Promise<void> {
  const byAddress = addressIsEvidence(address);
  const since = new Date(now.getTime() - ADDRESS_WINDOW_HOURS * HOUR_MS);
  const sameDevice = eq(signIns.device, device);
  const sameAddress = and(eq(signIns.address, address), gt(signIns.at, since));
  await db.transaction(async (tx) => {
    const [, others] = await Promise.all([
      tx.insert(signIns).values({ userId, device, address, at: now }),
      tx
        .select({
          userId: signIns.userId,
          device: sql<boolean>`bool_or(${signIns.device} = ${device})`,
          address: byAddress ? sql<boolean>`bool_or(${signIns.address} = ${address} and ${signIns.at} > ${since})` : sql<boolean>`false`,
        })
        .from(signIns)
        .where(and(ne(signIns.userId, userId), byAddress ? or(sameDevice, sameAddress) : sameDevice))
        .groupBy(signIns.userId)
        .orderBy(desc(sql`max(${signIns.at})`))
        .limit(LINKS_PER_SIGN_IN),
    ]);
    if (others.length === 0) return;
    const seenAt = now.toISOString();
    const rows = others.map((other) => {
      const evidence: LinkEvidenceCounts = {};
      if (other.device) evidence.device = { count: 1, lastSeenAt: seenAt };
      if (other.address) evidence.address = { count: 1, lastSeenAt: seenAt };
      // The lower id first, as the table's check wants (lower-case uuids compare as text as they do as uuids).
      const [userA, userB] = other.userId < userId ? [other.userId, userId] : [userId, other.userId];
      return { userA, userB, status: 'flagged' as const, evidence, firstSeenAt: now, lastSeenAt: now };
    });
    // Pairs in one order, so two sign-ins upserting overlapping pairs take the rows' locks in the same order.
    rows.sort((a, b) => (a.userA === b.userA ? (a.userB < b.userB ? -1 : 1) : a.userA < b.userA ? -1 : 1));
    await tx
      .insert(accountLinks)
      .values(rows)
      .onConflictDoUpdate({
        target: [accountLinks.userA, accountLinks.userB],
        set: {
          evidence: sql`jsonb_strip_nulls(jsonb_build_object('device', ${mergedEvidence('device')}, 'address', ${mergedEvidence('address')}))`,
          status: sql`case when ${accountLinks.status} = 'cleared' and (${newKind('device')} or ${newKind('address')}) then 'flagged' else ${accountLinks.status} end`,
          lastSeenAt: now,
        },
      });
  });
}

/** How many accounts an address may register a day (REGISTRATIONS_PER_ADDRESS), and the address. */
export interface RegistrationLimit {
  address: string;
  perDay: number;
}

/**
 * Counts a registration from `address` on its UTC day, refusing (429) one beyond the limit. Called inside the
 * registration's transaction, so a registration refused for any reason, this one included, is not counted.
 */
export async function countRegistration(tx: Db, { address, perDay }: RegistrationLimit, now: Date): Promise<void> {
  const { current } = await increment(tx, `${DAY_COUNTER_PREFIX}register:${address}:${utcDay(now.getTime())}`, DAY_MS, now);
  if (current > perDay) throw tooManyRequests(worded(registrationLimitRefusal(perDay)));
}
