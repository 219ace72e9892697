// The world a player without a village sees on the map.
import { describe, expect, it } from 'vitest';
import type { World } from '../../state/village';
import { worldToShow } from './worldToShow';

function world(name: string, status: World['status']): World {
  return { id: `id-${name}`, name, status, players: 0, maxPlayers: 500, speed: 1, size: 200, truce: null, endsAt: null };
}

describe('worldToShow', () => {
  it('takes the first online world in the order the server lists them, whatever its name', () => {
    expect(worldToShow([world('Asgard', 'online'), world('Midgard', 'online')])?.name).toBe('Asgard');
    expect(worldToShow([world('Asgard', 'maintenance'), world('Jotunheim', 'online')])?.name).toBe('Jotunheim');
  });

  it('falls back to the first world when none is online, and to null when there is none', () => {
    expect(worldToShow([world('Asgard', 'maintenance'), world('Vanaheim', 'maintenance')])?.name).toBe('Asgard');
    expect(worldToShow([])).toBeNull();
  });
});
