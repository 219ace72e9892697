// @vitest-environment happy-dom
// /game/village's home: a spinner in the page's place until the villages are known (no page growing around its own
// spinner), then the world picker for a player without a village; a failed read is the village page's to show.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { reply, setupFakeServer } from '../test/fakeServer';
import { renderWithProviders } from '../test/render';
import VillageHome from './VillageHome';

const server = setupFakeServer();

afterEach(cleanup);

describe('VillageHome', () => {
  it('shows a spinner until the villages arrive, then the world picker to a player without one', async () => {
    let answer: (value: unknown) => void = () => undefined;
    server.on('GET /api/villages', () => new Promise((resolve) => (answer = resolve)));
    server.on('GET /api/worlds', { worlds: [] });
    renderWithProviders(<VillageHome />);
    expect((await screen.findByRole('status')).textContent).toContain('Loading your villages...');
    expect(screen.queryByRole('heading')).toBeNull();
    answer({ villages: [] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your world' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByText('Loading your villages...')).toBeNull();
  });

  it('hands a failed read of the villages to the village page, which offers to try again', async () => {
    server.on('GET /api/villages', reply(500, { error: 'Database down' }));
    renderWithProviders(<VillageHome />);
    expect(await screen.findByText('Could not load your villages.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
