// Vite plugin: packs the village art of assets/village/ (one SVG per piece) with its village-style.json into one SVG atlas,
// as `virtual:village-atlas`. In `npm run dev` a change to a piece or to the style hot-updates the module, so the village
// scene and /designer/village redraw.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { atlasPlugin } from './atlas-plugin.ts';
import {
  ART_BOXES,
  artKind,
  VILLAGE_ART,
  type VillageArt,
  type VillageAtlasData,
  type VillageAtlasFrame,
  type VillageSizes,
  type VillageStyle,
} from '../src/client/map/village/village-atlas-data.ts';

export const VILLAGE_ATLAS_MODULE = 'virtual:village-atlas';

/** Air between cells, in atlas units, so mipmaps of neighbours never bleed into each other. */
const GAP = 4;

export interface VillageAtlasOptions {
  /** Folder holding village-style.json and the art; relative to the Vite root. Defaults to VILLAGE_ASSETS_DIR or `assets/village`. */
  dir?: string;
}

/** A build error that names the file and says what to fix. */
class AtlasError extends Error {
  constructor(file: string, message: string) {
    super(`village atlas: ${file}: ${message}`);
    this.name = 'AtlasError';
  }
}

const HEX = /^#[0-9a-fA-F]{6}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readStyle(file: string): VillageStyle {
  if (!existsSync(file)) throw new AtlasError(file, 'missing (it holds the scene colours and the sizes art is drawn at)');
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new AtlasError(file, `not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!isRecord(raw)) throw new AtlasError(file, 'must be a JSON object');
  const doc = raw;
  const colour = (key: string, fallback: string): string => {
    const value = doc[key] ?? fallback;
    if (typeof value !== 'string' || !HEX.test(value)) throw new AtlasError(file, `"${key}" must be a colour like #1f3520`);
    return value.toLowerCase();
  };
  const sizes = doc.sizes ?? {};
  if (!isRecord(sizes)) throw new AtlasError(file, '"sizes" must be an object');
  const size = (key: keyof VillageSizes, fallback: number, min: number, max: number): number => {
    const value = sizes[key] ?? fallback;
    if (typeof value !== 'number' || !(value >= min && value <= max)) throw new AtlasError(file, `"sizes.${key}" must be a number from ${min} to ${max} (scene units)`);
    return value;
  };
  return {
    background: colour('background', '#1f3520'),
    hover: colour('hover', '#f0c766'),
    flash: colour('flash', '#fff2b8'),
    countdownText: colour('countdownText', '#f5ecd7'),
    countdownPlate: colour('countdownPlate', '#1d130b'),
    sizes: {
      building: size('building', 128, 40, 200),
      greatHall: size('greatHall', 204, 60, 300),
      field: size('field', 136, 40, 200),
      wall: size('wall', 46, 16, 120),
      gate: size('gate', 112, 40, 240),
    },
  };
}

interface ParsedSvg {
  width: number;
  height: number;
  viewBox: string;
  body: string;
}

