// Names every PostgreSQL statement with parameters after its text, so each connection parses and plans it once.
import type pg from 'pg';
import type { StatementNames } from './statement-names.mjs';

export { NAMED_STATEMENTS_LIMIT, statementNames, type StatementNames } from './statement-names.mjs';

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
 * Makes `client` send each statement that has parameters as a named one, named by its pool's `names`. Why: an unnamed
 * statement is parsed and planned by PostgreSQL every time it runs (half of the database's CPU for a lookup by key
 * measured alone, 15 to 40% for the map's and sending troops' requests); a named one is parsed once per connection
 * (node-postgres remembers which names it has sent on it, and sends the name alone after that) and PostgreSQL keeps
 * its plan. Statements without parameters go by the simple protocol as before: they may hold several statements
 * (migrations) and are few.
 */
export function nameStatementsOf(client: pg.ClientBase, names: StatementNames): void {
  const send = client.query;
  // Reflect.set: the method is overloaded (text, config, submittable, with or without a callback), and this wrapper
  // passes every form through unchanged but one.
  Reflect.set(client, 'query', function query(this: pg.ClientBase, config: unknown, values?: unknown, ...rest: unknown[]): unknown {
    if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
      const name = names.nameOf(config);
      if (name !== undefined) return Reflect.apply(send, this, [{ name, text: config }, values, ...rest]);
    } else if (isStatementConfig(config) && config.name === undefined) {
      const parameters = Array.isArray(values) ? values : config.values;
      const name = parameters !== undefined && parameters.length > 0 ? names.nameOf(config.text) : undefined;
      if (name !== undefined) return Reflect.apply(send, this, [{ ...config, name }, values, ...rest]);
    }
    return Reflect.apply(send, this, [config, values, ...rest]);
  });
}
