import { describe, expect, it } from 'vitest';
import { INNER_SLOT_FIRST, INNER_SLOT_LAST, STARTING_BUILDINGS } from '../../../rules/buildings';
import {
  FIELD_RING,
  GREAT_HALL_POINT,
  INNER_RINGS,
  SCENE_HEIGHT,
  SCENE_WIDTH,
  WALL_RING,
  buildingLook,
  fieldLook,
  finishedConstructions,
  fitScene,
  gatePoint,
  pickSlot,
  planScene,
  rasterScale,
  secondsLeft,
  slotArt,
  slotPoint,
  toScene,
  toStage,
  wallPosts,
  type SceneBuilding,
} from './layout';
import { sampleVillage } from './sample';
import { VILLAGE_ART, type VillageSizes } from './village-atlas-data';

const SIZES: VillageSizes = { building: 128, greatHall: 204, field: 136, wall: 46, gate: 112 };

const start = (): SceneBuilding[] => STARTING_BUILDINGS.map((b) => ({ ...b, isUpgrading: false, remainingTime: null }));

/** Where an ellipse point lies: 1 on the ellipse, less inside. */
const radius = (ring: { cx: number; cy: number; rx: number; ry: number }, p: { x: number; y: number }) => Math.hypot((p.x - ring.cx) / ring.rx, (p.y - ring.cy) / ring.ry);

describe('slot positions', () => {
  it('puts the 18 fields on the field ring, evenly, with the front between two fields for the road', () => {
    const points = Array.from({ length: 18 }, (_, i) => slotPoint(i + 1)!);
    for (const p of points) expect(radius(FIELD_RING, p)).toBeCloseTo(1, 6);
    const angles = points.map((p) => Math.atan2((p.y - FIELD_RING.cy) / FIELD_RING.ry, (p.x - FIELD_RING.cx) / FIELD_RING.rx));
    // 20° apart, all the way round.
    for (let i = 1; i < angles.length; i++) expect((((angles[i]! - angles[i - 1]!) * 180) / Math.PI + 360) % 360).toBeCloseTo(20, 6);
    // Nothing straight in front of the village centre (where the road leaves through the gate).
    expect(points.every((p) => Math.abs(p.x - FIELD_RING.cx) > 60 || p.y < FIELD_RING.cy)).toBe(true);
  });

  it('puts the great hall in the middle and slots 20-40 on two rings round it, inside the wall', () => {
    expect(slotPoint(19)).toEqual(GREAT_HALL_POINT);
    const [inner, outer] = INNER_RINGS;
    for (let slot = 20; slot <= 27; slot++) expect(radius(inner!, slotPoint(slot)!)).toBeCloseTo(1, 6);
    for (let slot = 28; slot <= 40; slot++) expect(radius(outer!, slotPoint(slot)!)).toBeCloseTo(1, 6);
    for (let slot = INNER_SLOT_FIRST; slot <= INNER_SLOT_LAST; slot++) expect(radius(WALL_RING, slotPoint(slot)!)).toBeLessThan(0.8);
  });

  it('gives every slot its own place and none to numbers that are no slot', () => {
    const seen = new Set<string>();
    for (let slot = 1; slot <= 40; slot++) {
      const p = slotPoint(slot)!;
      expect(p.x).toBeGreaterThan(0);
      expect(p.x).toBeLessThan(SCENE_WIDTH);
      expect(p.y).toBeGreaterThan(0);
      expect(p.y).toBeLessThan(SCENE_HEIGHT);
      seen.add(`${Math.round(p.x)},${Math.round(p.y)}`);
    }
    expect(seen.size).toBe(40);
    for (const slot of [0, 41, 2.5, -3]) expect(slotPoint(slot)).toBeNull();
  });
});

