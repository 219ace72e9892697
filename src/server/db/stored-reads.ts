// The hottest reads as PL/pgSQL functions the server installs at start: one call instead of several statements, and a query plan each connection keeps instead of parsing and planning the statements on every request.
import { createHash } from 'node:crypto';
import { getTableColumns, sql, type Column, type Table } from 'drizzle-orm';
import type { Db } from './open';
import { wonders, type WonderRow } from './schema';
import type { AllianceId } from '../../rules/ids';

/** The wonders of the world `worldId` (an SQL expression), `also` narrowing them, each with its builder's alliance membership. */
const worldWonders = (worldId: string, also = '') => `coalesce((select json_agg(json_build_object('wonder', row_to_json(wo), 'allianceId', am.alliance_id, 'joinedAt', am.joined_at))
    from wonders wo left join alliance_members am on am.user_id = wo.owner_id
    where wo.world_id = ${worldId}${also}), '[]')`;

/** The alliance membership of the player `userId` (an SQL expression), or null outside one. (Its alias is not `m`: the battle's read names its movement so.) */
const membershipOf = (userId: string) =>
  `(select json_build_object('allianceId', ms.alliance_id, 'joinedAt', ms.joined_at) from alliance_members ms where ms.user_id = ${userId})`;

/**
 * The village `vid` and all its settling needs, as one JSON object: the row, its world's speed, status and end (with how
 * it ended, for the refusal of a closed world's actions),
 * the next movement to arrive, its buildings (by slot), units, training orders (in queue order), the
 * wonders under way or standing in its world with their builders' alliances, its owner's alliance, and
 * the world events ever switched on there, and the oases it holds (with its world's seed, which tells their kinds). Rows are `row_to_json` of their tables (see rowFromJson).
 * `extra` adds members (the locked read's).
 */
const villageJson = (extra = '') => `json_build_object(
  'village', row_to_json(v),
  'worldSpeed', w.speed,
  'worldStatus', w.status,
  'worldEndsAt', w.ends_at,
  'worldEnding', case when w.status = 'ended' then (select json_build_object('reason', h.reason, 'winner', h.winner, 'victory', h.victory)
    from world_hall_of_fame h where h.world_id = w.id) end,
  'nextArrivalAt', (select min(mv.arrives_at) from movements mv where mv.to_village_id = v.id and mv.resolved_at is null),
  'buildings', coalesce((select json_agg(b order by b.slot) from buildings b where b.village_id = v.id), '[]'),
  'units', coalesce((select json_agg(u) from units u where u.village_id = v.id), '[]'),
  'orders', coalesce((select json_agg(o order by o.started_at, o.id) from training_orders o where o.village_id = v.id), '[]'),
  'wonders', ${worldWonders('v.world_id', ' and (wo.level > 0 or wo.construction_finishes_at is not null)')},
  'membership', ${membershipOf('v.owner_id')},
  'events', coalesce((select json_agg(e) from world_events e where e.world_id = v.world_id and jsonb_array_length(e.periods) > 0), '[]'),
  'worldSeed', w.seed,
  'heldOases', coalesce((select json_agg(json_build_object('x', o.x, 'y', o.y, 'annexedAt', o.annexed_at)) from oases o where o.village_id = v.id), '[]')${extra}
)`;

/**
 * What the locked read adds: when its owner's vacation in its world ends (any vacation row; the caller compares it with
 * now), which every player's action on the village refuses while it holds. Read after the lock, as refuseWhileOnVacation
 * read it in a statement of its own, so an action costs one round trip less.
 */
const LOCKED_EXTRA = `,
  'ownerVacationEndsAt', (select va.ends_at from vacations va where va.user_id = v.owner_id and va.world_id = v.world_id)`;

interface StoredRead {
  /** What the function does, in the words of its callers. */
  purpose: string;
  args: string;
  /** `stable` reads with the calling statement's snapshot; `volatile` takes a fresh one for each statement inside. */
  volatility: 'stable' | 'volatile';
  /** The function's variables, if it has any. */
  declare?: string;
  body: string;
}

