// Types of statement-names.mjs (plain JavaScript, shared with PGlite's thread).
export declare const NAMED_STATEMENTS_LIMIT: number;
export declare function mayName(text: string, named: number): boolean;