describe('level looks', () => {
  it('grows a building through three looks: 1-9, 10-19, 20-30', () => {
    expect([1, 9, 10, 19, 20, 30].map(buildingLook)).toEqual([1, 1, 2, 2, 3, 3]);
  });

  it('shows an untouched field at level 0, then the same ranges', () => {
    expect([0, 1, 9, 10, 20, 30].map(fieldLook)).toEqual([0, 1, 1, 2, 3, 3]);
  });

  it('names the art of a slot by type and look; an empty inner slot, or one whose first level is being built, is a plot', () => {
    expect(slotArt({ slot: 19, type: 'great_hall', level: 12, isUpgrading: false, remainingTime: null })).toBe('great_hall-2');
    expect(slotArt({ slot: 3, type: 'timber_camp', level: 0, isUpgrading: false, remainingTime: null })).toBe('timber_camp-0');
    expect(slotArt({ slot: 13, type: 'mead_hall', level: 25, isUpgrading: false, remainingTime: null })).toBe('mead_hall-3');
    expect(slotArt({ slot: 22, type: 'barracks', level: 0, isUpgrading: true, remainingTime: 300 })).toBe('plot');
    expect(slotArt(null)).toBe('plot');
    // Every art a slot can show is a piece the atlas holds.
    for (const b of sampleVillage({ look: 3, constructions: 'every kind' })) expect(VILLAGE_ART).toContain(slotArt(b));
  });
});

describe('planScene', () => {
  it('draws a new village: 18 fields, the great hall, 21 plots and no wall', () => {
    const plan = planScene(start(), SIZES);
    expect(plan.places.size).toBe(40);
    expect([...plan.places.values()].filter((p) => p.art === 'plot').map((p) => p.slot)).toEqual(Array.from({ length: 21 }, (_, i) => 20 + i));
    expect(plan.places.get(19)?.art).toBe('great_hall-1');
    expect(plan.places.get(1)?.art).toBe('timber_camp-0');
    expect(plan.wall).toBeNull();
    expect(plan.pieces.some((p) => p.art.startsWith('wall-'))).toBe(false);
    // Back to front.
    for (let i = 1; i < plan.pieces.length; i++) expect(plan.pieces[i]!.depth).toBeGreaterThanOrEqual(plan.pieces[i - 1]!.depth);
  });

  it('puts scaffolding over every construction, a plot under a building whose first level is being built', () => {
    const plan = planScene(sampleVillage({ look: 2, constructions: 'every kind' }), SIZES);
    const scaffolded = [...plan.places.values()].filter((p) => p.scaffolding).map((p) => [p.slot, p.art]);
    expect(scaffolded).toEqual([
      [5, 'stone_quarry-2'],
      [19, 'great_hall-2'],
      [36, 'plot'],
    ]);
    expect(plan.pieces.filter((p) => p.art === 'scaffolding')).toHaveLength(3);
    // Scaffolding is drawn over its slot's art, and a click through it still opens the slot.
    for (const slot of [5, 19, 36]) {
      const art = plan.pieces.findIndex((p) => p.slot === slot && p.art !== 'scaffolding');
      const scaffold = plan.pieces.findIndex((p) => p.art === 'scaffolding' && Math.abs(p.x - plan.places.get(slot)!.point.x) < 1);
      expect(scaffold).toBeGreaterThan(art);
      expect(plan.pieces[scaffold]!.hit).toBeNull();
    }
  });

  it('draws the wall round the village once it stands, in the look of its level, with its gate at the front', () => {
    const village = start();
    village.push({ slot: 30, type: 'wall', level: 0, isUpgrading: true, remainingTime: 100 });
    expect(planScene(village, SIZES).wall).toBeNull();
    village[village.length - 1] = { slot: 30, type: 'wall', level: 14, isUpgrading: false, remainingTime: null };
    const plan = planScene(village, SIZES);
    expect(plan.wall).toEqual({ slot: 30, look: 2 });
    expect(plan.places.get(30)?.art).toBe('wall-2');
    const posts = plan.pieces.filter((p) => p.art === 'wall-ring-2');
    expect(posts.length).toBeGreaterThan(60);
    for (const post of posts) {
      expect(radius(WALL_RING, post)).toBeCloseTo(1, 2);
      expect(post.slot).toBe(30);
    }
    const gates = plan.pieces.filter((p) => p.art === 'wall-gate-2');
    expect(gates).toEqual([expect.objectContaining({ x: gatePoint().x, y: gatePoint().y, slot: 30 })]);
  });
});

describe('wall posts', () => {
  it('stand at equal steps along the wall and leave the gate open', () => {
    const posts = wallPosts(30, 112);
    const gate = gatePoint();
    expect(posts.every((p) => !(p.y > WALL_RING.cy && Math.abs(p.x - gate.x) < 112 * 0.42))).toBe(true);
    const steps = posts.slice(1).map((p, i) => Math.hypot(p.x - posts[i]!.x, p.y - posts[i]!.y)).filter((d) => d < 45);
    for (const step of steps) expect(step).toBeCloseTo(steps[0]!, 0);
    expect(steps[0]).toBeGreaterThan(28);
    expect(steps[0]).toBeLessThan(32);
  });
});

