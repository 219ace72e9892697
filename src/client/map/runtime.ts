// What every stage needs around its Pixi Application: frames on demand, following the host's size,
// the atlas textures (reloaded when the art changes), surviving a lost WebGL context, and tearing all of it down.
import type { Application } from 'pixi.js';
import { loadAtlasTextures, currentAtlas, subscribeAtlas, type AtlasTextures } from './atlas';
import type { MapAtlasData } from './atlas-data';
import { listen, mapDebug } from './debug';

export interface RuntimeOptions {
  app: Application;
  /** The element the canvas fills; its size is the stage's size. */
  host: HTMLElement;
  /** Brings the scene up to date for a frame; returns true when another frame is wanted (an animation, more chunks to build). */
  onFrame(now: number): boolean;
  /** Called after a frame was handed to the GPU, with how long its JS took. */
  onFramed?(durationMs: number): void;
  /** New textures are in place (first load, or the art changed); the old ones are destroyed right after. */
  onTextures(textures: AtlasTextures): void;
  /** The WebGL context is gone for good; the owner should build a new stage. */
  onUnrecoverable(): void;
  /**
   * CSS pixels drawn beyond each edge of the host (0 by default). The canvas is that much larger than the host and
   * clipped by it, so a small move of the view can be shown by shifting the drawn canvas (shift) instead of drawing again.
   */
  pad?: number;
}

/**
 * Textures one batch may mix. Every sprite of the map comes from one atlas (the highlights add Pixi's white texture);
 * Pixi's default of 16 makes each pixel's shader walk 16 texture slots, which software WebGL (SwiftShader, many VMs and
 * remote desktops) pays for with frames two to three times slower.
 */
const BATCH_TEXTURES = 2;

function limitBatchTextures(app: Application): void {
  const limits = (app.renderer as { limits?: { maxBatchableTextures: number } }).limits;
  if (limits) limits.maxBatchableTextures = Math.min(limits.maxBatchableTextures, BATCH_TEXTURES);
}

/** How long to wait for a lost context before asking for it back, and before giving up on it. */
const RESTORE_AFTER_MS = 300;
const GIVE_UP_AFTER_MS = 4000;

export class StageRuntime {
  width = 0;
  height = 0;
  textures: AtlasTextures | null = null;

  private readonly app: Application;
  private readonly options: RuntimeOptions;
  private readonly disposers: (() => void)[] = [];
  private frameRequest = 0;
  private disposed = false;
  private lost = false;
  private lossTimers: ReturnType<typeof setTimeout>[] = [];
  private atlasLoad = 0;
  private ready = false;
  private readonly pad: number;
  /** Set by the owner's onFrame when the canvas already shows the frame (shifted): Pixi need not draw. */
  private keep = false;
  private shiftX = 0;
  private shiftY = 0;
  /** Set by the owner's onFrame when Pixi draws this frame as placed for the last drawing, the canvas still moved by this much. */
  private drawShift: { x: number; y: number } | null = null;
  /** The canvas holds a drawing that may be shifted: none yet, or after a resize or a lost context, until Pixi draws. */
  private drawingValid = false;

  constructor(options: RuntimeOptions) {
    this.options = options;
    this.app = options.app;
    this.pad = options.pad ?? 0;
    if (this.pad > 0) {
      const style = this.app.canvas.style;
      style.position = 'absolute';
      style.left = `${-this.pad}px`;
      style.top = `${-this.pad}px`;
      // Its own compositor layer from the start, so moving it never repaints the page around it.
      style.willChange = 'transform';
    }
    mapDebug.stages++;
    limitBatchTextures(this.app);

    const observer = new ResizeObserver(() => this.fitHost());
    observer.observe(options.host);
    this.disposers.push(() => observer.disconnect());
    this.fitHost();
    // Placed and sized: a stage's stylesheet may keep the canvas hidden until now (map-page.css), so that its move and
    // growth by the pad are never seen as a layout shift.
    this.app.canvas.style.visibility = 'visible';

    const canvas = this.app.canvas;
    this.disposers.push(listen(canvas, 'webglcontextlost', () => this.contextLost()));
    this.disposers.push(listen(canvas, 'webglcontextrestored', () => this.contextRestored()));

    this.disposers.push(subscribeAtlas((atlas) => void this.loadTextures(atlas)));
    void this.loadTextures(currentAtlas());
    this.ready = true;
  }

  /** Asks for a frame; many requests before the next animation frame make one frame. */
  requestRender(): void {
    if (this.disposed || this.frameRequest !== 0) return;
    this.frameRequest = requestAnimationFrame((now) => {
      this.frameRequest = 0;
      this.renderFrame(now);
    });
  }

  /** Draws right now (the pending frame, if any, is dropped). */
  renderNow(): void {
    if (this.frameRequest !== 0) {
      cancelAnimationFrame(this.frameRequest);
      this.frameRequest = 0;
    }
    this.renderFrame(performance.now());
  }

