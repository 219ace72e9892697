// The tile atlas on the GPU: the packed SVG icons from virtual:map-atlas composed with the style's fill colours into one
// canvas texture with a finished square per tile look and shade (a village's per look, size tier and capital mark) and the
// movements' marker shapes, so every tile and every marker is one sprite from one texture.
// In `npm run dev` a changed icon or style arrives by hot update and every stage reloads its textures.
import { CanvasSource, Rectangle, Texture } from 'pixi.js';
import atlasModule from 'virtual:map-atlas';
import { isVillageLook, type TileLook, type VillageLook, type VillageMarks } from '../../rules/tile-looks';
import type { AtlasFrame, MapAtlasData } from './atlas-data';
import { atlasCells, atlasGrid, atlasScale, cellKey, PADDING, TILE_UNITS, type Cell, type MarkerShape } from './atlas-layout';
import { parseColour, scaleColour, shadeFill } from './tile-fill';

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

export type { MarkerShape };

export interface AtlasTextures {
  atlas: MapAtlasData;
  /** The finished tile (fill, rim and icon) of a look in one of FILL_SHADES shades; a village look as a plain village. */
  tile(look: TileLook, shade: number): Texture;
  /** A village's tile: its relation's fill and icon, drawn by its size tier, with the capital's mark when it is one. */
  village(look: VillageLook, marks: VillageMarks): Texture;
  /** A movement's marker, white with a dark rim: sprites tint it with the movement's colour. */
  marker(shape: MarkerShape): Texture;
  destroy(): void;
}

/** The darker edge of a tile: a grid when tiles are large, blended into the fill by mipmaps when they are small. */
const RIM = 2;
const RIM_DARKEN = 0.66;

function rasterScale(): number {
  return atlasScale(typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1);
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

interface Painter {
  context: CanvasRenderingContext2D;
  icons: HTMLCanvasElement;
  atlas: MapAtlasData;
  scale: number;
}

/** Draws a packed icon into the box of `size` units whose top left corner is (x, y). */
function drawIcon({ context, icons, scale }: Painter, icon: AtlasFrame, box: { x: number; y: number; size: number }): void {
  context.drawImage(icons, icon.x * scale, icon.y * scale, icon.width * scale, icon.height * scale, box.x * scale, box.y * scale, box.size * scale, box.size * scale);
}

/** Rim colour all over the cell, the fill inside the rim. */
function drawSquare({ context, scale }: Painter, fill: number, x: number, y: number): void {
  const cell = TILE_UNITS + 2 * PADDING;
  context.fillStyle = css(scaleColour(fill, RIM_DARKEN));
  context.fillRect(x * scale, y * scale, cell * scale, cell * scale);
  context.fillStyle = css(fill);
  context.fillRect((x + PADDING + RIM) * scale, (y + PADDING + RIM) * scale, (TILE_UNITS - 2 * RIM) * scale, (TILE_UNITS - 2 * RIM) * scale);
}

function drawMarker({ context, scale }: Painter, shape: MarkerShape, x: number, y: number): void {
  const centreX = (x + PADDING + TILE_UNITS / 2) * scale;
  const centreY = (y + PADDING + TILE_UNITS / 2) * scale;
  const reach = (TILE_UNITS / 2 - 4) * scale;
  context.beginPath();
  if (shape === 'own') {
    context.arc(centreX, centreY, reach, 0, Math.PI * 2);
  } else {
    context.moveTo(centreX, centreY - reach);
    context.lineTo(centreX + reach, centreY);
    context.lineTo(centreX, centreY + reach);
    context.lineTo(centreX - reach, centreY);
    context.closePath();
  }
  context.fillStyle = '#ffffff';
  context.fill();
  context.lineWidth = 7 * scale;
  context.lineJoin = 'round';
  context.strokeStyle = '#111317';
  context.stroke();
}

function drawCell(painter: Painter, cell: Cell, x: number, y: number): void {
  const style = painter.atlas.style;
  const iconSize = TILE_UNITS * style.iconScale;
  const inset = PADDING + (TILE_UNITS - iconSize) / 2;
  switch (cell.kind) {
    case 'tile':
      drawSquare(painter, shadeFill(style, cell.look, cell.shade), x, y);
      drawIcon(painter, painter.atlas.frames[cell.look], { x: x + inset, y: y + inset, size: iconSize });
      return;
    case 'village': {
      // The relation's fill and icon; the tier places the icon and draws over it; a capital's crown over everything.
      drawSquare(painter, parseColour(style.tiles[cell.look].fill), x, y);
      const tier = style.tiers[cell.tier];
      const size = iconSize * tier.scale;
      drawIcon(painter, painter.atlas.frames[cell.look], { x: x + inset + (iconSize - size) / 2, y: y + inset + iconSize * tier.centreY - size / 2, size });
      drawIcon(painter, painter.atlas.tierFrames[cell.tier], { x: x + inset, y: y + inset, size: iconSize });
      if (cell.capital) drawIcon(painter, painter.atlas.capitalFrame, { x: x + inset, y: y + inset, size: iconSize });
      return;
    }
    case 'marker':
      drawMarker(painter, cell.shape, x, y);
  }
}

/** One cell per look and shade, village and tier, and marker shape, as atlasGrid lays them out. */
function composeTiles(atlas: MapAtlasData, icons: HTMLCanvasElement, scale: number): { canvas: HTMLCanvasElement; frames: Map<string, Rectangle> } {
  const cellUnits = TILE_UNITS + 2 * PADDING;
  const cells = atlasCells();
  const { columns, width, height } = atlasGrid(scale);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Cannot draw the map atlas: no 2D canvas');
  context.imageSmoothingQuality = 'high';
  const painter: Painter = { context, icons, atlas, scale };
  const frames = new Map<string, Rectangle>();
  cells.forEach((cell, index) => {
    const x = (index % columns) * cellUnits;
    const y = Math.floor(index / columns) * cellUnits;
    drawCell(painter, cell, x, y);
    frames.set(cellKey(cell), new Rectangle(x + PADDING, y + PADDING, TILE_UNITS, TILE_UNITS));
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
  const textures = new Map<string, Texture>();
  for (const [key, frame] of frames) textures.set(key, new Texture({ source, frame, label: key }));
  const cut = (cell: Cell): Texture => {
    const texture = textures.get(cellKey(cell));
    // composeTiles cuts every cell atlasCells() lists: every look in every shade tileShade() picks, every village look by tier.
    if (!texture) throw new Error(`The atlas has no ${cellKey(cell)}`);
    return texture;
  };
  return {
    atlas,
    tile(look, shade) {
      return isVillageLook(look) ? cut({ kind: 'village', look, tier: 'village', capital: false }) : cut({ kind: 'tile', look, shade });
    },
    village(look, { tier, capital }) {
      return cut({ kind: 'village', look, tier, capital });
    },
    marker(shape) {
      return cut({ kind: 'marker', shape });
    },
    destroy() {
      for (const texture of textures.values()) texture.destroy(false);
      source.destroy();
      // Let the browser drop the pixels now rather than when the canvas is collected.
      canvas.width = 0;
      canvas.height = 0;
    },
  };
}
