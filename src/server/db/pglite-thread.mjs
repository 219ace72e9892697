// @ts-check
// The embedded database's own thread: PGlite (Postgres compiled to WebAssembly) and its result parsing run here, on the machine's other core, while the server's main thread serves HTTP. Plain JavaScript so that source runs (tsx, vitest) and the compiled server load the same file.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { statementNames } from './statement-names.mjs';

if (!parentPort) throw new Error('pglite-thread.mjs runs only as a worker thread (see pglite-worker.ts)');
const port = parentPort;

/** @param {unknown} value */
const asText = (value) => value;
/**
 * Values left as text. Drizzle keeps timestamps, dates, intervals and their arrays as text and parses them
 * itself: these are the type ids of the parsers it passes with every query (pglite-worker.ts checks that it
 * still passes these). JSON and JSONB stay text too: a string crosses to the main thread far more cheaply
 * than the objects parsed from it, and Drizzle's JSON columns and callStoredRead parse text themselves.
 * Set once on the instance, so no query copies PGlite's table of parsers.
 */
const PARSERS = Object.fromEntries([1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182, 114, 3802].map((oid) => [oid, asText]));

/** @type {string} */
const dataDir = workerData?.dataDir ?? '';
/** A dump of a data directory to start from (pglite-worker.ts `startFrom`): no initdb, no migrations to apply. @type {Uint8Array | undefined} */
const startFrom = workerData?.startFrom;
// One options object: PGlite(undefined, options) quietly ignores loadDataDir and runs initdb.
const db = new PGlite({ dataDir: dataDir || undefined, parsers: PARSERS, ...(startFrom ? { loadDataDir: new Blob([startFrom]) } : {}) });

/** What a database error carries besides its message (code, constraint, detail, ...), as a plain object that crosses threads. */
function errorFields(/** @type {any} */ error) {
  const fields = { message: String(error?.message ?? error) };
  for (const [key, value] of Object.entries(error ?? {})) {
    if (['string', 'number', 'boolean'].includes(typeof value)) Object.assign(fields, { [key]: value });
  }
  return fields;
}

/** @type {Map<string, () => Promise<void>>} */
const unlisteners = new Map();

/**
 * Statements with parameters run as named prepared statements: parsed and planned once, then each run is one call into
 * the database (bind, describe, execute, sync) where PGlite's `query` makes five (parse, describe the statement, bind,
 * describe, execute) and parses and plans every time: 2.5 times less of this thread a statement, measured on a
 * lookup by key. Which texts get a name is decided as on PostgreSQL (statement-names.mjs).
 */
const names = statementNames();
/** The named statements prepared so far, with their parameters' type ids, by text. @type {Map<string, { name: string, paramTypes: number[] }>} */
const prepared = new Map();
const wire = protocol.serialize;

/** The protocol messages as one buffer, for one call into the database. @param {Uint8Array[]} parts */
function joined(parts) {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * The named statement of `text`, prepared now if it is new; undefined when the text goes unnamed. A parse the database
 * refuses (a syntax error, an aborted transaction) throws and leaves the text unprepared; its Sync ends the failed
 * exchange, so the connection goes on.
 * @param {string} text
 */
async function preparedStatement(text) {
  const known = prepared.get(text);
  const name = known ? undefined : names.nameOf(text);
  if (name === undefined) return known;
  const { messages } = await db.execProtocol(joined([wire.parse({ name, text }), wire.describe({ type: 'S', name }), wire.sync()]), { syncToFs: false });
  const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
  prepared.set(text, statement);
  return statement;
}

/**
 * One statement, with its rows as PGlite's `query` gives them.
 * @param {string} text @param {unknown[]} params @param {'array' | 'object' | undefined} rowMode
 */
async function query(text, params, rowMode) {
  const statement = params.length > 0 ? await preparedStatement(text) : undefined;
  if (!statement) return db.query(text, params, { rowMode });
  // Parameters written as PGlite's query writes them: its serializer of the parameter's type, or the value's text.
  const values = params.map((value, i) => {
    if (value === null || value === undefined) return null;
    const serializer = db.serializers[statement.paramTypes[i]];
    return serializer ? serializer(value) : String(value);
  });
  const { messages } = await db.execProtocol(joined([wire.bind({ statement: statement.name, values }), wire.describe({ type: 'P' }), wire.execute({}), wire.sync()]));
  return parse.parseResults(messages, db.parsers, { rowMode })[0];
}

async function handle(/** @type {any} */ message) {
  switch (message.op) {
    case 'query': {
      const result = await query(message.sql, message.params ?? [], message.rowMode);
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case 'exec': {
      const results = await db.exec(message.sql);
      return results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows }));
    }
    case 'listen': {
      const stop = await db.listen(message.channel, (payload) => port.postMessage({ notify: message.channel, payload }));
      unlisteners.set(message.channel, stop);
      return null;
    }
    case 'unlisten': {
      await unlisteners.get(message.channel)?.();
      unlisteners.delete(message.channel);
      return null;
    }
    case 'dump': {
      const tar = await db.dumpDataDir('none');
      return new Uint8Array(await tar.arrayBuffer());
    }
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`Unknown database thread operation ${message.op}`);
  }
}

/** Answers a message on the port it came from. */
function reply(/** @type {any} */ message, /** @type {Record<string, unknown>} */ answer) {
  port.postMessage({ id: message.id, ...answer });
}

/** How long background work (the sweeper) may be kept waiting by players' statements before it goes in its turn. */
const BACKGROUND_PATIENCE_MS = 250;

/**
 * Whose turn it is. The connection runs one thing at a time: a lone statement, or a transaction from its
 * BEGIN to its COMMIT or ROLLBACK, during which only that transaction's statements run (those sent before
 * it began wait for it). Players' statements and BEGINs go first come, first served; background ones
 * (the sweeper, db/background.ts) when no player's is waiting, or once they have waited
 * BACKGROUND_PATIENCE_MS, so a sweep never sits between a player and their reply.
 * @type {{ message: any, since: number }[]}
 */
const players = [];
/** @type {{ message: any, since: number }[]} */
const background = [];
/** Statements of transactions, by transaction number, waiting for their turn. @type {Map<number, any[]>} */
const transactions = new Map();
/** @type {number | null} */
let openTransaction = null;
let ready = false;
let running = false;

function nextMessage() {
  if (openTransaction !== null) return transactions.get(openTransaction)?.shift();
  const waitedLong = background.length > 0 && performance.now() - background[0].since > BACKGROUND_PATIENCE_MS;
  return (waitedLong ? background.shift() : (players.shift() ?? background.shift()))?.message;
}

async function pump() {
  if (running || !ready) return;
  running = true;
  try {
    for (let message = nextMessage(); message; message = nextMessage()) {
      if (message.begin) openTransaction = message.tx;
      await handle(message).then(
        (result) => reply(message, { result }),
        (error) => reply(message, { error: errorFields(error) }),
      );
      if (message.end) {
        transactions.delete(message.tx);
        openTransaction = null;
      }
    }
  } finally {
    running = false;
  }
}

port.on('message', (message) => {
  if (message.tx !== undefined && !message.begin) {
    const queued = transactions.get(message.tx);
    if (queued) queued.push(message);
    else transactions.set(message.tx, [message]);
  } else (message.background ? background : players).push({ message, since: performance.now() });
  void pump();
});

db.waitReady.then(
  () => {
    ready = true;
    port.postMessage({ ready: true });
    void pump();
  },
  (error) => port.postMessage({ ready: false, error: errorFields(error) }),
);
