// The row a statement is sure to give back, and a JSON value raw SQL reads.

/**
 * The row an INSERT ... RETURNING of one row gives back. Without ON CONFLICT, or with ON CONFLICT DO UPDATE, the database
 * returns the row or fails the statement, so an empty answer is a broken driver or query, never a reply to a request: it
 * is thrown as such.
 */
export function inserted<T>(rows: readonly T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('An insert of one row returned none');
  return row;
}

/**
 * A jsonb value selected by raw SQL (no column to decode it): PGlite's thread leaves JSON as text (pglite-thread.mjs),
 * node-postgres parses it. For values that are objects, arrays or null, never a bare JSON string.
 */
export function jsonFromDriver<T extends object>(value: T | string | null): T | null {
  return typeof value === 'string' ? JSON.parse(value) : value;
}
