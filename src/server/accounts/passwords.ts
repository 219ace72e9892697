// Password hashing with argon2id; verification runs in constant time inside the native module.
import { hash, verify } from '@node-rs/argon2';

const options = { algorithm: 2 /* Algorithm.Argon2id: a const enum, unusable with isolatedModules */, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash of a random password: login verifies against it when the email is unknown, so timing does not reveal accounts. */
let decoyHash: Promise<string> | null = null;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy-' + Math.random().toString(36));
  return decoyHash;
}
