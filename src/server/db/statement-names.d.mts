// Types of statement-names.mjs (plain JavaScript, shared with PGlite's thread).
export declare const NAMED_STATEMENTS_LIMIT: number;

/** The names given to statement texts by one pool: the same name for the same text in every connection of it. */
export interface StatementNames {
  /** The name of a text, given now if it is new; undefined when the text goes unnamed. */
  nameOf(text: string): string | undefined;
  /** How many texts have a name so far. */
  readonly count: number;
}

export declare function statementNames(): StatementNames;
