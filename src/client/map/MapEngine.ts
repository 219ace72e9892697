// The world map stage as a plain class: draws what the map atoms say (camera, chunks, selection, hover, the viewer's relations, the
// player's movements) and turns gestures and keys into the map's intents. React only creates it once Pixi is ready and disposes it on unmount.
import type { Application, Container, Renderer } from 'pixi.js';
import type { getDefaultStore } from 'jotai';
import {
  centreOnAtom,
  goHomeAtom,
  hoveredTileAtom,
  mapCameraAtom,
  mapChunksAtom,
  mapHomeAtom,
  moveCameraAtom,
  selectTileAtom,
  selectedTileAtom,
  zoomCameraAtom,
  type HoveredTile,
  type MapCamera,
  type MapChunk,
  type TilePoint,
} from '../state/map';
import type { AtlasTextures } from './atlas';
import { hoveredMovementAtom, mapMovementsAtom, type MapMovement } from '../state/mapMovements';
import { mapViewerAtom, type MapViewer } from '../state/relations';
import { planChunks, type ChunkRef } from './chunks';
import { dragToTiles, screenToTile, splitCentre, tileScreenRect, tileToScreen, viewGeometry, type ScreenPoint, type ViewGeometry } from './coords';
import { listen, mapDebug } from './debug';
import { StageInput, type KeyAction } from './input';
import { pickMarker } from './movements';
import { MovementsLayer } from './MovementsLayer';
import { OverlayLayer } from './OverlayLayer';
import { StageRuntime } from './runtime';
import { placeLayer, TerrainLayer } from './TerrainLayer';

export type MapStore = ReturnType<typeof getDefaultStore>;

export interface MapEngineParts {
  app: Application;
  /** Layer shells created by the React tree (@pixi/react): tiles below, highlights above them, movements on top. */
  terrain: Container;
  overlay: Container;
  movements: Container;
  /** The element the canvas fills. */
  host: HTMLElement;
  store: MapStore;
  onUnrecoverable(): void;
}

/** Time per task for building nearby chunks between frames: short enough not to delay a pointer event noticeably. */
const PREPARE_SLICE_MS = 4;

/** How long the map glides onto whole tiles after a drag is released. */
const SETTLE_MS = 140;

/**
 * CSS pixels drawn beyond each edge of the stage. While nothing but the view's position changes (a drag, the glide after
 * it, an arrow click of a few tiles), a frame moves the last drawn canvas by up to this much instead of drawing again:
 * a drag's frame then costs its pointer event and a style change, and Pixi draws about once per PAD / (px per frame).
 */
export const STAGE_PAD = 96;

/** Everything a drawn canvas depends on besides where the view is centred. */
interface DrawnScene {
  centreX: number;
  centreY: number;
  worldId: string;
  radius: number;
  width: number;
  height: number;
  chunks: ReadonlyMap<string, MapChunk>;
  selected: TilePoint | null;
  hovered: HoveredTile | null;
  home: TilePoint | null;
  /** Stable while nothing it colours changed (mapViewerAtom), so identity tells whether villages need drawing again. */
  viewer: MapViewer | null;
  textures: AtlasTextures | null;
  /** The player's movements (mapMovementsAtom, kept while a read changes nothing); their markers' places come from the clock. */
  movements: readonly MapMovement[];
}

function sameScene(a: DrawnScene, b: DrawnScene): boolean {
  return (
    a.worldId === b.worldId &&
    a.radius === b.radius &&
    a.width === b.width &&
    a.height === b.height &&
    a.chunks === b.chunks &&
    a.selected === b.selected &&
    a.hovered === b.hovered &&
    a.home === b.home &&
    a.viewer === b.viewer &&
    a.textures === b.textures &&
    a.movements === b.movements
  );
}

/** Whether the player asked the system for less motion: markers then step to their places instead of gliding. */
function reducedMotionQuery(): MediaQueryList | null {
  return typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;
}

export class MapEngine {
  private readonly store: MapStore;
  private readonly parts: MapEngineParts;
  private readonly runtime: StageRuntime;
  private readonly terrain: TerrainLayer;
  private readonly overlay: OverlayLayer;
  private readonly movements: MovementsLayer;
  private readonly input: StageInput;
  private readonly reducedMotion = reducedMotionQuery();
  private readonly unsubscribers: (() => void)[] = [];

