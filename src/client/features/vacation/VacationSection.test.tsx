// @vitest-environment happy-dom
// The Vacation section: the window and what keeps a vacation from starting (the server's words), Start with the chosen end,
// while on vacation until when and End once the minimum has passed; and the banner the game pages show meanwhile.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Village } from '../../api/villages';
import type { VacationStatus } from '../../api/vacation';
import { reply, setupFakeServer } from '../../test/fakeServer';
import { renderWithProviders, TEST_USER } from '../../test/render';
import { selectedVillageIdAtom } from '../../state/village';
import { VacationSection } from './VacationSection';
import { VacationBanner } from './VacationBanner';

const WORLD = '22222222-2222-4222-8222-222222222222';
const HOME: Village = { id: '99999999-9999-4999-8999-999999999999', name: 'Kattegat', x: 0, y: 0, population: 50, loyalty: 100, isCapital: true, worldId: WORLD, ownerId: TEST_USER.id };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const server = setupFakeServer();
let status: VacationStatus;

const iso = (ms: number) => new Date(ms).toISOString();
const away = (earliestIn: number): VacationStatus['vacation'] => ({ startedAt: iso(Date.now() - HOUR), endsAt: iso(Date.now() + 4 * DAY), earliestEndAt: iso(Date.now() + earliestIn) });

beforeEach(() => {
  status = { worldId: WORLD, vacation: null, minMs: 2 * DAY, maxMs: 14 * DAY, refusal: null };
  server.on('GET /api/villages', { villages: [HOME] });
  server.on('GET /api/worlds', { worlds: [{ id: WORLD, name: 'Midgard', status: 'online', players: 2, maxPlayers: 500, speed: 1, size: 200, truce: null }] });
  server.on('GET /api/worlds/:worldId/vacation', () => status);
});
afterEach(() => {
  cleanup();
});

function show(ui = <VacationSection />) {
  const rendered = renderWithProviders(ui);
  rendered.store.set(selectedVillageIdAtom, HOME.id);
  return rendered;
}

describe('the Vacation section', () => {
  it('offers a vacation between the world’s shortest and longest, and starts one with the chosen end', async () => {
    show();
    expect(await screen.findByText(/A vacation there lasts from 2 days to 14 days/)).toBeTruthy();
    const end = screen.getByLabelText('Ends') as HTMLInputElement;
    expect(end.value).not.toBe('');
    server.on('POST /api/worlds/:worldId/vacation', ({ body }) => {
      const endsAt = (body as { endsAt: string }).endsAt;
      status = { ...status, vacation: { startedAt: iso(Date.now()), endsAt, earliestEndAt: iso(Date.now() + 2 * DAY) }, refusal: 'You are on vacation in this world already' };
      return reply(201, status);
    });
    fireEvent.change(end, { target: { value: '2099-01-01T10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start vacation' }));
    // An end past the longest vacation is refused before asking the server.
    expect((await screen.findByRole('alert')).textContent).toBe('A vacation lasts at most 14 days on this world');
    expect(server.requests('POST', `/api/worlds/${WORLD}/vacation`)).toHaveLength(0);

    const chosen = new Date(Date.now() + 5 * DAY);
    chosen.setSeconds(0, 0);
    const text = `${chosen.getFullYear()}-${String(chosen.getMonth() + 1).padStart(2, '0')}-${String(chosen.getDate()).padStart(2, '0')}T${String(chosen.getHours()).padStart(2, '0')}:${String(chosen.getMinutes()).padStart(2, '0')}`;
    fireEvent.change(end, { target: { value: text } });
    fireEvent.click(screen.getByRole('button', { name: 'Start vacation' }));
    await screen.findByTestId('vacation-on');
    const [sent] = server.requests('POST', `/api/worlds/${WORLD}/vacation`);
    expect(sent?.body).toEqual({ endsAt: chosen.toISOString() });
    expect(screen.getByText(/You are on vacation in/).textContent).toContain('Midgard');
  });

  it('says what keeps a vacation from starting, in the server’s words, and does not offer Start', async () => {
    status = { ...status, refusal: 'Bring your armies home before you leave: some are still on the march' };
    show();
    expect((await screen.findByTestId('vacation-refusal')).textContent).toBe('Bring your armies home before you leave: some are still on the march');
    expect((screen.getByRole('button', { name: 'Start vacation' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('while on vacation offers End only once the minimum has passed', async () => {
    status = { ...status, vacation: away(DAY) };
    show();
    await screen.findByTestId('vacation-on');
    expect(screen.getByText(/You may end it from/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'End vacation' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('ends it with End after the minimum, and offers a new one', async () => {
    status = { ...status, vacation: away(-HOUR) };
    server.on('DELETE /api/worlds/:worldId/vacation', () => {
      status = { ...status, vacation: null };
      return status;
    });
    show();
    const end = await screen.findByRole('button', { name: 'End vacation' });
    await waitFor(() => expect((end as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(end);
    expect(await screen.findByRole('button', { name: 'Start vacation' })).toBeTruthy();
    expect(server.requests('DELETE', `/api/worlds/${WORLD}/vacation`)).toHaveLength(1);
  });

  it('shows the refusal of a start the server turned down', async () => {
    server.on('POST /api/worlds/:worldId/vacation', reply(409, { error: 'An attack is on its way to you: a vacation cannot start now' }));
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Start vacation' }));
    expect((await screen.findByRole('alert')).textContent).toBe('An attack is on its way to you: a vacation cannot start now');
  });
});

describe('the vacation banner', () => {
  it('says so while the player is on vacation in the selected village’s world, and nothing otherwise', async () => {
    status = { ...status, vacation: away(DAY) };
    show(<VacationBanner />);
    expect((await screen.findByTestId('vacation-banner')).textContent).toMatch(/^You are on vacation in this world until .*: your villages here cannot be attacked/);
    expect(screen.getByRole('link', { name: 'End it in Settings' }).getAttribute('href')).toBe('/game/settings');
    cleanup();
    status = { ...status, vacation: null };
    show(<VacationBanner />);
    await waitFor(() => expect(server.requests('GET', `/api/worlds/${WORLD}/vacation`).length).toBeGreaterThan(1));
    expect(screen.queryByTestId('vacation-banner')).toBeNull();
  });
});
