// A throw-away database on the PostgreSQL server of DATABASE_URL, for tests that must not share state.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface FreshPostgres {
  /** The connection URL of the new database. */
  url: string;
  /** Drops the database once every session of it has gone. */
  drop(): Promise<void>;
}

export async function freshPostgres(serverUrl: string): Promise<FreshPostgres> {
  const name = `vikings_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      // The pool has ended, but the server may not have seen every session go yet; a forced drop would
      // kill a closing connection and surface as an unhandled error, so wait for them instead.
      for (let attempt = 0; ; attempt++) {
        try {
          await cleanup.query(`drop database if exists ${name}`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      await cleanup.end();
    },
  };
}
