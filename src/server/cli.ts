// Operator commands: set-role, set-password, create-world, grant, set-building (several in one run, joined by --then), and backup and restore of the embedded database (see `usage`).
import { loadConfig, ConfigError } from './config';
import { openDatabase, type Database } from './db/open';
import { dataDirHolder } from './db/lock';
import { backupDataDir, restoreDataDir } from './db/backup';
import { GameError, say, worded } from './errors';
import { readSecret } from './read-secret';
import { setPassword, userIdByEmail } from './accounts/accounts';
import { setUserRole } from './operators/admin';
import { OPERATOR } from './operators/audit';
import { createWorldAs } from './operators/gamemaster';
import { ensureDefaultWorld } from './worlds/bootstrap';
import { describeBuildingSet, describeGrant, grantToPlayer, parseResourceArgs, setBuildingLevel } from './operators/operator';
import { idOf, type VillageId } from '../rules/ids';
import { describeTruce, parseTruce } from '../rules/night-truce';

const usage = `Usage:
  npm run cli -- set-role <email> <role>          role: user, premium, moderator, gamemaster, admin
  npm run cli -- set-password <email>             asks for the password (hidden), or reads it from standard input
  npm run cli -- create-world <name> [--speed N] [--truce START-END,TIMEZONE,refuse|bonus:PERCENT]
                                                  a night truce: no attack lands between the hours (refuse), or defence +PERCENT
  npm run cli -- grant <email> timber=N stone=N iron=N mead=N    into the player's capital, capped by its stores
  npm run cli -- set-building <villageId> <type> <level>        a free inner slot gets the type when the village has none
  npm run cli -- backup <file>                    the embedded database (DATA_DIR) into one file; the server must be stopped
  npm run cli -- restore <file>                   replaces DATA_DIR's database with the file's; the server must be stopped
Commands other than backup and restore can be chained, one after the other on one opening of the database, each
printing its line; the first that fails stops the chain (those before it are done):
  npm run cli -- set-building <villageId> barracks 10 --then grant <email> timber=5000`;

/** backup and restore: PGlite's data directory as a whole, never through a migrated, opened game database. */
async function backupCommand(command: 'backup' | 'restore', rest: string[], config: { databaseUrl: string | null; dataDir: string }): Promise<string> {
  const [file, extra] = rest;
  if (!file || extra !== undefined) throw new GameError(400, say('cli_usage', { usage }));
  if (config.databaseUrl) {
    throw new GameError(400, say('backup_needs_embedded_database', { command }));
  }
  if (command === 'backup') {
    const made = await backupDataDir(config.dataDir, file);
    return `Backed up the embedded database in ${config.dataDir} into ${made.file} (${(made.bytes / 1_048_576).toFixed(1)} MiB)`;
  }
  const restored = await restoreDataDir(config.dataDir, file);
  return `Restored ${file} into ${config.dataDir} (${restored.migrations} migrations applied in it; the server applies any newer ones when it starts)`;
}

/** The words between `--then`s: one command and its arguments each. */
function chainOf(args: string[]): string[][] {
  const chain: string[][] = [[]];
  for (const arg of args) {
    if (arg === '--then') chain.push([]);
    else chain.at(-1)!.push(arg);
  }
  return chain;
}

/** Runs the command line's commands; `tell` hears each one's line as it is done. */
async function run(args: string[], tell: (line: string) => void): Promise<void> {
  const chain = chainOf(args);
  const [command, ...rest] = chain[0] ?? [];
  if (!command || command === 'help' || command === '--help') return tell(usage);
  const config = loadConfig();
  if (command === 'backup' || command === 'restore') {
    if (chain.length > 1) throw new GameError(400, say('cli_usage', { usage }));
    return tell(await backupCommand(command, rest, config));
  }
  if (chain.some((words) => words.length === 0 || words[0] === 'backup' || words[0] === 'restore')) throw new GameError(400, say('cli_usage', { usage }));
  if (!config.databaseUrl) {
    const holder = dataDirHolder(config.dataDir);
    if (holder !== null) {
      throw new GameError(409, say('database_in_use', { dataDir: config.dataDir, pid: holder }));
    }
  }
  // One opening for the whole chain: opening the embedded database is most of a command's time.
  const database = await openDatabase(config);
  try {
    await ensureDefaultWorld(database.db, new Date());
    for (const words of chain) tell(await runCommand(database, words));
  } finally {
    await database.close();
  }
}

