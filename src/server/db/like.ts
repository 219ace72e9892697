// SQL LIKE for searches by part of a text: the typed text's wildcards (% _ \) are matched as themselves.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** Escapes LIKE's wildcards so a search for "50%" finds that text, not everything starting with 50. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `column` contains `needle`, in any case: `lower(column) like lower('%needle%') escape '\'`. */
export function containsIgnoringCase(column: AnyColumn, needle: string): SQL {
  return sql`lower(${column}) like lower(${`%${likeEscape(needle)}%`}) escape '\\'`;
}
