// Backups of the embedded database: PGlite's own dump of its data directory into one file, and a restore that checks a copy aside and swaps it in whole.
import { closeSync, existsSync, openAsBlob, openSync, readSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { LOCK_NAME, dataDirHolder, lockDataDir } from './lock';
import { GameError, say } from '../errors';

/** Takes the data directory for the command (a server starting meanwhile refuses), or refuses (409) while a server holds it. */
function takeDataDir(dataDir: string): () => void {
  const holder = dataDirHolder(dataDir);
  if (holder !== null) throw new GameError(409, say('database_in_use', { dataDir, pid: holder }));
  return lockDataDir(dataDir);
}

/** Whether `dataDir` holds a PGlite database (Postgres writes PG_VERSION first of all). */
function holdsDatabase(dataDir: string): boolean {
  return existsSync(join(dataDir, 'PG_VERSION'));
}

export interface BackupMade {
  file: string;
  bytes: number;
}

/**
 * Writes the database in `dataDir` into `file` (a gzip'd tarball of the data directory, PGlite's `dumpDataDir`). Refuses
 * while a server holds the directory, and never overwrites a file; the file appears whole or not at all (written aside,
 * flushed to disk, then renamed).
 */
export async function backupDataDir(dataDir: string, file: string): Promise<BackupMade> {
  if (!holdsDatabase(dataDir)) throw new GameError(404, say('no_database_to_back_up', { dataDir }));
  if (existsSync(file)) throw new GameError(409, say('backup_file_exists', { file }));
  const release = takeDataDir(dataDir);
  const partial = join(dirname(resolve(file)), `.${basename(file)}.partial-${process.pid}`);
  try {
    const db = new PGlite(dataDir);
    let dump: Blob;
    try {
      // Dumping before PGlite is ready waits on nothing that keeps Node running: the process would end mid-backup.
      await db.waitReady;
      dump = await db.dumpDataDir('gzip');
    } finally {
      await db.close();
    }
    const handle = await open(partial, 'wx');
    try {
      // Whole: PGlite made the dump in memory already.
      await handle.write(new Uint8Array(await dump.arrayBuffer()));
      await handle.sync();
    } finally {
      await handle.close();
    }
    renameSync(partial, file);
    return { file, bytes: dump.size };
  } finally {
    rmSync(partial, { force: true });
    release();
  }
}

/** Whether `file` starts as gzip does; a backup of `backupDataDir` always does. */
function looksGzipped(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(2);
    return readSync(fd, head, 0, 2, 0) === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    closeSync(fd);
  }
}

export interface Restored {
  /** Migrations the restored database had applied (a server started on it applies any newer ones). */
  migrations: number;
}

/**
 * Replaces the database in `dataDir` with the one in `file`. Refuses while a server holds the directory. The backup is
 * first unpacked into a directory beside it and opened there, and must be a game database (it has the game's migrations);
 * only then is it swapped in, by two renames, so a failure leaves the data directory as it was.
 */
export async function restoreDataDir(dataDir: string, file: string): Promise<Restored> {
  if (!existsSync(file)) throw new GameError(404, say('no_backup_file', { file }));
  if (!looksGzipped(file)) throw new GameError(400, say('not_a_backup_file', { file }));
  const target = resolve(dataDir);
  const release = takeDataDir(target);
  const staging = `${target}.restoring`;
  // Left by a restore that was cut short: never a database anyone uses.
  rmSync(staging, { recursive: true, force: true });
  try {
    let migrations: number;
    try {
      const db = new PGlite(staging, { loadDataDir: await openAsBlob(file) });
      try {
        await db.waitReady;
        const [row] = (await db.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows;
        migrations = row?.n ?? 0;
      } finally {
        await db.close();
      }
    } catch (error) {
      throw new GameError(400, say('not_a_game_backup', { file, reason: error instanceof Error ? error.message : String(error) }));
    }
    // The backup's own lock file names the process that made it; this one's goes in its place, so the directory is
    // held throughout the swap and a server starting meanwhile refuses.
    writeFileSync(join(staging, LOCK_NAME), String(process.pid));
    const replaced = `${target}.replaced-${process.pid}`;
    const hadOne = existsSync(target);
    if (hadOne) renameSync(target, replaced);
    try {
      renameSync(staging, target);
    } catch (error) {
      if (hadOne) renameSync(replaced, target);
      throw error;
    }
    if (hadOne) rmSync(replaced, { recursive: true, force: true });
    return { migrations };
  } finally {
    rmSync(staging, { recursive: true, force: true });
    release();
  }
}
