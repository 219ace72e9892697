// @vitest-environment happy-dom
// The activity feed: one sentence per entry with its badge and time, player and alliance names linked, pages, and a big battle's summary that opens the full report.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AllianceFeedEntry, AllianceFeedPage } from '../../api/alliances';
import type { BattleReport } from '../../api/army';
import { FEED_KINDS, FEED_PAGE_SIZE } from '../../../rules/alliance-feed';
import { setupFakeServer } from '../../test/fakeServer';
import { renderWithProviders } from '../../test/render';
import { ActivityFeed } from './ActivityFeed';

const FLOKI = { id: '00000000-0000-4000-8000-0000000000f1', username: 'Floki' };
const BJORN = { id: '00000000-0000-4000-8000-0000000000f2', username: 'Bjorn' };
const WOLF = { id: '00000000-0000-4000-8000-0000000000e1', tag: 'WOLF', name: 'Wolves' };
const HEDEBY = { id: '00000000-0000-4000-8000-0000000000d1', name: 'Hedeby', x: 3, y: -4 };

const REPORT: BattleReport = {
  id: '00000000-0000-4000-8000-0000000000c9',
  type: 'attack',
  occurredAt: '2026-03-01T10:00:00.000Z',
  worldId: 'w',
  attacker: { user: FLOKI, village: { id: 'a', name: 'Kattegat', x: 0, y: 0 }, units: { bondi: 100 }, losses: { bondi: 40 } },
  defender: { user: BJORN, village: HEDEBY, units: { shieldmaiden: 80 }, losses: { shieldmaiden: 80 } },
  winner: 'attacker',
  perspective: 'attacker',
  loot: { timber: 0, stone: 0, iron: 0, mead: 0 },
  wallDamage: 0,
  loyaltyChange: 0,
  villageConquered: false,
  buildingHit: null,
  intel: null,
  read: false,
};

/** What each kind carries besides its players. */
const DETAILS: Partial<Record<AllianceFeedEntry['kind'], Partial<AllianceFeedEntry>>> = {
  dismissed: { reason: 'Never raids' },
  rank_changed: { fromRole: 'member', toRole: 'officer' },
  announcement: { text: 'Ships at <b>dawn</b>\nBring mead' },
  diplomacy_proposed: { relation: 'nap', alliance: WOLF, byUs: true },
  diplomacy_accepted: { relation: 'nap', alliance: WOLF, byUs: false },
  diplomacy_declined: { relation: 'confederation', alliance: WOLF, byUs: true },
  diplomacy_ended: { relation: 'war', alliance: WOLF, byUs: true },
  village_conquered: { village: HEDEBY },
  village_lost: { village: HEDEBY },
  village_founded: { village: HEDEBY },
  wonder_level: { wonder: { id: 'w1', name: 'World Tree', type: 'yggdrasil', level: 12 }, village: HEDEBY },
  battle: { report: REPORT },
};

function entry(kind: AllianceFeedEntry['kind'], n: number): AllianceFeedEntry {
  return {
    id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
    kind,
    occurredAt: new Date(Date.UTC(2026, 2, 1, 23 - (n % 24), 0)).toISOString(),
    actor: FLOKI,
    subject: BJORN,
    ...DETAILS[kind],
  };
}

const PAGE_1: AllianceFeedPage = { entries: FEED_KINDS.map((kind, n) => entry(kind, n)), page: 1, hasMore: true };
const PAGE_2: AllianceFeedPage = { entries: [entry('joined', 30)], page: 2, hasMore: false };

const server = setupFakeServer();

