import { describe, expect, it } from 'vitest';
import type { Movement } from '../api/army';
import { incomingAttacks, onClientClock, secondsUntil } from './army';

const place = { id: 'v', name: 'Hedeby', x: 0, y: 0 };
function movement(id: string, type: Movement['type'], direction: Movement['direction'], remainingTime: number): Movement {
  return { id, type, direction, fromVillage: place, toVillage: place, units: {}, loot: null, cargo: null, merchants: 0, departedAt: '', arrivesAt: '', remainingTime };
}

describe('army state helpers', () => {
  it("puts arrivals on the client's clock from the server's remaining seconds", () => {
    const [m] = onClientClock([movement('m', 'attack', 'outgoing', 30)], 1_000_000);
    expect(m.arrivesAtClient).toBe(1_030_000);
    expect(secondsUntil(m.arrivesAtClient, 1_000_000)).toBe(30);
    expect(secondsUntil(m.arrivesAtClient, 1_029_001)).toBe(1);
    expect(secondsUntil(m.arrivesAtClient, 1_031_000)).toBe(0);
  });

  it('warns only of enemy attacks and raids, soonest first', () => {
    const list = onClientClock(
      [
        movement('late', 'attack', 'incoming', 90),
        movement('mine', 'attack', 'outgoing', 5),
        movement('help', 'reinforce', 'incoming', 1),
        movement('raid', 'raid', 'incoming', 10),
      ],
      0,
    );
    expect(incomingAttacks(list).map((m) => m.id)).toEqual(['raid', 'late']);
  });
});