describe('picking', () => {
  const plan = planScene(sampleVillage({ look: 2, constructions: 'one' }), SIZES);

  it('picks a slot at its art, and bare ground picks nothing', () => {
    for (const slot of [1, 9, 13, 19, 20, 27, 28, 40]) {
      const place = plan.places.get(slot)!;
      // The middle of a field; near the top of a building, where nothing in front covers it.
      const at = slot <= 18 ? place.point : { x: place.label.x, y: place.label.y + 6 };
      expect(pickSlot(plan, at), `slot ${slot}`).toBe(slot);
    }
    expect(pickSlot(plan, { x: 5, y: 5 })).toBeNull();
    // The yard between the great hall and the gate.
    expect(pickSlot(plan, { x: 600, y: 505 })).toBeNull();
  });

  it('picks the wall on its ring and at its gate', () => {
    const wall = plan.wall!;
    expect(pickSlot(plan, { x: gatePoint().x, y: gatePoint().y - 30 })).toBe(wall.slot);
    // The wall's east end, half way up its posts.
    expect(pickSlot(plan, { x: WALL_RING.cx + WALL_RING.rx, y: WALL_RING.cy - 20 })).toBe(wall.slot);
  });

  it('gives a point covered by two pieces to the one drawn in front', () => {
    // The great hall's foot lies behind the inner ring's front slots: where their art overlaps, the front one wins.
    const hall = plan.places.get(19)!;
    const front = plan.places.get(20)!;
    const overlap = { x: front.point.x, y: front.point.y - 60 };
    expect(pickSlot(plan, overlap)).toBe(20);
    expect(pickSlot(plan, { x: hall.point.x, y: hall.point.y - 60 })).toBe(19);
  });
});

describe('the view', () => {
  it('fits the whole scene into the stage, centred, and maps points both ways', () => {
    const view = fitScene(900, 900);
    expect(view.scale).toBeCloseTo(0.75);
    expect(view.left).toBe(0);
    expect(view.top).toBeCloseTo(150);
    const point = { x: 321, y: 654 };
    const back = toScene(view, toStage(view, point));
    expect(back.x).toBeCloseTo(point.x);
    expect(back.y).toBeCloseTo(point.y);
    expect(fitScene(1200, 800)).toEqual({ scale: 1, left: 0, top: 0 });
  });
});

describe('between two reads', () => {
  const hall = (level: number, isUpgrading = false): SceneBuilding => ({ slot: 19, type: 'great_hall', level, isUpgrading, remainingTime: isUpgrading ? 60 : null });
  const camp = (level: number): SceneBuilding => ({ slot: 1, type: 'timber_camp', level, isUpgrading: false, remainingTime: null });

  it('finds the constructions that finished: a slot whose building rose a level', () => {
    expect(finishedConstructions([hall(3, true), camp(0)], [hall(4), camp(0)])).toEqual([19]);
    expect(finishedConstructions([hall(3, true), camp(0)], [hall(3, true), camp(1)])).toEqual([1]);
    // Nothing rose; a building placed anew (level 0) has not finished; another type in a slot is no construction.
    expect(finishedConstructions([hall(3)], [hall(3), { slot: 20, type: 'barracks', level: 0, isUpgrading: true, remainingTime: 300 }])).toEqual([]);
    expect(finishedConstructions([{ ...camp(2), slot: 20, type: 'barracks' }], [{ ...camp(5), slot: 20, type: 'academy' }])).toEqual([]);
  });

  it('counts whole seconds down to a construction, rounding up, never below zero', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 1)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 10_000)).toBe(0);
    expect(secondsLeft(10_000, 99_000)).toBe(0);
  });
});

describe('raster scale', () => {
  it('draws the art finely enough for the largest piece on screen, at least one pixel a unit, within 4096 pixels', () => {
    const atlas = { width: 1200, height: 1660 };
    expect(rasterScale(atlas, 0.96)).toBe(1.75);
    expect(rasterScale(atlas, 0.3)).toBe(1);
    // A large screen at 2x would want 3.2: the texture stops at 4096 pixels.
    expect(rasterScale(atlas, 2)).toBeCloseTo(4096 / 1660);
    expect(Math.max(atlas.width, atlas.height) * rasterScale(atlas, 2)).toBeLessThanOrEqual(4096);
  });
});
