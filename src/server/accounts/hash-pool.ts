// A bounded pool of threads for argon2: at most `threads` hashes or checks run at once, `queue` more wait in line,
// and a sign-in beyond that is refused at once (503 with Retry-After) instead of slowing every other request.
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { GameError, errorText, say } from '../errors';
import type { HashPoolSize } from '../config';

export const HASHING_BUSY = errorText('hashing_busy');

/** The seconds a refused sign-in is told to wait (its Retry-After), by the error it was refused with. */
const retryAfter = new WeakMap<object, number>();

/** The Retry-After of a refusal for a full pool; null for any other error. */
export function hashingBusyRetryAfter(error: unknown): number | null {
  return typeof error === 'object' && error !== null ? (retryAfter.get(error) ?? null) : null;
}

function hashingBusy(seconds: number): GameError {
  const error = new GameError(503, say('hashing_busy'));
  retryAfter.set(error, seconds);
  return error;
}

export type Argon2Options = { algorithm: number; memoryCost: number; timeCost: number; parallelism: number };
type Job = { op: 'hash'; password: string } | { op: 'verify'; hash: string; password: string };
type Answer = { result: string | boolean } | { error: string };

interface Waiting {
  job: Job;
  /** When a thread took it (performance.now()). */
  startedAt?: number;
  resolve: (result: string | boolean) => void;
  reject: (error: Error) => void;
}

/**
 * The thread's code, plain CommonJS run with `eval` so the sources (tsx, vitest) and the compiled server (one esbuild
 * bundle) start the same thread without a file of its own. The synchronous calls keep argon2 on this thread, off
 * libuv's pool, which file reads, DNS, zlib (compression) and crypto share.
 */
const THREAD_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const argon2 = require(workerData.argon2);
// On Linux a nice value is per thread: this one yields the cores to the event loop and PGlite's thread when they are
// short, so a sign-in storm slows sign-ins, not play. (Elsewhere it would nice the whole process: left alone there.)
if (process.platform === 'linux') {
  try {
    require('node:os').setPriority(workerData.nice);
  } catch {}
}
parentPort.on('message', (job) => {
  let answer;
  try {
    answer = { result: job.op === 'hash' ? argon2.hashSync(job.password, workerData.options) : argon2.verifySync(job.hash, job.password) };
  } catch (error) {
    answer = { error: String((error && error.message) || error) };
  }
  parentPort.postMessage(answer);
});
`;

/** The hashing threads' nice value on Linux (0 is the event loop's, 19 the lowest priority). */
export const HASH_THREAD_NICE = 10;

const argon2Path = createRequire(import.meta.url).resolve('@node-rs/argon2');

class HashThread {
  private readonly worker: Worker;
  private current: Waiting | null = null;

  constructor(options: Argon2Options, private readonly ended: (thread: HashThread) => void) {
    this.worker = new Worker(THREAD_CODE, { eval: true, workerData: { argon2: argon2Path, options, nice: HASH_THREAD_NICE } });
    // Idle, the thread never keeps the process alive; a job in flight does (the CLI awaits it and nothing else).
    this.worker.unref();
    this.worker.on('message', (answer: Answer) => {
      const done = this.finish();
      if (!done) return;
      if ('error' in answer) done.reject(new Error(answer.error));
      else done.resolve(answer.result);
    });
    const end = (error: Error) => {
      const done = this.finish();
      // Out of the pool first, so the job that fails here is not handed to this thread again.
      this.ended(this);
      done?.reject(error);
    };
    this.worker.on('error', end);
    this.worker.on('exit', (code) => end(new Error(`The password hashing thread ended (exit code ${code})`)));
  }

  get idle(): boolean {
    return this.current === null;
  }

  run(waiting: Waiting): void {
    this.current = waiting;
    this.worker.ref();
    this.worker.postMessage(waiting.job);
  }

  private finish(): Waiting | null {
    const done = this.current;
    this.current = null;
    this.worker.unref();
    return done;
  }

  stop(): Promise<number> {
    return this.worker.terminate();
  }
}

export class HashPool {
  private threads: HashThread[] = [];
  private readonly line: Waiting[] = [];
  private running = 0;
  /** A job's recent duration, for the Retry-After of a refusal. */
  private jobMs = 30;

  constructor(
    private size: HashPoolSize,
    private readonly options: Argon2Options,
  ) {}

  resize(size: HashPoolSize): void {
    this.size = size;
    // Threads beyond the new size stop once idle; the rest take the line as before.
    for (const thread of this.threads.slice(size.threads)) if (thread.idle) this.drop(thread);
    this.dispatch();
  }

  /** Jobs running and waiting now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.line.length };
  }

  /**
   * A sign-in's place in line: refused at once (503, HASHING_BUSY) when every thread is busy and the line is full.
   * Call it right before `hash` or `verify`, in the same turn of the event loop.
   */
  admit(): void {
    if (this.running + this.line.length < this.size.threads + this.size.queue) return;
    // The line ahead, run `threads` at a time: a few seconds, never less than one nor more than a minute.
    const seconds = Math.ceil(((this.line.length / this.size.threads + 1) * this.jobMs) / 1000);
    throw hashingBusy(Math.min(60, Math.max(1, seconds)));
  }

  async hash(password: string): Promise<string> {
    const result = await this.run({ op: 'hash', password });
    if (typeof result !== 'string') throw new Error('The hashing thread answered a hash with something else');
    return result;
  }

  async verify(hash: string, password: string): Promise<boolean> {
    return (await this.run({ op: 'verify', hash, password })) === true;
  }

  /** Stops every thread (a job in flight fails); the next job starts new ones. */
  async close(): Promise<void> {
    const threads = this.threads;
    this.threads = [];
    await Promise.all(threads.map((thread) => thread.stop()));
  }

  private run(job: Job): Promise<string | boolean> {
    return new Promise((resolve, reject) => {
      const waiting: Waiting = {
        job,
        resolve: (result) => {
          settle();
          resolve(result);
        },
        reject: (error) => {
          settle();
          reject(error);
        },
      };
      const settle = () => {
        this.running -= 1;
        this.jobMs = 0.8 * this.jobMs + 0.2 * (performance.now() - (waiting.startedAt ?? performance.now()));
        this.dispatch();
      };
      this.line.push(waiting);
      this.dispatch();
    });
  }

  /** Hands the line's first jobs to idle threads, starting threads up to the size. */
  private dispatch(): void {
    while (this.line.length > 0) {
      let thread = this.threads.slice(0, this.size.threads).find((t) => t.idle);
      if (!thread && this.threads.length < this.size.threads) {
        thread = new HashThread(this.options, (ended) => this.forget(ended));
        this.threads.push(thread);
      }
      if (!thread) return;
      const next = this.line.shift();
      if (!next) return;
      this.running += 1;
      next.startedAt = performance.now();
      thread.run(next);
    }
    for (const thread of this.threads.slice(this.size.threads)) if (thread.idle) this.drop(thread);
  }

  private drop(thread: HashThread): void {
    this.forget(thread);
    void thread.stop();
  }

  /** A thread that ended (an error, or stopped) leaves the pool; the next job starts another in its place. */
  private forget(thread: HashThread): void {
    this.threads = this.threads.filter((t) => t !== thread);
  }
}