/** One command on the opened database; its line. */
async function runCommand(database: Database, [command = '', ...rest]: string[]): Promise<string> {
  switch (command) {
    case 'set-role': {
      const [email, role] = rest;
      if (!email || !role) throw new GameError(400, say('cli_usage', { usage }));
      // The same service as the admin page: audited, and never demoting the last admin.
      const { user } = await setUserRole(database.db, OPERATOR, { userId: await userIdByEmail(database.db, email), role }, new Date());
      return `${user.email} is now ${user.role}`;
    }
    case 'set-password': {
      const [email, extra] = rest;
      if (!email) throw new GameError(400, say('cli_usage', { usage }));
      // A password on the command line stays in the shell's history and shows in `ps`.
      if (extra !== undefined) throw new GameError(400, say('password_not_on_command_line'));
      const password = await readSecret('New password: ');
      const user = await setPassword(database.db, email, password);
      return `Password of ${user.email} changed; their sessions were signed out`;
    }
    case 'create-world': {
      const speedAt = rest.indexOf('--speed');
      const speed = speedAt >= 0 ? Number(rest[speedAt + 1]) : 1;
      const truceAt = rest.indexOf('--truce');
      const truceText = truceAt >= 0 ? rest[truceAt + 1] : undefined;
      if (truceAt >= 0 && truceText === undefined) throw new GameError(400, say('cli_usage', { usage }));
      const parsed = truceText === undefined ? null : parseTruce(truceText);
      if (parsed && 'error' in parsed) throw new GameError(400, worded(parsed.error));
      // The options and their values; the rest is the name.
      const options = new Set([speedAt, truceAt].filter((i) => i >= 0).flatMap((i) => [i, i + 1]));
      const name = rest.filter((_, i) => !options.has(i)).join(' ').trim();
      if (!name) throw new GameError(400, say('cli_usage', { usage }));
      const { world } = await createWorldAs(database.db, OPERATOR, { name, speed, truce: parsed?.truce ?? null }, new Date());
      const truce = world.truce ? `, night truce ${describeTruce(world.truce)}` : '';
      return `World ${world.name} created (speed ${world.speed}${truce}, id ${world.id})`;
    }
    case 'grant': {
      const [email, ...amounts] = rest;
      if (!email || amounts.length === 0) throw new GameError(400, say('cli_usage', { usage }));
      const asked = parseResourceArgs(amounts);
      return describeGrant(email, asked, await grantToPlayer(database.db, email, asked, new Date()));
    }
    case 'set-building': {
      const [villageId, type, level] = rest;
      if (!villageId || !type || level === undefined) throw new GameError(400, say('cli_usage', { usage }));
      if (!/^[0-9a-f-]{36}$/i.test(villageId)) throw new GameError(400, say('not_a_village_id', { id: villageId }));
      // Checked as a uuid above: from here on it is the id of the village the operator named.
      return describeBuildingSet(await setBuildingLevel(database.db, { villageId: idOf<VillageId>(villageId), type, level: Number(level) }, new Date()));
    }
    default:
      throw new GameError(400, say('unknown_command', { command, usage }));
  }
}

let settled = false;
// A command whose work waits on nothing that keeps Node running would otherwise end silently with status 0.
process.on('beforeExit', () => {
  if (settled) return;
  settled = true;
  console.error('Error: the command stopped before it finished (a bug in the CLI); check its work before running it again');
  process.exitCode = 1;
});
run(process.argv.slice(2), (line) => console.log(line)).then(
  () => {
    settled = true;
  },
  (error: unknown) => {
    settled = true;
    if (error instanceof GameError || error instanceof ConfigError) console.error(`Error: ${error.message}`);
    else console.error(error);
    process.exitCode = 1;
  },
);
