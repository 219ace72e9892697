// @vitest-environment happy-dom
// The game master's Create World form and its night truce: none by default; refuse or defence bonus with hours, time zone
// (and the bonus), described before creating, refused in the rule's words when it cannot be kept.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { reply, setupFakeServer } from '../../test/fakeServer';
import { renderWithProviders } from '../../test/render';
import { WorldsSection } from './WorldsSection';

const server = setupFakeServer();
const created = { id: '11111111-1111-4111-8111-111111111111', name: 'Quiet Nights', status: 'online', players: 0, maxPlayers: 500, speed: 1, size: 200, truce: null, endsAt: null as string | null };

beforeEach(() => {
  server.on('POST /api/gamemaster/worlds', ({ body }) => reply(201, { world: { ...created, ...(body as object) } }));
});
afterEach(() => {
  cleanup();
});

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('creating a world', () => {
  it('sends no truce unless one is chosen', async () => {
    renderWithProviders(<WorldsSection worlds={[]} />);
    fill('Name', 'Plain Days');
    fireEvent.submit(screen.getByRole('form', { name: 'Create world' }));
    await screen.findByText('Plain Days is open.');
    expect(server.requests('POST', '/api/gamemaster/worlds')[0]?.body).toEqual({ name: 'Plain Days', speed: 1, size: 200, maxPlayers: 500 });
  });

  it('sends a defence-bonus truce with its hours, time zone and bonus, described before', async () => {
    renderWithProviders(<WorldsSection worlds={[]} />);
    fill('Name', 'Quiet Nights');
    fill('Night truce', 'defence_bonus');
    fill('From hour (0-23)', '22');
    fill('Until hour (0-23)', '6');
    fill('Time zone', 'Europe/Oslo');
    fill('Defence bonus (%)', '40');
    expect(screen.getByText('22:00 to 06:00 (Europe/Oslo): the defence of battles landing then is raised by 40%')).toBeTruthy();
    fireEvent.submit(screen.getByRole('form', { name: 'Create world' }));
    await screen.findByText('Quiet Nights is open.');
    expect(server.requests('POST', '/api/gamemaster/worlds')[0]?.body).toMatchObject({
      name: 'Quiet Nights',
      truce: { mode: 'defence_bonus', startHour: 22, endHour: 6, timeZone: 'Europe/Oslo', bonusPercent: 40 },
    });
  });

  it('refuses a truce it cannot keep in the rule’s words, before asking the server', async () => {
    renderWithProviders(<WorldsSection worlds={[]} />);
    fill('Name', 'Broken Nights');
    fill('Night truce', 'refuse');
    fill('Time zone', 'Mars/Olympus');
    expect(screen.getByText('Unknown time zone Mars/Olympus', { selector: '.gm-form__note' })).toBeTruthy();
    fireEvent.submit(screen.getByRole('form', { name: 'Create world' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Unknown time zone Mars/Olympus');
    expect(server.requests('POST', '/api/gamemaster/worlds')).toHaveLength(0);
  });
});

describe('a world’s end', () => {
  const gmWorld = (world: { status?: 'online' | 'ended'; endsAt?: string }) => ({
    world: { ...created, status: 'online' as const, endsAt: null, ...world },
    villages: 3,
    totalPopulation: 120,
    movementsInFlight: 0,
    sweeperLagSeconds: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
  });

  it('is set ahead as an instant, after the game master confirms it', async () => {
    // happy-dom has no dialogs: the game master's answer is given here.
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    server.on(`PUT /api/gamemaster/worlds/${created.id}/end-date`, ({ body }) => reply(200, { world: { ...created, endsAt: (body as { endsAt: string }).endsAt } }));
    renderWithProviders(<WorldsSection worlds={[gmWorld({})]} />);
    expect(screen.getByText('No end date')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Ends at: Quiet Nights'), { target: { value: '2030-06-01T18:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set end date: Quiet Nights' }));
    await screen.findByText(/Quiet Nights ends /);
    expect(confirm).toHaveBeenCalled();
    expect(server.requests('PUT', `/api/gamemaster/worlds/${created.id}/end-date`)[0]?.body).toEqual({ endsAt: new Date('2030-06-01T18:30').toISOString() });
    vi.unstubAllGlobals();
  });

  it('of an ended world shows when it ended and its hall of fame, and offers no maintenance switch', () => {
    renderWithProviders(<WorldsSection worlds={[gmWorld({ status: 'ended', endsAt: '2026-03-01T12:00:00.000Z' })]} />);
    expect(screen.getByText('Ended', { selector: '.badge' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Hall of fame: Quiet Nights' }).getAttribute('href')).toBe(`/game/worlds/${created.id}/hall-of-fame`);
    expect(screen.queryByRole('button', { name: /Set Maintenance/ })).toBeNull();
    expect(screen.queryByLabelText('Ends at: Quiet Nights')).toBeNull();
  });
});
