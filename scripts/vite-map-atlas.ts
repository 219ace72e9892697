// Vite plugin: packs the tile icons of assets/ into one SVG texture atlas with assets/map-style.json, as `virtual:map-atlas`.
// In `npm run dev` a change to an icon or to the style file hot-updates the module, so the map and /designer/map redraw.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, normalize, relative, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';
import { TILE_LOOKS, type AtlasFrame, type MapAtlasData, type MapStyle, type TileLook, type TileLookStyle } from '../src/client/map/atlas-data.ts';

export const MAP_ATLAS_MODULE = 'virtual:map-atlas';
const RESOLVED_ID = `\0${MAP_ATLAS_MODULE}`;

/** Every icon gets a 64 x 64 cell; the icon itself is drawn inset so mipmaps of neighbours never bleed into each other. */
const CELL = 64;
const INSET = 2;
const COLUMNS = 4;

export interface MapAtlasOptions {
  /** Folder holding map-style.json and the icons; relative to the Vite root. Defaults to MAP_ASSETS_DIR or `assets`. */
  dir?: string;
}

/** A build error that names the file and says what to fix. */
class AtlasError extends Error {
  constructor(file: string, message: string) {
    super(`map atlas: ${file}: ${message}`);
    this.name = 'AtlasError';
  }
}

const HEX = /^#[0-9a-fA-F]{6}$/;

function readStyle(dir: string): MapStyle {
  const file = join(dir, 'map-style.json');
  if (!existsSync(file)) throw new AtlasError(file, 'missing (it maps tile types to icons, colours and labels)');
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new AtlasError(file, `not valid JSON (${(error as Error).message})`);
  }
  if (!raw || typeof raw !== 'object') throw new AtlasError(file, 'must be a JSON object');
  const doc = raw as Record<string, unknown>;
  const tiles = doc.tiles as Record<string, unknown> | undefined;
  if (!tiles || typeof tiles !== 'object') throw new AtlasError(file, '"tiles" must be an object keyed by tile type');
  const unknownKeys = Object.keys(tiles).filter((key) => !(TILE_LOOKS as readonly string[]).includes(key));
  if (unknownKeys.length) throw new AtlasError(file, `unknown tile type ${unknownKeys.join(', ')} (known: ${TILE_LOOKS.join(', ')})`);

  const looks = {} as Record<TileLook, TileLookStyle>;
  for (const look of TILE_LOOKS) {
    const entry = tiles[look] as Record<string, unknown> | undefined;
    if (!entry || typeof entry !== 'object') throw new AtlasError(file, `tiles.${look} is missing`);
    const { icon, fill, label } = entry;
    if (typeof icon !== 'string' || !icon.endsWith('.svg')) throw new AtlasError(file, `tiles.${look}.icon must name an .svg file`);
    if (typeof fill !== 'string' || !HEX.test(fill)) throw new AtlasError(file, `tiles.${look}.fill must be a colour like #3d7a5a`);
    if (typeof label !== 'string' || label.trim() === '') throw new AtlasError(file, `tiles.${look}.label must be a non-empty string`);
    looks[look] = { icon, fill: fill.toLowerCase(), label: label.trim() };
  }

  const colour = (key: string, fallback: string): string => {
    const value = doc[key] ?? fallback;
    if (typeof value !== 'string' || !HEX.test(value)) throw new AtlasError(file, `"${key}" must be a colour like #0b0f14`);
    return value.toLowerCase();
  };
  const share = (key: string, fallback: number, min: number, max: number): number => {
    const value = doc[key] ?? fallback;
    if (typeof value !== 'number' || !(value >= min && value <= max)) throw new AtlasError(file, `"${key}" must be a number from ${min} to ${max}`);
    return value;
  };
  return {
    tiles: looks,
    iconScale: share('iconScale', 0.86, 0.2, 1),
    fillVariation: share('fillVariation', 0.07, 0, 0.3),
    background: colour('background', '#0b0f14'),
    selection: colour('selection', '#f0c766'),
    hover: colour('hover', '#ffffff'),
  };
}

interface ParsedSvg {
  viewBox: string;
  body: string;
}

