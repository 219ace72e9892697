// Map distances as replies carry them: Euclidean tiles, rounded to one decimal.

/** Rounds a distance in tiles to one decimal, as the map replies show it (the exact figure still drives travel times). */
export function shownDistance(tiles: number): number {
  return Math.round(tiles * 10) / 10;
}
