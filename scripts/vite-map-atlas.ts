// Vite plugin: packs the tile icons of assets/ into one SVG texture atlas with assets/map-style.json, as `virtual:map-atlas`.
// In `npm run dev` a change to an icon or to the style file hot-updates the module, so the map and /designer/map redraw.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, normalize, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { atlasPlugin } from './atlas-plugin.ts';
import {
  MOVEMENT_TYPES,
  TILE_LOOKS,
  VILLAGE_TIERS,
  type AtlasFrame,
  type MapAtlasData,
  type MapStyle,
  type MarkStyle,
  type MovementStyle,
  type MovementType,
  type TierStyle,
  type TileLook,
  type TileLookStyle,
  type VillageTier,
} from '../src/client/map/atlas-data.ts';

export const MAP_ATLAS_MODULE = 'virtual:map-atlas';

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

  const entryOf = (section: string, key: string): Record<string, unknown> => {
    const entry = (doc[section] as Record<string, unknown> | undefined)?.[key] as Record<string, unknown> | undefined;
    if (!entry || typeof entry !== 'object') throw new AtlasError(file, `${section}.${key} is missing`);
    return entry;
  };
  const iconOf = (where: string, icon: unknown): string => {
    if (typeof icon !== 'string' || !icon.endsWith('.svg')) throw new AtlasError(file, `${where}.icon must name an .svg file`);
    return icon;
  };
  const labelOf = (where: string, label: unknown): string => {
    if (typeof label !== 'string' || label.trim() === '') throw new AtlasError(file, `${where}.label must be a non-empty string`);
    return label.trim();
  };
  const numberOf = (where: string, value: unknown, min: number, max: number): number => {
    if (typeof value !== 'number' || !(value >= min && value <= max)) throw new AtlasError(file, `${where} must be a number from ${min} to ${max}`);
    return value;
  };
  const onlyKnown = (section: string, known: readonly string[]) => {
    const entries = doc[section];
    if (!entries || typeof entries !== 'object') throw new AtlasError(file, `"${section}" must be an object keyed by ${known.join(', ')}`);
    const unknown = Object.keys(entries).filter((key) => !known.includes(key));
    if (unknown.length) throw new AtlasError(file, `unknown ${section} entry ${unknown.join(', ')} (known: ${known.join(', ')})`);
  };

  onlyKnown('tiers', VILLAGE_TIERS);
  const tiers = {} as Record<VillageTier, TierStyle>;
  for (const tier of VILLAGE_TIERS) {
    const entry = entryOf('tiers', tier);
    const where = `tiers.${tier}`;
    tiers[tier] = {
      icon: iconOf(where, entry.icon),
      label: labelOf(where, entry.label),
      scale: numberOf(`${where}.scale`, entry.scale, 0.3, 1),
      centreY: numberOf(`${where}.centreY`, entry.centreY, 0.2, 0.8),
    };
  }
  const capitalEntry = doc.capital as Record<string, unknown> | undefined;
  if (!capitalEntry || typeof capitalEntry !== 'object') throw new AtlasError(file, '"capital" must name the icon and label of the capital\'s mark');
  const capital: MarkStyle = { icon: iconOf('capital', capitalEntry.icon), label: labelOf('capital', capitalEntry.label) };
  onlyKnown('movements', MOVEMENT_TYPES);
  const movements = {} as Record<MovementType, MovementStyle>;
  for (const kind of MOVEMENT_TYPES) {
    const entry = entryOf('movements', kind);
    const where = `movements.${kind}`;
    if (typeof entry.colour !== 'string' || !HEX.test(entry.colour)) throw new AtlasError(file, `${where}.colour must be a colour like #e5484d`);
    movements[kind] = { colour: entry.colour.toLowerCase(), label: labelOf(where, entry.label) };
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
    tiers,
    capital,
    movements,
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

/** Reads the style and the icons of `dir` and packs them into one atlas: the looks' icons, then the tiers', then the capital's mark. */
export function buildMapAtlas(dir: string): BuiltAtlas {
  const styleFile = join(dir, 'map-style.json');
  const style = readStyle(dir);
  const entries: { key: string; icon: string }[] = [
    ...TILE_LOOKS.map((look) => ({ key: look, icon: style.tiles[look].icon })),
    ...VILLAGE_TIERS.map((tier) => ({ key: `tier-${tier}`, icon: style.tiers[tier].icon })),
    { key: 'capital', icon: style.capital.icon },
  ];
  const rows = Math.ceil(entries.length / COLUMNS);
  const width = COLUMNS * CELL;
  const height = rows * CELL;
  const cells: string[] = [];
  const files = [styleFile];
  const hash = createHash('sha256').update(readFileSync(styleFile));
  const packed = new Map<string, { frame: AtlasFrame; icon: ParsedSvg }>();

  entries.forEach(({ key, icon: iconFile }, index) => {
    const file = iconPath(dir, styleFile, iconFile);
    files.push(file);
    const text = readFileSync(file, 'utf8');
    hash.update(key).update(text);
    const icon = parseIcon(file, text, `icon-${key}`);
    const x = (index % COLUMNS) * CELL;
    const y = Math.floor(index / COLUMNS) * CELL;
    packed.set(key, { frame: { x, y, width: CELL, height: CELL }, icon });
    const size = CELL - 2 * INSET;
    cells.push(`<svg x="${x + INSET}" y="${y + INSET}" width="${size}" height="${size}" viewBox="${icon.viewBox}" overflow="hidden">${icon.body}</svg>`);
  });

  const entry = (key: string) => packed.get(key)!;
  const alone = (icon: ParsedSvg) => `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="${icon.viewBox}">${icon.body}</svg>`)}`;
  const frames = {} as Record<TileLook, AtlasFrame>;
  const iconUrls = {} as Record<TileLook, string>;
  for (const look of TILE_LOOKS) {
    frames[look] = entry(look).frame;
    iconUrls[look] = alone(entry(look).icon);
  }
  // The legend shows each tier as the map draws it: another player's village icon placed by the tier, its icon over it.
  const tierFrames = {} as Record<VillageTier, AtlasFrame>;
  const tierIconUrls = {} as Record<VillageTier, string>;
  const sample = entry('village').icon;
  for (const tier of VILLAGE_TIERS) {
    const { frame, icon } = entry(`tier-${tier}`);
    tierFrames[tier] = frame;
    const { scale, centreY } = style.tiers[tier];
    const size = 64 * scale;
    const placed = `<svg x="${32 - size / 2}" y="${64 * centreY - size / 2}" width="${size}" height="${size}" viewBox="${sample.viewBox}">${sample.body}</svg>`;
    const over = `<svg x="0" y="0" width="64" height="64" viewBox="${icon.viewBox}">${icon.body}</svg>`;
    tierIconUrls[tier] = `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${placed}${over}</svg>`)}`;
  }
  const capital = entry('capital');

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${cells.join('')}</svg>`;
  return {
    data: {
      version: hash.digest('hex').slice(0, 12),
      svg,
      width,
      height,
      frames,
      tierFrames,
      capitalFrame: capital.frame,
      style,
      iconUrls,
      tierIconUrls,
      capitalIconUrl: alone(capital.icon),
    },
    files,
  };
}

export function mapAtlas(options: MapAtlasOptions = {}): Plugin {
  return atlasPlugin({ name: 'vikings-map-atlas', moduleId: MAP_ATLAS_MODULE, dir: options.dir ?? process.env.MAP_ASSETS_DIR ?? 'assets', build: buildMapAtlas });
}