  /**
   * Called from onFrame: this frame is the last drawn canvas moved by (x, y) CSS pixels, which must stay within the pad;
   * Pixi does not draw. Returns false, and the frame is drawn unshifted, when the canvas holds no drawing to move
   * (a resize or a restored context cleared it).
   */
  showShifted(x: number, y: number): boolean {
    if (!this.drawingValid) return false;
    this.keep = true;
    this.moveCanvas(x, y);
    return true;
  }

  /**
   * Called from onFrame: Pixi draws this frame with the layers placed as for the last drawing (only something inside them
   * changed, such as markers moving), and the canvas stays moved by (x, y), which must stay within the pad. Returns false,
   * and the owner must place its layers and draw unshifted, when the canvas holds no drawing to move.
   */
  drawShifted(x: number, y: number): boolean {
    if (!this.drawingValid) return false;
    this.drawShift = { x, y };
    return true;
  }

  /** What drawShifted asked for in this frame's onFrame (read through a call: the compiler cannot see onFrame set it). */
  private shiftToDraw(): { x: number; y: number } | null {
    return this.drawShift;
  }

  private moveCanvas(x: number, y: number): void {
    if (x === this.shiftX && y === this.shiftY) return;
    this.shiftX = x;
    this.shiftY = y;
    // A transform moves the canvas's composited layer: no layout, no paint, no WebGL.
    this.app.canvas.style.transform = `translate(${x}px, ${y}px)`;
  }

  private renderFrame(now: number): void {
    if (this.disposed || this.lost) return;
    const started = performance.now();
    this.keep = false;
    this.drawShift = null;
    const again = this.options.onFrame(now);
    if (!this.keep) {
      const shift = this.shiftToDraw();
      this.moveCanvas(shift?.x ?? 0, shift?.y ?? 0);
      this.app.render();
      this.drawingValid = true;
    }
    this.options.onFramed?.(performance.now() - started);
    if (again) this.requestRender();
  }

  private fitHost(): void {
    const width = Math.max(1, Math.round(this.options.host.clientWidth));
    const height = Math.max(1, Math.round(this.options.host.clientHeight));
    if (width === this.width && height === this.height) return;
    this.width = width;
    this.height = height;
    this.app.renderer.resize(width + 2 * this.pad, height + 2 * this.pad);
    this.drawingValid = false;
    // Resizing clears the drawing buffer: draw again in this same frame so the stage never flashes empty
    // (the first size is set while the owner is still being built, so that one waits for a frame).
    if (!this.ready) this.requestRender();
    else if (!this.disposed && !this.lost) this.renderNow();
  }

  private async loadTextures(atlas: MapAtlasData): Promise<void> {
    const load = ++this.atlasLoad;
    let textures: AtlasTextures;
    try {
      textures = await loadAtlasTextures(atlas);
    } catch (error) {
      console.error('Could not load the map atlas', error);
      return;
    }
    // A newer load started meanwhile, or the stage is gone: this one is not needed.
    if (this.disposed || load !== this.atlasLoad) {
      textures.destroy();
      return;
    }
    const previous = this.textures;
    this.textures = textures;
    mapDebug.atlasVersion = atlas.version;
    this.app.renderer.background.color = atlas.style.background;
    this.options.onTextures(textures);
    previous?.destroy();
    this.requestRender();
  }

  private contextLost(): void {
    this.lost = true;
    this.drawingValid = false;
    mapDebug.contextLost = true;
    if (this.frameRequest !== 0) cancelAnimationFrame(this.frameRequest);
    this.frameRequest = 0;
    // Pixi prevents the default, so the browser may hand the context back. A context lost on purpose
    // (WEBGL_lose_context) only comes back when asked; a real GPU reset comes back by itself.
    this.lossTimers.push(
      setTimeout(() => {
        if (!this.lost || this.disposed) return;
        const renderer = this.app.renderer as { context?: { extensions?: { loseContext?: WEBGL_lose_context | null } } };
        try {
          renderer.context?.extensions?.loseContext?.restoreContext();
        } catch {
          // Not ours to restore: wait for the browser, or give up below.
        }
      }, RESTORE_AFTER_MS),
      setTimeout(() => {
        if (this.lost && !this.disposed) {
          mapDebug.stageRebuilds++;
          this.options.onUnrecoverable();
        }
      }, GIVE_UP_AFTER_MS),
    );
  }

  private contextRestored(): void {
    // Pixi's own handler ran first (it was added earlier) and re-created its GPU state; textures re-upload on first use.
    limitBatchTextures(this.app);
    this.lost = false;
    mapDebug.contextLost = false;
    mapDebug.contextRestores++;
    for (const timer of this.lossTimers) clearTimeout(timer);
    this.lossTimers = [];
    this.requestRender();
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    if (this.frameRequest !== 0) cancelAnimationFrame(this.frameRequest);
    this.frameRequest = 0;
    for (const timer of this.lossTimers) clearTimeout(timer);
    for (const dispose of this.disposers.splice(0)) dispose();
    this.textures?.destroy();
    this.textures = null;
    mapDebug.stages--;
    if (mapDebug.stages === 0) {
      // Nothing is on screen any more: a frame of this stage must not pass for one of the next.
      mapDebug.contextLost = false;
      mapDebug.lastFrame = null;
    }
  }
}
