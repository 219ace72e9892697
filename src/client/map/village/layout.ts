// Where the village scene puts everything (fields in a ring, inner slots round the great hall, the wall, its gate), which
// look a level shows, what a point picks, what finished between two reads and how finely to draw the art: plain
// arithmetic in scene units (1200 x 800), no Pixi.
import { GREAT_HALL_SLOT, INNER_SLOT_FIRST, INNER_SLOT_LAST, isFieldType, type BuildingType } from '../../../rules/buildings';
import { ART_BOXES, artKind, type BuildingLook, type FieldLook, type VillageArt, type VillageSizes } from './village-atlas-data';

export const SCENE_WIDTH = 1200;
export const SCENE_HEIGHT = 800;

export interface Point {
  x: number;
  y: number;
}

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

interface Ellipse {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
}

/** The middle of the village: the rings of slots, the wall and the fields are centred here (the ground's art agrees). */
export const VILLAGE_CENTRE: Point = { x: 600, y: 410 };
/** The great hall's foot: a little in front of the centre, so the hall's bulk sits in the middle of the inner ring. */
export const GREAT_HALL_POINT: Point = { x: 600, y: 438 };

/** The 18 fields on a ring outside the wall. */
export const FIELD_RING: Ellipse = { ...centre(), rx: 506, ry: 322 };
/** Slot 1's angle and the step between fields, in degrees clockwise from east (y grows downwards). The front (90°) falls between two fields, where the road leaves. */
const FIELD_FIRST_ANGLE = -140;
const FIELD_STEP = 20;
const FIELD_SLOT_LAST = 18;

/**
 * The inner slots after the great hall's, on two rings round it: 20-27 on the inner ring, 28-40 on the outer. Each ring
 * spreads its slots evenly but for an open `gap` (degrees) at the front for the path to the gate; the outer ring is turned
 * by `turn` so that its slots fall between the inner ring's and no building hides much of another (at most about a tenth
 * of one, measured over the buildings' boxes).
 */
export const INNER_RINGS: readonly (Ellipse & { first: number; count: number; gap: number; turn: number })[] = [
  { ...centre(), rx: 192, ry: 128, first: INNER_SLOT_FIRST + 1, count: 8, gap: 42, turn: 0 },
  { ...centre(), rx: 306, ry: 192, first: INNER_SLOT_FIRST + 9, count: INNER_SLOT_LAST - INNER_SLOT_FIRST - 8, gap: 50, turn: 6.5 },
];

/** The wall runs round the inner slots; its gate faces the viewer, where the road leaves. */
export const WALL_RING: Ellipse = { ...centre(), rx: 404, ry: 256 };
const GATE_ANGLE = 90;

function centre(): { cx: number; cy: number } {
  return { cx: VILLAGE_CENTRE.x, cy: VILLAGE_CENTRE.y };
}

function onEllipse(ring: Ellipse, degrees: number): Point {
  const radians = (degrees * Math.PI) / 180;
  return { x: ring.cx + ring.rx * Math.cos(radians), y: ring.cy + ring.ry * Math.sin(radians) };
}

/** Where a slot's art stands (inner slots) or is centred (fields), or null for a number that is no slot. */
export function slotPoint(slot: number): Point | null {
  if (!Number.isInteger(slot)) return null;
  if (slot >= 1 && slot <= FIELD_SLOT_LAST) return onEllipse(FIELD_RING, FIELD_FIRST_ANGLE + (slot - 1) * FIELD_STEP);
  if (slot === GREAT_HALL_SLOT) return GREAT_HALL_POINT;
  for (const ring of INNER_RINGS) {
    const index = slot - ring.first;
    if (index < 0 || index >= ring.count) continue;
    // The first slot is front left of the gap, then clockwise round the ring to the front right.
    const step = (360 - ring.gap) / (ring.count - 1);
    return onEllipse(ring, GATE_ANGLE + ring.gap / 2 + ring.turn + index * step);
  }
  return null;
}

/** Level ranges of the looks: 1-9, 10-19, 20-30. */
export const LOOK_FROM_LEVEL: readonly [number, number] = [10, 20];

