// @ts-check
// Which statement texts go to the database as named prepared statements: one rule for the PostgreSQL pool (named-statements.ts) and PGlite's thread (pglite-thread.mjs, plain JavaScript, which imports no TypeScript).

/**
 * At most this many texts get a name from one PostgreSQL pool (a server process has one) or one PGlite thread; later
 * ones go unnamed. A load run of the bench used about 80 shapes, the whole API test suite more than 500 (test SQL
 * included); PostgreSQL keeps 30 KB or more for each prepared statement in every connection that ran it, so the limit
 * bounds that memory, and the first texts a server runs, its commonest, are the ones named.
 */
export const NAMED_STATEMENTS_LIMIT = 500;

/**
 * A list of two or more parameters (Drizzle's `inArray`: `in ($1, $2, $3)`): one text for each length of the list, 220
 * of the 290 texts of that load run. Such statements go unnamed.
 */
const PARAMETER_LIST = / in \(\$\d+, \$/i;

/**
 * Whether a text not named yet may get a name, when `named` texts have one already.
 * @param {string} text
 * @param {number} named
 * @returns {boolean}
 */
export function mayName(text, named) {
  return named < NAMED_STATEMENTS_LIMIT && !PARAMETER_LIST.test(text);
}
