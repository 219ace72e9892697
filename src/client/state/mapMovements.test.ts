// The movements the map draws: put in the world of the player's village at one of their ends, with departure and arrival
// on this clock, units only for the player's own; and a read that changed nothing keeps the list the map drew.
import { describe, expect, it } from 'vitest';
import type { Movement } from '../api/army';
import { onClientClock } from './army';
import { mapMovementsOf, sameMapMovements } from './mapMovements';

const HOME = { id: 'home', name: 'Hedeby', x: 10, y: 20 };
const TARGET = { id: 'them', name: 'Jorvik', x: 40, y: -10 };
const VILLAGES = [{ id: 'home', worldId: 'w1' }];

function movement(id: string, type: Movement['type'], direction: Movement['direction'], ends: { from: typeof HOME; to: typeof HOME }): Movement {
  return {
    id,
    type,
    direction,
    fromVillage: ends.from,
    toVillage: ends.to,
    units: direction === 'outgoing' ? { viking_raider: 5 } : {},
    loot: null,
    cargo: null,
    merchants: 0,
    // Ten minutes on the road, by the server's clock (which runs an hour ahead of this one: only durations count).
    departedAt: '2026-03-01T12:00:00.000Z',
    arrivesAt: '2026-03-01T12:10:00.000Z',
    remainingTime: 240,
  };
}

describe('mapMovementsOf', () => {
  it("puts a movement on this clock: arrival from the remaining seconds, departure the server's duration before", () => {
    const [shown] = mapMovementsOf(onClientClock([movement('a', 'attack', 'outgoing', { from: HOME, to: TARGET })], 1_000_000), VILLAGES);
    expect(shown).toMatchObject({ id: 'a', kind: 'attack', own: true, worldId: 'w1', from: HOME, to: TARGET, units: { viking_raider: 5 }, merchants: 0 });
    expect(shown!.arrivesAt).toBe(1_240_000);
    expect(shown!.departsAt).toBe(1_240_000 - 600_000);
  });

  it("finds the world by either end: an army coming home, someone else's coming at the player", () => {
    const list = onClientClock(
      [movement('back', 'return', 'outgoing', { from: TARGET, to: HOME }), movement('foe', 'raid', 'incoming', { from: TARGET, to: HOME })],
      0,
    );
    const shown = mapMovementsOf(list, VILLAGES);
    expect(shown.map((m) => [m.id, m.worldId, m.own])).toEqual([
      ['back', 'w1', true],
      ['foe', 'w1', false],
    ]);
    // Someone else's strength is unknown: no units, not an empty army.
    expect(shown[1]!.units).toBeNull();
  });

  it('leaves out a movement with neither end among the villages', () => {
    expect(mapMovementsOf(onClientClock([movement('x', 'attack', 'outgoing', { from: TARGET, to: TARGET })], 0), VILLAGES)).toEqual([]);
  });
});

describe('sameMapMovements', () => {
  const read = (at: number, remaining = 240) => mapMovementsOf(onClientClock([{ ...movement('a', 'attack', 'outgoing', { from: HOME, to: TARGET }), remainingTime: remaining }], at), VILLAGES);

  it('holds for a read a moment later that says the same (whole seconds remaining)', () => {
    expect(sameMapMovements(read(1_000_000), read(1_000_400, 240))).toBe(true);
    expect(sameMapMovements(read(1_000_000), read(1_000_900, 239))).toBe(true);
  });

  it('fails when a movement came, went or changed its arrival', () => {
    expect(sameMapMovements(read(0), [])).toBe(false);
    expect(sameMapMovements(read(0), read(0, 300))).toBe(false);
    const [one] = read(0);
    expect(sameMapMovements([one!], [{ ...one!, units: { viking_raider: 4 } }])).toBe(false);
  });
});
