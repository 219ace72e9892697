// Armies and merchants on the road: a line from origin to target and a marker where the movement is now, both in the
// colour of its kind (a round marker for the player's own, a diamond for others' coming at them). The movements shown are
// those whose line crosses the view and a slack of half a view around it, chosen again only when the view leaves that
// slack, a movement arrives or the list changes; lines are drawn again only then or at a zoom, and between those a frame
// only moves the markers.
import { Container, Graphics, Sprite } from 'pixi.js';
import type { MapMovement, MovementKind } from '../state/mapMovements';
import type { AtlasTextures } from './atlas';
import type { ViewGeometry } from './coords';
import type { TileRect } from './chunks';
import { markerSize, movementsInView, nextArrival, nextMarkerMove, positionAt, viewRect } from './movements';
import { parseColour } from './tile-fill';
import { tilePosition, UNIT } from './TerrainLayer';

/** CSS pixels a marker may drift from its drawn place before it is drawn again: half a pixel looks like a glide. */
const MARKER_STEP_PX = 0.5;
/** While the view itself moves (a drag, the glide after it), markers may lag this far before the frame is drawn for them. */
const MARKER_LAG_PX = 2;
/** With prefers-reduced-motion, markers step to their true place at most once a second instead of gliding. */
const REDUCED_MOTION_DELAY_MS = 1000;

export interface MovementsScene {
  worldId: string;
  movements: readonly MapMovement[];
  /** CSS pixels around the view that are drawn too (the canvas is larger than the stage). */
  margin: number;
  reducedMotion: boolean;
}

/** Where the last frame drew a marker, in tile coordinates. */
export interface DrawnMarker {
  movement: MapMovement;
  x: number;
  y: number;
}

function sameList(a: readonly MapMovement[], b: readonly MapMovement[]): boolean {
  return a.length === b.length && a.every((movement, i) => movement === b[i]);
}

function contains(outer: TileRect, inner: TileRect): boolean {
  return outer.minX <= inner.minX && outer.maxX >= inner.maxX && outer.minY <= inner.minY && outer.maxY >= inner.maxY;
}

/** What the movements shown were chosen for: chosen again when any of it changes or the view leaves `rect`. */
interface Choice {
  movements: readonly MapMovement[];
  worldId: string;
  rect: TileRect;
  textures: AtlasTextures;
}

export class MovementsLayer {
  private readonly lines = new Graphics({ label: 'movement lines' });
  private readonly markers = new Container({ label: 'movement markers' });
  private readonly sprites: Sprite[] = [];
  private textures: AtlasTextures | null = null;
  private shown: readonly MapMovement[] = [];
  /** What the lines were drawn for: the movements shown, the zoom and the art. */
  private linesFor: { shown: readonly MapMovement[]; tileSize: number; textures: AtlasTextures } | null = null;
  private reducedMotion = false;
  private choice: Choice | null = null;
  /** Date.now() instant from which the markers must be drawn again (Infinity: none on screen moves). */
  nextMoveAt = Number.POSITIVE_INFINITY;
  /** The same for a view on the move: markers then may lag a little more, so a drag rarely has to draw for them. */
  lateMoveAt = Number.POSITIVE_INFINITY;
  /** Date.now() instant at which a movement shown arrives, and the set shown changes (Infinity: none). */
  nextArrivalAt = Number.POSITIVE_INFINITY;
  /** The markers as the last frame placed them. */
  drawn: DrawnMarker[] = [];

  constructor(root: Container) {
    root.addChild(this.lines, this.markers);
  }

  setTextures(textures: AtlasTextures): void {
    this.textures = textures;
    this.linesFor = null;
  }

  /** The movements the last frame showed, in drawing order (incoming last). */
  get visible(): readonly MapMovement[] {
    return this.shown;
  }