  /** The part of a drag that has not yet moved the camera by a whole tile. */
  private offset = { x: 0, y: 0 };
  private settle: { fromX: number; fromY: number; start: number } | null = null;
  private pointer: ScreenPoint | null = null;
  private geometry: ViewGeometry | null = null;
  private plannedFor: MapCamera | null = null;
  private nearby: ChunkRef[] = [];
  private drawnCamera: MapCamera | null = null;
  private drawnComplete = false;
  private disposed = false;
  /** What the canvas shows when it was last drawn by Pixi, if every tile was drawn. */
  private drawnScene: DrawnScene | null = null;
  /** The pending between-frames build of nearby chunks. */
  private prepareTimer: ReturnType<typeof setTimeout> | null = null;
  /** The pending frame that moves the markers (or drops an arrived movement), and the instant it is for. */
  private markerTimer: ReturnType<typeof setTimeout> | null = null;
  private markerTimerAt = Number.POSITIVE_INFINITY;

  constructor(parts: MapEngineParts) {
    this.parts = parts;
    this.store = parts.store;
    this.terrain = new TerrainLayer(parts.terrain, parts.app.renderer as Renderer);
    this.overlay = new OverlayLayer(parts.overlay);
    this.movements = new MovementsLayer(parts.movements);
    this.runtime = new StageRuntime({
      app: parts.app,
      host: parts.host,
      onFrame: (now) => this.frame(now),
      onFramed: (durationMs) => this.framed(durationMs),
      onTextures: (textures) => {
        this.terrain.setTextures(textures);
        this.movements.setTextures(textures);
      },
      onUnrecoverable: parts.onUnrecoverable,
      pad: STAGE_PAD,
    });

    const redraw = () => this.runtime.requestRender();
    for (const watched of [mapChunksAtom, selectedTileAtom, mapHomeAtom, mapViewerAtom, mapMovementsAtom]) this.unsubscribers.push(this.store.sub(watched, redraw));
    if (this.reducedMotion) this.unsubscribers.push(listen(this.reducedMotion, 'change', redraw));
    // A jump of the camera (arrow, key, search, home) is drawn at once rather than at the next animation frame: the
    // chunks around are built ahead, so the frame is cheap, and an event late in a frame still makes that frame.
    // A drag draws at the next animation frame, once per frame however many pointer moves it brings.
    this.unsubscribers.push(this.store.sub(mapCameraAtom, () => (this.input?.dragging ? redraw() : this.runtime.renderNow())));

    this.input = new StageInput(parts.app.canvas, {
      click: (point) => this.click(point),
      hover: (point) => this.hover(point),
      dragStart: () => {
        this.settle = null;
      },
      drag: (dx, dy) => this.drag(dx, dy),
      dragEnd: () => {
        this.settle = { fromX: this.offset.x, fromY: this.offset.y, start: performance.now() };
        this.runtime.requestRender();
      },
      wheel: (direction, point) => {
        const anchor = this.geometry ? screenToTile(this.geometry, point) : undefined;
        this.store.set(zoomCameraAtom, { direction, anchor });
      },
      key: (action) => this.key(action),
    }, parts.host);

    mapDebug.map = {
      renderNow: () => this.runtime.renderNow(),
      tileAt: (sx, sy) => (this.geometry ? screenToTile(this.geometry, { sx, sy }) : { x: 0, y: 0 }),
      screenOf: (tile) => (this.geometry ? tileToScreen(this.geometry, tile) : { sx: 0, sy: 0 }),
      markers: () => {
        const geometry = this.geometry;
        if (!geometry) return [];
        return this.movements.drawn.map(({ movement, x, y }) => ({ id: movement.id, kind: movement.kind, own: movement.own, ...tileToScreen(geometry, { x, y }) }));
      },
    };
  }

  private camera(): MapCamera | null {
    return this.store.get(mapCameraAtom);
  }