const READS = {
  village: {
    purpose: 'a village and what settling it needs, without a lock',
    args: 'vid uuid',
    volatility: 'stable',
    body: `return (select ${villageJson()} from villages v join worlds w on w.id = v.world_id where v.id = vid);`,
  },
  lockedVillage: {
    purpose: 'the same after taking the village row lock, with when its owner\'s vacation in its world ends',
    args: 'vid uuid',
    // Volatile: the read after the lock takes a fresh snapshot, so it sees what the lock's previous holder
    // committed (a single statement that waited for the lock would read the other tables as they were
    // before it waited). `no key update` orders writers of the village, yet lets another transaction
    // insert a movement or report that refers to it (a foreign-key check takes `key share`).
    volatility: 'volatile',
    body: `perform 1 from villages where id = vid for no key update;
      if not found then return null; end if;
      return (select ${villageJson(LOCKED_EXTRA)} from villages v join worlds w on w.id = v.world_id where v.id = vid);`,
  },
  nextArrival: {
    purpose:
      'the earliest movement due at `at` anywhere whose destination village no other transaction holds, that village locked (`skip locked`) and read as the locked read reads it, with the instant the movement arrives',
    args: 'at timestamptz',
    declare: 'found_village uuid; found_at timestamptz;',
    // Volatile, as the locked village read: the read after the lock sees what the lock's previous holder committed. The
    // find is the arrivals' own (sweeper.ts): an army still on the way when its world ended never arrives (the condition
    // of arrivesBeforeWorldEnds in worlds/closure.ts).
    volatility: 'volatile',
    body: `select v.id, mv.arrives_at into found_village, found_at
        from movements mv join villages v on v.id = mv.to_village_id
        where mv.resolved_at is null and mv.arrives_at <= at
          and not exists (select 1 from worlds ew where ew.id = mv.world_id and ew.ends_at < mv.arrives_at)
        order by mv.arrives_at, mv.id limit 1
        for no key update of v skip locked;
      if not found then return null; end if;
      return (select ${villageJson(`${LOCKED_EXTRA}, 'arrivesAt', found_at`)} from villages v join worlds w on w.id = v.world_id where v.id = found_village);`,
  },
  sessionUser: {
    purpose:
      'the user behind a session token hash that has not expired at `at`, with the instant the session expires and, for a sitting session, the sitter (only while the owner names them, and neither suspended nor holding a temporary password)',
    args: 'hash text, at timestamptz',
    volatility: 'stable',
    body: `return (select json_build_object('user', row_to_json(u), 'expiresAt', s.expires_at,
        'sitter', case when si.id is null then null else json_build_object('id', si.id, 'username', si.username) end)
      from sessions s join users u on u.id = s.user_id left join users si on si.id = s.sitter_id
      where s.token_hash = hash and s.expires_at > at
        and (s.sitter_id is null or (si.suspended_at is null and not si.must_change_password
          and exists (select 1 from sitters p where p.owner_id = s.user_id and p.sitter_id = s.sitter_id))) limit 1);`,
  },
  battleField: {
    purpose:
      'what the battle of the attack or raid `mid` landing on village `vid` (held by `did`, null: barbarians) at `at` is decided and reported from, after taking its locks in the order battles always took them: the stationed troops, the attacking hero, the heroes at home',
    args: 'vid uuid, mid uuid, did uuid, at timestamptz',
    declare: 'm movements;',
    // Volatile, as the locked village read: the read after the locks sees what their previous holders committed.
    volatility: 'volatile',
    body: `select * into m from movements where id = mid;
      perform 1 from stationed_troops where village_id = vid for update;
      if m.hero_id is not null then perform 1 from heroes where id = m.hero_id for update; end if;
      if did is not null then perform 1 from heroes where village_id = vid and not on_mission for update; end if;
      return (select json_build_object(
        'stationed', coalesce((select json_agg(s) from stationed_troops s where s.village_id = vid), '[]'),
        'attackerHero', (select row_to_json(h) from heroes h where h.id = m.hero_id),
        'heroesAtHome', case when did is null then '[]'::json
          else coalesce((select json_agg(h) from heroes h where h.village_id = vid and not h.on_mission), '[]') end,
        'research', coalesce((select json_agg(json_build_object('villageId', r.village_id, 'unitType', r.unit_type, 'track', r.track, 'level', r.level))
          from (select village_id, unit_type, track, max(level) as level from unit_research
            where village_id in (m.from_village_id, vid) and finishes_at <= at group by village_id, unit_type, track) r), '[]'),
        'worldSpeed', w.speed,
        'truce', w.truce,
        'wonders', ${worldWonders('m.world_id')},
        'attackerMembership', ${membershipOf('m.owner_id')},
        'defenderMembership', ${membershipOf('did')},
        'origin', (select json_build_object('id', v.id, 'name', v.name, 'x', v.x, 'y', v.y, 'ownerId', v.owner_id) from villages v where v.id = m.from_village_id),
        'players', coalesce((select json_object_agg(u.id, json_build_object('username', u.username, 'locale', u.locale))
          from users u where u.id in (m.owner_id, did)), '{}')
      ) from worlds w where w.id = m.world_id);`,
  },
} satisfies Record<string, StoredRead>;

