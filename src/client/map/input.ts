// Gestures on the stage (click, drag, hover, wheel) and the map's keyboard, turned into plain calls; nothing here knows about state.
import { MAP_MOVE_STEP } from '../../rules/world';
import type { ScreenPoint } from './coords';
import { listen } from './debug';

export type KeyAction =
  | { type: 'move'; dx: number; dy: number }
  | { type: 'zoom'; direction: 'in' | 'out' }
  | { type: 'home' }
  | { type: 'clear-selection' };

/** Arrow keys or WASD move one tile (five with Shift); + and - zoom; Home returns; Escape clears the selection. */
export function keyAction(event: Pick<KeyboardEvent, 'key' | 'code' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>): KeyAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const step = event.shiftKey ? MAP_MOVE_STEP : 1;
  switch (event.key) {
    case 'ArrowUp':
      return { type: 'move', dx: 0, dy: step };
    case 'ArrowDown':
      return { type: 'move', dx: 0, dy: -step };
    case 'ArrowLeft':
      return { type: 'move', dx: -step, dy: 0 };
    case 'ArrowRight':
      return { type: 'move', dx: step, dy: 0 };
    case '+':
    case '=':
      return { type: 'zoom', direction: 'in' };
    case '-':
    case '_':
      return { type: 'zoom', direction: 'out' };
    case 'Home':
      return { type: 'home' };
    case 'Escape':
      return { type: 'clear-selection' };
  }
  // Letters by physical key, so WASD works on any layout and with Shift held.
  switch (event.code) {
    case 'KeyW':
      return { type: 'move', dx: 0, dy: step };
    case 'KeyS':
      return { type: 'move', dx: 0, dy: -step };
    case 'KeyA':
      return { type: 'move', dx: -step, dy: 0 };
    case 'KeyD':
      return { type: 'move', dx: step, dy: 0 };
    case 'NumpadAdd':
      return { type: 'zoom', direction: 'in' };
    case 'NumpadSubtract':
      return { type: 'zoom', direction: 'out' };
  }
  return null;
}

/** Keeps a drag going when the pointer leaves the canvas; a pointer the browser does not know (synthetic events) just is not captured. */
function capture(element: Element, pointerId: number, on: boolean): void {
  try {
    if (on) element.setPointerCapture(pointerId);
    else if (element.hasPointerCapture(pointerId)) element.releasePointerCapture(pointerId);
  } catch {
    // NotFoundError: no such active pointer.
  }
}

/** Keys typed into a field belong to the field, not the map. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const element = target as HTMLElement;
  return element.isContentEditable || element.closest('input, textarea, select, [contenteditable="true"]') !== null;
}

/** Wheel travel (in pixels) that makes one zoom step; a mouse notch is about 100. */
export const WHEEL_STEP = 60;
/** Movement (CSS px) after which a press is a drag rather than a click. */
export const DRAG_THRESHOLD = 4;

export interface StageGestures {
  click(point: ScreenPoint): void;
  hover(point: ScreenPoint | null): void;
  dragStart(): void;
  /** The pointer moved by (dx, dy) CSS pixels since the last call while dragging. */
  drag(dx: number, dy: number): void;
  dragEnd(): void;
  wheel(direction: 'in' | 'out', point: ScreenPoint): void;
  key(action: KeyAction): void;
}

/**
 * Listens on the canvas (pointer, wheel) and the window (keys); dispose removes every listener. Points are measured from
 * `area`'s top left corner (the stage's host: the canvas may be drawn larger than it and shifted).
 */
export class StageInput {
  private readonly disposers: (() => void)[] = [];
  private press: { id: number; x: number; y: number; lastX: number; lastY: number; dragging: boolean } | null = null;
  private wheelTravel = 0;

  constructor(canvas: HTMLCanvasElement, gestures: StageGestures, area: Element = canvas) {
    const at = (event: MouseEvent): ScreenPoint => {
      const box = area.getBoundingClientRect();
      return { sx: event.clientX - box.left, sy: event.clientY - box.top };
    };

    this.disposers.push(
      listen(canvas, 'pointerdown', (event) => {
        if (event.button !== 0 || this.press) return;
        capture(canvas, event.pointerId, true);
        this.press = { id: event.pointerId, x: event.clientX, y: event.clientY, lastX: event.clientX, lastY: event.clientY, dragging: false };
        event.preventDefault();
        // Keys go to the map after a click on it, not to whatever had focus before.
        if (document.activeElement instanceof HTMLElement && isTypingTarget(document.activeElement)) document.activeElement.blur();
      }),
      listen(canvas, 'pointermove', (event) => {
        const press = this.press;
        if (!press || press.id !== event.pointerId) {
          if (event.buttons === 0) gestures.hover(at(event));
          return;
        }
        if (!press.dragging && Math.hypot(event.clientX - press.x, event.clientY - press.y) >= DRAG_THRESHOLD) {
          press.dragging = true;
          canvas.style.cursor = 'grabbing';
          gestures.hover(null);
          gestures.dragStart();
        }
        if (press.dragging) {
          gestures.drag(event.clientX - press.lastX, event.clientY - press.lastY);
          press.lastX = event.clientX;
          press.lastY = event.clientY;
        }
      }),
      listen(canvas, 'pointerup', (event) => {
        const press = this.press;
        if (!press || press.id !== event.pointerId) return;
        this.press = null;
        capture(canvas, event.pointerId, false);
        if (press.dragging) {
          canvas.style.cursor = '';
          gestures.dragEnd();
          gestures.hover(at(event));
        } else {
          gestures.click(at(event));
        }
      }),
      listen(canvas, 'pointercancel', (event) => {
        if (!this.press || this.press.id !== event.pointerId) return;
        const wasDragging = this.press.dragging;
        this.press = null;
        canvas.style.cursor = '';
        if (wasDragging) gestures.dragEnd();
      }),
      listen(canvas, 'pointerleave', () => {
        if (!this.press) gestures.hover(null);
      }),
      listen(
        canvas,
        'wheel',
        (event) => {
          // The page must not scroll while the wheel zooms the map.
          event.preventDefault();
          const pixels = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaMode === 2 ? event.deltaY * 400 : event.deltaY;
          // Travel in the other direction starts over, so a reversal responds at once.
          if (Math.sign(pixels) !== Math.sign(this.wheelTravel)) this.wheelTravel = 0;
          this.wheelTravel += pixels;
          if (Math.abs(this.wheelTravel) < WHEEL_STEP) return;
          const direction = this.wheelTravel < 0 ? 'in' : 'out';
          this.wheelTravel = 0;
          gestures.wheel(direction, at(event));
        },
        { passive: false },
      ),
      listen(window, 'keydown', (event) => {
        if (event.defaultPrevented || isTypingTarget(event.target)) return;
        // A dialog over the page (the tutorial, a confirmation) owns the keyboard.
        if (document.querySelector('[role="dialog"][aria-modal="true"], dialog[open]')) return;
        const action = keyAction(event);
        if (!action) return;
        // Buttons keep Enter and Space; arrows would otherwise scroll the page.
        event.preventDefault();
        gestures.key(action);
      }),
    );
  }

  get dragging(): boolean {
    return this.press?.dragging ?? false;
  }

  dispose(): void {
    for (const dispose of this.disposers.splice(0)) dispose();
    this.press = null;
  }
}
