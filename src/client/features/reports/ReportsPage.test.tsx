// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BattleReport } from '../../api/army';
import { i18n } from '../../i18n';
import { queryKeys } from '../../state/queryKeys';
import { setupFakeServer } from '../../test/fakeServer';
import { TEST_USER, renderWithProviders } from '../../test/render';
import { buildingIconUrl } from '../../ui/BuildingIcon';
import { unitIconUrl } from '../../ui/UnitIcon';
import ReportsPage from './ReportsPage';

const ME = { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', username: 'Ragnar' };
const place = (name: string, x: number, y: number) => ({ id: `${name}-id`, name, x, y });

function report(id: string, read: boolean, extra: Partial<BattleReport> = {}): BattleReport {
  return {
    id,
    type: 'attack',
    occurredAt: '2026-03-01T10:00:00Z',
    worldId: 'w',
    attacker: { user: ME, village: place('Kattegat', 1, 2), units: { viking_raider: 5, bondi: 2 }, losses: { bondi: 2 } },
    defender: { user: { id: 'd', username: 'Aelle' }, village: place('York', 9, 9), units: { huscarl: 3 }, losses: { huscarl: 3 } },
    winner: 'attacker',
    perspective: 'attacker',
    loot: { timber: 100, stone: 50, iron: 25, mead: 0 },
    wallDamage: 1,
    loyaltyChange: -24,
    villageConquered: false,
    buildingHit: null,
    intel: null,
    read,
    ...extra,
  };
}

const server = setupFakeServer();

let battles: BattleReport[] = [];
let total = 2;

beforeEach(() => {
  battles = [report('11111111-1111-4111-8111-111111111111', false), report('22222222-2222-4222-8222-222222222222', true, { winner: 'attacker', perspective: 'defender', loot: { timber: 0, stone: 0, iron: 0, mead: 0 } })];
  total = 2;
  server.routesFrom({
    'GET /api/game/battles': ({ query }) => {
      const unread = battles.filter((b) => !b.read).length;
      return { battles, page: Number(query.get('page')), limit: Number(query.get('limit')), total, unread };
    },
    'POST /api/game/battles/:reportId/read': ({ params }) => {
      battles = battles.map((b) => (b.id === params.reportId ? { ...b, read: true } : b));
      return { ok: true };
    },
  });
});
afterEach(() => {
  cleanup();
});

function renderPage(url = '/game/reports') {
  return renderWithProviders(<ReportsPage />, { route: url });
}

/** The side navigation's unread count, as the page left it in the cache. */
const unread = (rendered: ReturnType<typeof renderPage>) => rendered.client.getQueryData(queryKeys.unreadReports(TEST_USER.id));

describe('ReportsPage', () => {
  it('lists reports newest first with unread ones marked, and opening one shows the numbers and marks it read', async () => {
    const rendered = renderPage();
    const list = await screen.findByRole('list', { name: 'Battle reports' });
    const [first, second] = within(list).getAllByTestId('report');
    expect(first.textContent).toContain('Victory');
    expect(first.textContent).toContain('Attack on York');
    expect(first.textContent).toContain('New');
    expect(first.textContent).toContain('+175 loot');
    expect(second.textContent).toContain('Defeat');
    expect(second.textContent).not.toContain('New');
    expect(screen.getByText('2 reports, 1 unread')).toBeTruthy();
    expect(unread(rendered)).toBe(1);

    fireEvent.click(within(first).getByRole('button'));
    const attacker = within(first).getByRole('table', { name: 'Attacker units' });
    const rows = within(attacker).getAllByRole('row').map((row) => row.textContent);
    expect(rows.slice(1)).toEqual(['Bondi220', 'Viking Raider505']);
    // Each unit type is drawn beside its name (decoration: the name says it).
    expect([...attacker.querySelectorAll('tbody th img')].map((img) => img.getAttribute('src'))).toEqual([unitIconUrl('bondi'), unitIconUrl('viking_raider')]);
    expect(within(first).getByRole('table', { name: 'Defender units' }).textContent).toContain('Huscarl330');
    expect(first.textContent).toContain('1 level destroyed');
    expect(first.textContent).toContain('-24%');
    expect(within(first).getByRole('list', { name: 'Loot' }).textContent).toContain('Timber 100');
    // The sides name their players with links to their profiles; one's own report can be shared in a message.
    expect(within(first).getByRole('link', { name: 'Aelle' }).getAttribute('href')).toBe('/game/players/d');
    expect(within(first).getByRole('link', { name: 'Share in a message' }).getAttribute('href')).toBe('/game/messages/new?report=11111111-1111-4111-8111-111111111111');
    expect(first.textContent).not.toContain('New');
    expect(unread(rendered)).toBe(0);
    await waitFor(() => expect(server.requests('POST', '/api/game/battles/11111111-1111-4111-8111-111111111111/read')).toHaveLength(1));

    // A read report opened again costs no call.
    fireEvent.click(within(second).getByRole('button'));
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('reads its page again when a report arrives, and pages by 20', async () => {
    total = 45;
    const { client } = renderPage('/game/reports?page=2');
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(server.calls.map((call) => call.query.toString())).toContain('page=2&limit=20');
    battles = [report('33333333-3333-4333-8333-333333333333', false, { defender: { ...battles[0].defender, village: place('Lindisfarne', 5, 5) } }), ...battles];
    // What the live stream does when a report arrives.
    await act(() => client.invalidateQueries({ queryKey: queryKeys.battles(TEST_USER.id) }));
    expect(await screen.findByText(/Attack on Lindisfarne/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 3 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows what the catapults hit, and what scouts saw instead of loot and wall', async () => {
    battles = [
      report('44444444-4444-4444-8444-444444444444', false, { buildingHit: { type: 'granary', levelBefore: 10, levelAfter: 6 } }),
      report('55555555-5555-4555-8555-555555555555', false, {
        type: 'scout',
        attacker: { user: ME, village: place('Kattegat', 1, 2), units: { viking_raider: 12 }, losses: {} },
        defender: { user: { id: 'd', username: 'Aelle' }, village: place('York', 9, 9), units: {}, losses: {} },
        loot: { timber: 0, stone: 0, iron: 0, mead: 0 },
        wallDamage: 0,
        loyaltyChange: 0,
        intel: {
          resources: { timber: 1200, stone: 800, iron: 40, mead: 7 },
          troops: { huscarl: 30 },
          stationed: { bondi: 4 },
          defences: { wallLevel: 3, buildings: [{ type: 'timber_camp', level: 2 }, { type: 'timber_camp', level: 5 }, { type: 'wall', level: 3 }] },
        },
      }),
    ];
    renderPage();
    const list = await screen.findByRole('list', { name: 'Battle reports' });
    const [attack, scouting] = within(list).getAllByTestId('report');
    fireEvent.click(within(attack).getByRole('button'));
    expect(within(attack).getByTestId('building-hit').textContent).toBe('Granary: level 10 → 6');
    expect(within(attack).getByTestId('building-hit').querySelector('img')?.getAttribute('src')).toBe(buildingIconUrl('granary'));

    expect(scouting.textContent).toContain('Scouting of York');
    fireEvent.click(within(scouting).getByRole('button'));
    const intel = within(scouting).getByTestId('scout-intel');
    expect(within(intel).getByRole('list', { name: 'Resources' }).textContent).toContain('Timber 1.2K');
    expect(within(intel).getByRole('list', { name: 'Troops at home' }).textContent).toBe('Huscarl 30');
    expect(within(intel).getByRole('list', { name: 'Stationed there' }).textContent).toBe('Bondi 4');
    expect(within(intel).getByRole('list', { name: 'Defences' }).textContent).toBe('Wall level 3Timber Camp 5, 2');
    expect([...intel.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      unitIconUrl('huscarl'),
      unitIconUrl('bondi'),
      buildingIconUrl('wall'),
      buildingIconUrl('timber_camp'),
    ]);
    expect(scouting.textContent).toContain('No scouts met them.');
    expect(within(scouting).queryByRole('list', { name: 'Loot' })).toBeNull();
  });

  it('says so when there are no battles yet', async () => {
    battles = [];
    total = 0;
    renderPage();
    expect(await screen.findByText('No battles yet. Reports of your attacks, raids and defences appear here.')).toBeTruthy();
  });
});

describe('ReportsPage in German', () => {
  it('tells the reports, their outcome, loot, wall and loyalty in German', async () => {
    await act(() => i18n.changeLanguage('de'));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Berichte' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Kampfberichte' });
    const [first] = within(list).getAllByTestId('report');
    expect(first.textContent).toContain('Sieg');
    expect(first.textContent).toContain('Angriff auf York (9|9)');
    expect(first.textContent).toContain('+175 Beute');
    expect(screen.getByText('2 Berichte, 1 ungelesen')).toBeTruthy();
    fireEvent.click(within(first).getByRole('button'));
    const details = await within(first).findByRole('list', { name: 'Beute' });
    expect(details.textContent).toContain('Holz 100');
    expect(first.textContent).toContain('1 Stufe zerstört');
    expect(first.textContent).toMatch(/[-−]24\s%/);
    expect(within(first).getByRole('link', { name: 'In einer Nachricht teilen' })).toBeTruthy();
  });
});
