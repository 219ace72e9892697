// @vitest-environment happy-dom
// The language picker: a labelled select naming each language in itself; picking switches the page at once, remembers it in the cookie and, signed in, in the account.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { LanguagePicker } from './LanguagePicker';
import { i18n } from '../i18n';
import { userAtom } from '../state/session';
import { renderWithProviders, TEST_USER } from '../test/render';
import { reply, setupFakeServer } from '../test/fakeServer';

const server = setupFakeServer();

afterEach(() => {
  cleanup();
  document.cookie = 'vikings_lang=; path=/; max-age=0';
});

describe('LanguagePicker', () => {
  it('offers English and Deutsch under the label Language', () => {
    renderWithProviders(<LanguagePicker />, { user: null });
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['English', 'Deutsch']);
    expect((select as HTMLSelectElement).value).toBe('en');
  });

  it('switches at once and remembers the choice in this browser, asking the server nothing when signed out', async () => {
    renderWithProviders(<LanguagePicker />, { user: null });
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'de' } });
    expect(await screen.findByRole('combobox', { name: 'Sprache' })).toBeTruthy();
    expect(i18n.language).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(document.cookie).toContain('vikings_lang=de');
    expect(server.calls).toEqual([]);
  });

  it("saves a signed-in player's choice in the account and in the session's user", async () => {
    server.on('PUT /api/me/locale', reply(204));
    const { store } = renderWithProviders(<LanguagePicker />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'de' } });
    await waitFor(() => expect(server.requests('PUT', '/api/me/locale')).toHaveLength(1));
    expect(server.requests('PUT', '/api/me/locale')[0]?.body).toEqual({ locale: 'de' });
    expect(store.get(userAtom)?.locale).toBe('de');
  });

  it("writes nothing to the owner's account in a sitting session", async () => {
    renderWithProviders(<LanguagePicker />, { user: { ...TEST_USER, sitter: { id: '44444444-4444-4444-8444-444444444444', username: 'Lagertha' } } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'de' } });
    await screen.findByRole('combobox', { name: 'Sprache' });
    expect(server.calls).toEqual([]);
  });
});