export type StoredReadName = keyof typeof READS;

function definition(read: StoredRead): { name: string; create: string } {
  const declare = read.declare ? `declare ${read.declare} ` : '';
  const text = `(${read.args}) returns json language plpgsql ${read.volatility} as $read$ ${declare}begin ${read.body} end $read$`;
  // The name carries a hash of the definition: a server of another version installs and calls its own,
  // so two versions sharing one database during a deployment never call each other's.
  const name = `vikings_read_${createHash('sha256').update(text).digest('hex').slice(0, 12)}`;
  return { name, create: `create or replace function ${name}${text}` };
}

const DEFINITIONS: Record<StoredReadName, { name: string; create: string }> = {
  village: definition(READS.village),
  lockedVillage: definition(READS.lockedVillage),
  nextArrival: definition(READS.nextArrival),
  sessionUser: definition(READS.sessionUser),
  battleField: definition(READS.battleField),
};

/** Installs the functions; open.ts calls it after the migrations, under the same lock. */
export async function installStoredReads(run: (statement: string) => Promise<unknown>): Promise<void> {
  for (const { create } of Object.values(DEFINITIONS)) await run(create);
}

/** Calls a stored read and returns its JSON (null when it found nothing). */
export async function callStoredRead<T>(db: Db, read: StoredReadName, ...args: (string | Date | null)[]): Promise<T | null> {
  // Instants as ISO text: both drivers pass text alike, and the function's parameter type parses it.
  const params = sql.join(
    args.map((a) => sql`${a instanceof Date ? a.toISOString() : a}`),
    sql`, `,
  );
  // Both drivers answer `{ rows }`; Drizzle types a raw statement's result as unknown (the driver's own shape).
  const result: unknown = await db.execute(sql`select ${sql.raw(DEFINITIONS[read].name)}(${params}) as found`);
  const row: unknown = typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows) ? result.rows[0] : undefined;
  const value: unknown = typeof row === 'object' && row !== null && 'found' in row ? row.found : null;
  // PGlite on its worker thread leaves JSON as text (pglite-thread.mjs); the other drivers parse it.
  const found: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (found === null || found === undefined) return null;
  // Cast: the JSON is what the function's SQL above builds, and T is its caller's description of that shape.
  return found as T;
}

const columnsOf = new WeakMap<Table, [string, Column][]>();

/** A row of `table` as Drizzle would have read it, from its `row_to_json` (column names, JSON values). */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  let columns = columnsOf.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table));
    columnsOf.set(table, columns);
  }
  const row: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  // Cast: every column went through its own mapFromDriverValue, as Drizzle's select does, and the database's CHECK
  // constraints hold typed text columns to their tuples; only the row object as a whole is not known to the compiler.
  return row as T['$inferSelect'];
}

/** An instant as a stored read's JSON gives it (text), or null. */
export function instantFromJson(at: string | null): Date | null {
  return at === null ? null : new Date(at);
}

/** A wonder with its builder's membership, as the stored reads answer it (see worldWonders). */
export interface WonderJson {
  wonder: Record<string, unknown>;
  allianceId: AllianceId | null;
  joinedAt: string | null;
}

/** A wonder with its builder's membership, read back from its JSON. */
export function wonderFromJson(json: WonderJson): { wonder: WonderRow; allianceId: AllianceId | null; joinedAt: Date | null } {
  return { wonder: rowFromJson(wonders, json.wonder), allianceId: json.allianceId, joinedAt: instantFromJson(json.joinedAt) };
}
