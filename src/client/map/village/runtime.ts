// What the village scene needs around its Pixi Application: drawing only on demand and only while it can be seen, following
// the host's size, the atlas textures (reloaded when the art changes), surviving a lost WebGL context, and tearing it all down.
import { EventsTicker, type Application } from 'pixi.js';
import { currentVillageAtlas, loadVillageTextures, subscribeVillageAtlas, type VillageTextures } from './atlas';
import type { VillageAtlasData } from './village-atlas-data';
import { listenCounted, villageDebug } from './debug';
import { fitScene } from './layout';

export interface VillageRuntimeOptions {
  app: Application;
  /** The element the canvas fills; its size is the stage's size. */
  host: HTMLElement;
  /** Brings the scene up to date for a drawing; returns true when another frame is wanted (an animation). */
  onFrame(now: number): boolean;
  /** Called after a drawing was handed to the GPU, with how long its JS took. */
  onFramed(durationMs: number): void;
  /** New textures are in place (first load, or the art changed); the old ones are destroyed right after. */
  onTextures(textures: VillageTextures): void;
  /** The scene came into view or left it (scrolled away, another browser tab). */
  onVisibility(visible: boolean): void;
  /** The WebGL context is gone for good; the owner should build a new stage. */
  onUnrecoverable(): void;
}

/** Textures one batch may mix: the atlas, a countdown's text and Pixi's white texture. Software WebGL pays for every slot. */
const BATCH_TEXTURES = 2;

/** The art is drawn again for a stage this much larger than the one it was drawn for (a smaller one shows it a little smaller). */
const REDRAW_ART_FROM = 1.3;

/** How long to wait for a lost context before asking for it back, and before giving up on it. */
const RESTORE_AFTER_MS = 300;
const GIVE_UP_AFTER_MS = 4000;

export class VillageRuntime {
  width = 0;
  height = 0;
  textures: VillageTextures | null = null;

  private readonly app: Application;
  private readonly options: VillageRuntimeOptions;
  private readonly disposers: (() => void)[] = [];
  private frameRequest = 0;
  private disposed = false;
  private lost = false;
  private lossTimers: ReturnType<typeof setTimeout>[] = [];
  private atlasLoad = 0;
  private ready = false;
  /** In view: the page's tab is shown and the host is on screen. */
  private onScreen = true;
  private pageShown = typeof document === 'undefined' || document.visibilityState !== 'hidden';
  /** A drawing was asked for while out of view: it is made when the scene comes back. */
  private owed = false;
  private loseContext: WEBGL_lose_context | null = null;

  constructor(options: VillageRuntimeOptions) {
    this.options = options;
    this.app = options.app;
    villageDebug.stages++;
    this.limitBatchTextures();
    // Two things keep Pixi's shared system ticker (a frame loop) running for as long as a renderer lives: its scheduler,
    // only to run garbage collection now and then, and its event system, to re-send the last pointer position for hover
    // over moving sprites. The scene destroys what it stops using itself and picks by arithmetic with Pixi's events off,
    // so it goes without both: an idle scene runs no JavaScript at all (the loop cost about 0.1 ms a frame).
    this.app.renderer.scheduler.destroy();
    EventsTicker.removeTickerListener();

    const resize = new ResizeObserver(() => this.fitHost());
    resize.observe(options.host);
    this.disposers.push(() => resize.disconnect());
    this.fitHost();

    if (typeof IntersectionObserver === 'function') {
      const view = new IntersectionObserver((entries) => {
        const entry = entries[entries.length - 1];
        if (entry) this.setOnScreen(entry.isIntersecting);
      });
      view.observe(options.host);
      this.disposers.push(() => view.disconnect());
    }
    this.disposers.push(listenCounted(document, 'visibilitychange', () => this.setPageShown(document.visibilityState !== 'hidden')));

    const canvas = this.app.canvas;
    // Taken while the context lives: a lost context hands out no extensions, and this one is how to ask for it back.
    // (Asking a canvas for the kind of context it already has answers that context, or null for the other kind.)
    this.loseContext = (canvas.getContext('webgl2') ?? canvas.getContext('webgl'))?.getExtension('WEBGL_lose_context') ?? null;
    this.disposers.push(listenCounted(canvas, 'webglcontextlost', () => this.contextLost()));
    this.disposers.push(listenCounted(canvas, 'webglcontextrestored', () => this.contextRestored()));

    this.disposers.push(subscribeVillageAtlas((atlas) => void this.loadTextures(atlas)));
    void this.loadTextures(currentVillageAtlas());
    this.ready = true;
  }

  get visible(): boolean {
    return this.onScreen && this.pageShown && !this.disposed;
  }

  private limitBatchTextures(): void {
    const limits = this.app.renderer.limits;
    limits.maxBatchableTextures = Math.min(limits.maxBatchableTextures, BATCH_TEXTURES);
  }

