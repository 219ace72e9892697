// Map chunks on the server: the squares of tiles whose village changes the database counts (map_chunk_versions).
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
