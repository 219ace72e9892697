// Operator commands: `npm run cli -- set-role <email> <role>`, `set-password <email> <password>`, `create-world <name> [--speed N]`.
import { loadConfig, ConfigError } from './config';
import { openDatabase } from './db/open';
import { dataDirHolder } from './db/lock';
import { GameError } from './errors';
import { setPassword, setRole } from './services/accounts';
import { ensureDefaultWorld } from './services/worlds-bootstrap';
import { createWorld } from './services/world-admin';

const usage = `Usage:
  npm run cli -- set-role <email> <role>          role: user, premium, moderator, gamemaster, admin
  npm run cli -- set-password <email> <password>
  npm run cli -- create-world <name> [--speed N]`;

async function run(args: string[]): Promise<string> {
  const [command, ...rest] = args;
  if (!command || command === 'help' || command === '--help') return usage;
  const config = loadConfig();
  if (!config.databaseUrl) {
    const holder = dataDirHolder(config.dataDir);
    if (holder !== null) {
      throw new GameError(
        409,
        `The embedded database in ${config.dataDir} is in use by a running server (pid ${holder}). Stop the server first, then run this command again.`,
      );
    }
  }
  const database = await openDatabase(config);
  try {
    await ensureDefaultWorld(database.db);
    switch (command) {
      case 'set-role': {
        const [email, role] = rest;
        if (!email || !role) throw new GameError(400, usage);
        const user = await setRole(database.db, email, role);
        return `${user.email} is now ${user.role}`;
      }
      case 'set-password': {
        const [email, password] = rest;
        if (!email || !password) throw new GameError(400, usage);
        const user = await setPassword(database.db, email, password);
        return `Password of ${user.email} changed; their sessions were signed out`;
      }
      case 'create-world': {
        const speedAt = rest.indexOf('--speed');
        const speed = speedAt >= 0 ? Number(rest[speedAt + 1]) : 1;
        const name = rest.filter((_, i) => i !== speedAt && i !== speedAt + 1).join(' ').trim();
        if (!name) throw new GameError(400, usage);
        const world = await createWorld(database.db, { name, speed });
        return `World ${world.name} created (speed ${world.speed}, id ${world.id})`;
      }
      default:
        throw new GameError(400, `Unknown command "${command}"\n${usage}`);
    }
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  (message) => {
    console.log(message);
  },
  (error: unknown) => {
    if (error instanceof GameError || error instanceof ConfigError) console.error(`Error: ${error.message}`);
    else console.error(error);
    process.exitCode = 1;
  },
);