  private frame(now: number): boolean {
    const camera = this.camera();
    let again = false;
    if (this.settle) {
      const t = Math.min(1, (now - this.settle.start) / SETTLE_MS);
      const remaining = (1 - t) ** 3;
      this.offset = { x: this.settle.fromX * remaining, y: this.settle.fromY * remaining };
      if (t >= 1) this.settle = null;
      else again = true;
    }
    if (!camera) {
      this.drawnScene = null;
      this.geometry = null;
      this.drawnCamera = null;
      this.drawnComplete = false;
      this.parts.terrain.visible = false;
      this.parts.overlay.visible = false;
      this.parts.movements.visible = false;
      return again;
    }
    this.parts.terrain.visible = true;
    this.parts.overlay.visible = true;
    this.parts.movements.visible = true;

    const geometry = viewGeometry(this.runtime.width, this.runtime.height, { x: camera.x + this.offset.x, y: camera.y + this.offset.y }, camera.radius);
    this.geometry = geometry;
    if (this.plannedFor !== camera) {
      this.plannedFor = camera;
      this.nearby = planChunks(camera).prefetch;
    }
    this.refreshHover();
    const home = this.store.get(mapHomeAtom);
    const scene: DrawnScene = {
      centreX: geometry.centreX,
      centreY: geometry.centreY,
      worldId: camera.worldId,
      radius: camera.radius,
      width: geometry.width,
      height: geometry.height,
      chunks: this.store.get(mapChunksAtom),
      selected: this.store.get(selectedTileAtom),
      hovered: this.store.get(hoveredTileAtom),
      home: home && home.worldId === camera.worldId ? home : null,
      viewer: this.store.get(mapViewerAtom),
      textures: this.runtime.textures,
      movements: this.store.get(mapMovementsAtom),
    };
    this.drawnCamera = camera;
    const clock = Date.now();
    // A movement shown arrived: the lines change, so the frame is drawn in full.
    if (clock >= this.movements.nextArrivalAt) this.drawnScene = null;

    const drawn = this.drawnScene;
    if (drawn && sameScene(drawn, scene)) {
      // Only the view's position changed since the last complete drawing, and by less than the pad: move that drawing.
      // Whole device pixels keep the tiles sharp; picking uses the exact centre, less than half a pixel away.
      const ratio = window.devicePixelRatio || 1;
      const shiftX = Math.round((drawn.centreX - scene.centreX) * geometry.tileSize * ratio) / ratio;
      const shiftY = Math.round((scene.centreY - drawn.centreY) * geometry.tileSize * ratio) / ratio;
      if (Math.abs(shiftX) <= STAGE_PAD && Math.abs(shiftY) <= STAGE_PAD) {
        // Markers are drawn again once they drifted half a pixel; while the view moves, once they drifted a little more.
        const moving = shiftX !== 0 || shiftY !== 0;
        const markersDue = clock >= (moving ? this.movements.lateMoveAt : this.movements.nextMoveAt);
        if (!markersDue && this.runtime.showShifted(shiftX, shiftY)) {
          this.drawnComplete = true;
          this.scheduleMarkers(moving);
          return again;
        }
        // Only time passed for what is drawn: the tiles and highlights stay as they are, the markers go to their new places.
        if (markersDue && this.runtime.drawShifted(shiftX, shiftY)) {
          this.movements.moveMarkers(geometry, clock);
          mapDebug.markerFrames++;
          this.drawnComplete = true;
          this.scheduleMarkers(moving);
          return again;
        }
      }
    }

    // The canvas's top left corner is STAGE_PAD above and left of the stage's, and it shows that much more on every side.
    placeLayer(this.parts.terrain, geometry, STAGE_PAD, STAGE_PAD);
    placeLayer(this.parts.overlay, geometry, STAGE_PAD, STAGE_PAD);
    placeLayer(this.parts.movements, geometry, STAGE_PAD, STAGE_PAD);
    const result = this.terrain.update(geometry, { worldId: camera.worldId, chunks: scene.chunks, viewer: scene.viewer }, this.nearby, STAGE_PAD);
    this.overlay.update(geometry, this.runtime.textures?.atlas.style ?? null, { selected: scene.selected, hovered: scene.hovered, home: scene.home });
    this.movements.update(
      geometry,
      { worldId: camera.worldId, movements: scene.movements, margin: STAGE_PAD, reducedMotion: this.reducedMotion?.matches ?? false },
      clock,
    );
    this.scheduleMarkers(false);
    this.drawnComplete = result.complete;
    this.drawnScene = result.complete ? scene : null;
    if (result.pending) this.schedulePrepare();
    return again;
  }

  /**
   * Asks for a frame when the markers on screen have moved far enough to be drawn again, or a movement arrives; nothing
   * when none moves, so a still map with armies far away draws no frames at all.
   */
  private scheduleMarkers(viewMoved: boolean): void {
    const at = Math.min(viewMoved ? this.movements.lateMoveAt : this.movements.nextMoveAt, this.movements.nextArrivalAt);
    if (at === this.markerTimerAt || this.disposed) return;
    if (this.markerTimer !== null) clearTimeout(this.markerTimer);
    this.markerTimer = null;
    this.markerTimerAt = at;
    if (!Number.isFinite(at)) return;
    this.markerTimer = setTimeout(() => {
      this.markerTimer = null;
      this.markerTimerAt = Number.POSITIVE_INFINITY;
      this.runtime.requestRender();
    }, Math.max(0, at - Date.now()));
  }

  /**
   * Builds the chunks around the screen between frames, a few milliseconds per task, so neither a drag's frames nor an
   * arrow click's frame has to build them; hidden chunks need no frame of their own.
   */
  private schedulePrepare(): void {
    if (this.prepareTimer !== null || this.disposed) return;
    this.prepareTimer = setTimeout(() => {
      this.prepareTimer = null;
      if (this.disposed) return;
      if (this.terrain.prepare(performance.now() + PREPARE_SLICE_MS)) this.schedulePrepare();
    }, 0);
  }

