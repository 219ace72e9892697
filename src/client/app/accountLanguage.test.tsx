// @vitest-environment happy-dom
// The language at start and at sign-in: the account's choice wins and is remembered in the browser; a browser choice
// made before the account had one goes to the account; a sitting session keeps the sitter's own language.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import { i18n } from '../i18n';
import { signInAtom, userAtom } from '../state/session';
import { renderWithProviders, TEST_USER } from '../test/render';
import { reply, setupFakeServer } from '../test/fakeServer';
import { startingLanguage, useAccountLanguage } from './accountLanguage';

const server = setupFakeServer();

function Follower() {
  useAccountLanguage();
  return null;
}

afterEach(() => {
  cleanup();
  document.cookie = 'vikings_lang=; path=/; max-age=0';
});

describe('startingLanguage', () => {
  it("takes the stored account's choice, then the cookie, then the browser", () => {
    const store = createStore();
    expect(startingLanguage(store)).toBe('en');
    document.cookie = 'vikings_lang=de; path=/';
    expect(startingLanguage(store)).toBe('de');
    store.set(signInAtom, { token: 't', user: { ...TEST_USER, locale: 'en' } });
    expect(startingLanguage(store)).toBe('en');
    // A sitter in someone's account keeps their own (the cookie's).
    store.set(signInAtom, { token: 't', user: { ...TEST_USER, locale: 'en', sitter: { id: '44444444-4444-4444-8444-444444444444', username: 'Lagertha' } } });
    expect(startingLanguage(store)).toBe('de');
  });
});

describe('useAccountLanguage', () => {
  it("shows the account's language at sign-in and remembers it in this browser", async () => {
    renderWithProviders(<Follower />, { user: { ...TEST_USER, locale: 'de' } });
    await waitFor(() => expect(i18n.language).toBe('de'));
    expect(document.cookie).toContain('vikings_lang=de');
    expect(server.calls).toEqual([]);
  });

  it("saves this browser's earlier choice to an account that has none", async () => {
    server.on('PUT /api/me/locale', reply(204));
    document.cookie = 'vikings_lang=de; path=/';
    const { store } = renderWithProviders(<Follower />, { user: { ...TEST_USER, locale: null } });
    await waitFor(() => expect(server.requests('PUT', '/api/me/locale')).toHaveLength(1));
    expect(server.requests('PUT', '/api/me/locale')[0]?.body).toEqual({ locale: 'de' });
    expect(store.get(userAtom)?.locale).toBe('de');
  });

  it('asks nothing of an account without a choice in a browser without one', async () => {
    renderWithProviders(<Follower />, { user: { ...TEST_USER, locale: null } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.calls).toEqual([]);
    expect(i18n.language).toBe('en');
  });
});
