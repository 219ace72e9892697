// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { ArmyMovement } from '../../state/army';
import { renderWithProviders } from '../../test/render';
import { unitIconUrl } from '../../ui/UnitIcon';
import { MovementList } from './MovementList';

const HOME = { id: 'v1', name: 'Kattegat', x: 12, y: -40 };
const AWAY = { id: 'v2', name: 'Uppsala', x: 12, y: -4 };

function movement(extra: Partial<ArmyMovement>): ArmyMovement {
  return {
    id: 'm1',
    type: 'attack',
    direction: 'outgoing',
    fromVillage: HOME,
    toVillage: AWAY,
    units: { bondi: 10 },
    loot: null,
    cargo: null,
    merchants: 0,
    departedAt: '2026-01-01T12:00:00.000Z',
    arrivesAt: '2026-01-01T13:00:00.000Z',
    remainingTime: 3600,
    arrivesAtClient: Date.now() + 3_600_000,
    ...extra,
  };
}

afterEach(() => {
  cleanup();
});

describe('MovementList', () => {
  it('shows the cargo and merchants of deliveries in both directions instead of units', () => {
    renderWithProviders(
      <MovementList
        movements={[
          movement({ id: 'd1', type: 'delivery', units: {}, cargo: { timber: 600, stone: 0, iron: 1500, mead: 0 }, merchants: 5 }),
          movement({ id: 'd2', type: 'delivery', direction: 'incoming', fromVillage: AWAY, toVillage: HOME, units: {}, cargo: { timber: 0, stone: 0, iron: 0, mead: 300 }, merchants: 1 }),
          movement({ id: 'r1', type: 'merchants_return', direction: 'incoming', fromVillage: AWAY, toVillage: HOME, units: {}, merchants: 2 }),
        ]}
        onArrived={() => undefined}
      />,
    );
    const outgoing = within(screen.getByRole('list', { name: 'Outgoing movements' })).getByTestId('movement');
    expect(outgoing.textContent).toContain('Merchants');
    expect(within(outgoing).getByTestId('movement-cargo').textContent).toBe('5 merchants carrying 600 timber, 1.5K iron');
    expect(outgoing.textContent).not.toContain('none');
    const incoming = within(screen.getByRole('list', { name: 'Incoming movements' })).getAllByTestId('movement');
    expect(incoming[0]?.textContent).toContain('1 merchant carrying 300 mead');
    expect(incoming[0]?.textContent).not.toContain('Strength unknown');
    expect(incoming[1]?.textContent).toContain('Merchants returning');
    expect(incoming[1]?.textContent).toContain('2 merchants walking home');
  });

  it('still shows armies with their units, or hides an enemy’s strength', () => {
    renderWithProviders(
      <MovementList movements={[movement({}), movement({ id: 'a2', direction: 'incoming', fromVillage: AWAY, toVillage: HOME })]} onArrived={() => undefined} />,
    );
    expect(within(screen.getByRole('list', { name: 'Outgoing movements' })).getByTestId('movement').textContent).toContain('Bondi 10');
    expect(within(screen.getByRole('list', { name: 'Incoming movements' })).getByTestId('movement').textContent).toContain('Strength unknown');
  });

  it('names an army’s units in words, each type with its picture', () => {
    renderWithProviders(
      <MovementList movements={[movement({ units: { viking_raider: 5, bondi: 2 } }), movement({ id: 'a2', units: {} })]} onArrived={() => undefined} />,
    );
    const [army, empty] = within(screen.getByRole('list', { name: 'Outgoing movements' })).getAllByTestId('movement');
    const units = army!.querySelector('.movement__units')!;
    expect(units.textContent).toBe('Bondi 2, Viking Raider 5');
    expect([...units.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([unitIconUrl('bondi'), unitIconUrl('viking_raider')]);
    expect(empty!.querySelector('.movement__units')!.textContent).toBe('none');
  });

  it('names its list as told (the marketplace’s shipments)', () => {
    renderWithProviders(
      <MovementList movements={[]} onArrived={() => undefined} text={{ title: 'Shipments', noneIncoming: 'No merchants are coming.', noneOutgoing: 'None out.' }} />,
    );
    expect(screen.getByRole('heading', { name: 'Shipments' })).toBeTruthy();
    expect(screen.getByText('No merchants are coming.')).toBeTruthy();
  });
});
