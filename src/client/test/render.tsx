// The one render helper of the client tests: the component inside the providers the app gives every page (a fresh
// QueryClient with the app's settings, a jotai store of its own that knows it) and, unless told otherwise, a MemoryRouter.
import type { ReactElement } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { createStore } from 'jotai';
import { MemoryRouter, type InitialEntry } from 'react-router';
import { AppProviders, connectStoreToQueries } from '../app/AppProviders';
import { createQueryClient } from '../state/queryClient';
import { signInAtom, type User } from '../state/session';

type Store = ReturnType<typeof createStore>;

/** The player the tests sign in unless they say otherwise. */
export const TEST_USER: User = {
  id: '33333333-3333-4333-8333-333333333333',
  username: 'Ragnar',
  email: 'r@x.no',
  role: 'user',
  discordAvatar: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

export interface RenderOptions {
  /** Where the MemoryRouter starts ('/' by default); false renders without a router (the element brings its own). */
  route?: InitialEntry | false;
  /** Who is signed in: TEST_USER by default, null for nobody. */
  user?: User | null;
  /** The jotai store (a fresh one by default); the app's default store for code that reads the session outside React. */
  store?: Store;
  /** Reads as if the server had already answered them, put into the cache before the first render. */
  data?: readonly (readonly [QueryKey, unknown])[];
}

export interface Rendered extends RenderResult {
  store: Store;
  client: QueryClient;
  /** The signed-in player's id (the owner of the player's query keys), or null. */
  viewer: string | null;
}

/** A QueryClient with the app's settings, as each test gets a fresh one. */
export function createTestQueryClient(): QueryClient {
  return createQueryClient();
}

export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}): Rendered {
  const store = options.store ?? createStore();
  const client = createTestQueryClient();
  const user = options.user === undefined ? TEST_USER : options.user;
  if (user) store.set(signInAtom, { token: 't', user });
  connectStoreToQueries(store, client);
  for (const [queryKey, value] of options.data ?? []) client.setQueryData(queryKey, value);
  const route = options.route ?? '/';
  const tree = route === false ? ui : <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>;
  const result = render(
    <AppProviders client={client} store={store}>
      {tree}
    </AppProviders>,
  );
  return { ...result, store, client, viewer: user?.id ?? null };
}
