// The world map's state: camera (world, centre, radius), loaded chunks of tiles, selection and hover, and the intents that change them.
import { atom } from 'jotai';
import type { components } from '../../contract';
import { MAP_DEFAULT_RADIUS, MAP_MAX_RADIUS, MAP_MIN_RADIUS, MAP_MOVE_STEP, MAP_RADIUS_STEP } from '../../rules/world';
import { selectedVillageAtom } from './village';

export type MapTile = components['schemas']['MapTile'];

/** Tiles a map area call may centre on (openapi: x and y are -200..200); the camera stays inside. */
export const MAP_COORDINATE_LIMIT = 200;

export { MAP_DEFAULT_RADIUS, MAP_MAX_RADIUS, MAP_MIN_RADIUS, MAP_MOVE_STEP, MAP_RADIUS_STEP };

export interface TilePoint {
  x: number;
  y: number;
}

/** What the map shows: the world, the centre tile and how many tiles each side of it. */
export interface MapCamera extends TilePoint {
  worldId: string;
  radius: number;
}

/** A square of tiles loaded together (see client/map/chunks.ts for the geometry). */
export interface MapChunk {
  key: string;
  worldId: string;
  /** Chunk column and row. */
  cx: number;
  cy: number;
  status: 'loading' | 'ready' | 'error';
  /** Row by row from the top (highest y), CHUNK_SIZE x CHUNK_SIZE; null until ready. */
  tiles: MapTile[] | null;
}

/** The hovered tile and where it is drawn, in CSS pixels from the stage's top left corner (for the tooltip). */
export interface HoveredTile extends TilePoint {
  left: number;
  top: number;
  size: number;
  /** Width of the stage, so the tooltip can stay inside it. */
  stageWidth: number;
}

function clampCoordinate(value: number): number {
  return Math.max(-MAP_COORDINATE_LIMIT, Math.min(MAP_COORDINATE_LIMIT, Math.round(value)));
}

export function clampRadius(radius: number): number {
  return Math.max(MAP_MIN_RADIUS, Math.min(MAP_MAX_RADIUS, Math.round(radius)));
}

/** One zoom step: zooming in shows fewer tiles (radius - 2), zooming out more (radius + 2), within 5..25. */
export function zoomedRadius(radius: number, direction: 'in' | 'out'): number {
  return clampRadius(direction === 'in' ? radius - MAP_RADIUS_STEP : radius + MAP_RADIUS_STEP);
}

/** Zoom as SPEC section 9 counts it: 1 at the default radius of 10, larger when fewer tiles are shown. */
export function zoomOf(radius: number): number {
  return MAP_DEFAULT_RADIUS / radius;
}

export function makeCamera(worldId: string, x: number, y: number, radius = MAP_DEFAULT_RADIUS): MapCamera {
  return { worldId, x: clampCoordinate(x), y: clampCoordinate(y), radius: clampRadius(radius) };
}

/** The camera; null until the map page knows where to look (the player's villages are still loading). */
export const mapCameraAtom = atom<MapCamera | null>(null);

/**
 * Parts of the camera for panels that do not show the centre: a derived atom only notifies when its value changes, so
 * these panels do not re-render while a drag moves the centre tile after tile.
 */
export const mapWorldIdAtom = atom((get) => get(mapCameraAtom)?.worldId ?? null);
export const mapRadiusAtom = atom((get) => get(mapCameraAtom)?.radius ?? null);

export const mapZoomAtom = atom((get) => {
  const camera = get(mapCameraAtom);
  return camera ? zoomOf(camera.radius) : 1;
});

/** Loaded (and loading) chunks by key; written by the map page's data hook, read by the stage and the HUD. */
export const mapChunksAtom = atom<ReadonlyMap<string, MapChunk>>(new Map());

export const selectedTileAtom = atom<TilePoint | null>(null);

export const hoveredTileAtom = atom<HoveredTile | null>(null);

/** Where Home and 'My Village' go: the selected village of the shell. */
export const mapHomeAtom = atom((get) => {
  const village = get(selectedVillageAtom);
  return village ? { worldId: village.worldId, x: village.x, y: village.y } : null;
});

// ------------------------------------------------------------------------------------------------
// Intents: the HUD buttons, the stage's gestures and the keyboard all go through these.

/** Moves the centre by whole tiles (the arrow buttons move MAP_MOVE_STEP). */
export const moveCameraAtom = atom(null, (get, set, delta: TilePoint) => {
  const camera = get(mapCameraAtom);
  if (!camera || (delta.x === 0 && delta.y === 0)) return;
  const next = makeCamera(camera.worldId, camera.x + delta.x, camera.y + delta.y, camera.radius);
  if (next.x !== camera.x || next.y !== camera.y) set(mapCameraAtom, next);
});

/** Puts a tile at the centre, keeping the radius. */
export const centreOnAtom = atom(null, (get, set, tile: TilePoint) => {
  const camera = get(mapCameraAtom);
  if (!camera) return;
  const next = makeCamera(camera.worldId, tile.x, tile.y, camera.radius);
  if (next.x !== camera.x || next.y !== camera.y) set(mapCameraAtom, next);
});

/**
 * One zoom step. With an anchor (the tile under the mouse wheel) the anchor stays where it is on
 * screen as far as whole tiles allow, as desktop maps do; without one the centre stays.
 */
export const zoomCameraAtom = atom(null, (get, set, request: { direction: 'in' | 'out'; anchor?: TilePoint }) => {
  const camera = get(mapCameraAtom);
  if (!camera) return;
  const radius = zoomedRadius(camera.radius, request.direction);
  if (radius === camera.radius) return;
  let { x, y } = camera;
  if (request.anchor) {
    // Screen position of the anchor is proportional to (anchor - centre) / (2r + 1); keep that share.
    const share = (2 * radius + 1) / (2 * camera.radius + 1);
    x = request.anchor.x - (request.anchor.x - camera.x) * share;
    y = request.anchor.y - (request.anchor.y - camera.y) * share;
  }
  set(mapCameraAtom, makeCamera(camera.worldId, x, y, radius));
});

/** Back to the player's village (same world), keeping the radius. */
export const goHomeAtom = atom(null, (get, set) => {
  const home = get(mapHomeAtom);
  const camera = get(mapCameraAtom);
  if (!home) return;
  set(mapCameraAtom, makeCamera(home.worldId, home.x, home.y, camera?.radius ?? MAP_DEFAULT_RADIUS));
});

export const selectTileAtom = atom(null, (_get, set, tile: TilePoint | null) => {
  set(selectedTileAtom, tile ? { x: tile.x, y: tile.y } : null);
});