/** The look of an inner building (or of the wall round the village) at a level. */
export function buildingLook(level: number): BuildingLook {
  if (level >= LOOK_FROM_LEVEL[1]) return 3;
  if (level >= LOOK_FROM_LEVEL[0]) return 2;
  return 1;
}

/** The look of a field: untouched at level 0, then by the same ranges as buildings. */
export function fieldLook(level: number): FieldLook {
  return level <= 0 ? 0 : buildingLook(level);
}

/** What the scene needs of a building: the overview's buildings fit as they are. */
export interface SceneBuilding {
  slot: number;
  type: BuildingType;
  level: number;
  isUpgrading: boolean;
  /** Seconds left of the running upgrade as the read said, or null. */
  remainingTime: number | null;
}

/** The art a slot shows: a field or a building by type and level look, or a plot (an empty inner slot, or one whose first level is being built). */
export function slotArt(building: SceneBuilding | null): VillageArt {
  if (!building) return 'plot';
  if (isFieldType(building.type)) return `${building.type}-${fieldLook(building.level)}`;
  if (building.level < 1) return 'plot';
  return `${building.type}-${buildingLook(building.level)}`;
}

export interface ScenePiece {
  art: VillageArt;
  /** Where the art's anchor is (ART_BOXES), in scene units. */
  x: number;
  y: number;
  /** Drawn size, in scene units. */
  width: number;
  height: number;
  /** The slot a click on it opens (the wall's pieces open the wall), or null. */
  slot: number | null;
  /** Where a pointer picks it, or null for pieces that pick nothing (scaffolding: the slot under it picks). */
  hit: Box | null;
  /** Drawing order, back to front: the y of its foot, so nearer things cover farther ones. */
  depth: number;
}

export interface SlotPlace {
  slot: number;
  building: SceneBuilding | null;
  art: VillageArt;
  /** The art's anchor. */
  point: Point;
  /** At the top middle of the art: where its tooltip points and its countdown stands. */
  label: Point;
  scaffolding: boolean;
}

export interface ScenePlan {
  /** Back to front. */
  pieces: ScenePiece[];
  /** Every slot that shows something (the 18 fields the village has, and the 22 inner slots), by number. */
  places: Map<number, SlotPlace>;
  /** The wall round the village, when one stands (level 1 or more). */
  wall: { slot: number; look: BuildingLook } | null;
}

/** The drawn size of a piece of art of `width` scene units, keeping its box's proportions. */
function sized(art: VillageArt, width: number): { width: number; height: number } {
  const box = ART_BOXES[artKind(art)];
  return { width, height: (width * box.height) / box.width };
}

/**
 * How much of a building's box its art fills upwards from its foot, by look: a first look is a low hut, the last a
 * hall with banners. A plot is flat; scaffolding stands tall.
 */
const BUILDING_HEIGHTS: Readonly<Record<BuildingLook, number>> = { 1: 0.52, 2: 0.64, 3: 0.78 };
const PLOT_HEIGHT = 0.24;
const SCAFFOLDING_HEIGHT = 0.8;

/** The part of a building's box that shows the building (its art leaves air above and to the sides). */
function buildingHit(point: Point, size: number, height: number): Box {
  return { left: point.x - size * 0.42, right: point.x + size * 0.42, top: point.y - size * height, bottom: point.y + size * 0.06 };
}

function fieldHit(point: Point, width: number, height: number): Box {
  return { left: point.x - width * 0.47, right: point.x + width * 0.47, top: point.y - height * 0.5, bottom: point.y + height * 0.36 };
}

function artBox(piece: { x: number; y: number; width: number; height: number; art: VillageArt }): Box {
  const box = ART_BOXES[artKind(piece.art)];
  const left = piece.x - piece.width * box.anchorX;
  const top = piece.y - piece.height * box.anchorY;
  return { left, top, right: left + piece.width, bottom: top + piece.height };
}

/** Scaffolding over a field is a little smaller than over a building. */
const FIELD_SCAFFOLDING = 0.72;

