// The tile atlas on the GPU: the packed SVG from virtual:map-atlas drawn once into one canvas texture, cut into one frame per tile look.
// In `npm run dev` a changed icon or style arrives by hot update and every stage reloads its textures.
import { CanvasSource, Rectangle, Texture } from 'pixi.js';
import atlasModule from 'virtual:map-atlas';
import { TILE_LOOKS, type MapAtlasData, type TileLook } from './atlas-data';

let current: MapAtlasData = atlasModule;
const subscribers = new Set<(atlas: MapAtlasData) => void>();

export function currentAtlas(): MapAtlasData {
  return current;
}

/** Calls back with the new atlas whenever the art changes (only in development); returns the unsubscribe. */
export function subscribeAtlas(callback: (atlas: MapAtlasData) => void): () => void {
  subscribers.add(callback);
  return () => subscribers.delete(callback);
}

if (import.meta.hot) {
  import.meta.hot.accept('virtual:map-atlas', (next) => {
    const atlas = (next as { default?: MapAtlasData } | undefined)?.default;
    if (!atlas) return;
    current = atlas;
    for (const callback of subscribers) callback(atlas);
  });
}

export interface AtlasTextures {
  atlas: MapAtlasData;
  frames: Record<TileLook, Texture>;
  /** White square with a darker rim: tinted with a tile's fill it draws the square and its share of the grid. */
  tileBase: Texture;
  destroy(): void;
}

/**
 * Pixels per atlas unit: icons are 64 units, so 3 gives 192 px cells, sharp up to the largest tiles
 * (radius 5 on a big screen at 2x); mipmaps keep them smooth when a tile is only a dozen pixels.
 */
function rasterScale(): number {
  const density = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  return Math.min(4, Math.max(2, Math.ceil(1.5 * density)));
}

async function rasterise(atlas: MapAtlasData, scale: number): Promise<HTMLCanvasElement> {
  const url = URL.createObjectURL(new Blob([atlas.svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image(atlas.width * scale, atlas.height * scale);
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = atlas.width * scale;
    canvas.height = atlas.height * scale;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('Cannot draw the map atlas: no 2D canvas');
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return canvas;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * The square under every icon. The rim darkens the tinted fill at the tile's edge, which reads as a grid when tiles are
 * large; mipmaps blend it into the fill as they shrink, so small tiles get no flickering hairlines.
 */
function drawTileBase(): HTMLCanvasElement {
  const size = 64;
  const rim = 2;
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Cannot draw the tile base: no 2D canvas');
  context.fillStyle = '#a8a8a8';
  context.fillRect(0, 0, size, size);
  context.fillStyle = '#ffffff';
  context.fillRect(rim, rim, size - 2 * rim, size - 2 * rim);
  return canvas;
}

/** Draws the atlas into one texture and cuts the frames. The caller owns the result and destroys it. */
export async function loadAtlasTextures(atlas: MapAtlasData): Promise<AtlasTextures> {
  const scale = rasterScale();
  const canvas = await rasterise(atlas, scale);
  // resolution = scale, so frames are given in atlas units.
  const source = new CanvasSource({ resource: canvas, resolution: scale, autoGenerateMipmaps: true, scaleMode: 'linear', mipmapFilter: 'linear' });
  const frames = {} as Record<TileLook, Texture>;
  for (const look of TILE_LOOKS) {
    const f = atlas.frames[look];
    frames[look] = new Texture({ source, frame: new Rectangle(f.x, f.y, f.width, f.height), label: `tile:${look}` });
  }
  const baseCanvas = drawTileBase();
  const baseSource = new CanvasSource({ resource: baseCanvas, autoGenerateMipmaps: true, scaleMode: 'linear', mipmapFilter: 'linear' });
  const tileBase = new Texture({ source: baseSource, label: 'tile:base' });
  return {
    atlas,
    frames,
    tileBase,
    destroy() {
      for (const look of TILE_LOOKS) frames[look].destroy(false);
      tileBase.destroy(false);
      source.destroy();
      baseSource.destroy();
      // Let the browser drop the pixels now rather than when the canvases are collected.
      for (const drawn of [canvas, baseCanvas]) {
        drawn.width = 0;
        drawn.height = 0;
      }
    },
  };
}
