// The tile atlas on the GPU: the packed SVG icons from virtual:map-atlas composed with the style's fill colours into one
// canvas texture with a finished square per tile look and shade, so every tile is one sprite from one texture.
// In `npm run dev` a changed icon or style arrives by hot update and every stage reloads its textures.
import { CanvasSource, Rectangle, Texture } from 'pixi.js';
import atlasModule from 'virtual:map-atlas';
import { TILE_LOOKS, type TileLook } from '../../rules/tile-looks';
import type { MapAtlasData } from './atlas-data';
import { FILL_SHADES, scaleColour, shadeFill } from './tile-fill';

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
  /** The finished tile (fill, rim and icon) of a look in one of FILL_SHADES shades. */
  tile(look: TileLook, shade: number): Texture;
  destroy(): void;
}

/** Atlas units per tile (the icons' cells are 64 units). */
const TILE_UNITS = 64;
/** Around each tile its rim colour continues, so neighbours in the atlas never bleed into it, not even in small mipmaps. */
const PADDING = 4;
/** The darker edge of a tile: a grid when tiles are large, blended into the fill by mipmaps when they are small. */
const RIM = 2;
const RIM_DARKEN = 0.66;
/**
 * Looks side by side in one band of shades; more start another band below. A single row of every look would grow
 * past 4096 px (a common texture size limit) at the largest raster scale once the looks number fifteen.
 */
const LOOKS_PER_BAND = 8;

/**
 * Pixels per atlas unit: 3 gives 192 px tiles, sharp up to the largest tiles (radius 5 on a big screen at 2x);
 * mipmaps keep them smooth when a tile is only a dozen pixels.
 */
function rasterScale(): number {
  const density = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  return Math.min(4, Math.max(2, Math.ceil(1.5 * density)));
}

function css(colour: number): string {
  return `#${colour.toString(16).padStart(6, '0')}`;
}

async function rasteriseIcons(atlas: MapAtlasData, scale: number): Promise<HTMLCanvasElement> {
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
 * One cell per look (columns, LOOKS_PER_BAND to a band) and shade (rows of a band): rim colour all over, the fill inside
 * the rim, the icon on top.
 */
function composeTiles(atlas: MapAtlasData, icons: HTMLCanvasElement, scale: number): { canvas: HTMLCanvasElement; frames: Rectangle[][] } {
  const cell = TILE_UNITS + 2 * PADDING;
  const canvas = document.createElement('canvas');
  canvas.width = Math.min(TILE_LOOKS.length, LOOKS_PER_BAND) * cell * scale;
  canvas.height = Math.ceil(TILE_LOOKS.length / LOOKS_PER_BAND) * FILL_SHADES * cell * scale;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Cannot draw the map atlas: no 2D canvas');
  context.imageSmoothingQuality = 'high';
  const style = atlas.style;
  const iconSize = TILE_UNITS * style.iconScale;
  const frames = TILE_LOOKS.map((look, index) => {
    const icon = atlas.frames[look];
    const shades: Rectangle[] = [];
    const x = (index % LOOKS_PER_BAND) * cell;
    const band = Math.floor(index / LOOKS_PER_BAND) * FILL_SHADES * cell;
    for (let shade = 0; shade < FILL_SHADES; shade++) {
      const y = band + shade * cell;
      const fill = shadeFill(style, look, shade);
      context.fillStyle = css(scaleColour(fill, RIM_DARKEN));
      context.fillRect(x * scale, y * scale, cell * scale, cell * scale);
      context.fillStyle = css(fill);
      context.fillRect((x + PADDING + RIM) * scale, (y + PADDING + RIM) * scale, (TILE_UNITS - 2 * RIM) * scale, (TILE_UNITS - 2 * RIM) * scale);
      const inset = PADDING + (TILE_UNITS - iconSize) / 2;
      context.drawImage(icons, icon.x * scale, icon.y * scale, icon.width * scale, icon.height * scale, (x + inset) * scale, (y + inset) * scale, iconSize * scale, iconSize * scale);
      shades.push(new Rectangle(x + PADDING, y + PADDING, TILE_UNITS, TILE_UNITS));
    }
    return shades;
  });
  return { canvas, frames };
}

/** Draws the tiles into one texture and cuts the frames. The caller owns the result and destroys it. */
export async function loadAtlasTextures(atlas: MapAtlasData): Promise<AtlasTextures> {
  const scale = rasterScale();
  const icons = await rasteriseIcons(atlas, scale);
  const { canvas, frames } = composeTiles(atlas, icons, scale);
  icons.width = 0;
  icons.height = 0;
  // resolution = scale, so frames are given in atlas units.
  const source = new CanvasSource({ resource: canvas, resolution: scale, autoGenerateMipmaps: true, scaleMode: 'linear', mipmapFilter: 'linear' });
  const textures = Object.fromEntries(
    TILE_LOOKS.map((look, column) => [look, (frames[column] ?? []).map((frame, shade) => new Texture({ source, frame, label: `tile:${look}:${shade}` }))]),
  ) as Record<TileLook, Texture<CanvasSource>[]>;
  return {
    atlas,
    tile(look, shade) {
      const texture = textures[look][shade];
      // composeTiles cuts every look in every one of the FILL_SHADES shades tileShade() picks from.
      if (!texture) throw new Error(`The atlas has no shade ${shade} of ${look}`);
      return texture;
    },
    destroy() {
      for (const look of TILE_LOOKS) for (const texture of textures[look]) texture.destroy(false);
      source.destroy();
      // Let the browser drop the pixels now rather than when the canvas is collected.
      canvas.width = 0;
      canvas.height = 0;
    },
  };
}
