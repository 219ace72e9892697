// Map chunks on the server: the squares of tiles whose village changes the database counts (map_chunk_versions).
import { sql } from 'drizzle-orm';
import type { Db } from '../db/open';
import type { PlayerId, WorldId } from '../../rules/ids';

/**
 * Side of a chunk in tiles. The same squares as the client's map chunks (chunk 0 covers 0..16 on both axes), so an area
 * call for one client chunk reads one version row. Migration 0008 writes the same number into its triggers.
 */
export const CHUNK_SIDE = 17;

/** The chunk index of a tile coordinate along one axis. */
export function chunkIndex(coordinate: number): number {
  return Math.floor(coordinate / CHUNK_SIDE);
}

/** Inclusive range of chunk indices that a run of tiles from..to touches. */
export function chunkSpan(from: number, to: number): { first: number; last: number } {
  return { first: chunkIndex(from), last: chunkIndex(to) };
}

/** A player in a world: whose villages' chunks to bump. */
export interface PlayerInWorld {
  playerId: PlayerId;
  worldId: WorldId;
}

/**
 * Bumps, inside `tx`, the version of every chunk holding one of the player's villages in the world, for a change the map
 * shows that no trigger of migration 0008 sees: a beginner's protection ended by their first attack, a vacation started or
 * ended early. The chunks are noted
 * as those triggers note them (map_chunk_touch), then everything noted so far in the transaction is written in one
 * statement in sorted order, as their deferred flush writes it, and the note is cleared so that flush finds nothing left.
 * Call it as the transaction's last statement, where the flush would run: the counter rows stay locked last and in order.
 */
export async function bumpChunksOfPlayer(tx: Db, { playerId, worldId }: PlayerInWorld): Promise<void> {
  await bumpChunksOfPlayerIn(tx, playerId, [worldId]);
}

/** bumpChunksOfPlayer for several worlds at once: every chunk noted first, then all written in one sorted statement. */
export async function bumpChunksOfPlayerIn(tx: Db, playerId: PlayerId, worldIds: readonly WorldId[]): Promise<void> {
  if (worldIds.length === 0) return;
  await tx.execute(
    sql`select map_chunk_touch(v.world_id, v.x, v.y) from villages v where v.owner_id = ${playerId} and v.world_id in (${sql.join(
      worldIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  await tx.execute(sql`
    insert into map_chunk_versions (world_id, cx, cy, version)
    select distinct split_part(e, ':', 1)::uuid, split_part(e, ':', 2)::int, split_part(e, ':', 3)::int, 1
    from regexp_split_to_table(rtrim(coalesce(current_setting('vikings.map_chunks', true), ''), ';'), ';') as e
    where e <> ''
    order by 1, 2, 3
    on conflict (world_id, cx, cy) do update set version = map_chunk_versions.version + 1`);
  await tx.execute(sql`select set_config('vikings.map_chunks', '', true)`);
}
