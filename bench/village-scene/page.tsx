// The page bench/village-scene.ts drives in headless Chromium: the real village scene (VillageScene as the village page
// mounts it), handed a sample village, then new reads of it, then left alone.
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import VillageScene from '../../src/client/map/village/VillageScene';
import type { VillageSceneData } from '../../src/client/map/village/VillageEngine';
import type { SceneBuilding } from '../../src/client/map/village/layout';

export interface ReadTiming {
  /** From handing the scene the read to the end of its drawing's JS (the scene draws inside the render that brings the data). */
  drawn: number;
  /** From handing the scene the read to the end of the next frame (style, layout and the canvas composited). */
  painted: number;
  /** The drawing's own JS, as the scene measured it. */
  drawJs: number;
  /** The scene drew exactly once for the read. */
  draws: number;
}

export interface VillageBenchApi {
  /** Mounts the scene at this size with a village; resolves with the time to its first drawing (Pixi, the atlas and the scene). */
  mount(buildings: SceneBuilding[], size: { width: number; height: number }): Promise<number>;
  /** Hands the scene a new read of a village (by id: a read of the same village whose levels rose makes them flash). */
  read(villageId: string, buildings: SceneBuilding[]): Promise<ReadTiming>;
  /** Intervals between animation frames. */
  idleFrames(count: number): Promise<number[]>;
  /** Drawings made since the page loaded. */
  draws(): number;
  unmount(): void;
}

declare global {
  interface Window {
    villageBench: VillageBenchApi;
  }
}

const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(resolve));
/** Resolves after the current frame has been rendered (style, layout, paint and the canvas commit included). */
const afterPaint = () => new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0)));

let root: Root | null = null;
let setData: ((data: VillageSceneData) => void) | null = null;
let readAt = Date.now();

function Bench({ initial }: { initial: VillageSceneData }) {
  const [data, set] = useState(initial);
  setData = set;
  return <VillageScene data={data} onOpen={() => undefined} label="Village scene bench" />;
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const started = performance.now();
  while (!check()) {
    if (performance.now() - started > timeoutMs) throw new Error('bench: timed out waiting for the village to draw');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

window.villageBench = {
  async mount(buildings, size) {
    const stage = document.getElementById('stage')!;
    stage.style.width = `${size.width}px`;
    stage.style.height = `${size.height}px`;
    const started = performance.now();
    root = createRoot(stage);
    root.render(<Bench initial={{ villageId: 'bench', buildings, readAt }} />);
    await until(() => (window.__vikingsVillage?.lastDraw?.at ?? 0) > started, 60_000);
    const drawn = window.__vikingsVillage!.lastDraw!.at - started;
    await afterPaint();
    return drawn;
  },

  async read(villageId, buildings) {
    await nextFrame();
    const before = window.__vikingsVillage!.frames;
    readAt = Date.now();
    const started = performance.now();
    flushSync(() => setData!({ villageId, buildings, readAt }));
    const drawn = performance.now() - started;
    const painted = (await afterPaint()) - started;
    const last = window.__vikingsVillage!.lastDraw!;
    return { drawn, painted, drawJs: last.durationMs, draws: window.__vikingsVillage!.frames - before };
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

  draws() {
    return window.__vikingsVillage?.frames ?? 0;
  },

  unmount() {
    root?.unmount();
    root = null;
    setData = null;
  },
};