beforeEach(() => {
  server.on('GET /api/alliances/my-alliance/feed', ({ query }) => (query.get('page') === '2' ? PAGE_2 : PAGE_1));
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const entries = () => within(screen.getByRole('list', { name: 'Activity' })).getAllByRole('listitem');
const sentences = () => entries().map((item) => item.querySelector('.feed-entry__sentence')?.textContent);

describe('the activity feed', () => {
  it('tells one sentence per kind, newest first, with its badge, its time and the players linked', async () => {
    renderWithProviders(<ActivityFeed />, { route: '/game/alliance' });
    await screen.findByRole('list', { name: 'Activity' });
    expect(FEED_PAGE_SIZE).toBe(20);
    expect(server.requests('GET', '/api/alliances/my-alliance/feed')[0].query.get('page')).toBe('1');
    expect(sentences()).toEqual([
      'Floki founded the alliance',
      'Floki joined the alliance, welcomed by Bjorn',
      'Floki left the alliance',
      'Floki dismissed Bjorn: “Never raids”',
      'Floki appointed Bjorn officer',
      'Bjorn took over the leadership from Floki',
      'Floki posted an announcement',
      'Floki proposed a non-aggression pact to [WOLF] Wolves',
      '[WOLF] Wolves accepted the non-aggression pact (Floki)',
      'Floki declined a confederation from [WOLF] Wolves',
      'Floki ended the war with [WOLF] Wolves',
      'Floki conquered Hedeby (3|-4) from Bjorn',
      'Bjorn lost Hedeby (3|-4) to Floki',
      'Floki founded the village Hedeby (3|-4)',
      'Floki’s wonder World Tree reached level 12',
      'Floki attacked Bjorn at Hedeby (3|-4) and won',
    ]);
    const [dismissed] = entries().filter((item) => item.dataset.kind === 'dismissed');
    expect(within(dismissed).getByRole('link', { name: 'Bjorn' }).getAttribute('href')).toBe(`/game/players/${BJORN.id}`);
    expect(within(dismissed).getByText('Members').className).toContain('badge');
    expect(within(dismissed).getByRole('time')).toBeTruthy();
    const [ended] = entries().filter((item) => item.dataset.kind === 'diplomacy_ended');
    expect(within(ended).getByRole('link', { name: '[WOLF] Wolves' }).getAttribute('href')).toBe(`/game/alliances/${WOLF.id}`);
    expect(within(ended).getByText('Diplomacy')).toBeTruthy();
    // An announcement's text is shown as text, line breaks kept.
    const [announcement] = entries().filter((item) => item.dataset.kind === 'announcement');
    expect(announcement.querySelector('blockquote')?.textContent).toBe('Ships at <b>dawn</b>\nBring mead');
    expect(announcement.querySelector('b')).toBeNull();
  });

  it('sums up a big battle: attacker, defender, winner and losses; without a report view there is nothing to open', async () => {
    renderWithProviders(<ActivityFeed />, { route: '/game/alliance' });
    await screen.findByRole('list', { name: 'Activity' });
    const [battle] = entries().filter((item) => item.dataset.kind === 'battle');
    const facts = battle.querySelector('dl');
    expect(facts?.textContent).toContain('AttackerFloki · Kattegat (0|0)');
    expect(facts?.textContent).toContain('DefenderBjorn · Hedeby (3|-4)');
    expect(facts?.textContent).toContain('WinnerAttacker');
    expect(facts?.textContent).toContain('LossesAttacker 40 units, defender 80 units');
    expect(within(battle).queryByRole('button', { name: 'Open full report' })).toBeNull();
  });

  it('opens the full report in a dialog with the view it is given', async () => {
    renderWithProviders(<ActivityFeed reportView={(report) => <p>Full report {report.id}</p>} />, { route: '/game/alliance' });
    await screen.findByRole('list', { name: 'Activity' });
    const [battle] = entries().filter((item) => item.dataset.kind === 'battle');
    fireEvent.click(within(battle).getByRole('button', { name: 'Open full report' }));
    const dialog = screen.getByRole('dialog', { name: 'Battle report' });
    expect(within(dialog).getByText(`Full report ${REPORT.id}`)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('pages with the shared pager: next while the server says more exist', async () => {
    renderWithProviders(<ActivityFeed />, { route: '/game/alliance' });
    await screen.findByRole('list', { name: 'Activity' });
    const pager = screen.getByRole('navigation', { name: 'Activity feed pages' });
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(sentences()).toEqual(['Floki joined the alliance, welcomed by Bjorn']));
    expect(server.requests('GET', '/api/alliances/my-alliance/feed').map((call) => call.query.get('page'))).toEqual(['1', '2']);
    const last = screen.getByRole('navigation', { name: 'Activity feed pages' });
    expect((within(last).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(last).getByRole('button', { name: 'Page 1' }));
    await waitFor(() => expect(entries()).toHaveLength(FEED_KINDS.length));
  });

  it('says when nothing has happened yet', async () => {
    server.on('GET /api/alliances/my-alliance/feed', { entries: [], page: 1, hasMore: false });
    renderWithProviders(<ActivityFeed />, { route: '/game/alliance' });
    expect(await screen.findByText('Nothing has happened yet. Deeds will be told here.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Activity feed pages' })).toBeNull();
  });
});
