// What every page stands in: the one QueryClient (every server read), and the jotai store whose atoms the map and the
// shell read; the store is told the QueryClient, so atoms over queries (the villages) share its cache.
import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Provider } from 'jotai';
import { queryClientAtom } from 'jotai-tanstack-query';
import { sessionStore } from '../state/session';

type Store = typeof sessionStore;

/** Hands `client` to the atoms of `store`; call before rendering with them. */
export function connectStoreToQueries(store: Store, client: QueryClient): void {
  store.set(queryClientAtom, client);
}

export function AppProviders({ client, store = sessionStore, children }: { client: QueryClient; store?: Store; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <Provider store={store}>{children}</Provider>
    </QueryClientProvider>
  );
}
