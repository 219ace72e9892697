// The minimap's picture of a world's ground: one pixel per tile in its terrain's colour, from the same pure generator the
// server uses (src/rules/terrain.ts), so it costs no request. Computed a few rows at a time between other work, turned
// into an image once per world and colours, and kept for the rest of the visit.
import { terrainAt } from '../../../rules/terrain';
import type { TerrainType } from '../../../rules/world';

/** The colour of each terrain, '#rrggbb' (the map style's fills). */
export type TerrainColours = Readonly<Record<TerrainType, string>>;

/** Time per slice of rows, so the page stays responsive while a 401 x 401 world is computed (about 100 ms in all). */
const SLICE_MS = 6;

function rgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

/** Writes row `row` of the picture (north first: row 0 is y = size) into `pixels` (RGBA, (2 size + 1)^2 pixels). */
export function paintTerrainRow({ seed, size, colours }: TerrainPicture, row: number, pixels: Uint8ClampedArray): void {
  const side = 2 * size + 1;
  const y = size - row;
  const palette = new Map<TerrainType, [number, number, number]>();
  for (let column = 0; column < side; column++) {
    const type = terrainAt(seed, column - size, y).type;
    let colour = palette.get(type);
    if (!colour) {
      colour = rgb(colours[type]);
      palette.set(type, colour);
    }
    const at = (row * side + column) * 4;
    pixels[at] = colour[0];
    pixels[at + 1] = colour[1];
    pixels[at + 2] = colour[2];
    pixels[at + 3] = 255;
  }
}

export interface TerrainPicture {
  seed: number;
  size: number;
  colours: TerrainColours;
}

const pictures = new Map<string, Promise<string>>();

/** A data: URL of the world's ground (a PNG of (2 size + 1)^2 pixels), computed once per world and colours. */
export function terrainPicture(picture: TerrainPicture): Promise<string> {
  const key = `${picture.seed}:${picture.size}:${Object.values(picture.colours).join(',')}`;
  let made = pictures.get(key);
  if (!made) {
    made = paint(picture);
    pictures.set(key, made);
    made.catch(() => pictures.delete(key));
  }
  return made;
}

async function paint(picture: TerrainPicture): Promise<string> {
  const side = 2 * picture.size + 1;
  const pixels = new Uint8ClampedArray(side * side * 4);
  let row = 0;
  while (row < side) {
    const until = performance.now() + SLICE_MS;
    while (row < side && performance.now() < until) paintTerrainRow(picture, row++, pixels);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  // A canvas that never joins the page: only the image it makes is shown.
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas to draw the minimap on');
  context.putImageData(new ImageData(pixels, side, side), 0, 0);
  const url = canvas.toDataURL('image/png');
  canvas.width = 0;
  canvas.height = 0;
  return url;
}
