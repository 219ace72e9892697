// @vitest-environment happy-dom
// The Sitters section: naming a sitter (refused before asking when empty, the server's words otherwise), Remove, Play as an
// owner (the sitter's own session kept to come back to), the owner's log; and the banner of a sitting session.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '../../i18n';
import type { SitterLogPage, SitterOverview } from '../../api/sitters';
import { reply, setupFakeServer } from '../../test/fakeServer';
import { renderWithProviders, TEST_USER } from '../../test/render';
import { ownSessionAtom, sittingAtom, tokenAtom, userAtom, type User } from '../../state/session';
import { SittersSection } from './SittersSection';
import { SittingBanner } from './SittingBanner';

const BJORN = { id: '44444444-4444-4444-8444-444444444444', username: 'Bjorn' };
const LAGERTHA = { id: '55555555-5555-4555-8555-555555555555', username: 'Lagertha' };
const SINCE = '2026-03-01T10:00:00.000Z';

const server = setupFakeServer();
let overview: SitterOverview;
let log: SitterLogPage;

beforeEach(() => {
  localStorage.clear();
  overview = { sitters: [], sittingFor: [{ user: LAGERTHA, since: SINCE, lapsed: false }], maxSitters: 2 };
  log = {
    entries: [{ id: '66666666-6666-4666-8666-666666666666', sitter: BJORN, operation: 'constructBuilding', summary: 'Began building a Barracks in Kattegat (0|0)', at: SINCE }],
    page: 1,
    hasMore: false,
  };
  server.on('GET /api/sitters', () => overview);
  server.on('GET /api/sitters/log', () => log);
});
afterEach(() => {
  cleanup();
});

describe('the Sitters section', () => {
  it('speaks German: its parts, its refusal before asking, and the Play button', async () => {
    await act(() => i18n.changeLanguage('de'));
    renderWithProviders(<SittersSection />);
    await screen.findByText('Niemand vertritt dich.');
    expect(screen.getByRole('heading', { name: 'Vertretungen' })).toBeTruthy();
    expect(screen.getByText(/^Ernenne bis zu 2 andere Spieler/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ernennen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Gib den Benutzernamen des Spielers ein, den du ernennen willst');
    expect(await screen.findByRole('button', { name: 'Als Lagertha spielen' })).toBeTruthy();
    expect(await screen.findByRole('columnheader', { name: 'Vertretung' })).toBeTruthy();
  });

  it('names a sitter by username, and removes them again', async () => {
    renderWithProviders(<SittersSection />);
    await screen.findByText('Nobody sits for you.');
    fireEvent.click(screen.getByRole('button', { name: 'Name sitter' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Type the username of the player to name');
    expect(server.requests('POST', '/api/sitters')).toHaveLength(0);

    server.on('POST /api/sitters', ({ body }) => {
      const { username } = body as { username: string };
      if (username !== 'Bjorn') return reply(404, { error: 'No player by that name' });
      overview = { ...overview, sitters: [{ user: BJORN, since: SINCE }] };
      return reply(201, overview);
    });
    fireEvent.change(screen.getByLabelText('Name a sitter'), { target: { value: 'Nobody' } });
    fireEvent.click(screen.getByRole('button', { name: 'Name sitter' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No player by that name');
    fireEvent.change(screen.getByLabelText('Name a sitter'), { target: { value: ' Bjorn ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Name sitter' }));
    expect(await within(await screen.findByTestId('my-sitters')).findByText('Bjorn')).toBeTruthy();
    expect(server.requests('POST', '/api/sitters').at(-1)?.body).toEqual({ username: 'Bjorn' });

    server.on('DELETE /api/sitters/:playerId', () => {
      overview = { ...overview, sitters: [] };
      return overview;
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Bjorn' }));
    await screen.findByText('Nobody sits for you.');
    expect(server.requests('DELETE', `/api/sitters/${BJORN.id}`)).toHaveLength(1);
  });

  it('shows the log of what sitters did, with their names', async () => {
    renderWithProviders(<SittersSection />);
    const table = await screen.findByTestId('sitter-log');
    expect(within(table).getByText('Bjorn')).toBeTruthy();
    expect(within(table).getByText('Began building a Barracks in Kattegat (0|0)')).toBeTruthy();
  });

  it('plays as an owner: the sitting session becomes the session, the sitter’s own is kept to come back to', async () => {
    const owner: User = { ...TEST_USER, id: LAGERTHA.id, username: LAGERTHA.username, sitter: { id: TEST_USER.id, username: TEST_USER.username } };
    server.on('POST /api/sitters/:playerId/sit', () => reply(201, { user: owner, token: 'sitting-token' }));
    const { store } = renderWithProviders(<SittersSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Play as Lagertha' }));
    await waitFor(() => expect(store.get(tokenAtom)).toBe('sitting-token'));
    expect(store.get(userAtom)?.username).toBe('Lagertha');
    expect(store.get(sittingAtom)).toEqual({ id: TEST_USER.id, username: TEST_USER.username });
    expect(store.get(ownSessionAtom)).toEqual({ token: 't', user: TEST_USER });
  });

  it('does not offer to play as an owner whose sitting lapsed', async () => {
    overview = { ...overview, sittingFor: [{ user: LAGERTHA, since: SINCE, lapsed: true }] };
    renderWithProviders(<SittersSection />);
    expect(((await screen.findByRole('button', { name: 'Play as Lagertha' })) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/Lapsed/)).toBeTruthy();
  });
});

describe('the sitting banner', () => {
  it('says whose account is played, and goes back to one’s own', async () => {
    const owner: User = { ...TEST_USER, id: LAGERTHA.id, username: LAGERTHA.username, sitter: { id: TEST_USER.id, username: TEST_USER.username } };
    server.on('POST /api/auth/logout', () => reply(204));
    const { store } = renderWithProviders(<SittingBanner />, { user: owner });
    store.set(ownSessionAtom, { token: 'own-token', user: TEST_USER });
    const banner = await screen.findByTestId('sitting-banner');
    expect(banner.textContent).toContain('Sitting for Lagertha');
    // The way back shows once the own session set after the first render is read: a render later, on a busy machine
    // not yet when the banner is first found.
    fireEvent.click(await within(banner).findByRole('button', { name: 'Back to my account' }));
    await waitFor(() => expect(store.get(tokenAtom)).toBe('own-token'));
    expect(store.get(userAtom)?.username).toBe(TEST_USER.username);
    expect(store.get(ownSessionAtom)).toBeNull();
    expect(screen.queryByTestId('sitting-banner')).toBeNull();
  });

  it('is not there in one’s own account', () => {
    renderWithProviders(<SittingBanner />);
    expect(screen.queryByTestId('sitting-banner')).toBeNull();
  });
});
