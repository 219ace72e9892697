// The village scene as a plain class: draws the village it is handed (fields, buildings by type and level look, plots,
// scaffolding with its countdown, the wall) when that changes and at no other time, and turns the pointer into hover and
// open-this-slot calls by arithmetic. React creates it once Pixi is ready and disposes it on unmount.
import { Container, Graphics, Sprite, Text, type Application } from 'pixi.js';
import { formatDuration } from '../../../rules/format';
import type { VillageTextures } from './atlas';
import { listenCounted, villageDebug, type VillageSlotRecord } from './debug';
import { finishedConstructions, fitScene, pickSlot, planScene, secondsLeft, toScene, toStage, type SceneBuilding, type ScenePlan, type SceneView, type SlotPlace } from './layout';
import { VillageRuntime } from './runtime';
import { ART_BOXES, artKind, type VillageSizes } from './village-atlas-data';

/** What the scene draws: one village's buildings as last read. */
export interface VillageSceneData {
  villageId: string;
  buildings: readonly SceneBuilding[];
  /** Date.now() when the read arrived: countdowns count down from its remaining times. */
  readAt: number;
}

/** The slot under the pointer and where its tooltip should point, in CSS pixels from the stage's corner. */
export interface SceneHover {
  slot: number;
  x: number;
  y: number;
}

export interface VillageEngineParts {
  app: Application;
  /** Layer shells created by the React tree: the ground, the village on it, and what floats above (countdowns, flashes). */
  ground: Container;
  scene: Container;
  overlay: Container;
  /** The element the canvas fills; pointer positions are measured from it. */
  host: HTMLElement;
  onUnrecoverable(): void;
  /** A building, field or plot was clicked. */
  onOpen(slot: number): void;
  /** The pointer moved onto another slot, or off every slot (null). */
  onHover(hover: SceneHover | null): void;
}

/** How long a finished construction glows. */
const FLASH_MS = 900;

interface Flash {
  slot: number;
  start: number;
}

interface Countdown {
  slot: number;
  /** Date.now() at which the construction is due. */
  endsAt: number;
  label: Container;
  text: Text;
  plate: Graphics;
}

export class VillageEngine {
  private readonly parts: VillageEngineParts;
  private readonly runtime: VillageRuntime;
  private readonly disposers: (() => void)[] = [];
  private readonly groundSprite = new Sprite();
  private readonly hoverRing = new Graphics();
  private readonly sprites: Sprite[] = [];
  private readonly flashGlow = new Graphics();

  private data: VillageSceneData | null = null;
  /** performance.now() when the data being drawn arrived. */
  private dataAt = 0;
  private plan: ScenePlan | null = null;
  /** What the plan was made from: a new read or new sizes (the art changed) make a new plan. */
  private plannedFrom: { buildings: readonly SceneBuilding[]; sizes: VillageSizes } | null = null;
  /** The drawn sprites show this plan with these textures. */
  private drawn: { plan: ScenePlan; textures: VillageTextures } | null = null;
  private view: SceneView | null = null;
  private hovered: number | null = null;
  private pointer: { x: number; y: number } | null = null;
  private countdowns: Countdown[] = [];
  private tickTimer: ReturnType<typeof setTimeout> | null = null;
  private flashes: Flash[] = [];
  private motion = true;
  private disposed = false;

