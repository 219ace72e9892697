// @ts-check
// Which statement texts go to the database as named prepared statements, and their names: one rule for the PostgreSQL pool (named-statements.ts) and PGlite's thread (pglite-thread.mjs, plain JavaScript, which imports no TypeScript).

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
 * The names one database connection pool (or PGlite's one connection) gives statement texts: the same name for the same
 * text each time. Per pool, not per process: names live in the pool's connections, and a pool opened later (a test
 * file after another in the same process) starts with none given, as its connections start with none prepared.
 */
export function statementNames() {
  /** @type {Map<string, string>} */
  const names = new Map();
  return {
    /**
     * The name of a text, given now if it is new; undefined when the text goes unnamed.
     * @param {string} text
     * @returns {string | undefined}
     */
    nameOf(text) {
      const known = names.get(text);
      if (known !== undefined || names.size >= NAMED_STATEMENTS_LIMIT || PARAMETER_LIST.test(text)) return known;
      const name = `vikings_${names.size}`;
      names.set(text, name);
      return name;
    },
    /** How many texts have a name so far. */
    get count() {
      return names.size;
    },
  };
}
