// @vitest-environment happy-dom
// The alliance page composed with the reports feature's card: a big battle in the activity feed opens its full report.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { AllianceFeedEntry } from '../api/alliances';
import type { BattleReport } from '../api/army';
import { setupFakeServer } from '../test/fakeServer';
import { TEST_USER, renderWithProviders } from '../test/render';
import AllianceFrame from './AllianceFrame';

const BJORN = { id: '44444444-4444-4444-8444-444444444444', username: 'Bjorn' };
const AELLE = { id: '55555555-5555-4555-8555-555555555555', username: 'Aelle' };
const place = (name: string) => ({ id: `00000000-0000-4000-8000-00000000${name.length}000`, name, x: 1, y: 2 });

const REPORT: BattleReport = {
  id: '66666666-6666-4666-8666-666666666666',
  type: 'attack',
  occurredAt: '2026-03-01T10:00:00Z',
  worldId: 'w',
  attacker: { user: BJORN, village: place('Hedeby'), units: { berserker: 120 }, losses: { berserker: 20 } },
  defender: { user: AELLE, village: place('York'), units: { bondi: 90 }, losses: { bondi: 90 } },
  winner: 'attacker',
  perspective: 'attacker',
  loot: { timber: 100, stone: 0, iron: 0, mead: 0 },
  wallDamage: 0,
  loyaltyChange: 0,
  villageConquered: false,
  buildingHit: null,
  intel: null,
  read: false,
};

const BATTLE: AllianceFeedEntry = { id: '77777777-7777-4777-8777-777777777777', kind: 'battle', occurredAt: REPORT.occurredAt, actor: BJORN, subject: AELLE, report: REPORT };

const server = setupFakeServer();

beforeEach(() => {
  server.routesFrom({
    'GET /api/alliances/my-alliance': {
      embassyLevel: 3,
      alliance: {
        id: '00000000-0000-4000-8000-0000000000b1',
        name: 'Sons of Ragnar',
        tag: 'SOR',
        description: 'Shields up.',
        isPublic: true,
        memberCount: 1,
        memberCap: 9,
        leaderEmbassyLevel: 3,
        totalVillages: 1,
        totalPopulation: 100,
        foundedAt: '2026-03-01T10:00:00.000Z',
        announcement: null,
        members: [{ id: '00000000-0000-4000-8000-000000000301', role: 'member', joinedAt: '2026-03-01T10:00:00.000Z', user: { id: TEST_USER.id, username: TEST_USER.username, discordAvatar: null } }],
      },
      membership: { role: 'member', joinedAt: '2026-03-01T10:00:00.000Z' },
    },
    'GET /api/alliances/my-alliance/feed': { entries: [BATTLE], page: 1, hasMore: false },
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('a battle in the alliance feed', () => {
  it("opens the full report with the reports feature's card, never marked new", async () => {
    renderWithProviders(<AllianceFrame />, { route: '/game/alliance' });
    const feed = await screen.findByRole('list', { name: 'Activity' });
    fireEvent.click(await within(feed).findByRole('button', { name: 'Open full report' }));
    const dialog = screen.getByRole('dialog', { name: 'Battle report' });
    const card = within(dialog).getByTestId('report');
    expect(card.textContent).toContain('Attack on York');
    expect(within(card).getByRole('table', { name: 'Attacker units' })).toBeTruthy();
    expect(within(card).queryByText('New')).toBeNull();
  });
});
