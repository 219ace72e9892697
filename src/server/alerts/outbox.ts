// The alerts outbox: a transaction that makes something happen to a player inserts their alert with it; the pusher sends it later.
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/open';
import { alerts, users } from '../db/schema';
import type { AlertNews } from '../../rules/alerts';
import type { PlayerId } from '../../rules/ids';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../rules/language-choice';

/** An alert for one player; a village nobody holds (null) has nobody to tell. */
export interface AlertFor {
  userId: PlayerId | null;
  /** Worded here, in the language the player chose for their account. */
  alert: AlertNews;
}

/** The language an account's alerts are worded in: its choice, else English (an account that never chose). */
export function languageOf(locale: string | null): Language {
  return isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
}

/** Each recipient's language, in one read. */
export async function languagesOf(tx: Db, ids: readonly PlayerId[]): Promise<Map<PlayerId, Language>> {
  const rows = await tx.select({ id: users.id, locale: users.locale }).from(users).where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, languageOf(row.locale)]));
}

/**
 * Queues alerts inside `tx`, in the recipients' languages (one read of them unless `known`, one insert): they exist only if the event's
 * transaction commits, and the push step (pusher.ts) sends them after it, so no network call ever waits inside a game
 * transaction. The stored words are what both the push and the alerts page show.
 */
export async function recordAlerts(tx: Db, entries: readonly AlertFor[], now: Date, known?: ReadonlyMap<PlayerId, Language>): Promise<void> {
  const addressed = addressedOnly(entries);
  if (addressed.length === 0) return;
  // The caller may have read the recipients' languages already (a battle reads them with its field).
  const languages = known && addressed.every((entry) => known.has(entry.userId)) ? known : await languagesOf(tx, addressed.map((entry) => entry.userId));
  await alertsWrite(tx, addressed, now, languages)!;
}

function addressedOnly(entries: readonly AlertFor[]): { userId: PlayerId; alert: AlertNews }[] {
  return entries.flatMap(({ userId, alert }) => (userId ? [{ userId, alert }] : []));
}

/**
 * recordAlerts's insert when the recipients' languages are known (a recipient missing from them reads English), not yet
 * sent (none when nobody is addressed), for a caller that sends it with other writes (db/one-statement.ts).
 */
export function alertsWrite(tx: Db, entries: readonly AlertFor[], now: Date, languages: ReadonlyMap<PlayerId, Language>) {
  const addressed = addressedOnly(entries);
  if (addressed.length === 0) return null;
  return tx.insert(alerts).values(addressed.map(({ userId, alert }) => ({ userId, ...alert(languages.get(userId) ?? DEFAULT_LANGUAGE), createdAt: now })));
}