  /** Asks for a drawing at the next animation frame; many requests before it make one drawing. Out of view, it waits. */
  requestRender(): void {
    if (this.disposed || this.frameRequest !== 0) return;
    if (!this.visible) {
      this.owed = true;
      return;
    }
    this.frameRequest = requestAnimationFrame((now) => {
      this.frameRequest = 0;
      this.renderFrame(now);
    });
  }

  /** Draws right now (the pending frame, if any, is dropped); out of view, it waits until the scene is seen again. */
  renderNow(): void {
    if (this.frameRequest !== 0) {
      cancelAnimationFrame(this.frameRequest);
      this.frameRequest = 0;
    }
    if (!this.visible) {
      this.owed = true;
      return;
    }
    this.renderFrame(performance.now());
  }

  private renderFrame(now: number): void {
    if (this.disposed || this.lost) return;
    this.owed = false;
    const started = performance.now();
    const again = this.options.onFrame(now);
    this.app.render();
    this.options.onFramed(performance.now() - started);
    if (again) this.requestRender();
  }

  private setOnScreen(onScreen: boolean): void {
    if (onScreen === this.onScreen) return;
    this.onScreen = onScreen;
    this.visibilityChanged();
  }

  private setPageShown(shown: boolean): void {
    if (shown === this.pageShown) return;
    this.pageShown = shown;
    this.visibilityChanged();
  }

  private visibilityChanged(): void {
    if (this.disposed) return;
    const visible = this.visible;
    if (!visible && this.frameRequest !== 0) {
      cancelAnimationFrame(this.frameRequest);
      this.frameRequest = 0;
      this.owed = true;
    }
    this.options.onVisibility(visible);
    if (visible && this.owed) this.requestRender();
  }

  private fitHost(): void {
    const width = Math.max(1, Math.round(this.options.host.clientWidth));
    const height = Math.max(1, Math.round(this.options.host.clientHeight));
    if (width === this.width && height === this.height) return;
    this.width = width;
    this.height = height;
    this.app.renderer.resize(width, height);
    if (this.textures && this.stagePixels() > this.textures.stagePixels * REDRAW_ART_FROM) void this.loadTextures(currentVillageAtlas());
    // Resizing clears the drawing buffer: draw again in this same frame so the stage never flashes empty
    // (the first size is set while the owner is still being built, so that one waits for a frame).
    if (!this.ready) this.requestRender();
    else if (!this.disposed && !this.lost) this.renderNow();
  }

  /** Device pixels per scene unit at the stage's size. */
  private stagePixels(): number {
    const density = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
    return fitScene(this.width, this.height).scale * density;
  }

  private async loadTextures(atlas: VillageAtlasData): Promise<void> {
    const load = ++this.atlasLoad;
    let textures: VillageTextures;
    try {
      textures = await loadVillageTextures(atlas, this.stagePixels());
    } catch (error) {
      console.error('Could not load the village atlas', error);
      return;
    }
    // A newer load started meanwhile, or the stage is gone: this one is not needed.
    if (this.disposed || load !== this.atlasLoad) {
      textures.destroy();
      return;
    }
    const previous = this.textures;
    this.textures = textures;
    villageDebug.atlasVersion = atlas.version;
    this.app.renderer.background.color = atlas.style.background;
    this.options.onTextures(textures);
    previous?.destroy();
    this.renderNow();
  }

  private contextLost(): void {
    this.lost = true;
    villageDebug.contextLost = true;
    if (this.frameRequest !== 0) cancelAnimationFrame(this.frameRequest);
    this.frameRequest = 0;
    // Pixi prevents the default, so the browser may hand the context back. A context lost on purpose
    // (WEBGL_lose_context) only comes back when asked; a real GPU reset comes back by itself.
    this.lossTimers.push(
      setTimeout(() => {
        if (!this.lost || this.disposed) return;
        try {
          this.loseContext?.restoreContext();
        } catch {
          // Not ours to restore: wait for the browser, or give up below.
        }
      }, RESTORE_AFTER_MS),
      setTimeout(() => {
        if (this.lost && !this.disposed) this.options.onUnrecoverable();
      }, GIVE_UP_AFTER_MS),
    );
  }

  private contextRestored(): void {
    // Pixi's own handler ran first (it was added earlier) and re-created its GPU state; textures re-upload on first use.
    this.limitBatchTextures();
    this.lost = false;
    villageDebug.contextLost = false;
    villageDebug.contextRestores++;
    for (const timer of this.lossTimers) clearTimeout(timer);
    this.lossTimers = [];
    this.renderNow();
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
    villageDebug.stages--;
    if (villageDebug.stages === 0) {
      villageDebug.contextLost = false;
      villageDebug.lastDraw = null;
    }
  }
}