/** Takes one icon apart: its viewBox and its content, with ids made unique to the icon so icons cannot clash in the atlas. */
function parseIcon(file: string, text: string, prefix: string): ParsedSvg {
  const cleaned = text.replace(/<\?xml[\s\S]*?\?>/g, '').replace(/<!DOCTYPE[\s\S]*?>/gi, '').replace(/<!--[\s\S]*?-->/g, '');
  const match = /^\s*<svg\b([^>]*)>([\s\S]*)<\/svg>\s*$/.exec(cleaned);
  if (!match) throw new AtlasError(file, 'not an SVG document (expected one <svg> root element)');
  const [, attributes, body] = match;
  // A script or foreign HTML would taint the canvas the atlas is drawn on, and remote references would not load under CSP.
  if (/<script|<foreignObject|\bon[a-z]+\s*=/i.test(body)) throw new AtlasError(file, 'scripts, event handlers and <foreignObject> are not allowed in icons');
  if (/(?:href|src)\s*=\s*["'](?!#)/i.test(body)) throw new AtlasError(file, 'icons must be self-contained (no links to other files)');
  let viewBox = /\bviewBox\s*=\s*["']([^"']+)["']/.exec(attributes)?.[1];
  if (!viewBox) {
    const width = /\bwidth\s*=\s*["']([\d.]+)/.exec(attributes)?.[1];
    const height = /\bheight\s*=\s*["']([\d.]+)/.exec(attributes)?.[1];
    if (!width || !height) throw new AtlasError(file, 'the <svg> element needs a viewBox (or width and height)');
    viewBox = `0 0 ${width} ${height}`;
  }
  const unique = body
    .replace(/\bid\s*=\s*(["'])([^"']+)\1/g, (_all, quote: string, id: string) => `id=${quote}${prefix}-${id}${quote}`)
    .replace(/url\(\s*#([^)\s]+)\s*\)/g, (_all, id: string) => `url(#${prefix}-${id})`)
    .replace(/href\s*=\s*(["'])#([^"']+)\1/g, (_all, quote: string, id: string) => `href=${quote}#${prefix}-${id}${quote}`);
  return { viewBox, body: unique.trim() };
}

/** The icon files of a style, resolved inside the assets folder (a style may not reach outside it). */
function iconPath(dir: string, styleFile: string, icon: string): string {
  const path = normalize(resolve(dir, icon));
  if (relative(dir, path).startsWith('..') || isAbsolute(relative(dir, path))) throw new AtlasError(styleFile, `icon ${icon} lies outside ${dir}`);
  if (!existsSync(path)) throw new AtlasError(styleFile, `icon ${icon} not found in ${dir}`);
  return path;
}

export interface BuiltAtlas {
  data: MapAtlasData;
  /** Every file the atlas was made from, for the watcher. */
  files: string[];
}

/** Reads the style and the icons of `dir` and packs them into one atlas. */
export function buildMapAtlas(dir: string): BuiltAtlas {
  const styleFile = join(dir, 'map-style.json');
  const style = readStyle(dir);
  const rows = Math.ceil(TILE_LOOKS.length / COLUMNS);
  const width = COLUMNS * CELL;
  const height = rows * CELL;
  const frames = {} as Record<TileLook, AtlasFrame>;
  const iconUrls = {} as Record<TileLook, string>;
  const cells: string[] = [];
  const files = [styleFile];
  const hash = createHash('sha256').update(readFileSync(styleFile));

  TILE_LOOKS.forEach((look, index) => {
    const file = iconPath(dir, styleFile, style.tiles[look].icon);
    files.push(file);
    const text = readFileSync(file, 'utf8');
    hash.update(look).update(text);
    const icon = parseIcon(file, text, `icon-${look}`);
    const x = (index % COLUMNS) * CELL;
    const y = Math.floor(index / COLUMNS) * CELL;
    frames[look] = { x, y, width: CELL, height: CELL };
    const size = CELL - 2 * INSET;
    cells.push(`<svg x="${x + INSET}" y="${y + INSET}" width="${size}" height="${size}" viewBox="${icon.viewBox}" overflow="hidden">${icon.body}</svg>`);
    const alone = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${icon.viewBox}">${icon.body}</svg>`;
    iconUrls[look] = `data:image/svg+xml,${encodeURIComponent(alone)}`;
  });

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${cells.join('')}</svg>`;
  return { data: { version: hash.digest('hex').slice(0, 12), svg, width, height, frames, style, iconUrls }, files };
}

function isInside(dir: string, file: string): boolean {
  const path = normalize(file);
  return path === dir || path.startsWith(dir.endsWith(sep) ? dir : dir + sep);
}

export function mapAtlas(options: MapAtlasOptions = {}): Plugin {
  let dir = '';
  return {
    name: 'vikings-map-atlas',
    configResolved(config) {
      dir = normalize(resolve(config.root, options.dir ?? process.env.MAP_ASSETS_DIR ?? 'assets'));
    },
    resolveId(id) {
      return id === MAP_ATLAS_MODULE ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      const { data, files } = buildMapAtlas(dir);
      for (const file of files) this.addWatchFile(file);
      return `export default ${JSON.stringify(data)};\n`;
    },
    handleHotUpdate({ file, server }) {
      if (!isInside(dir, file)) return undefined;
      const module = server.moduleGraph.getModuleById(RESOLVED_ID);
      if (!module) return undefined;
      server.moduleGraph.invalidateModule(module);
      // Only the atlas module changes; its importers accept it (the map reloads its textures, React refreshes the legend).
      return [module];
    },
  };
}
