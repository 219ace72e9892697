// @vitest-environment happy-dom
// The world's banners: an ended world tells the player so, with its hall of fame and the way to a new world; a coming end date is announced.
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { cleanup, screen, within } from '@testing-library/react';
import { i18n } from '../../i18n';
import { queryKeys } from '../../state/queryKeys';
import type { Village } from '../../state/village';
import { setupFakeServer } from '../../test/fakeServer';
import { TEST_USER, renderWithProviders } from '../../test/render';
import { WorldNotices } from './WorldNotices';

const server = setupFakeServer();
afterEach(() => {
  cleanup();
});

const VILLAGE: Village = { id: 'v1', name: 'Kattegat', x: 12, y: -40, population: 150, loyalty: 100, isCapital: true, worldId: 'w-asgard', ownerId: TEST_USER.id };
const QUIET = { worldId: 'w-asgard', maintenance: false, endsAt: null, ended: null, announcements: [], events: [] };
const MESSAGE = 'This world has ended: Tree Keepers [YGG] won by completing Yggdrasil. Join the new world from the world list.';
const ENDED = { message: MESSAGE, code: 'world_ended_date_leader', params: { alliance: 'Tree Keepers [YGG]' }, hallOfFame: true };
const COUNTING = 'This world has ended: its end date has come and its final standing is being counted. Join the new world from the world list.';

function renderNotices() {
  return renderWithProviders(<WorldNotices />, { data: [[queryKeys.villages(TEST_USER.id), [VILLAGE]]] });
}

describe('WorldNotices', () => {
  it('tells the player of an ended world how it ended, with its hall of fame and the world list', async () => {
    server.on('GET /api/worlds/w-asgard/notices', { ...QUIET, endsAt: '2026-03-01T12:00:00.000Z', ended: { ...ENDED, code: 'world_ended_three_wonders', params: { winner: 'Tree Keepers [YGG]' }, message: MESSAGE.replace('Yggdrasil', 'three wonders') } });
    renderNotices();
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain(MESSAGE.replace('Yggdrasil', 'three wonders'));
    expect(within(notice).getByRole('link', { name: 'See the hall of fame' }).getAttribute('href')).toBe('/game/worlds/w-asgard/hall-of-fame');
    expect(within(notice).getByRole('link', { name: 'Join a new world' }).getAttribute('href')).toBe('/game/worlds');
  });

  it('leaves the hall of fame out while the standing is being counted', async () => {
    server.on('GET /api/worlds/w-asgard/notices', { ...QUIET, endsAt: '2026-03-01T12:00:00.000Z', ended: { message: COUNTING, code: 'world_ended_counting', hallOfFame: false } });
    renderNotices();
    const notice = await screen.findByRole('alert');
    expect(within(notice).queryByRole('link', { name: 'See the hall of fame' })).toBeNull();
    expect(within(notice).getByRole('link', { name: 'Join a new world' })).toBeTruthy();
  });

  it('announces a coming end date', async () => {
    server.on('GET /api/worlds/w-asgard/notices', { ...QUIET, endsAt: '2026-09-01T12:00:00.000Z' });
    renderNotices();
    expect((await screen.findByText(/This world ends on/)).textContent).toMatch(/This world ends on .*2026/);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the end, its links and a coming end date in German', async () => {
    await act(() => i18n.changeLanguage('de'));
    server.on('GET /api/worlds/w-asgard/notices', { ...QUIET, endsAt: '2026-03-01T12:00:00.000Z', ended: ENDED });
    renderNotices();
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain(
      'Diese Welt ist beendet: Ihr Enddatum ist gekommen, Tree Keepers [YGG] führt die Allianz-Rangliste an. Tritt über die Weltenliste der neuen Welt bei.',
    );
    expect(within(notice).getByRole('link', { name: 'Zur Ruhmeshalle' })).toBeTruthy();
    expect(within(notice).getByRole('link', { name: 'Einer neuen Welt beitreten' })).toBeTruthy();
    cleanup();
    server.on('GET /api/worlds/w-asgard/notices', { ...QUIET, endsAt: '2026-09-01T12:00:00.000Z' });
    renderNotices();
    expect((await screen.findByText(/Diese Welt endet am/)).textContent).toMatch(/Diese Welt endet am 1\. Sept?\. 2026/);
  });
});
