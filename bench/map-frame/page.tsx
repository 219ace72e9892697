// The page bench/map-frame.ts drives in headless Chromium: the real map stage (MapStage over the map atoms, with armies on
// the march when the data has them) and, as a baseline, a plain React DOM grid of the same tiles, each panned and moved by
// arrow clicks the same way.
import { createStore, Provider, useAtomValue, useStore } from 'jotai';
import { memo, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import atlas from 'virtual:map-atlas';
import MapStage from '../../src/client/map/MapStage';
import { findTile } from '../../src/client/map/chunks';
import { tileFill } from '../../src/client/map/tile-fill';
import { TILE_LOOKS, tileLook } from '../../src/rules/tile-looks';
import { centreOnAtom, makeCamera, mapCameraAtom, mapChunksAtom, moveCameraAtom, selectedTileAtom, type MapChunk, type MapTile } from '../../src/client/state/map';
import { mapMovementsAtom } from '../../src/client/state/mapMovements';
import { userAtom } from '../../src/client/state/session';
import type { BenchMovement } from '../support/movements';

export interface BenchData {
  worldId: string;
  viewerId: string;
  centre: { x: number; y: number };
  radius: number;
  stage: number;
  chunks: MapChunk[];
  /** Armies on the map (none when left out), their instants relative to the mount. */
  movements?: BenchMovement[];
}

/** What the stage drew while nothing happened but time passing (armies marching). */
export interface IdleResult {
  /** Frames drawn, and how many of them moved only the markers. */
  frames: number;
  markerFrames: number;
  /** JS time of each frame drawn. */
  js: number[];
  /** Markers the last frame drew. */
  markers: number;
}

export interface PanResult {
  /** JS time of each frame: the pointer move and everything it does synchronously, including drawing. */
  js: number[];
  /** Time between animation frames while panning. */
  interval: number[];
  /** For each frame, whether the pointer move changed the centre tile (the camera atom), not only the offset. */
  centreChanged: boolean[];
}

/** Where one arrow click's time went (the stage only): from the click to its frame, the frame's JS, and the rest. */
export interface ArrowTrace {
  total: number;
  /** Click to the start of the stage's frame callback. */
  wait: number;
  /** The frame's JS: updating the layers and Pixi's render call. */
  frameJs: number;
  /** Chunks built as sprites inside that frame. */
  builtInFrame: number;
}

export interface BenchApi {
  mount(mode: 'pixi' | 'dom', data: BenchData): Promise<void>;
  pan(frames: number, stepPx: number): Promise<PanResult>;
  arrows(count: number): Promise<number[]>;
  /** Intervals between animation frames with nothing mounted. */
  idleFrames(count: number): Promise<number[]>;
  /** Clicks on tiles of the stage, each to the end of the first frame showing the selection. */
  selects(count: number): Promise<number[]>;
  /** Arrow clicks on the stage with where their time went. */
  traceArrows(count: number): Promise<ArrowTrace[]>;
  /** Waits `ms` without touching the stage and reports the frames it drew by itself. */
  idle(ms: number): Promise<IdleResult>;
  unmount(): void;
}

declare global {
  interface Window {
    bench: BenchApi;
    /** The DOM grid's last committed centre. */
    domDrawn?: { x: number; y: number };
  }
}

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
/** Resolves after the current frame has been rendered (style, layout, paint and the canvas commit included). */
const afterPaint = () => new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));

let root: Root | null = null;
let store = createStore();
let mode: 'pixi' | 'dom' = 'pixi';

// ------------------------------------------------------------------------------------------------
// The baseline: (2r+1)^2 divs in a CSS grid, keyed by coordinates and memoised, re-rendered when the centre changes;
// a drag moves the grid by a transform until it has moved a whole tile, then the centre changes.

const iconCss = TILE_LOOKS.map((look) => `.t-${look}{background-image:url("${atlas.iconUrls[look]}")}`).join('');

const DomTile = memo(function DomTile({ tile, viewerId }: { tile: MapTile | null; viewerId: string }) {
  if (!tile) return <div className="t" />;
  const look = tileLook(tile, { id: viewerId, allianceId: null, relations: new Map() });
  const fill = tileFill(atlas.style, look, tile.x, tile.y).toString(16).padStart(6, '0');
  return <div className={`t t-${look}`} style={{ backgroundColor: `#${fill}` }} />;
});