  private framed(durationMs: number): void {
    mapDebug.frames++;
    const camera = this.drawnCamera;
    mapDebug.lastFrame = {
      camera: camera ? { x: camera.x, y: camera.y, radius: camera.radius } : null,
      complete: this.drawnComplete,
      at: performance.now(),
      durationMs,
    };
  }

  private click(point: ScreenPoint): void {
    if (!this.geometry) return;
    this.store.set(selectTileAtom, screenToTile(this.geometry, point));
  }

  private hover(point: ScreenPoint | null): void {
    this.pointer = point;
    this.refreshHover();
    this.runtime.requestRender();
  }

  /**
   * Keeps the hover atoms on the marker or else the tile under the pointer, also when the map or a marker moves beneath a
   * still pointer.
   */
  private refreshHover(): void {
    const geometry = this.geometry;
    const point = this.pointer;
    const current = this.store.get(hoveredTileAtom);
    if (!geometry || !point || this.input?.dragging) {
      if (current) this.store.set(hoveredTileAtom, null);
      if (this.store.get(hoveredMovementAtom)) this.store.set(hoveredMovementAtom, null);
      return;
    }
    if (this.hoverMarker(geometry, point)) {
      if (current) this.store.set(hoveredTileAtom, null);
      return;
    }
    const tile = screenToTile(geometry, point);
    const rect = tileScreenRect(geometry, tile);
    const same =
      current &&
      current.x === tile.x &&
      current.y === tile.y &&
      Math.abs(current.left - rect.left) < 0.5 &&
      Math.abs(current.top - rect.top) < 0.5 &&
      Math.abs(current.size - rect.size) < 0.5 &&
      current.stageWidth === geometry.width;
    if (!same) this.store.set(hoveredTileAtom, { x: tile.x, y: tile.y, ...rect, stageWidth: geometry.width });
  }

  /** Puts the marker under the pointer (if any) into its hover atom; returns whether there is one. */
  private hoverMarker(geometry: ViewGeometry, point: ScreenPoint): boolean {
    const now = Date.now();
    const movement = pickMarker(geometry, this.movements.visible, point, now);
    const current = this.store.get(hoveredMovementAtom);
    if (!movement) {
      if (current) this.store.set(hoveredMovementAtom, null);
      return false;
    }
    const drawn = this.movements.drawn.find((marker) => marker.movement === movement);
    const at = tileToScreen(geometry, drawn ?? { x: movement.from.x, y: movement.from.y });
    const same = current && current.id === movement.id && Math.abs(current.left - at.sx) < 0.5 && Math.abs(current.top - at.sy) < 0.5 && current.stageWidth === geometry.width;
    if (!same) this.store.set(hoveredMovementAtom, { id: movement.id, left: at.sx, top: at.sy, stageWidth: geometry.width });
    return true;
  }

  private drag(dx: number, dy: number): void {
    const camera = this.camera();
    if (!camera || !this.geometry) return;
    const moved = dragToTiles(this.geometry, dx, dy);
    const targetX = camera.x + this.offset.x + moved.x;
    const targetY = camera.y + this.offset.y + moved.y;
    const { tile } = splitCentre(targetX, targetY);
    if (tile.x !== camera.x || tile.y !== camera.y) this.store.set(centreOnAtom, tile);
    const now = this.camera() ?? camera;
    // At the edge of the world the camera stops; so does the drag.
    const clamp = (value: number) => Math.max(-0.5, Math.min(0.5, value));
    this.offset = { x: clamp(targetX - now.x), y: clamp(targetY - now.y) };
    this.runtime.requestRender();
  }

  private key(action: KeyAction): void {
    switch (action.type) {
      case 'move':
        this.store.set(moveCameraAtom, { x: action.dx, y: action.dy } satisfies TilePoint);
        break;
      case 'zoom':
        this.store.set(zoomCameraAtom, { direction: action.direction });
        break;
      case 'home':
        this.store.set(goHomeAtom);
        break;
      case 'clear-selection':
        this.store.set(selectTileAtom, null);
        break;
    }
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (this.prepareTimer !== null) clearTimeout(this.prepareTimer);
    this.prepareTimer = null;
    if (this.markerTimer !== null) clearTimeout(this.markerTimer);
    this.markerTimer = null;
    this.input.dispose();
    for (const unsubscribe of this.unsubscribers.splice(0)) unsubscribe();
    // Sprites first, then the textures they use (the runtime owns those).
    this.terrain.destroy();
    this.overlay.destroy();
    this.movements.destroy();
    this.runtime.dispose();
    if (this.store.get(hoveredTileAtom)) this.store.set(hoveredTileAtom, null);
    if (this.store.get(hoveredMovementAtom)) this.store.set(hoveredMovementAtom, null);
    mapDebug.map = null;
  }
}
