// Armies on the map as arithmetic: where a movement's marker is at an instant (between its departure and arrival), which
// movements' lines cross the view, which marker is under the pointer, and when the markers have moved far enough on
// screen to be drawn again. Plain functions, no Pixi: the layer draws with them, the engine picks with them.
import type { MapMovement } from '../state/mapMovements';
import type { TileRect } from './chunks';
import { tileToScreen, type ScreenPoint, type ViewGeometry } from './coords';

/** What the arithmetic needs of a movement. */
export type Route = Pick<MapMovement, 'from' | 'to' | 'departsAt' | 'arrivesAt'>;

/** How far along its road a movement is at `now` (Date.now() instant): 0 at departure (and before), 1 at arrival (and after). */
export function progressAt(route: Pick<Route, 'departsAt' | 'arrivesAt'>, now: number): number {
  const span = route.arrivesAt - route.departsAt;
  if (!(span > 0)) return now >= route.arrivesAt ? 1 : 0;
  return Math.min(1, Math.max(0, (now - route.departsAt) / span));
}

/** The marker's place at `now`, in (fractional) tile coordinates on the straight line from origin to target. */
export function positionAt(route: Route, now: number): { x: number; y: number } {
  const t = progressAt(route, now);
  return { x: route.from.x + (route.to.x - route.from.x) * t, y: route.from.y + (route.to.y - route.from.y) * t };
}

/** Whether a movement is still on the road at `now`: once it has arrived its line and marker go, before the next read says so. */
export function onTheRoad(route: Pick<Route, 'arrivesAt'>, now: number): boolean {
  return now < route.arrivesAt;
}

/**
 * Whether the segment from `a` to `b` crosses or touches a rectangle of tile coordinates (Liang-Barsky clipping): a
 * line that only passes by a corner outside is not shown.
 */
export function segmentMeetsRect(a: { x: number; y: number }, b: { x: number; y: number }, rect: TileRect): boolean {
  let enter = 0;
  let leave = 1;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const edges: [number, number][] = [
    [-dx, a.x - rect.minX],
    [dx, rect.maxX - a.x],
    [-dy, a.y - rect.minY],
    [dy, rect.maxY - a.y],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const r = q / p;
    if (p < 0) enter = Math.max(enter, r);
    else leave = Math.min(leave, r);
    if (enter > leave) return false;
  }
  return true;
}

/** The tile coordinates a view covers, `margin` CSS pixels wider on every side (a tile's half included at the edges). */
export function viewRect(view: ViewGeometry, margin = 0): TileRect {
  const halfWidth = (view.width / 2 + margin) / view.tileSize + 0.5;
  const halfHeight = (view.height / 2 + margin) / view.tileSize + 0.5;
  return { minX: view.centreX - halfWidth, maxX: view.centreX + halfWidth, minY: view.centreY - halfHeight, maxY: view.centreY + halfHeight };
}

export interface ShownFilter {
  worldId: string;
  now: number;
  /** CSS pixels around the view that count as in view (the canvas is drawn larger than the stage). */
  margin?: number;
}

/**
 * The movements the view shows: of its world, still on the road, whose line crosses the view. Incoming ones last, so
 * their markers are drawn over the player's own.
 */
export function movementsInView(movements: readonly MapMovement[], view: ViewGeometry, { worldId, now, margin = 0 }: ShownFilter): MapMovement[] {
  const rect = viewRect(view, margin);
  const shown = movements.filter((m) => m.worldId === worldId && onTheRoad(m, now) && segmentMeetsRect(m.from, m.to, rect));
  return [...shown.filter((m) => m.own), ...shown.filter((m) => !m.own)];
}

/** Side of a marker in CSS pixels: a third of a tile or so, never too small to see or too big to hide its village. */
export function markerSize(tileSize: number): number {
  return Math.min(18, Math.max(10, tileSize * 0.42));
}

/** The marker under a screen point (the topmost, drawn last, when they overlap), or null. Pixels around the marker count too. */
export function pickMarker(view: ViewGeometry, shown: readonly MapMovement[], point: ScreenPoint, now: number): MapMovement | null {
  const reach = markerSize(view.tileSize) / 2 + 3;
  for (let i = shown.length - 1; i >= 0; i--) {
    const movement = shown[i]!;
    const at = tileToScreen(view, positionAt(movement, now));
    if (Math.abs(at.sx - point.sx) <= reach && Math.abs(at.sy - point.sy) <= reach) return movement;
  }
  return null;
}

export interface MarkerPace {
  now: number;
  /** CSS pixels a marker may drift from where it was drawn before it is drawn again. */
  step: number;
  /** The least time between two drawings of the markers (prefers-reduced-motion: whole seconds, not a glide). */
  minDelay?: number;
}

/**
 * The Date.now() instant at which the markers of `shown` must be drawn again: when the fastest one on the road has
 * moved `step` CSS pixels on screen, or one sets off. Infinity when none of them moves. (Arrivals are `nextArrival`.)
 */
export function nextMarkerMove(view: ViewGeometry, shown: readonly Route[], { now, step, minDelay = 0 }: MarkerPace): number {
  let next = Number.POSITIVE_INFINITY;
  for (const route of shown) {
    if (now >= route.arrivesAt) continue;
    if (now < route.departsAt) {
      next = Math.min(next, route.departsAt);
      continue;
    }
    const pixels = Math.hypot(route.to.x - route.from.x, route.to.y - route.from.y) * view.tileSize;
    if (pixels === 0) continue;
    const msPerStep = (step * (route.arrivesAt - route.departsAt)) / pixels;
    next = Math.min(next, now + Math.max(msPerStep, minDelay));
  }
  return next;
}

/** The first arrival among `shown` after `now` (its line and marker then go), or Infinity. */
export function nextArrival(shown: readonly Pick<Route, 'arrivesAt'>[], now: number): number {
  let next = Number.POSITIVE_INFINITY;
  for (const route of shown) if (route.arrivesAt > now) next = Math.min(next, route.arrivesAt);
  return next;
}
