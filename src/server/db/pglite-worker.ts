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

/** A statement that changes the users or sessions tables (Drizzle writes `update "users"`, `delete from "sessions"`, ...). */
const AUTH_WRITE = /\b(?:update|delete\s+from|insert\s+into)\s+"?(?:users|sessions)"?[\s(]/i;

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/** How long background work (the sweeper) may be kept waiting by players' statements before it goes in its turn. */
const BACKGROUND_PATIENCE_MS = 250;

/**
 * The lock on the one connection: a transaction holds it from BEGIN to COMMIT, a lone statement for
 * itself, as PGlite does in process. Players' work goes first come, first served; background work
 * (db/background.ts) waits until no player's work is waiting, or at most BACKGROUND_PATIENCE_MS, so a
 * sweep's batch never sits between a player and their reply.
 */
class TurnLock {
  private busy = false;
  private readonly players: (() => void)[] = [];
  private readonly background: { go: () => void; since: number }[] = [];

  run<T>(work: () => Promise<T>): Promise<T> {
    const turn = new Promise<void>((go) => {
      if (!this.busy) {
        this.busy = true;
        go();
      } else if (isBackground()) this.background.push({ go, since: performance.now() });
      else this.players.push(go);
    });
    return turn.then(work).finally(() => this.next());
  }

  private next(): void {
    const waitedLong = this.background.length > 0 && performance.now() - this.background[0].since > BACKGROUND_PATIENCE_MS;
    const go = waitedLong ? this.background.shift()!.go : (this.players.shift() ?? this.background.shift()?.go);
    if (go) go();
    else this.busy = false;
  }
}

/**
 * The embedded database running on its own thread. Postgres's work and the parsing of its replies (about
 * three fifths of the server's CPU time under load) then use the machine's second core while the main
 * thread serves HTTP; one statement or transaction at a time, exactly as PGlite in process.
 */
export class PgliteWorker {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private readonly lock = new TurnLock();
  private ended: Error | null = null;
  private authWrites = 0;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (message: { id?: number; result?: unknown; error?: Record<string, unknown>; notify?: string; payload?: string }) => {
      if (message.notify !== undefined) {
        for (const listener of this.listeners.get(message.notify) ?? []) listener(message.payload ?? '');
        return;
      }
      const waiting = this.pending.get(message.id!);
      if (!waiting) return;
      this.pending.delete(message.id!);
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

  /** Starts the thread and opens PGlite in `dataDir` (in memory when empty). */
  static async open(dataDir: string): Promise<PgliteWorker> {
    const worker = new Worker(new URL('./pglite-thread.mjs', import.meta.url), { workerData: { dataDir } });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: { ready?: boolean; error?: Record<string, unknown> }) => {
        if (message.ready === undefined) return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        if (message.ready) resolve();
        else reject(rebuildError(message.error ?? {}));
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
    return new PgliteWorker(worker);
  }

  private send<T>(message: Record<string, unknown>): Promise<T> {
    if (this.ended) return Promise.reject(this.ended);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  /**
   * How many statements that change users or sessions were sent so far. A session lookup made while this
   * number stays the same would answer the same (this thread is the database's only client, and a write is
   * counted when it is sent, before any lookup after it can run): auth/session-cache.ts relies on it.
   */
  authWriteCount(): number {
    return this.authWrites;
  }

  private noteWrite(sql: string): void {
    if (AUTH_WRITE.test(sql)) this.authWrites += 1;
  }

  private queryMessage(sql: string, params: unknown[] = [], options: QueryOptions = {}): Record<string, unknown> {
    this.noteWrite(sql);
    if (options.parsers && Object.keys(options.parsers).sort().join(',') !== THREAD_PARSERS) {
      throw new Error(`Drizzle asked for parsers of types ${Object.keys(options.parsers).join(',')}; pglite-thread.mjs applies ${THREAD_PARSERS}`);
    }
    return { op: 'query', sql, params, rowMode: options.rowMode ?? 'object' };
  }

  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<ThreadResult> {
    return this.lock.run(async () => this.send<ThreadResult>(this.queryMessage(sql, params, options)));
  }

  exec(sql: string): Promise<ThreadResult[]> {
    this.noteWrite(sql);
    return this.lock.run(() => this.send({ op: 'exec', sql }));
  }

  /** Runs `work` between BEGIN and COMMIT (ROLLBACK when it throws), holding the lock throughout. */
  transaction<T>(work: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    return this.lock.run(async () => {
      // Not awaited on its own: the thread answers in order, so BEGIN's answer is in before the first statement's.
      const begun = this.send({ op: 'exec', sql: 'begin' });
      const inTransaction = async <R>(answer: Promise<R>): Promise<R> => {
        try {
          await begun;
        } catch (error) {
          answer.catch(() => undefined);
          throw error;
        }
        return answer;
      };
      const tx: ThreadTransaction = {
        query: (sql, params, options) => inTransaction(this.send<ThreadResult>(this.queryMessage(sql, params, options))),
        exec: (sql) => {
          this.noteWrite(sql);
          return inTransaction(this.send<ThreadResult[]>({ op: 'exec', sql }));
        },
      };
      try {
        const result = await work(tx);
        await begun;
        await this.send({ op: 'exec', sql: 'commit' });
        return result;
      } catch (error) {
        await this.send({ op: 'exec', sql: 'rollback' }).catch(() => undefined);
        throw error;
      }
    });
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

  /** Waits for what was sent, closes PGlite (its files are then consistent) and ends the thread. */
  async close(): Promise<void> {
    if (this.ended) return;
    await this.lock.run(() => this.send({ op: 'close' }));
    this.ended = new Error('The database is closed');
    await this.worker.terminate();
  }
}

/** A database error as the thread described it: an Error with the same message and fields (code, constraint, detail, ...). */
function rebuildError(fields: Record<string, unknown>): Error {
  return Object.assign(new Error(String(fields.message ?? 'Database error')), fields);
}