  constructor(parts: VillageEngineParts) {
    this.parts = parts;
    // The ground covers the scene: nothing below it needs blending in.
    this.groundSprite.blendMode = 'none';
    parts.ground.addChild(this.groundSprite, this.hoverRing);
    this.flashGlow.blendMode = 'add';
    parts.overlay.addChild(this.flashGlow);
    this.runtime = new VillageRuntime({
      app: parts.app,
      host: parts.host,
      onFrame: (now) => this.frame(now),
      onFramed: (durationMs) => this.framed(durationMs),
      onTextures: () => {
        // Every sprite shows a texture of the old atlas: draw them all again (the runtime draws right after).
        this.drawn = null;
      },
      onVisibility: (visible) => (visible ? this.scheduleTick() : this.stopTick()),
      onUnrecoverable: parts.onUnrecoverable,
    });

    const host = parts.host;
    this.disposers.push(listenCounted(host, 'pointermove', (event) => this.pointerAt(this.hostPoint(event))));
    this.disposers.push(listenCounted(host, 'pointerleave', () => this.pointerAt(null)));
    this.disposers.push(
      listenCounted(host, 'click', (event) => {
        const slot = this.slotAt(this.hostPoint(event));
        if (slot !== null) this.parts.onOpen(slot);
      }),
    );

    villageDebug.scene = {
      renderNow: () => this.runtime.renderNow(),
      stagePointOf: (slot) => {
        const place = this.plan?.places.get(slot);
        return place && this.view ? toStage(this.view, place.label) : null;
      },
      slotAt: (x, y) => this.slotAt({ x, y }),
    };
  }

  /** Shows a village as read; the same read again changes nothing. Draws at once when it can. */
  setData(data: VillageSceneData): void {
    const previous = this.data;
    if (previous && previous.villageId === data.villageId && previous.buildings === data.buildings) {
      if (previous.readAt === data.readAt) return;
      // A read that found nothing new (the shell's resync keeps the same buildings): only the countdowns may move.
      this.data = data;
      this.retimeCountdowns(data);
      return;
    }
    this.data = data;
    this.dataAt = performance.now();
    if (previous && previous.villageId === data.villageId && this.motion) {
      const now = performance.now();
      for (const slot of finishedConstructions(previous.buildings, data.buildings)) {
        this.flashes.push({ slot, start: now });
        villageDebug.flashes++;
      }
    }
    if (previous?.villageId !== data.villageId) this.flashes = [];
    this.runtime.renderNow();
  }

  /** Whether the scene may move (prefers-reduced-motion says no): without motion a finished construction does not flash. */
  setMotion(allowed: boolean): void {
    this.motion = allowed;
    if (!allowed && this.flashes.length > 0) {
      this.flashes = [];
      this.runtime.requestRender();
    }
  }

  private hostPoint(event: MouseEvent): { x: number; y: number } {
    const rect = this.parts.host.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  }

  private slotAt(point: { x: number; y: number }): number | null {
    if (!this.plan || !this.view) return null;
    return pickSlot(this.plan, toScene(this.view, point));
  }

  private pointerAt(point: { x: number; y: number } | null): void {
    this.pointer = point;
    const slot = point ? this.slotAt(point) : null;
    if (slot === this.hovered) return;
    this.hovered = slot;
    this.parts.host.style.cursor = slot === null ? '' : 'pointer';
    this.reportHover();
    this.runtime.requestRender();
  }

  private reportHover(): void {
    const place = this.hovered === null ? undefined : this.plan?.places.get(this.hovered);
    if (!place || !this.view) {
      this.parts.onHover(null);
      return;
    }
    const at = toStage(this.view, place.label);
    this.parts.onHover({ slot: place.slot, x: at.x, y: at.y });
  }

  private frame(now: number): boolean {
    const textures = this.runtime.textures;
    const data = this.data;
    if (!textures || !data) return false;
    const sizes = textures.atlas.style.sizes;
    if (!this.plannedFrom || this.plannedFrom.buildings !== data.buildings || this.plannedFrom.sizes !== sizes) {
      this.plan = planScene(data.buildings, sizes);
      this.plannedFrom = { buildings: data.buildings, sizes };
      this.recordSlots(this.plan);
      // The pointer may now be over something else.
      if (this.pointer) {
        this.hovered = this.slotAt(this.pointer);
        this.reportHover();
      }
    }
    const plan = this.plan;
    if (!plan) return false;

    const view = fitScene(this.runtime.width, this.runtime.height);
    const moved = !this.view || this.view.scale !== view.scale || this.view.left !== view.left || this.view.top !== view.top;
    this.view = view;
    for (const layer of [this.parts.ground, this.parts.scene, this.parts.overlay]) {
      layer.scale.set(view.scale);
      layer.position.set(view.left, view.top);
    }
    if (moved) this.reportHover();

    if (!this.drawn || this.drawn.plan !== plan || this.drawn.textures !== textures) {
      this.drawPieces(plan, textures);
      this.drawCountdowns(plan, data, textures);
      this.drawn = { plan, textures };
    }
    this.drawHover(plan, textures.atlas.style.hover, textures.atlas.style.sizes);
    return this.drawFlashes(plan, now, textures);
  }

