// Armies for the map bench: movements between villages on screen at radius 25, of every kind, a quarter of them others'
// coming at the player, marching at the pace of a fast world, each somewhere along its road when the stage is mounted.
import { MOVEMENT_TYPES } from '../../src/rules/movements';
import type { MapMovement } from '../../src/client/state/mapMovements';
import { mulberry32 } from './seed-world';

/** A movement with its instants relative to when the page mounts the stage (the page puts them on its own clock). */
export type BenchMovement = Omit<MapMovement, 'departsAt' | 'arrivesAt'> & { departedAgoMs: number; arrivesInMs: number };

export interface BenchMarch {
  count: number;
  worldId: string;
  /** Where the villages are: the ends are picked among those within `reach` tiles of (0|0) on both axes. */
  villages: readonly { x: number; y: number }[];
  reach: number;
  /** Multiplies the units' pace (tiles an hour): 10 is a fast world, where markers visibly creep. */
  worldSpeed: number;
}

/** Units' speeds in tiles an hour, slowest (rams, catapults) to fastest (mounted jarls, scouts). */
const PACES = [3, 5, 7, 9, 12, 16, 20];

export function benchMovements({ count, worldId, villages, reach, worldSpeed }: BenchMarch): BenchMovement[] {
  const random = mulberry32(2026);
  const near = villages.filter((v) => Math.abs(v.x) <= reach && Math.abs(v.y) <= reach);
  if (near.length < 2) throw new Error('bench: too few villages on screen for movements');
  const pick = () => near[Math.floor(random() * near.length)]!;
  const movements: BenchMovement[] = [];
  for (let i = 0; i < count; i++) {
    const from = pick();
    let to = pick();
    while (to === from) to = pick();
    const pace = PACES[Math.floor(random() * PACES.length)]! * worldSpeed;
    const durationMs = (Math.hypot(to.x - from.x, to.y - from.y) / pace) * 3_600_000;
    const along = 0.05 + random() * 0.9;
    const own = random() >= 0.25;
    const kind = MOVEMENT_TYPES[Math.floor(random() * MOVEMENT_TYPES.length)]!;
    movements.push({
      id: `march-${i}`,
      kind,
      own,
      worldId,
      from: { id: `from-${i}`, name: `Village ${i}`, x: from.x, y: from.y },
      to: { id: `to-${i}`, name: `Target ${i}`, x: to.x, y: to.y },
      departedAgoMs: durationMs * along,
      arrivesInMs: durationMs * (1 - along),
      units: own ? { bondi: 10 + i } : null,
      merchants: 0,
    });
  }
  return movements;
}
