// Writes of one transaction that do not depend on each other sent as one statement: each insert, update or delete a
// data-modifying WITH query of it, and notices (pg_notify) in its select.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './open';

/** An insert, update or delete built on the transaction (without `returning`), not yet sent. */
export interface Write {
  getSQL(): SQL;
}

/**
 * Sends `writes` and `selects` (expressions such as pg_notify calls) as one statement: `with w0 as (<write>), w1 as
 * (...) select <selects>`. One round trip and one statement instead of one each: on PostgreSQL a statement costs the
 * server more in its sending (Drizzle building it, node-postgres's protocol, the socket write) than in its running.
 *
 * The writes must be independent: all of them see the database as it was before the statement (they do not see each
 * other's rows), and no two of them may change the same row (PostgreSQL would apply only one). Every write runs to
 * completion whether or not the select refers to it. Triggers run as they would for each write alone.
 */
export async function writeAsOne(tx: Db, writes: readonly (Write | null | undefined | false)[], selects: readonly (SQL | null | undefined | false)[] = []): Promise<void> {
  const parts = writes.filter((w): w is Write => !!w).map((w) => w.getSQL());
  const shown = selects.filter((s): s is SQL => !!s);
  if (parts.length === 0 && shown.length === 0) return;
  // One write alone goes as it is.
  if (parts.length === 1 && shown.length === 0) {
    await tx.execute(parts[0]!);
    return;
  }
  const select = sql`select ${shown.length > 0 ? sql.join(shown, sql`, `) : sql`1`}`;
  if (parts.length === 0) {
    await tx.execute(select);
    return;
  }
  const withs = sql.join(
    parts.map((part, i) => sql`${sql.raw(`w${i}`)} as (${part})`),
    sql`, `,
  );
  await tx.execute(sql`with ${withs} ${select}`);
}