function DomGrid({ viewerId, stage }: { viewerId: string; stage: number }) {
  const camera = useAtomValue(mapCameraAtom)!;
  const chunks = useAtomValue(mapChunksAtom);
  const writable = useStore();
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ x: number; y: number } | null>(null);
  const side = 2 * camera.radius + 1;
  const tileSize = stage / side;

  useLayoutEffect(() => {
    window.domDrawn = { x: camera.x, y: camera.y };
  }, [camera]);

  const cells = [];
  for (let y = camera.y + camera.radius; y >= camera.y - camera.radius; y--) {
    for (let x = camera.x - camera.radius; x <= camera.x + camera.radius; x++) {
      cells.push(<DomTile key={`${x}|${y}`} tile={findTile(chunks, camera.worldId, x, y)} viewerId={viewerId} />);
    }
  }

  function onPointerMove(event: ReactPointerEvent) {
    const from = drag.current;
    if (!from) return;
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    drag.current = { x: event.clientX, y: event.clientY };
    flushSync(() => {
      let ox = offset.x + dx;
      let oy = offset.y + dy;
      const tilesX = Math.round(-ox / tileSize);
      const tilesY = Math.round(oy / tileSize);
      if (tilesX !== 0 || tilesY !== 0) {
        writable.set(centreOnAtom, { x: camera.x + tilesX, y: camera.y + tilesY });
        ox += tilesX * tileSize;
        oy -= tilesY * tileSize;
      }
      setOffset({ x: ox, y: oy });
    });
  }

  return (
    <div style={{ width: stage, height: stage, overflow: 'hidden', position: 'relative' }}>
      <style>{`.t{background-size:86%;background-position:center;background-repeat:no-repeat;box-shadow:inset 0 0 0 0.5px rgba(0,0,0,.35)}${iconCss}`}</style>
      <div
        id="dom-grid"
        onPointerDown={(event) => (drag.current = { x: event.clientX, y: event.clientY })}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        style={{
          display: 'grid',
          gridTemplateColumns: `repeat(${side}, ${tileSize}px)`,
          gridAutoRows: `${tileSize}px`,
          transform: `translate(${offset.x}px, ${offset.y}px)`,
        }}
      >
        {cells}
      </div>
    </div>
  );
}

// ------------------------------------------------------------------------------------------------

function BenchPage({ data: d }: { data: BenchData }) {
  const writable = useStore();
  return (
    <div>
      <div style={{ position: 'relative', width: d.stage, height: d.stage }}>{mode === 'pixi' ? <MapStage /> : <DomGrid viewerId={d.viewerId} stage={d.stage} />}</div>
      <button id="arrow-east" type="button" onClick={() => writable.set(moveCameraAtom, { x: 5, y: 0 })}>
        →
      </button>
      <button id="arrow-west" type="button" onClick={() => writable.set(moveCameraAtom, { x: -5, y: 0 })}>
        ←
      </button>
    </div>
  );
}

function isDrawn(x: number, y: number): boolean {
  if (mode === 'dom') return window.domDrawn?.x === x && window.domDrawn?.y === y;
  const frame = window.__vikingsMap?.lastFrame;
  return !!frame?.complete && frame.camera?.x === x && frame.camera?.y === y;
}

async function until(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const started = performance.now();
  while (!check()) {
    if (performance.now() - started > timeoutMs) throw new Error('bench: timed out waiting for the map to draw');
    await nextFrame();
  }
}

/**
 * When the frame showing the new view has been rendered: a DOM commit happens in the click and is painted in the next
 * frame; the stage draws in its next animation frame. Either way: the end of the first frame that shows the new tiles.
 */
function paintedOnceDrawn(check: () => boolean, timeoutMs = 20_000): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const done = () => setTimeout(() => resolve(performance.now()), 0);
    const poll = () => {
      if (check()) done();
      else if (performance.now() - started > timeoutMs) reject(new Error('bench: timed out waiting for the map to draw'));
      else requestAnimationFrame(poll);
    };
    // Already drawn (a DOM commit inside the click): painted at the end of the next frame. Else the poll runs after the
    // stage's own frame callback (registered earlier, during the click) in that same frame.
    if (check()) requestAnimationFrame(done);
    else requestAnimationFrame(poll);
  });
}

function pointer(type: string, target: Element, x: number, y: number): void {
  target.dispatchEvent(new PointerEvent(type, { bubbles: true, cancelable: true, clientX: x, clientY: y, pointerId: 1, pointerType: 'mouse', button: 0, buttons: type === 'pointerup' ? 0 : 1, isPrimary: true }));
}

