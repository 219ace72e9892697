// Counters the stage keeps about itself: live stages, renderers, WebGL contexts and DOM listeners, and what the last frame
// drew (the movements' markers among it). Development and test builds show them on window.__vikingsMap, where tests prove that leaving the map cleans up and
// the bench reads frame times; a production build keeps them to itself.
import type { TilePoint } from '../state/map';

export interface FrameRecord {
  /** Centre and radius the frame showed (null for stages without a camera, like the designer's). */
  camera: (TilePoint & { radius: number }) | null;
  /** Every tile on screen had its data and was drawn. */
  complete: boolean;
  /** performance.now() when the frame was handed to the GPU, and how long the frame's JS took. */
  at: number;
  durationMs: number;
}

/** A movement's marker as drawn: its movement, and its centre in CSS pixels from the stage's top left corner. */
export interface DrawnMarkerRecord {
  id: string;
  kind: string;
  own: boolean;
  sx: number;
  sy: number;
}

export interface MapDebug {
  /** Stages (map or designer) mounted right now. */
  stages: number;
  /** Pixi renderers created and not yet destroyed. */
  renderers: number;
  /** DOM event listeners the stages have added and not removed. */
  listeners: number;
  /** WebGL contexts created by stages and not yet released (a destroyed renderer loses its context). */
  liveContexts(): number;
  frames: number;
  lastFrame: FrameRecord | null;
  /** Chunks of tiles currently turned into sprites. */
  chunkViews: number;
  /** Chunks turned into sprites since the page loaded, and how many of those were built inside a frame (not ahead). */
  chunkBuilds: number;
  chunkBuildsInFrame: number;
  /** Frames in which only the movements' markers moved: the tiles and highlights were left as they were drawn. */
  markerFrames: number;
  contextLost: boolean;
  contextRestores: number;
  /** Times a stage was rebuilt from scratch because its context did not come back. */
  stageRebuilds: number;
  atlasVersion: string | null;
  /** The map stage's own hooks, for tests and the bench (null while no map stage is mounted). */
  map: {
    renderNow(): void;
    tileAt(sx: number, sy: number): TilePoint;
    screenOf(tile: TilePoint): { sx: number; sy: number };
    /** The movements' markers as the last frame drew them, with their centres on the stage. */
    markers(): DrawnMarkerRecord[];
  } | null;
}

/**
 * Vite writes the build's mode in as a constant, so a production build drops the window property (and the context
 * tracking, which would hold on to every context a visit made) as dead code. `vite build --mode test` keeps them.
 */
const EXPOSED = import.meta.env.MODE !== 'production';

const contexts = new Set<WebGLRenderingContext | WebGL2RenderingContext>();

function createDebug(): MapDebug {
  return {
    stages: 0,
    renderers: 0,
    listeners: 0,
    liveContexts() {
      for (const gl of contexts) if (gl.isContextLost()) contexts.delete(gl);
      return contexts.size;
    },
    frames: 0,
    lastFrame: null,
    chunkViews: 0,
    chunkBuilds: 0,
    chunkBuildsInFrame: 0,
    markerFrames: 0,
    contextLost: false,
    contextRestores: 0,
    stageRebuilds: 0,
    atlasVersion: null,
    map: null,
  };
}

declare global {
  interface Window {
    __vikingsMap?: MapDebug;
  }
}

export const mapDebug: MapDebug = EXPOSED && typeof window !== 'undefined' ? (window.__vikingsMap ??= createDebug()) : createDebug();

export function trackContext(gl: WebGLRenderingContext | WebGL2RenderingContext | undefined): void {
  if (EXPOSED && gl) contexts.add(gl);
}

/** addEventListener that counts, returning its own removal; every listener a stage adds goes through here. */
export function listen<K extends keyof HTMLElementEventMap>(
  target: HTMLElement,
  type: K,
  handler: (event: HTMLElementEventMap[K]) => void,
  options?: AddEventListenerOptions,
): () => void;
export function listen<K extends keyof WindowEventMap>(target: Window, type: K, handler: (event: WindowEventMap[K]) => void, options?: AddEventListenerOptions): () => void;
export function listen(target: EventTarget, type: string, handler: (event: Event) => void, options?: AddEventListenerOptions): () => void;
export function listen(target: EventTarget, type: string, handler: (event: Event) => void, options?: AddEventListenerOptions): () => void {
  target.addEventListener(type, handler, options);
  mapDebug.listeners++;
  let removed = false;
  return () => {
    if (removed) return;
    removed = true;
    target.removeEventListener(type, handler, options);
    mapDebug.listeners--;
  };
}