/** Lays the village out: every field and inner slot with its art, scaffolding over constructions, and the wall with its gate. */
export function planScene(buildings: readonly SceneBuilding[], sizes: VillageSizes): ScenePlan {
  const bySlot = new Map<number, SceneBuilding>();
  for (const building of buildings) bySlot.set(building.slot, building);
  const pieces: ScenePiece[] = [];
  const places = new Map<number, SlotPlace>();

  for (let slot = 1; slot <= INNER_SLOT_LAST; slot++) {
    const point = slotPoint(slot);
    const building = bySlot.get(slot) ?? null;
    // A field slot always holds its field; one missing from the read shows nothing.
    if (!point || (slot <= FIELD_SLOT_LAST && (!building || !isFieldType(building.type)))) continue;
    const art = slotArt(building);
    const field = artKind(art) === 'field';
    const width = field ? sizes.field : building?.type === 'great_hall' ? sizes.greatHall : sizes.building;
    const size = sized(art, width);
    const scaffolding = building?.isUpgrading === true;
    let hit: Box;
    if (field) hit = fieldHit(point, size.width, size.height);
    else {
      const look = art === 'plot' || !building ? null : buildingLook(building.level);
      const height = Math.max(look === null ? PLOT_HEIGHT : BUILDING_HEIGHTS[look], scaffolding ? SCAFFOLDING_HEIGHT : 0);
      hit = buildingHit(point, size.width, height);
    }
    pieces.push({ art, x: point.x, y: point.y, ...size, slot, hit, depth: point.y });
    let top = hit.top;
    if (scaffolding) {
      // Over a field the scaffolding stands on the patch's front edge; over a building, on its foot.
      const scaffold = sized('scaffolding', field ? sizes.building * FIELD_SCAFFOLDING : width);
      const foot = field ? point.y + size.height * 0.3 : point.y;
      pieces.push({ art: 'scaffolding', x: point.x, y: foot, ...scaffold, slot: null, hit: null, depth: Math.max(point.y, foot) + 0.5 });
      top = Math.min(top, foot - scaffold.height * SCAFFOLDING_HEIGHT);
    }
    places.set(slot, { slot, building, art, point, label: { x: point.x, y: top + 6 }, scaffolding });
  }

  const wallBuilding = buildings.find((b) => b.type === 'wall' && b.level >= 1) ?? null;
  const wall = wallBuilding ? { slot: wallBuilding.slot, look: buildingLook(wallBuilding.level) } : null;
  if (wall) pieces.push(...wallPieces(wall, sizes));

  pieces.sort((a, b) => a.depth - b.depth);
  return { pieces, places, wall };
}

/** Points along the wall's ellipse at equal distances, leaving the gate's gap at the front. */
export function wallPosts(spacing: number, gateWidth: number): Point[] {
  // The ellipse's length measured along many short chords, then cut into equal steps.
  const samples = 720;
  const points: Point[] = [];
  const lengths = [0];
  for (let i = 0; i <= samples; i++) {
    points.push(onEllipse(WALL_RING, GATE_ANGLE + (i * 360) / samples));
    if (i > 0) lengths.push(lengths[i - 1]! + Math.hypot(points[i]!.x - points[i - 1]!.x, points[i]!.y - points[i - 1]!.y));
  }
  const total = lengths[samples]!;
  const count = Math.max(1, Math.round(total / spacing));
  const posts: Point[] = [];
  let at = 0;
  for (let n = 0; n < count; n++) {
    const wanted = (n * total) / count;
    while (at < samples - 1 && lengths[at + 1]! < wanted) at++;
    const span = lengths[at + 1]! - lengths[at]!;
    const t = span > 0 ? (wanted - lengths[at]!) / span : 0;
    const a = points[at]!;
    const b = points[at + 1]!;
    const post = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
    if (inGateGap(post, gateWidth)) continue;
    posts.push(post);
  }
  return posts;
}

/** The gate's foot: the front of the wall's ellipse. */
export function gatePoint(): Point {
  return onEllipse(WALL_RING, GATE_ANGLE);
}

function inGateGap(point: Point, gateWidth: number): boolean {
  const gate = gatePoint();
  return point.y > WALL_RING.cy && Math.abs(point.x - gate.x) < gateWidth * 0.42;
}

