// The tiles: one view per loaded chunk, built ahead of need between frames (prepare) and only shown or hidden inside a
// frame (update). Zoomed out, a chunk is drawn once into a texture of its size on screen and shown as one opaque sprite;
// zoomed in, as its sprites. Views, sprites and textures of chunks that leave are kept in pools and reused.
import { Container, RenderTexture, Sprite, type Renderer } from 'pixi.js';
import type { MapChunk } from '../state/map';
import type { AtlasTextures } from './atlas';
import { CHUNK_SIZE, chunkKey, type ChunkRef } from './chunks';
import type { ViewGeometry } from './coords';
import { visibleTiles } from './coords';
import { mapDebug } from './debug';
import { isVillageLook, looksAlike, tileLook, villageMarks, type MapViewer } from '../../rules/tile-looks';
import { tileShade } from './tile-fill';

/** World units per tile: sprites are laid out in these, and the layer is scaled to the tile size on screen. */
export const UNIT = 64;

/**
 * Up to this many screen pixels per tile, chunks are flattened into one texture each. That is where a view holds
 * thousands of tiles: one opaque quad per chunk costs the GPU a single texel fetch per pixel and no blending, where
 * thousands of mipmapped, blended sprites cost several (software WebGL pays for every one of them, and does it while the
 * page waits). Above it a view has few tiles, and flat textures would grow large, so sprites are drawn.
 */
export const FLAT_MAX_TILE_PX = 24;

/** The side of a chunk in layer units, and where its tiles' corner sits from its first tile's centre. */
const CHUNK_UNITS = CHUNK_SIZE * UNIT;
const HALF = UNIT / 2;

/** Flat textures kept for reuse after their chunks left. */
const MAX_POOLED_TEXTURES = 24;
/** Views kept built beyond the ones near the screen (farthest dropped first), so moving back and forth rebuilds nothing. */
const FLAT_TEXTURE_BUDGET = 32 * 1024 * 1024;
const MAX_SPRITE_VIEWS = 48;

export interface TerrainData {
  worldId: string | null;
  chunks: ReadonlyMap<string, MapChunk>;
  /**
   * The signed-in player, their alliance and its relations: their villages, their allies', confederates', pact
   * partners' and enemies' each get a look of their own. Compared by identity first: a new viewer redraws only the
   * chunks where a village looks different to it.
   */
  viewer: MapViewer | null;
}

/** How a chunk is drawn: for whom (villages look as they stand to them), with which textures, at which flat resolution (0: sprites). */
interface ChunkLook {
  viewer: MapViewer | null;
  textures: AtlasTextures;
  resolution: number;
}

/** The middle of the chunks wanted, in chunk units (half-way between chunks when their count is even). */
interface ChunkMiddle {
  cx: number;
  cy: number;
}

interface ChunkView {
  /** What the layer shows: the flat sprite, or the tiles' container. */
  shown: Container;
  tiles: Container;
  flat: Sprite | null;
  source: MapChunk;
  viewer: MapViewer | null;
  textures: AtlasTextures;
  /** The texture resolution the flat sprite was drawn at (0 for sprites). */
  resolution: number;
}

export interface TerrainUpdate {
  /** Every tile on screen is drawn. */
  complete: boolean;
  /** Nearby chunks still wait to be built (prepare will build them between frames). */
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

/** The texture resolution that draws a flat chunk at one texel per screen pixel, or 0 when the view shows sprites. */
export function flatResolution(tileSize: number): number {
  return tileSize <= FLAT_MAX_TILE_PX ? Math.round(tileSize * 4) / 4 / UNIT : 0;
}

export class TerrainLayer {
  private readonly root: Container;
  private readonly renderer: Renderer | null;
  private readonly views = new Map<string, ChunkView>();
  private readonly tilePool: Container[] = [];
  private readonly texturePool: RenderTexture[] = [];
  /** Holds a chunk's tiles while they are drawn into a flat texture: the tiles' position counts inside it. */
  private readonly flatStage = new Container();
  private textures: AtlasTextures | null = null;
  /** What prepare should build: the chunks near the screen at the last frame. */
  private plan: { worldId: string; data: TerrainData; nearby: readonly ChunkRef[]; resolution: number } | null = null;

  constructor(root: Container, renderer: Renderer | null = null) {
    this.root = root;
    this.renderer = renderer;
  }

  setTextures(textures: AtlasTextures): void {
    this.textures = textures;
    // Every chunk was built with the old frames and colours: rebuild as they are needed.
    for (const key of [...this.views.keys()]) this.dropView(key);
  }

