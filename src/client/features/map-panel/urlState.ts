// The map's view in the address bar (?x=12&y=-4&r=10), so a view can be shared and survives a reload.
import { MAP_COORDINATE_LIMIT, MAP_MAX_RADIUS, MAP_MIN_RADIUS, type TilePoint } from '../../state/map';

export interface MapUrlView extends TilePoint {
  radius: number;
}

function wholeNumber(text: string | null, min: number, max: number): number | null {
  if (text === null || !/^-?\d{1,4}$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : null;
}

/**
 * The view named by the query, or null when it names none. A centre needs both x and y; a radius
 * alone is kept (the centre then comes from the village). Values outside the map are ignored.
 */
export function parseMapView(params: URLSearchParams): { centre: TilePoint | null; radius: number | null } | null {
  const x = wholeNumber(params.get('x'), -MAP_COORDINATE_LIMIT, MAP_COORDINATE_LIMIT);
  const y = wholeNumber(params.get('y'), -MAP_COORDINATE_LIMIT, MAP_COORDINATE_LIMIT);
  const radius = wholeNumber(params.get('r'), MAP_MIN_RADIUS, MAP_MAX_RADIUS);
  const centre = x !== null && y !== null ? { x, y } : null;
  if (!centre && radius === null) return null;
  return { centre, radius };
}

/** The query for a view, keeping any other parameters the address already had. */
export function withMapView(params: URLSearchParams, view: MapUrlView): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('x', String(view.x));
  next.set('y', String(view.y));
  next.set('r', String(view.radius));
  return next;
}

/** Whether the query already shows this view (so writing it again would only add noise). */
export function showsView(params: URLSearchParams, view: MapUrlView): boolean {
  return params.get('x') === String(view.x) && params.get('y') === String(view.y) && params.get('r') === String(view.radius);
}
