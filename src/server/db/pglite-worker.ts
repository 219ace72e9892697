// PGlite on a worker thread, behind the few calls Drizzle and the server make of a PGlite instance (query, exec, transaction, listen, close).
import { isBackground } from './background';
import { Worker } from 'node:worker_threads';

/** Drizzle's query options; its parsers are functions, which cannot cross threads, so the thread has its own copy. */
interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
}

export interface ThreadResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** The part of a PGlite transaction Drizzle uses. */
export interface ThreadTransaction {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResult>;
  exec(sql: string): Promise<ThreadResult[]>;
}

/** The type ids whose parsers the thread applies (pglite-thread.mjs); a Drizzle that asks for others must fail loudly, not parse differently. */
const THREAD_PARSERS = '1082,1114,1115,1182,1184,1185,1186,1187,1231';

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/** Whether an answer of the thread is a statement's result (PGlite's, copied across the thread as a plain object). */
function isThreadResult(value: unknown): value is ThreadResult {
  if (typeof value !== 'object' || value === null || !('rows' in value) || !('fields' in value)) return false;
  const { rows, fields } = value;
  return (
    Array.isArray(rows) &&
    Array.isArray(fields) &&
    fields.every((field: unknown) => typeof field === 'object' && field !== null && 'name' in field && typeof field.name === 'string' && 'dataTypeID' in field && typeof field.dataTypeID === 'number')
  );
}

/** The thread's answer to a query: one result. */
function oneResult(answer: unknown): ThreadResult {
  if (!isThreadResult(answer)) throw new Error('The database thread answered a query with something other than a result');
  return answer;
}

/** The thread's answer to an exec: a result per statement. */
function resultList(answer: unknown): ThreadResult[] {
  if (!Array.isArray(answer) || !answer.every(isThreadResult)) throw new Error('The database thread answered an exec with something other than results');
  return answer;
}

/**
 * The embedded database running on its own thread. Postgres's work and the parsing of its replies (about
 * three fifths of the server's CPU time under load) then use the machine's second core while the main
 * thread serves HTTP; one statement or transaction at a time, exactly as PGlite in process. The thread
 * decides whose turn it is (pglite-thread.mjs): statements are sent at once and wait there, so the
 * connection never waits for this thread's event loop between two lone statements.
 */
