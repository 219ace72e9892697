// The designer's sheet: where every tile look is shown at every zoom step, and the sample tiles it shows. Plain data, no Pixi.
import { oasisBonusEntries, terrainResource, TILE_LOOKS, type MapViewer, type TileLook } from '../../rules/tile-looks';
import { BARBARIAN_VILLAGE_NAME } from '../../rules/barbarians';
import { MAP_DEFAULT_RADIUS, MAP_MAX_RADIUS, MAP_MIN_RADIUS } from '../../rules/world';
import type { MapChunk, MapTile } from '../state/map';
import { chunkKey, chunkOf, CHUNK_SIZE, tileIndex } from './chunks';
import { tileSizeFor, type ViewGeometry } from './coords';
import { tileNoise } from './tile-fill';

/** Every radius a player can reach with the zoom buttons (5..25: steps of 2 from 10 and from either end). */
export const ZOOM_STEPS: readonly number[] = Array.from({ length: MAP_MAX_RADIUS - MAP_MIN_RADIUS + 1 }, (_, i) => MAP_MIN_RADIUS + i);

export const DESIGNER_WORLD = 'designer';

/** The alliances of the sample villages: the viewer's own, and one in each relation to it. */
const YOUR_ALLIANCE = { id: 'designer-alliance', tag: 'YOU', name: 'Your Alliance' };
const CONFEDERATES = { id: 'designer-confederates', tag: 'CONF', name: 'Confederates' };
const PACT_PARTNERS = { id: 'designer-pact', tag: 'PACT', name: 'Pact Partners' };
const ENEMIES = { id: 'designer-enemies', tag: 'WAR', name: 'Enemies' };
const SAMPLE_ALLIANCES: Partial<Record<TileLook, { id: string; tag: string; name: string }>> = {
  'alliance-village': YOUR_ALLIANCE,
  'confederate-village': CONFEDERATES,
  'pact-village': PACT_PARTNERS,
  'enemy-village': ENEMIES,
};

/** The player the sheet is drawn for: in an alliance with a confederate, a pact partner and an enemy, so every village look shows. */
export const DESIGNER_VIEWER: MapViewer = {
  id: 'designer-player',
  allianceId: YOUR_ALLIANCE.id,
  relations: new Map([
    [CONFEDERATES.id, 'confederation'],
    [PACT_PARTNERS.id, 'nap'],
    [ENEMIES.id, 'war'],
  ]),
};

/** The strip of looks sits on row y = 0, one tile per look from x = 0; the sample area well away from it. */
const STRIP_Y = 0;
const SAMPLE = { minX: 100, minY: 100, columns: 15, rows: 9 };
const GAP = 10;

export interface SheetView {
  /** 'sample' or the radius of a zoom step. */
  id: string;
  radius: number;
  left: number;
  top: number;
  geometry: ViewGeometry;
}

export interface DesignerSheet {
  width: number;
  height: number;
  /** The sample area first, then one strip per zoom step. */
  views: SheetView[];
}

/**
 * Lays the sheet out for a map stage of `stageSize` pixels: a sample area at the default zoom, then for each zoom step
 * every look at exactly the tile size the map would use.
 */
export function designerSheet(stageSize: number): DesignerSheet {
  const views: SheetView[] = [];
  const defaultTile = tileSizeFor(stageSize, stageSize, MAP_DEFAULT_RADIUS);
  const sampleWidth = SAMPLE.columns * defaultTile;
  const sampleHeight = SAMPLE.rows * defaultTile;
  views.push({
    id: 'sample',
    radius: MAP_DEFAULT_RADIUS,
    left: 0,
    top: 0,
    geometry: {
      width: sampleWidth,
      height: sampleHeight,
      tileSize: defaultTile,
      centreX: SAMPLE.minX + (SAMPLE.columns - 1) / 2,
      centreY: SAMPLE.minY + (SAMPLE.rows - 1) / 2,
    },
  });
  let top = sampleHeight + 2 * GAP;
  let width = sampleWidth;
  for (const radius of ZOOM_STEPS) {
    const tileSize = tileSizeFor(stageSize, stageSize, radius);
    const stripWidth = TILE_LOOKS.length * tileSize;
    views.push({
      id: String(radius),
      radius,
      left: 0,
      top,
      geometry: { width: stripWidth, height: tileSize, tileSize, centreX: (TILE_LOOKS.length - 1) / 2, centreY: STRIP_Y },
    });
    width = Math.max(width, stripWidth);
    top += tileSize + GAP;
  }
  return { width: Math.ceil(width), height: Math.ceil(top), views };
}

/** Populations of the sample villages, in turn: a hamlet, a village, a town and a city (src/rules/village-tiers.ts). */
const SAMPLE_POPULATIONS = [40, 160, 420, 780] as const;

