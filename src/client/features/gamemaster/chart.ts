// Pure geometry of the small analytics charts: a round top for the value axis, bar rectangles and line points in SVG units.

/** The smallest "round" number (1, 2 or 5 times a power of ten) at or above the largest value; 1 for an empty or all-zero series. */
export function niceMax(values: readonly number[]): number {
  const top = Math.max(0, ...values.filter((v) => Number.isFinite(v)));
  if (top <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(top));
  for (const step of [1, 2, 5, 10]) {
    if (step * power >= top) return step * power;
  }
  return 10 * power;
}

export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Bars side by side filling `width`, a gap of a fifth of each slot, heights scaled to `max` from the bottom of `height`. */
export function barLayout(values: readonly number[], width: number, height: number, max = niceMax(values)): Bar[] {
  if (values.length === 0) return [];
  const slot = width / values.length;
  const gap = slot / 5;
  return values.map((value, i) => {
    const h = (Math.max(0, value) / max) * height;
    return { x: i * slot + gap / 2, y: height - h, width: slot - gap, height: h };
  });
}

/** Points of a line chart: evenly spaced from left to right edge, scaled to `max` from the bottom of `height`. */
export function linePoints(values: readonly number[], width: number, height: number, max = niceMax(values)): [number, number][] {
  if (values.length === 0) return [];
  const step = values.length === 1 ? 0 : width / (values.length - 1);
  return values.map((value, i) => [values.length === 1 ? width / 2 : i * step, height - (Math.max(0, value) / max) * height]);
}

/** An SVG `points` attribute from line points, rounded to a tenth of a unit. */
export function pointsAttribute(points: readonly [number, number][]): string {
  return points.map(([x, y]) => `${Math.round(x * 10) / 10},${Math.round(y * 10) / 10}`).join(' ');
}
