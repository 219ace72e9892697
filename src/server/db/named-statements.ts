// Names every PostgreSQL statement with parameters after its text, so each connection parses and plans it once.
import type pg from 'pg';
import { mayName } from './statement-names.mjs';

export { NAMED_STATEMENTS_LIMIT } from './statement-names.mjs';

const names = new Map<string, string>();

/** The name of a statement's text: the same name for the same text in every connection of this process. */
export function statementName(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || !mayName(text, names.size)) return known;
  const name = `vikings_${names.size}`;
  names.set(text, name);
  return name;
}

/** How many texts have a name so far (the bench and the tests read it). */
export function namedStatementCount(): number {
  return names.size;
}

interface StatementConfig {
  text: string;
  name?: string;
  values?: unknown[];
}

/** A plain query config (not a submittable such as a Query or a cursor, which must reach pg as it is). */
function isStatementConfig(value: unknown): value is StatementConfig {
  return typeof value === 'object' && value !== null && typeof Reflect.get(value, 'text') === 'string' && typeof Reflect.get(value, 'submit') !== 'function';
}

/**
 * Makes `client` send each statement that has parameters as a named one. Why: an unnamed statement is parsed and
 * planned by PostgreSQL every time it runs (half of the database's CPU for a lookup by key measured alone, 15 to 40%
 * for the map's and sending troops' requests); a named one is parsed once per connection (node-postgres remembers which names it has sent on it, and sends the
 * name alone after that) and PostgreSQL keeps its plan. Statements without parameters go by the simple protocol as
 * before: they may hold several statements (migrations) and are few.
 */
export function nameStatementsOf(client: pg.ClientBase): void {
  const send = client.query;
  // Reflect.set: the method is overloaded (text, config, submittable, with or without a callback), and this wrapper
  // passes every form through unchanged but one.
  Reflect.set(client, 'query', function query(this: pg.ClientBase, config: unknown, values?: unknown, ...rest: unknown[]): unknown {
    if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
      const name = statementName(config);
      if (name !== undefined) return Reflect.apply(send, this, [{ name, text: config }, values, ...rest]);
    } else if (isStatementConfig(config) && config.name === undefined) {
      const parameters = Array.isArray(values) ? values : config.values;
      const name = parameters !== undefined && parameters.length > 0 ? statementName(config.text) : undefined;
      if (name !== undefined) return Reflect.apply(send, this, [{ ...config, name }, values, ...rest]);
    }
    return Reflect.apply(send, this, [config, values, ...rest]);
  });
}