window.bench = {
  async mount(nextMode, nextData) {
    mode = nextMode;
    store = createStore();
    store.set(userAtom, { id: nextData.viewerId, username: 'bench', email: 'bench@example.com', role: 'user' } as never);
    store.set(mapChunksAtom, new Map(nextData.chunks.map((chunk) => [chunk.key, chunk])));
    const mounted = Date.now();
    store.set(
      mapMovementsAtom,
      (nextData.movements ?? []).map(({ departedAgoMs, arrivesInMs, ...movement }) => ({ ...movement, departsAt: mounted - departedAgoMs, arrivesAt: mounted + arrivesInMs })),
    );
    store.set(mapCameraAtom, makeCamera(nextData.worldId, nextData.centre.x, nextData.centre.y, nextData.radius));
    root = createRoot(document.getElementById('root')!);
    root.render(
      <Provider store={store}>
        <BenchPage data={nextData} />
      </Provider>,
    );
    await until(() => isDrawn(nextData.centre.x, nextData.centre.y), 60_000);
    await afterPaint();
  },

  async pan(frames, stepPx) {
    const target = mode === 'pixi' ? document.querySelector('canvas')! : document.getElementById('dom-grid')!;
    const box = target.getBoundingClientRect();
    let x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    pointer('pointerdown', target, x, y);
    // Past the drag threshold before measuring.
    x -= 8;
    pointer('pointermove', target, x, y);
    await nextFrame();
    const js: number[] = [];
    const interval: number[] = [];
    const centreChanged: boolean[] = [];
    let last = await nextFrame();
    for (let i = 0; i < frames; i++) {
      const now = await nextFrame();
      interval.push(now - last);
      last = now;
      // Pan left, then back, so the view stays over loaded ground.
      x += i < frames / 2 ? -stepPx : stepPx;
      const cameraBefore = store.get(mapCameraAtom);
      const started = performance.now();
      pointer('pointermove', target, x, y);
      if (mode === 'pixi') window.__vikingsMap!.map!.renderNow();
      js.push(performance.now() - started);
      centreChanged.push(store.get(mapCameraAtom) !== cameraBefore);
    }
    pointer('pointerup', target, x, y);
    // The mouse then leaves the map for the arrow buttons, as a player's does (no hover is left on the map).
    pointer('pointerleave', target, x, y);
    await afterPaint();
    return { js, interval, centreChanged };
  },

  async arrows(count) {
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      const camera = store.get(mapCameraAtom)!;
      const east = i % 2 === 0;
      const want = { x: camera.x + (east ? 5 : -5), y: camera.y };
      await nextFrame();
      const clicked = performance.now();
      (document.getElementById(east ? 'arrow-east' : 'arrow-west') as HTMLButtonElement).click();
      times.push((await paintedOnceDrawn(() => isDrawn(want.x, want.y))) - clicked);
    }
    return times;
  },

  async idleFrames(count) {
    const intervals: number[] = [];
    let last = await nextFrame();
    for (let i = 0; i < count; i++) {
      const now = await nextFrame();
      intervals.push(now - last);
      last = now;
    }
    return intervals;
  },

  async selects(count) {
    const canvas = document.querySelector('canvas')!;
    // The stage's box is its host's: the canvas is drawn larger than the stage and clipped by it.
    const box = canvas.parentElement!.getBoundingClientRect();
    const times: number[] = [];
    for (let i = 0; i < count; i++) {
      const x = box.left + box.width * (0.2 + 0.06 * i);
      const y = box.top + box.height * (0.3 + 0.04 * i);
      const tile = window.__vikingsMap!.map!.tileAt(x - box.left, y - box.top);
      await nextFrame();
      const clicked = performance.now();
      pointer('pointerdown', canvas, x, y);
      pointer('pointerup', canvas, x, y);
      times.push(
        (await paintedOnceDrawn(() => {
          const selected = store.get(selectedTileAtom);
          const frame = window.__vikingsMap!.lastFrame;
          return !!selected && selected.x === tile.x && selected.y === tile.y && !!frame && frame.at >= clicked;
        })) - clicked,
      );
    }
    return times;
  },

  async traceArrows(count) {
    const traces: ArrowTrace[] = [];
    for (let i = 0; i < count; i++) {
      const camera = store.get(mapCameraAtom)!;
      const east = i % 2 === 0;
      const want = { x: camera.x + (east ? 5 : -5), y: camera.y };
      await nextFrame();
      const builtBefore = window.__vikingsMap!.chunkBuilds;
      const clicked = performance.now();
      (document.getElementById(east ? 'arrow-east' : 'arrow-west') as HTMLButtonElement).click();
      const end = await paintedOnceDrawn(() => isDrawn(want.x, want.y));
      const frame = window.__vikingsMap!.lastFrame!;
      traces.push({
        total: end - clicked,
        wait: frame.at - frame.durationMs - clicked,
        frameJs: frame.durationMs,
        builtInFrame: window.__vikingsMap!.chunkBuilds - builtBefore,
      });
    }
    return traces;
  },

  async idle(ms) {
    const debug = window.__vikingsMap!;
    const framesBefore = debug.frames;
    const markerFramesBefore = debug.markerFrames;
    const js: number[] = [];
    let seen = debug.lastFrame?.at ?? 0;
    const until = performance.now() + ms;
    while (performance.now() < until) {
      await nextFrame();
      const frame = debug.lastFrame;
      if (frame && frame.at !== seen) {
        seen = frame.at;
        js.push(frame.durationMs);
      }
    }
    return { frames: debug.frames - framesBefore, markerFrames: debug.markerFrames - markerFramesBefore, js, markers: debug.map?.markers().length ?? 0 };
  },

  unmount() {
    root?.unmount();
    root = null;
  },
};
