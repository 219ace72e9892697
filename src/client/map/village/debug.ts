// Counters the village scene keeps about itself: live scenes and their DOM listeners, redraws, what the last drawing showed
// slot by slot, and when it was drawn. Development and test builds show them on window.__vikingsVillage, where the browser
// test counts the buildings drawn and the bench reads draw times and redraws; a production build keeps them to itself.
// (The Pixi renderers and WebGL contexts of every stage, this one's included, are counted on window.__vikingsMap.)

export interface VillageDrawRecord {
  /** performance.now() when the drawing was handed to the GPU, and how long its JS took. */
  at: number;
  durationMs: number;
  /** performance.now() when the data it shows arrived (setData), so a test or bench can measure data to drawing. */
  dataAt: number;
}

export interface VillageSlotRecord {
  /** The art drawn for the slot: `<type>-<look>`, a field's look, or `plot`. */
  art: string;
  /** The building standing there (null for an empty plot) and its level. */
  type: string | null;
  level: number | null;
  scaffolding: boolean;
}

export interface VillageDebug {
  /** Village scenes mounted right now (the page's picture and the designer's). */
  stages: number;
  /** DOM event listeners the scenes have added and not removed. */
  listeners: number;
  /** Drawings handed to the GPU since the page loaded: zero more while nothing changes. */
  frames: number;
  lastDraw: VillageDrawRecord | null;
  /** The last drawing, slot by slot (fields 1-18, inner slots 19-40). */
  slots: Record<number, VillageSlotRecord>;
  /** The countdown text drawn over each slot under construction. */
  countdowns: Record<number, string>;
  /** The look of the wall drawn round the village, or null when none stands. */
  wall: number | null;
  /** Finished constructions that flashed (none under prefers-reduced-motion). */
  flashes: number;
  contextLost: boolean;
  contextRestores: number;
  atlasVersion: string | null;
  /** The mounted scene's own hooks (null while none is mounted). */
  scene: {
    renderNow(): void;
    /** Where a slot's label point is on the stage, in CSS pixels from the host's corner (null when it shows nothing). */
    stagePointOf(slot: number): { x: number; y: number } | null;
    /** The slot a stage point picks. */
    slotAt(x: number, y: number): number | null;
  } | null;
}

/**
 * Vite writes the build's mode in as a constant, so a production build drops the window property as dead code.
 * `vite build --mode test` keeps it.
 */
const EXPOSED = import.meta.env.MODE !== 'production';

function createDebug(): VillageDebug {
  return {
    stages: 0,
    listeners: 0,
    frames: 0,
    lastDraw: null,
    slots: {},
    countdowns: {},
    wall: null,
    flashes: 0,
    contextLost: false,
    contextRestores: 0,
    atlasVersion: null,
    scene: null,
  };
}

declare global {
  interface Window {
    __vikingsVillage?: VillageDebug;
  }
}

export const villageDebug: VillageDebug = EXPOSED && typeof window !== 'undefined' ? (window.__vikingsVillage ??= createDebug()) : createDebug();

/** addEventListener that counts, returning its own removal; every listener the scene adds goes through here. */
export function listenCounted<K extends keyof HTMLElementEventMap>(target: HTMLElement, type: K, handler: (event: HTMLElementEventMap[K]) => void): () => void;
export function listenCounted<K extends keyof DocumentEventMap>(target: Document, type: K, handler: (event: DocumentEventMap[K]) => void): () => void;
export function listenCounted(target: EventTarget, type: string, handler: (event: Event) => void): () => void;
export function listenCounted(target: EventTarget, type: string, handler: (event: Event) => void): () => void {
  target.addEventListener(type, handler);
  villageDebug.listeners++;
  let removed = false;
  return () => {
    if (removed) return;
    removed = true;
    target.removeEventListener(type, handler);
    villageDebug.listeners--;
  };
}