  private drawPieces(plan: ScenePlan, textures: VillageTextures): void {
    this.groundSprite.texture = textures.art('ground');
    this.groundSprite.position.set(0, 0);
    this.groundSprite.setSize(ART_BOXES.ground.width, ART_BOXES.ground.height);

    const layer = this.parts.scene;
    layer.removeChildren();
    plan.pieces.forEach((piece, index) => {
      let sprite = this.sprites[index];
      if (!sprite) {
        sprite = new Sprite();
        this.sprites.push(sprite);
      }
      const box = ART_BOXES[artKind(piece.art)];
      sprite.texture = textures.art(piece.art);
      sprite.anchor.set(box.anchorX, box.anchorY);
      sprite.position.set(piece.x, piece.y);
      sprite.setSize(piece.width, piece.height);
      sprite.visible = true;
      layer.addChild(sprite);
    });
    // Sprites beyond this plan's pieces (a wall knocked down) wait unused, out of the layer.
    for (const sprite of this.sprites.slice(plan.pieces.length)) sprite.visible = false;
  }

  /** A plate with the time left above every construction; a timer changes the text once a second while any runs. */
  private drawCountdowns(plan: ScenePlan, data: VillageSceneData, textures: VillageTextures): void {
    this.clearCountdowns();
    const style = textures.atlas.style;
    for (const place of plan.places.values()) {
      const building = place.building;
      if (!place.scaffolding || !building) continue;
      const endsAt = data.readAt + Math.max(0, building.remainingTime ?? 0) * 1000;
      const text = new Text({ text: '', anchor: 0.5, style: { fontFamily: 'system-ui, sans-serif', fontSize: 22, fontWeight: '700', fill: style.countdownText } });
      const plate = new Graphics();
      const label = new Container({ label: `countdown ${place.slot}` });
      label.addChild(plate, text);
      label.position.set(place.label.x, place.label.y);
      this.parts.overlay.addChildAt(label, 0);
      this.countdowns.push({ slot: place.slot, endsAt, label, text, plate });
    }
    this.updateCountdownTexts(Date.now());
    this.scheduleTick();
  }

  private retimeCountdowns(data: VillageSceneData): void {
    const bySlot = new Map(data.buildings.map((b) => [b.slot, b]));
    for (const countdown of this.countdowns) countdown.endsAt = data.readAt + Math.max(0, bySlot.get(countdown.slot)?.remainingTime ?? 0) * 1000;
    if (this.updateCountdownTexts(Date.now())) this.runtime.requestRender();
    this.scheduleTick();
  }

  /** Writes each countdown's time; returns whether any text changed. */
  private updateCountdownTexts(now: number): boolean {
    const plateColour = this.runtime.textures?.atlas.style.countdownPlate ?? '#1d130b';
    let changed = false;
    const shown: Record<number, string> = {};
    for (const countdown of this.countdowns) {
      const text = formatDuration(secondsLeft(countdown.endsAt, now));
      shown[countdown.slot] = text;
      if (countdown.text.text === text) continue;
      changed = true;
      countdown.text.text = text;
      const width = countdown.text.width + 18;
      countdown.plate.clear().roundRect(-width / 2, -16, width, 32, 10).fill({ color: plateColour, alpha: 0.88 }).stroke({ color: 0xd4a84b, width: 2 });
    }
    villageDebug.countdowns = shown;
    return changed;
  }

