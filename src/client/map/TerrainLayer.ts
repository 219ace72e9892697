// The tiles: one container of sprites per loaded chunk (a fill square and an icon per tile), built when the chunk
// comes near the screen, shown only while on screen, destroyed when far away. Panning moves the layer, nothing else.
import { Container, Sprite } from 'pixi.js';
import type { MapChunk } from '../state/map';
import type { AtlasTextures } from './atlas';
import { CHUNK_SIZE, chunkKey, chunkRect, type ChunkRef } from './chunks';
import type { ViewGeometry } from './coords';
import { visibleTiles } from './coords';
import { mapDebug } from './debug';
import { tileLook } from '../../rules/tile-looks';
import { tileShade } from './tile-fill';

/** World units per tile: sprites are laid out in these, and the layer is scaled to the tile size on screen. */
export const UNIT = 64;

export interface TerrainData {
  worldId: string | null;
  chunks: ReadonlyMap<string, MapChunk>;
  /** The signed-in player, whose villages get the own-village look. */
  viewerId: string | null;
}

interface ChunkView {
  container: Container;
  source: MapChunk;
  viewerId: string | null;
  textures: AtlasTextures;
}

export interface TerrainUpdate {
  /** Every tile on screen is drawn. */
  complete: boolean;
  /** Nearby chunks still wait to be built (another frame will build more). */
  pending: boolean;
}

/** Places a layer so that the tile at the geometry's centre lands in the middle of the view. */
export function placeLayer(layer: Container, view: ViewGeometry, offsetX = 0, offsetY = 0): void {
  const scale = view.tileSize / UNIT;
  layer.scale.set(scale);
  layer.position.set(offsetX + view.width / 2 - view.centreX * view.tileSize, offsetY + view.height / 2 + view.centreY * view.tileSize);
}

/** Layer position of a tile's centre. */
export function tilePosition(x: number, y: number): { x: number; y: number } {
  return { x: x * UNIT, y: -y * UNIT };
}

export class TerrainLayer {
  private readonly root: Container;
  private readonly views = new Map<string, ChunkView>();
  private textures: AtlasTextures | null = null;

  constructor(root: Container) {
    this.root = root;
  }

  setTextures(textures: AtlasTextures): void {
    this.textures = textures;
    // Every chunk was built with the old frames and colours: rebuild as they are needed.
    for (const key of [...this.views.keys()]) this.dropView(key);
  }

  /**
   * Shows the chunks on screen (building any that are missing), keeps the `nearby` ones built but hidden
   * so a move draws at once, builds at most `buildBudget` of those per call, and destroys the rest.
   */
  update(view: ViewGeometry, data: TerrainData, nearby: readonly ChunkRef[], buildBudget = 2): TerrainUpdate {
    const textures = this.textures;
    if (!textures || data.worldId === null) return { complete: false, pending: false };
    const worldId = data.worldId;
    const tiles = visibleTiles(view);
    const from = { cx: Math.floor(tiles.minX / CHUNK_SIZE), cy: Math.floor(tiles.minY / CHUNK_SIZE) };
    const to = { cx: Math.floor(tiles.maxX / CHUNK_SIZE), cy: Math.floor(tiles.maxY / CHUNK_SIZE) };

    const wanted = new Set<string>();
    let complete = true;
    for (let cy = from.cy; cy <= to.cy; cy++) {
      for (let cx = from.cx; cx <= to.cx; cx++) {
        const key = chunkKey(worldId, cx, cy);
        wanted.add(key);
        const chunk = data.chunks.get(key);
        if (!chunk || chunk.status !== 'ready' || !chunk.tiles) {
          complete = false;
          // A stale view of a chunk being reloaded is better than a hole.
          const stale = this.views.get(key);
          if (stale) stale.container.visible = true;
          continue;
        }
        this.ensureView(key, chunk, data.viewerId, textures).container.visible = true;
      }
    }

    let budget = buildBudget;
    let pending = false;
    for (const ref of nearby) {
      const key = chunkKey(worldId, ref.cx, ref.cy);
      if (wanted.has(key)) continue;
      wanted.add(key);
      const existing = this.views.get(key);
      if (existing) {
        existing.container.visible = false;
        continue;
      }
      const chunk = data.chunks.get(key);
      if (!chunk || chunk.status !== 'ready' || !chunk.tiles) continue;
      if (budget <= 0) {
        pending = true;
        continue;
      }
      budget--;
      this.ensureView(key, chunk, data.viewerId, textures).container.visible = false;
    }

    for (const key of [...this.views.keys()]) if (!wanted.has(key)) this.dropView(key);
    return { complete, pending };
  }

  private ensureView(key: string, chunk: MapChunk, viewerId: string | null, textures: AtlasTextures): ChunkView {
    const existing = this.views.get(key);
    if (existing && existing.source.tiles === chunk.tiles && existing.viewerId === viewerId && existing.textures === textures) return existing;
    if (existing) this.dropView(key);
    const view: ChunkView = { container: buildChunk(chunk, viewerId, textures), source: chunk, viewerId, textures };
    this.root.addChild(view.container);
    this.views.set(key, view);
    mapDebug.chunkViews++;
    mapDebug.chunkBuilds++;
    return view;
  }

  private dropView(key: string): void {
    const view = this.views.get(key);
    if (!view) return;
    this.views.delete(key);
    view.container.destroy({ children: true });
    mapDebug.chunkViews--;
  }

  destroy(): void {
    for (const key of [...this.views.keys()]) this.dropView(key);
    this.textures = null;
  }
}

/** One chunk as sprites: one finished tile (fill, rim and icon, from the atlas) per tile, in a container at the chunk's corner. */
function buildChunk(chunk: MapChunk, viewerId: string | null, textures: AtlasTextures): Container {
  const rect = chunkRect(chunk);
  const container = new Container({ label: `chunk ${chunk.cx},${chunk.cy}` });
  const origin = tilePosition(rect.minX, rect.minY);
  container.position.set(origin.x, origin.y);
  const sprites: Sprite[] = [];
  for (const tile of chunk.tiles ?? []) {
    if (!tile) continue;
    const sprite = new Sprite({
      texture: textures.tile(tileLook(tile, viewerId), tileShade(tile.x, tile.y)),
      anchor: 0.5,
      x: (tile.x - rect.minX) * UNIT,
      y: -(tile.y - rect.minY) * UNIT,
    });
    sprite.setSize(UNIT);
    sprites.push(sprite);
  }
  if (sprites.length > 0) container.addChild(...sprites);
  return container;
}
