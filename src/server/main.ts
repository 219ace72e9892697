// Server entry: env -> open the database -> migrate -> listen; also serves the built client.
import { loadConfig, ConfigError } from './config';
import { openDatabase } from './db/open';
import { lockDataDir, DataDirBusyError } from './db/lock';
import { buildApp } from './app';
import { systemClock } from './clock';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  let release = () => {};
  if (!config.databaseUrl) {
    try {
      release = lockDataDir(config.dataDir);
    } catch (error) {
      if (error instanceof DataDirBusyError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  }
  const database = await openDatabase(config);
  const app = await buildApp({ db: database.db, clock: systemClock, config });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    release();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    console.error(`Could not listen on ${config.host}:${config.port}: ${(error as Error).message}`);
    await database.close();
    release();
    process.exit(1);
  }
  const where = config.databaseUrl ? 'PostgreSQL' : `embedded PGlite in ${config.dataDir}`;
  const shown = config.host === '0.0.0.0' || config.host === '127.0.0.1' ? 'localhost' : config.host;
  app.log.info(`Viking game ready at http://${shown}:${config.port} (${where})`);
}

void main();
