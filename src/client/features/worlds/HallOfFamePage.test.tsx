// @vitest-environment happy-dom
// The hall of fame page: how the world ended and every list of its final standing, or the server's word for a world still played.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, screen, within } from '@testing-library/react';
import { i18n } from '../../i18n';
import { Route, Routes } from 'react-router';
import { reply, setupFakeServer } from '../../test/fakeServer';
import { renderWithProviders } from '../../test/render';
import HallOfFamePage from './HallOfFamePage';

const server = setupFakeServer();
afterEach(() => {
  cleanup();
});

const YGG = { id: 'a-ygg', tag: 'YGG', name: 'Tree Keepers' };
const RAGNAR = { id: 'p-ragnar', username: 'Ragnar' };
const LAGERTHA = { id: 'p-lagertha', username: 'Lagertha' };
const FAME = {
  world: { id: 'w-asgard', name: 'Asgard' },
  reason: 'victory',
  endedAt: '2026-03-01T12:00:00.000Z',
  summary: 'Tree Keepers [YGG] won by completing Yggdrasil',
  winner: YGG,
  victory: { type: 'wonder_victory', achievedAt: '2026-03-01T12:00:00.000Z', wonder: { id: 'wo-1', name: 'World Ash', type: 'yggdrasil' }, user: RAGNAR },
  standing: {
    players: [
      { rank: 1, player: RAGNAR, population: 1520, villages: 3, alliance: YGG },
      { rank: 2, player: LAGERTHA, population: 800, villages: 1, alliance: null },
    ],
    alliances: [{ rank: 1, alliance: YGG, population: 1520, members: 1 }],
    attackers: [{ rank: 1, player: LAGERTHA, points: 42, alliance: null }],
    defenders: [],
    heroes: [{ rank: 1, hero: { id: 'h-1', name: 'Bjorn the Warrior', type: 'warrior', level: 7, totalPower: 910 }, player: RAGNAR }],
  },
};

function renderPage(worldId = 'w-asgard') {
  return renderWithProviders(
    <Routes>
      <Route path="/game/worlds/:worldId/hall-of-fame" element={<HallOfFamePage />} />
    </Routes>,
    { route: `/game/worlds/${worldId}/hall-of-fame` },
  );
}

describe('HallOfFamePage', () => {
  it('shows how the world ended and the top of every list', async () => {
    server.on('GET /api/worlds/w-asgard/hall-of-fame', FAME);
    renderPage();
    expect((await screen.findByRole('heading', { level: 1, name: 'Hall of fame: Asgard' })).textContent).toBe('Hall of fame: Asgard');
    const ending = screen.getByRole('region', { name: 'How the world ended' });
    expect(ending.textContent).toContain('Tree Keepers [YGG] won by completing Yggdrasil');
    expect(within(ending).getByRole('link', { name: '[YGG] Tree Keepers' }).getAttribute('href')).toBe('/game/alliances/a-ygg');
    expect(ending.textContent).toContain('Yggdrasil (World Ash)');
    const players = screen.getByRole('region', { name: 'Top players' });
    expect(within(players).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'RankPlayerAlliancePopulationVillages',
      '1Ragnar[YGG] Tree Keepers1.5K3',
      '2Lagertha—8001',
    ]);
    expect(within(screen.getByRole('region', { name: 'Top attackers' })).getByRole('link', { name: 'Lagertha' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Top defenders' }).textContent).toContain('Nobody made this list.');
    expect(screen.getByRole('region', { name: 'Top heroes' }).textContent).toContain('Bjorn the Warrior');
    expect(screen.getByRole('link', { name: 'Join a new world' }).getAttribute('href')).toBe('/game/worlds');
  });

  it("says why a world still played has none, with the server's words", async () => {
    server.on(
      'GET /api/worlds/w-midgard/hall-of-fame',
      reply(404, { error: 'This world has not ended: its hall of fame is written when it closes', code: 'world_not_ended' }),
    );
    renderPage('w-midgard');
    expect(await screen.findByText('This world has not ended: its hall of fame is written when it closes')).toBeTruthy();
  });

  it('words the end, the lists and their figures in German', async () => {
    await act(() => i18n.changeLanguage('de'));
    server.on('GET /api/worlds/w-asgard/hall-of-fame', { ...FAME, reason: 'end_date', victory: null });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ruhmeshalle: Asgard' })).toBeTruthy();
    const ending = screen.getByRole('region', { name: 'Wie die Welt endete' });
    expect(ending.textContent).toMatch(/^Asgard endete am 1\. März 2026.*: ihr Enddatum kam, und Tree Keepers \[YGG\] führte die Allianz-Rangliste an\./);
    expect(ending.textContent).toContain('Führende Allianz');
    const players = screen.getByRole('region', { name: 'Beste Spieler' });
    expect(within(players).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'RangSpielerAllianzEinwohnerDörfer',
      '1Ragnar[YGG] Tree Keepers1,5 Tsd.3',
      '2Lagertha—8001',
    ]);
    expect(screen.getByRole('region', { name: 'Beste Verteidiger' }).textContent).toContain('Niemand hat es auf diese Liste geschafft.');
    expect(screen.getByRole('region', { name: 'Beste Helden' }).textContent).toContain('Krieger');
    expect(screen.getByRole('link', { name: 'einer neuen Welt beitreten' }).getAttribute('href')).toBe('/game/worlds');
  });
});
