// The data layer every page but the landing page stands in: the one QueryClient holding every server read, in a chunk
// of its own so the landing page loads none of it. The session's store is told of the client for its atoms over queries.
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../state/queryClient';
import { sessionStore } from '../state/session';
import { connectStoreToQueries } from './AppProviders';

/** The one client of the running app (exported for the route tests, which empty it between tests). */
export const dataLayerClient = createQueryClient();
connectStoreToQueries(sessionStore, dataLayerClient);

export default function DataLayer({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={dataLayerClient}>{children}</QueryClientProvider>;
}