/** The oasis kind the sheet shows. */
const SAMPLE_OASIS = { mead: 25 };

function sampleTile(look: TileLook, x: number, y: number, n: number): MapTile {
  const base = { x, y, worldId: DESIGNER_WORLD } as const;
  if (look === 'unknown') return { ...base, type: look, resourceType: null, resourceBonus: null };
  if (look === 'own-village' || look === 'village' || look === 'alliance-village' || look === 'confederate-village' || look === 'pact-village' || look === 'enemy-village') {
    const own = look === 'own-village';
    const alliance = SAMPLE_ALLIANCES[look];
    return {
      ...base,
      type: 'village',
      resourceType: null,
      resourceBonus: 0,
      village: {
        id: `v${x}:${y}`,
        name: own ? 'Your village' : `Village ${n}`,
        owner: { id: own ? DESIGNER_VIEWER.id : `player-${n}`, username: own ? 'You' : `Jarl ${n}` },
        population: SAMPLE_POPULATIONS[n % SAMPLE_POPULATIONS.length] ?? 0,
        isCapital: own,
        ...(alliance ? { alliance: { ...alliance } } : {}),
      },
    };
  }
  if (look === 'barbarian') {
    const village = { id: `v${x}:${y}`, name: BARBARIAN_VILLAGE_NAME, owner: null, population: SAMPLE_POPULATIONS[n % SAMPLE_POPULATIONS.length] ?? 0, isCapital: false };
    return { ...base, type: 'village', resourceType: null, resourceBonus: 0, village };
  }
  // Terrain shows what the rules give it, as the server's map replies do.
  if (look === 'oasis') return { ...base, type: look, ...terrainResource(look, SAMPLE_OASIS), bonuses: oasisBonusEntries(SAMPLE_OASIS) };
  if (look === 'taken-oasis') {
    const holder = { villageId: `sample-${n}`, villageName: 'Sample Hold', owner: { id: 'sample-owner', username: 'Astrid' } };
    return { ...base, type: 'oasis', ...terrainResource('oasis', SAMPLE_OASIS), bonuses: oasisBonusEntries(SAMPLE_OASIS), oasis: { holder } };
  }
  return { ...base, type: look, ...terrainResource(look) };
}

/** What the sample area looks like: the world's edge on the left, a lake, woods, hills and a few villages of every relation. */
function sampleLook(col: number, row: number): TileLook {
  if (col === 0) return 'unknown';
  if (col === 8 && row === 5) return 'oasis';
  if (col === 13 && row === 3) return 'taken-oasis';
  const lake = Math.hypot(col - 10.5, row - 5.5) < 2.6;
  if (lake) return 'water';
  if (col === 4 && row === 3) return 'own-village';
  if ((col === 5 && row === 4) || (col === 3 && row === 4)) return 'alliance-village';
  if (col === 6 && row === 7) return 'confederate-village';
  if (col === 1 && row === 5) return 'pact-village';
  if (col === 14 && row === 4) return 'enemy-village';
  if ((col === 7 && row === 1) || (col === 12 && row === 1) || (col === 3 && row === 7)) return 'village';
  if (col === 9 && row === 8) return 'barbarian';
  const n = tileNoise(col * 7 + 1, row * 13 + 5);
  if (col <= 3 && row <= 2) return n < 0.7 ? 'mountain' : 'empty';
  if (col >= 11 && row >= 7) return n < 0.6 ? 'mountain' : 'forest';
  if (n < 0.3) return 'forest';
  if (n < 0.36) return 'mountain';
  return 'empty';
}

/** Chunks holding only the sheet's tiles (the strip and the sample area), so nothing else is drawn around them. */
export function designerChunks(): ReadonlyMap<string, MapChunk> {
  const tiles: MapTile[] = TILE_LOOKS.map((look, i) => sampleTile(look, i, STRIP_Y, i + 1));
  for (let row = 0; row < SAMPLE.rows; row++) {
    for (let col = 0; col < SAMPLE.columns; col++) {
      tiles.push(sampleTile(sampleLook(col, row), SAMPLE.minX + col, SAMPLE.minY + SAMPLE.rows - 1 - row, row * SAMPLE.columns + col));
    }
  }
  const chunks = new Map<string, MapChunk>();
  for (const tile of tiles) {
    const { cx, cy } = chunkOf(tile.x, tile.y);
    const key = chunkKey(DESIGNER_WORLD, cx, cy);
    let chunk = chunks.get(key);
    if (!chunk) {
      chunk = { key, worldId: DESIGNER_WORLD, cx, cy, status: 'ready', tiles: new Array<MapTile>(CHUNK_SIZE * CHUNK_SIZE) };
      chunks.set(key, chunk);
    }
    chunk.tiles![tileIndex(tile.x, tile.y)] = tile;
  }
  return chunks;
}