  /** The next whole second at which a countdown's text changes; nothing while none runs or the scene is out of view. */
  private scheduleTick(): void {
    this.stopTick();
    if (this.disposed || !this.runtime.visible) return;
    const now = Date.now();
    let wait = Number.POSITIVE_INFINITY;
    for (const countdown of this.countdowns) {
      const left = countdown.endsAt - now;
      if (left > 0) wait = Math.min(wait, left % 1000 || 1000);
    }
    if (!Number.isFinite(wait)) return;
    this.tickTimer = setTimeout(() => {
      this.tickTimer = null;
      if (this.updateCountdownTexts(Date.now())) this.runtime.requestRender();
      this.scheduleTick();
    }, wait + 5);
  }

  private stopTick(): void {
    if (this.tickTimer !== null) clearTimeout(this.tickTimer);
    this.tickTimer = null;
  }

  private clearCountdowns(): void {
    for (const countdown of this.countdowns) countdown.label.destroy({ children: true });
    this.countdowns = [];
    villageDebug.countdowns = {};
  }

  private drawHover(plan: ScenePlan, colour: string, sizes: VillageSizes): void {
    const ring = this.hoverRing;
    ring.clear();
    const place = this.hovered === null ? undefined : plan.places.get(this.hovered);
    if (!place) return;
    const { x, y, rx, ry } = footprint(place, sizes);
    ring.ellipse(x, y, rx, ry).fill({ color: colour, alpha: 0.22 }).stroke({ color: colour, width: 3, alpha: 0.95 });
  }

  /** A glow over each construction that just finished, fading out; returns whether one still glows. */
  private drawFlashes(plan: ScenePlan, now: number, textures: VillageTextures): boolean {
    const glow = this.flashGlow;
    glow.clear();
    this.flashes = this.flashes.filter((flash) => now - flash.start < FLASH_MS);
    for (const flash of this.flashes) {
      const place = plan.places.get(flash.slot);
      if (!place) continue;
      const t = Math.max(0, (now - flash.start) / FLASH_MS);
      const { x, y, rx } = footprint(place, textures.atlas.style.sizes);
      const radius = rx * (0.9 + 0.5 * t);
      glow.circle(x, y - rx * 0.6, radius).fill({ color: textures.atlas.style.flash, alpha: 0.7 * (1 - t) ** 2 });
    }
    return this.flashes.length > 0;
  }

  private recordSlots(plan: ScenePlan): void {
    const slots: Record<number, VillageSlotRecord> = {};
    for (const place of plan.places.values()) {
      slots[place.slot] = { art: place.art, type: place.building?.type ?? null, level: place.building?.level ?? null, scaffolding: place.scaffolding };
    }
    villageDebug.slots = slots;
    villageDebug.wall = plan.wall?.look ?? null;
  }

  private framed(durationMs: number): void {
    villageDebug.frames++;
    if (this.drawn) villageDebug.lastDraw = { at: performance.now(), durationMs, dataAt: this.dataAt };
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.stopTick();
    for (const dispose of this.disposers.splice(0)) dispose();
    this.parts.host.style.cursor = '';
    // Sprites first, then the textures they use (the runtime owns those).
    this.clearCountdowns();
    for (const sprite of this.sprites.splice(0)) sprite.destroy();
    this.groundSprite.destroy();
    this.hoverRing.destroy();
    this.flashGlow.destroy();
    this.runtime.dispose();
    villageDebug.scene = null;
    villageDebug.slots = {};
    villageDebug.wall = null;
  }
}

/** The ellipse round a slot's foot (a field's whole patch), where the hover ring and a flash are drawn. */
function footprint(place: SlotPlace, sizes: VillageSizes): { x: number; y: number; rx: number; ry: number } {
  if (artKind(place.art) === 'field') return { x: place.point.x, y: place.point.y, rx: sizes.field * 0.5, ry: sizes.field * 0.26 };
  const width = place.building?.type === 'great_hall' ? sizes.greatHall : sizes.building;
  return { x: place.point.x, y: place.point.y - width * 0.04, rx: width * 0.46, ry: width * 0.15 };
}
