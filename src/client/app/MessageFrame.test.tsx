// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { BattleReport } from '../api/army';
import { setupFakeServer } from '../test/fakeServer';
import { TEST_USER, renderWithProviders } from '../test/render';
import MessageFrame from './MessageFrame';

const BJORN = { id: '44444444-4444-4444-8444-444444444444', username: 'Bjorn' };
const ID = '55555555-5555-4555-8555-555555555555';
const place = (name: string) => ({ id: `${name}-id`, name, x: 1, y: 2 });

const REPORT: BattleReport = {
  id: '66666666-6666-4666-8666-666666666666',
  type: 'raid',
  occurredAt: '2026-03-01T10:00:00Z',
  worldId: 'w',
  attacker: { user: BJORN, village: place('Hedeby'), units: { viking_raider: 5 }, losses: {} },
  defender: { user: { id: 'd', username: 'Aelle' }, village: place('York'), units: { bondi: 3 }, losses: { bondi: 3 } },
  winner: 'attacker',
  perspective: 'attacker',
  loot: { timber: 100, stone: 0, iron: 0, mead: 0 },
  wallDamage: 0,
  loyaltyChange: 0,
  villageConquered: false,
  buildingHit: null,
  intel: null,
  read: true,
};

const server = setupFakeServer();

beforeEach(() => {
  server.routesFrom({
    'GET /api/messages/:messageId': {
      message: { id: ID, from: BJORN, to: { id: TEST_USER.id, username: TEST_USER.username }, subject: 'Look at this', sentAt: '2026-03-01T11:00:00Z', read: true, body: 'York fell.', report: REPORT, invitation: null },
    },
    'GET /api/blocked-players': { players: [] },
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('a message sharing a battle report', () => {
  it("shows the report with the reports feature's card, its sides linking to the players", async () => {
    renderWithProviders(
      <Routes>
        <Route path="/game/messages/:messageId" element={<MessageFrame />} />
      </Routes>,
      { route: `/game/messages/${ID}` },
    );
    const section = await screen.findByRole('region', { name: 'Shared battle report' });
    const card = within(section).getByTestId('report');
    expect(card.textContent).toContain('Raid on York');
    expect(within(card).getByRole('table', { name: 'Attacker units' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Aelle' }).getAttribute('href')).toBe('/game/players/d');
    // A report shared with you cannot be passed on.
    expect(within(card).queryByRole('link', { name: 'Share in a message' })).toBeNull();
  });
});
