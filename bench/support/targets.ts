// The map bench's targets, shared by bench/map-frame.ts and bench/map-area.ts: each is a ratio within one run.
/** Cached GET /api/map/area at least this share of a precomputed reply's requests per second. */
export const AREA_TARGET = 0.6;
/** Arrow click to drawn, median, at most this many frame intervals (the idle frame interval of the same run). */
export const ARROW_TARGET_FRAMES = 1.5;
/** Arrow click on the stage at least this many times faster than on the DOM grid (medians). */
export const ARROW_TARGET_SPEEDUP = 2;
/** JS per panning frame at p95 at least this many times lower on the stage than on the DOM grid. */
export const PAN_TARGET_RATIO = 10;
