// A pid file in the PGlite data directory: one process at a time may open the embedded database.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The lock file's name inside the data directory (a backup carries its maker's; a restore replaces it). */
export const LOCK_NAME = 'server.pid';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // The process exists but belongs to someone else.
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

/** The pid of another live process holding the data directory, or null. */
export function dataDirHolder(dataDir: string): number | null {
  const file = join(dataDir, LOCK_NAME);
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !alive(pid)) return null;
  return pid;
}

export class DataDirBusyError extends Error {}

/** Takes the data directory for this process; returns the release function. */
export function lockDataDir(dataDir: string): () => void {
  const holder = dataDirHolder(dataDir);
  if (holder !== null) {
    throw new DataDirBusyError(
      `The embedded database in ${dataDir} is in use by a running server (pid ${holder}). Stop it first, or use DATABASE_URL with PostgreSQL.`,
    );
  }
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_NAME);
  writeFileSync(file, String(process.pid));
  return () => {
    if (existsSync(file) && readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file);
  };
}