  /**
   * Inside a frame: shows the chunks on screen and within `margin` CSS pixels around it (building only those that are
   * missing), hides the `nearby` ones that are built, and lets go of the rest. Nearby chunks that are not built yet are
   * left to prepare, between frames. `complete` speaks of the screen only: the margin is drawn when it has data.
   */
  update(view: ViewGeometry, data: TerrainData, nearby: readonly ChunkRef[], margin = 0): TerrainUpdate {
    const textures = this.textures;
    if (!textures || data.worldId === null) return { complete: false, pending: false };
    const worldId = data.worldId;
    const resolution = this.renderer ? flatResolution(view.tileSize) : 0;
    const onScreen = visibleTiles(view);
    const screenFrom = { cx: Math.floor(onScreen.minX / CHUNK_SIZE), cy: Math.floor(onScreen.minY / CHUNK_SIZE) };
    const screenTo = { cx: Math.floor(onScreen.maxX / CHUNK_SIZE), cy: Math.floor(onScreen.maxY / CHUNK_SIZE) };
    const tiles = margin > 0 ? visibleTiles({ ...view, width: view.width + 2 * margin, height: view.height + 2 * margin }) : onScreen;
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
          if (cx >= screenFrom.cx && cx <= screenTo.cx && cy >= screenFrom.cy && cy <= screenTo.cy) complete = false;
          // A stale view of a chunk being reloaded is better than a hole.
          const stale = this.views.get(key);
          if (stale) stale.shown.visible = true;
          continue;
        }
        const shown = this.ensureView(key, chunk, { viewer: data.viewer, textures, resolution }, true).shown;
        shown.visible = true;
      }
    }

    let pending = false;
    for (const ref of nearby) {
      const key = chunkKey(worldId, ref.cx, ref.cy);
      if (wanted.has(key)) continue;
      wanted.add(key);
      const existing = this.views.get(key);
      if (existing) existing.shown.visible = false;
      const chunk = data.chunks.get(key);
      if (chunk?.status === 'ready' && chunk.tiles && !this.isCurrent(existing, chunk, { viewer: data.viewer, textures, resolution })) pending = true;
    }

    this.dropFarViews(wanted, worldId, { cx: (from.cx + to.cx + 1) / 2, cy: (from.cy + to.cy + 1) / 2 }, resolution);
    this.plan = { worldId, data, nearby, resolution };
    return { complete, pending };
  }

  /**
   * Between frames: builds nearby chunks that are missing or out of date, nearest first, until `deadline`
   * (performance.now()). Returns whether any are left.
   */
  prepare(deadline: number): boolean {
    const plan = this.plan;
    const textures = this.textures;
    if (!plan || !textures) return false;
    for (const ref of plan.nearby) {
      const key = chunkKey(plan.worldId, ref.cx, ref.cy);
      const chunk = plan.data.chunks.get(key);
      if (!chunk || chunk.status !== 'ready' || !chunk.tiles) continue;
      const existing = this.views.get(key);
      if (this.isCurrent(existing, chunk, { viewer: plan.data.viewer, textures, resolution: plan.resolution })) continue;
      if (performance.now() >= deadline) return true;
      // Hidden until a frame finds it on screen.
      this.ensureView(key, chunk, { viewer: plan.data.viewer, textures, resolution: plan.resolution }, false).shown.visible = false;
    }
    return false;
  }

  /** Keeps views that are not wanted now while they fit the budget, dropping the farthest (and other worlds') first. */
  private dropFarViews(wanted: ReadonlySet<string>, worldId: string, { cx: midCx, cy: midCy }: ChunkMiddle, resolution: number): void {
    const texels = (CHUNK_UNITS * resolution) ** 2 * 4;
    const keep = resolution > 0 ? Math.max(wanted.size, Math.floor(FLAT_TEXTURE_BUDGET / texels)) : Math.max(wanted.size, MAX_SPRITE_VIEWS);
    if (this.views.size <= keep) {
      for (const [key, view] of this.views) if (!wanted.has(key) && view.source.worldId !== worldId) this.dropView(key);
      return;
    }
    const spare: { key: string; distance: number }[] = [];
    for (const [key, view] of this.views) {
      if (wanted.has(key)) continue;
      const inWorld = view.source.worldId === worldId;
      spare.push({ key, distance: inWorld ? Math.hypot(view.source.cx + 0.5 - midCx, view.source.cy + 0.5 - midCy) : Number.POSITIVE_INFINITY });
    }
    spare.sort((a, b) => b.distance - a.distance);
    for (const { key } of spare.slice(0, this.views.size - keep)) this.dropView(key);
  }

  /**
   * Whether a view shows the chunk as the look asks. A view drawn for another viewer (a relation was made or ended, the
   * alliance was read) still does when every village in it looks alike to both: it is kept, now for the new viewer.
   */
  private isCurrent(view: ChunkView | undefined, chunk: MapChunk, { viewer, textures, resolution }: ChunkLook): boolean {
    if (!view || view.source.tiles !== chunk.tiles || view.textures !== textures || view.resolution !== resolution) return false;
    if (view.viewer === viewer) return true;
    if (!looksAlike(chunk.tiles ?? [], view.viewer, viewer)) return false;
    view.viewer = viewer;
    return true;
  }

  private ensureView(key: string, chunk: MapChunk, look: ChunkLook, inFrame: boolean): ChunkView {
    const { viewer, textures, resolution } = look;
    const existing = this.views.get(key);
    if (existing && this.isCurrent(existing, chunk, look)) return existing;
    if (existing) this.dropView(key);
    const tiles = this.fillTiles(chunk, viewer, textures);
    let flat: Sprite | null = null;
    if (resolution > 0 && this.renderer) {
      flat = this.flatten(tiles, resolution);
      flat.position.set(chunk.cx * CHUNK_SIZE * UNIT - HALF, -(chunk.cy * CHUNK_SIZE + CHUNK_SIZE - 1) * UNIT - HALF);
    } else {
      const origin = tilePosition(chunk.cx * CHUNK_SIZE, chunk.cy * CHUNK_SIZE);
      tiles.position.set(origin.x, origin.y);
    }
    const shown = flat ?? tiles;
    const view: ChunkView = { shown, tiles, flat, source: chunk, viewer, textures, resolution };
    this.root.addChild(shown);
    this.views.set(key, view);
    mapDebug.chunkViews++;
    mapDebug.chunkBuilds++;
    if (inFrame) mapDebug.chunkBuildsInFrame++;
    return view;
  }

  /** A chunk's tile sprites, in a container from the pool when there is one (every chunk lays its tiles out alike). */
  private fillTiles(chunk: MapChunk, viewer: MapViewer | null, textures: AtlasTextures): Container {
    let container = this.tilePool.pop();
    if (!container) {
      container = new Container();
      for (let row = 0; row < CHUNK_SIZE; row++) {
        for (let column = 0; column < CHUNK_SIZE; column++) {
          const sprite = new Sprite({ anchor: 0.5, x: column * UNIT, y: -(CHUNK_SIZE - 1 - row) * UNIT });
          sprite.setSize(UNIT);
          container.addChild(sprite);
        }
      }
    }
    container.label = `chunk ${chunk.cx},${chunk.cy}`;
    container.position.set(0, 0);
    container.visible = true;
    // Children are in tileIndex order: rows from the top, each from the left.
    const sprites = container.children as Sprite[];
    const list = chunk.tiles ?? [];
    for (const [i, sprite] of sprites.entries()) {
      const tile = list[i];
      if (!tile) {
        sprite.visible = false;
        continue;
      }
      sprite.visible = true;
      const look = tileLook(tile, viewer);
      const marks = isVillageLook(look) ? villageMarks(tile) : null;
      sprite.texture = marks && isVillageLook(look) ? textures.village(look, marks) : textures.tile(look, tileShade(tile.x, tile.y));
      sprite.setSize(UNIT);
    }
    return container;
  }

  /** Draws a chunk's tiles into a texture of its size on screen and returns one opaque sprite showing it. */
  private flatten(tiles: Container, resolution: number): Sprite {
    const renderer = this.renderer!;
    let texture = this.texturePool.pop();
    while (texture && texture.source.resolution !== resolution) {
      texture.destroy(true);
      texture = this.texturePool.pop();
    }
    texture ??= RenderTexture.create({ width: CHUNK_UNITS, height: CHUNK_UNITS, resolution, antialias: false });
    // The tiles' corner at the texture's corner: the first tile's centre is half a tile in, and the top row is highest.
    tiles.position.set(HALF, (CHUNK_SIZE - 1) * UNIT + HALF);
    this.flatStage.addChild(tiles);
    renderer.render({ container: this.flatStage, target: texture, clear: true, clearColor: [0, 0, 0, 1] });
    this.flatStage.removeChild(tiles);
    // The tiles are drawn; their sprites go back to the pool for the next chunk.
    this.tilePool.push(tiles);
    const flat = new Sprite({ texture, label: 'flat chunk' });
    // Every pixel of a chunk is opaque: nothing below needs blending in.
    flat.blendMode = 'none';
    flat.setSize(CHUNK_UNITS);
    return flat;
  }

  private dropView(key: string): void {
    const view = this.views.get(key);
    if (!view) return;
    this.views.delete(key);
    this.root.removeChild(view.shown);
    if (view.flat) {
      const texture = view.flat.texture as RenderTexture;
      view.flat.destroy();
      if (this.texturePool.length < MAX_POOLED_TEXTURES) this.texturePool.push(texture);
      else texture.destroy(true);
    } else {
      this.tilePool.push(view.tiles);
    }
    mapDebug.chunkViews--;
  }

  destroy(): void {
    for (const key of [...this.views.keys()]) this.dropView(key);
    for (const container of this.tilePool.splice(0)) container.destroy({ children: true });
    for (const texture of this.texturePool.splice(0)) texture.destroy(true);
    this.flatStage.destroy();
    this.textures = null;
    this.plan = null;
  }
}