export class PgliteWorker {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private nextTransaction = 1;
  private ended: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: { id?: number; result?: unknown; error?: Record<string, unknown>; notify?: string; payload?: string }) => {
      if (message.notify !== undefined) {
        for (const listener of this.listeners.get(message.notify) ?? []) listener(message.payload ?? '');
        return;
      }
      if (message.id === undefined) return;
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.error) waiting.reject(rebuildError(message.error));
      else waiting.resolve(message.result);
    });
    const end = (error: Error) => {
      this.ended ??= error;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', (error) => end(error));
    worker.on('exit', (code) => end(new Error(`The database thread ended (exit code ${code})`)));
  }

  /**
   * Starts the thread and opens PGlite in `dataDir` (in memory when empty), from `startFrom` when given (a `dump()`):
   * about 1 s instead of 4 to 5 (an empty directory is made by initdb, in WebAssembly).
   */
  static async open(dataDir: string, startFrom?: Uint8Array): Promise<PgliteWorker> {
    const worker = new Worker(new URL('./pglite-thread.mjs', import.meta.url), { workerData: { dataDir, startFrom } });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: { ready?: boolean; error?: Record<string, unknown> }) => {
        if (message.ready === undefined) return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        if (message.ready) return resolve();
        // A database that cannot be opened leaves no thread behind to keep the process alive.
        void worker.terminate();
        reject(rebuildError(message.error ?? {}));
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
    return new PgliteWorker(worker);
  }

  /** Sends a message to the thread; its answer is whatever the thread sends back, read by the caller (oneResult, resultList). */
  private send(message: Record<string, unknown>): Promise<unknown> {
    if (this.ended) return Promise.reject(this.ended);
    const id = this.nextId++;
    return new Promise<unknown>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  /** Sends a statement; the sweeper's (db/background.ts) wait while players' go first. */
  private statement(message: { op: 'query' | 'exec'; sql: string } & Record<string, unknown>): Promise<unknown> {
    return this.send({ ...message, background: isBackground() });
  }

  private queryMessage(sql: string, params: unknown[] = [], options: QueryOptions = {}) {
    if (options.parsers && Object.keys(options.parsers).sort().join(',') !== THREAD_PARSERS) {
      throw new Error(`Drizzle asked for parsers of types ${Object.keys(options.parsers).join(',')}; pglite-thread.mjs applies ${THREAD_PARSERS}`);
    }
    return { op: 'query' as const, sql, params, rowMode: options.rowMode ?? 'object' };
  }

  /** The whole data directory as an uncompressed tar, for `open(..., startFrom)`; it waits its turn like a statement. */
  async dump(): Promise<Uint8Array> {
    const answer = await this.send({ op: 'dump' });
    if (!(answer instanceof Uint8Array)) throw new Error('The database thread answered a dump with something other than bytes');
    return answer;
  }

  async query(sql: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResult> {
    return oneResult(await this.statement(this.queryMessage(sql, params, options)));
  }

  async exec(sql: string): Promise<ThreadResult[]> {
    return resultList(await this.statement({ op: 'exec', sql }));
  }

  /**
   * Runs `work` between BEGIN and COMMIT (ROLLBACK when it throws). Its statements carry the transaction's
   * number; the thread runs nothing else from BEGIN until COMMIT or ROLLBACK.
   */
  async transaction<T>(work: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = this.nextTransaction++;
    // Not awaited on its own: the thread answers in order, so BEGIN's answer is in before the first statement's.
    const begun = this.statement({ op: 'exec', sql: 'begin', tx, begin: true });
    const inTransaction = async <R>(answer: Promise<R>): Promise<R> => {
      try {
        await begun;
      } catch (error) {
        answer.catch(() => undefined);
        throw error;
      }
      return answer;
    };
    const client: ThreadTransaction = {
      query: async (sql, params, options) => oneResult(await inTransaction(this.statement({ ...this.queryMessage(sql, params, options), tx }))),
      exec: async (sql) => resultList(await inTransaction(this.statement({ op: 'exec', sql, tx }))),
    };
    try {
      const result = await work(client);
      await begun;
      await this.statement({ op: 'exec', sql: 'commit', tx, end: true });
      return result;
    } catch (error) {
      await this.statement({ op: 'exec', sql: 'rollback', tx, end: true }).catch(() => undefined);
      throw error;
    }
  }

  /** Calls `onMessage` for each NOTIFY on `channel` (after the notifying transaction commits) until the returned function is called. */
  async listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await this.send({ op: 'listen', channel });
    }
    set.add(onMessage);
    return async () => {
      set.delete(onMessage);
      if (set.size === 0 && this.listeners.get(channel) === set) {
        this.listeners.delete(channel);
        await this.send({ op: 'unlisten', channel }).catch(() => undefined);
      }
    };
  }

  /** The one connection's use (for /metrics): busy while anything sent is unanswered, and how much waits behind the first. */
  use(): { total: number; idle: number; waiting: number } {
    const sent = this.pending.size;
    return { total: 1, idle: sent === 0 ? 1 : 0, waiting: Math.max(0, sent - 1) };
  }

  /** Waits for what was sent, closes PGlite (its files are then consistent) and ends the thread. */
  async close(): Promise<void> {
    if (this.ended) return;
    await this.send({ op: 'close' });
    this.ended = new Error('The database is closed');
    await this.worker.terminate();
  }
}

/** A database error as the thread described it: an Error with the same message and fields (code, constraint, detail, ...). */
function rebuildError(fields: Record<string, unknown>): Error {
  return Object.assign(new Error(String(fields.message ?? 'Database error')), fields);
}