/** The wall's pieces: posts round the ring and the gate, each opening the wall's card. */
export function wallPieces(wall: { slot: number; look: BuildingLook }, sizes: VillageSizes): ScenePiece[] {
  const postArt: VillageArt = `wall-ring-${wall.look}`;
  const gateArt: VillageArt = `wall-gate-${wall.look}`;
  const post = ART_BOXES['wall-ring'];
  const postSize = { width: (sizes.wall * post.width) / post.height, height: sizes.wall };
  const pieces: ScenePiece[] = wallPosts(postSize.width * 0.8, sizes.gate).map((point) => {
    const piece = { art: postArt, x: point.x, y: point.y, ...postSize };
    return { ...piece, slot: wall.slot, hit: artBox(piece), depth: point.y };
  });
  const gate = gatePoint();
  const gatePiece = { art: gateArt, x: gate.x, y: gate.y, ...sized(gateArt, sizes.gate) };
  pieces.push({ ...gatePiece, slot: wall.slot, hit: artBox(gatePiece), depth: gate.y });
  return pieces;
}

function contains(box: Box, point: Point): boolean {
  return point.x >= box.left && point.x <= box.right && point.y >= box.top && point.y <= box.bottom;
}

/** The slot under a scene point: of the pieces whose hit area holds it, the one drawn in front; null for bare ground. */
export function pickSlot(plan: ScenePlan, point: Point): number | null {
  for (let i = plan.pieces.length - 1; i >= 0; i--) {
    const piece = plan.pieces[i]!;
    if (piece.slot !== null && piece.hit && contains(piece.hit, point)) return piece.slot;
  }
  return null;
}

/** How the scene sits in a stage of a given size: scaled to fit whole, centred. */
export interface SceneView {
  scale: number;
  /** Stage position of the scene's corner, in CSS pixels. */
  left: number;
  top: number;
}

export function fitScene(width: number, height: number): SceneView {
  const scale = Math.max(0.01, Math.min(width / SCENE_WIDTH, height / SCENE_HEIGHT));
  return { scale, left: (width - SCENE_WIDTH * scale) / 2, top: (height - SCENE_HEIGHT * scale) / 2 };
}

export function toScene(view: SceneView, point: Point): Point {
  return { x: (point.x - view.left) / view.scale, y: (point.y - view.top) / view.scale };
}

export function toStage(view: SceneView, point: Point): Point {
  return { x: view.left + point.x * view.scale, y: view.top + point.y * view.scale };
}

/** The constructions that finished between two reads of the same village: a slot whose building rose a level. */
export function finishedConstructions(before: readonly SceneBuilding[], after: readonly SceneBuilding[]): number[] {
  const previous = new Map(before.map((b) => [b.slot, b]));
  return after.filter((b) => {
    const was = previous.get(b.slot);
    return was !== undefined && was.type === b.type && b.level > was.level;
  }).map((b) => b.slot);
}

/** The whole seconds left of a construction due at `endsAt`, as the countdown shows them. */
export function secondsLeft(endsAt: number, now: number): number {
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

/** Browsers draw textures up to 4096 pixels on a side everywhere; a larger atlas would not load on every GPU. */
const MAX_TEXTURE_SIDE = 4096;
/**
 * How much larger than the scene's own scale the art is drawn at its largest: the great hall is drawn about 1.6 times
 * its art's size, and the atlas is rasterised for it (the rest is a little smaller on screen, which needs no mipmaps).
 */
const LARGEST_ART_SCALE = 1.6;

/**
 * Pixels per atlas unit for a stage that shows a scene unit as `stagePixels` device pixels: enough for the largest art
 * to be sharp, at least 1, and never past the texture size limit. Sampling at about one texel per pixel is what lets the
 * scene draw without mipmaps, which cost software WebGL several times the frame.
 */
export function rasterScale(atlas: { width: number; height: number }, stagePixels: number): number {
  const wanted = Math.max(1, Math.ceil(stagePixels * LARGEST_ART_SCALE * 4) / 4);
  return Math.min(wanted, MAX_TEXTURE_SIDE / Math.max(atlas.width, atlas.height));
}
