// Password hashing with argon2id on the bounded pool of hash-pool.ts; verification runs in constant time inside the native module.
import { HashPool, type Argon2Options } from './hash-pool';
import { defaultHashPool, type HashPoolSize } from '../config';

/**
 * At least OWASP's minimum for argon2id (Password Storage Cheat Sheet): m = 19 MiB (19,456 KiB), t = 2, p = 1.
 * About 30 ms of one core per hash or check; tests/api/sign-in-storm.test.ts holds these to that floor.
 */
export const ARGON2_OPTIONS: Argon2Options = { algorithm: 2 /* Algorithm.Argon2id: a const enum, unusable with isolatedModules */, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** One pool per process: the cores it uses are the process's, whichever app asks. */
const pool = new HashPool(defaultHashPool(), ARGON2_OPTIONS);

/** Sizes the pool from the config (HASH_POOL) and makes the decoy ahead of the first login; the auth routes call it when the app is built. */
export function configureHashing(size: HashPoolSize): void {
  pool.resize(size);
  decoyPasswordHash().catch(() => undefined);
}

/** Jobs running and waiting in the pool now (for tests and diagnostics). */
export function hashingLoad(): { running: number; waiting: number } {
  return pool.load;
}

/**
 * A hash for an operator's command (an admin's temporary password, the CLI's set-password): waits its turn however
 * long the line, never refused. Players' sign-ins use `signInHashing`.
 */
export function hashPassword(password: string): Promise<string> {
  return pool.hash(password);
}

/** A check that never throws: a malformed stored hash is a wrong password. */
async function checked(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await pool.verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of a random password: login verifies against it when the email is unknown, so timing does not reveal accounts. */
let decoyHash: Promise<string> | null = null;
let decoyReady: string | null = null;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy-' + Math.random().toString(36)).then(
    (hash) => (decoyReady = hash),
    (error: unknown) => {
      decoyHash = null; // the thread failed: the next login tries again
      throw error;
    },
  );
  return decoyHash;
}

/**
 * The hashing of players' sign-ins (login, register, password change): each call takes a place in the pool's line or
 * is refused at once with 503 and a Retry-After when the line is full (`hashingBusyRetryAfter` reads it), before any
 * work is done. A login for an unknown email checks against the decoy the same way, refused or admitted alike.
 */
export const signInHashing = {
  async hash(password: string): Promise<string> {
    pool.admit();
    return pool.hash(password);
  },
  async verify(passwordHash: string, password: string): Promise<boolean> {
    pool.admit();
    return checked(passwordHash, password);
  },
  /** Against the decoy: as long as a real check, and refused exactly when one would be. */
  async verifyDecoy(password: string): Promise<boolean> {
    // Made when the app was built; only a login in the pool's first few milliseconds waits for it.
    const decoy = decoyReady ?? (await decoyPasswordHash());
    pool.admit();
    return checked(decoy, password);
  },
  /**
   * A second job of a sign-in already admitted (the new password's hash after the current one was checked): it waits
   * its turn instead of being refused halfway through.
   */
  hashAdmitted(password: string): Promise<string> {
    return pool.hash(password);
  },
};