/** Takes one piece apart: its viewBox and its content, with ids made unique to the piece so pieces cannot clash in the atlas. */
function parsePiece(file: string, text: string, prefix: string): ParsedSvg {
  const cleaned = text.replace(/<\?xml[\s\S]*?\?>/g, '').replace(/<!DOCTYPE[\s\S]*?>/gi, '').replace(/<!--[\s\S]*?-->/g, '');
  const match = /^\s*<svg\b([^>]*)>([\s\S]*)<\/svg>\s*$/.exec(cleaned);
  if (!match) throw new AtlasError(file, 'not an SVG document (expected one <svg> root element)');
  const attributes = match[1] ?? '';
  const body = match[2] ?? '';
  // A script or foreign HTML would taint the canvas the atlas is drawn on, and remote references would not load under CSP.
  if (/<script|<foreignObject|\bon[a-z]+\s*=/i.test(body)) throw new AtlasError(file, 'scripts, event handlers and <foreignObject> are not allowed in art');
  if (/(?:href|src)\s*=\s*["'](?!#)/i.test(body)) throw new AtlasError(file, 'art must be self-contained (no links to other files)');
  const viewBox = /\bviewBox\s*=\s*["']([^"']+)["']/.exec(attributes)?.[1];
  const numbers = viewBox?.trim().split(/[\s,]+/).map(Number) ?? [];
  if (numbers.length !== 4 || numbers.some((n) => !Number.isFinite(n))) throw new AtlasError(file, 'the <svg> element needs a viewBox of four numbers');
  const unique = body
    .replace(/\bid\s*=\s*(["'])([^"']+)\1/g, (_all, quote: string, id: string) => `id=${quote}${prefix}-${id}${quote}`)
    .replace(/url\(\s*#([^)\s]+)\s*\)/g, (_all, id: string) => `url(#${prefix}-${id})`)
    .replace(/href\s*=\s*(["'])#([^"']+)\1/g, (_all, quote: string, id: string) => `href=${quote}#${prefix}-${id}${quote}`);
  return { width: numbers[2] ?? 0, height: numbers[3] ?? 0, viewBox: viewBox ?? '', body: unique.trim() };
}

export interface BuiltVillageAtlas {
  data: VillageAtlasData;
  /** Every file the atlas was made from, for the watcher. */
  files: string[];
}

/** Rows of cells, tallest first, as wide as the widest piece (the ground). */
function pack(sizes: { art: VillageArt; width: number; height: number }[]): { frames: Map<VillageArt, VillageAtlasFrame>; width: number; height: number } {
  const width = Math.max(...sizes.map((s) => s.width));
  const frames = new Map<VillageArt, VillageAtlasFrame>();
  const order = [...sizes].sort((a, b) => b.height - a.height);
  let x = 0;
  let y = 0;
  let row = 0;
  for (const piece of order) {
    if (x > 0 && x + piece.width > width) {
      y += row + GAP;
      x = 0;
      row = 0;
    }
    frames.set(piece.art, { x, y, width: piece.width, height: piece.height });
    x += piece.width + GAP;
    row = Math.max(row, piece.height);
  }
  return { frames, width, height: y + row };
}

/** Reads the style and every piece of `dir` and packs them into one atlas. */
export function buildVillageAtlas(dir: string): BuiltVillageAtlas {
  const styleFile = join(dir, 'village-style.json');
  const style = readStyle(styleFile);
  const files = [styleFile];
  const hash = createHash('sha256').update(readFileSync(styleFile));
  const known = new Set<string>(VILLAGE_ART);
  const strays = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.svg') && !known.has(name.slice(0, -4))) : [];
  if (strays.length > 0) throw new AtlasError(join(dir, strays[0] ?? ''), `not a piece the scene draws (rename it to one of: ${VILLAGE_ART.join(', ')})`);

  const pieces = VILLAGE_ART.map((art) => {
    const file = join(dir, `${art}.svg`);
    if (!existsSync(file)) throw new AtlasError(file, `missing (every piece of village art needs its file: ${art}.svg)`);
    files.push(file);
    const text = readFileSync(file, 'utf8');
    hash.update(art).update(text);
    const parsed = parsePiece(file, text, `art-${art}`);
    const box = ART_BOXES[artKind(art)];
    if (parsed.width !== box.width || parsed.height !== box.height) {
      throw new AtlasError(file, `its viewBox must be 0 0 ${box.width} ${box.height} like every piece of its kind (the scene places it by that box)`);
    }
    return { art, ...parsed };
  });

  const { frames, width, height } = pack(pieces);
  const cells = pieces.map((piece) => {
    const frame = frames.get(piece.art)!;
    return `<svg x="${frame.x}" y="${frame.y}" width="${frame.width}" height="${frame.height}" viewBox="${piece.viewBox}" overflow="hidden">${piece.body}</svg>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${cells.join('')}</svg>`;
  return { data: { version: hash.digest('hex').slice(0, 12), svg, width, height, frames: Object.fromEntries(frames), style }, files };
}

export function villageAtlas(options: VillageAtlasOptions = {}): Plugin {
  return atlasPlugin({ name: 'vikings-village-atlas', moduleId: VILLAGE_ATLAS_MODULE, dir: options.dir ?? process.env.VILLAGE_ASSETS_DIR ?? 'assets/village', build: buildVillageAtlas });
}