  /**
   * Inside a frame: picks the movements whose lines cross the view, draws their lines when those or the zoom changed,
   * and places the markers at `now` (Date.now()).
   */
  update(view: ViewGeometry, scene: MovementsScene, now: number): void {
    this.reducedMotion = scene.reducedMotion;
    const textures = this.textures;
    if (!textures) {
      this.shown = [];
      this.choice = null;
      this.lines.clear();
      this.linesFor = null;
      this.placeMarkers(view, now);
      return;
    }
    const needed = viewRect(view, scene.margin);
    const chosen = this.choice;
    if (
      !chosen ||
      chosen.movements !== scene.movements ||
      chosen.worldId !== scene.worldId ||
      chosen.textures !== textures ||
      now >= this.nextArrivalAt ||
      !contains(chosen.rect, needed)
    ) {
      // Half a view of slack on every side: a drag or an arrow step rarely has to choose (and draw lines) again.
      const slack = scene.margin + Math.max(view.width, view.height) / 2;
      const shown = movementsInView(scene.movements, view, { worldId: scene.worldId, now, margin: slack });
      if (!sameList(shown, this.shown)) this.shown = shown;
      this.choice = { movements: scene.movements, worldId: scene.worldId, rect: viewRect(view, slack), textures };
      this.nextArrivalAt = nextArrival(this.shown, now);
    }
    const drawn = this.linesFor;
    if (!drawn || drawn.shown !== this.shown || drawn.tileSize !== view.tileSize || drawn.textures !== textures) {
      this.drawLines(view.tileSize, textures);
      this.linesFor = { shown: this.shown, tileSize: view.tileSize, textures };
    }
    this.placeMarkers(view, now);
  }

  /** Inside a frame where only time passed: moves the markers to where they are at `now`. */
  moveMarkers(view: ViewGeometry, now: number): void {
    this.placeMarkers(view, now);
  }

  private drawLines(tileSize: number, textures: AtlasTextures): void {
    const style = textures.atlas.style.movements;
    const perPixel = UNIT / tileSize;
    const g = this.lines;
    g.clear();
    if (this.shown.length === 0) return;
    // A dark casing under every line first, so a line reads on any ground; then one path per kind in its colour.
    for (const movement of this.shown) this.segment(movement);
    g.stroke({ width: 4 * perPixel, color: 0x000000, alpha: 0.35 });
    const kinds = new Set<MovementKind>(this.shown.map((movement) => movement.kind));
    for (const kind of kinds) {
      for (const movement of this.shown) if (movement.kind === kind) this.segment(movement);
      g.stroke({ width: 2 * perPixel, color: parseColour(style[kind].colour), alpha: 0.85 });
    }
  }

  private segment(movement: MapMovement): void {
    const from = tilePosition(movement.from.x, movement.from.y);
    const to = tilePosition(movement.to.x, movement.to.y);
    this.lines.moveTo(from.x, from.y).lineTo(to.x, to.y);
  }

  private placeMarkers(view: ViewGeometry, now: number): void {
    const textures = this.textures;
    const count = textures ? this.shown.length : 0;
    while (this.sprites.length < count) {
      const sprite = new Sprite({ anchor: 0.5 });
      this.sprites.push(sprite);
      this.markers.addChild(sprite);
    }
    const size = (markerSize(view.tileSize) * UNIT) / view.tileSize;
    const drawn: DrawnMarker[] = [];
    for (const [i, sprite] of this.sprites.entries()) {
      const movement = this.shown[i];
      if (!textures || !movement || i >= count) {
        sprite.visible = false;
        continue;
      }
      const at = positionAt(movement, now);
      const p = tilePosition(at.x, at.y);
      sprite.visible = true;
      sprite.texture = textures.marker(movement.own ? 'own' : 'incoming');
      sprite.tint = parseColour(textures.atlas.style.movements[movement.kind].colour);
      sprite.position.set(p.x, p.y);
      sprite.setSize(size);
      drawn.push({ movement, x: at.x, y: at.y });
    }
    this.drawn = drawn;
    const minDelay = this.reducedMotion ? REDUCED_MOTION_DELAY_MS : 0;
    this.nextMoveAt = nextMarkerMove(view, this.shown, { now, step: MARKER_STEP_PX, minDelay });
    this.lateMoveAt = nextMarkerMove(view, this.shown, { now, step: MARKER_LAG_PX, minDelay });
  }

  destroy(): void {
    this.lines.destroy();
    for (const sprite of this.sprites.splice(0)) sprite.destroy();
    this.markers.destroy();
    this.textures = null;
    this.linesFor = null;
    this.choice = null;
    this.shown = [];
    this.drawn = [];
  }
}
