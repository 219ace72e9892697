// The data layer every page but the landing page stands in: the one QueryClient holding every server read, in a chunk
// of its own so the landing page loads none of it. The session's store is told of the client for its atoms over queries.
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { villagesQuery } from '../state/queries';
import { createQueryClient } from '../state/queryClient';
import { sessionStore, tokenAtom, userIdAtom } from '../state/session';
import { connectStoreToQueries } from './AppProviders';

/** The one client of the running app (exported for the route tests, which empty it between tests). */
export const dataLayerClient = createQueryClient();
connectStoreToQueries(sessionStore, dataLayerClient);

export default function DataLayer({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={dataLayerClient}>{children}</QueryClientProvider>;
}

/**
 * The read every game page starts with, the player's villages (the shell's village card, the page's heading), asked as
 * the data layer arrives at the start of a game page's load, while the session is still being checked (routes.tsx's
 * preloadPagesAt): the shell and the page find it under way or done (a read of the same page load is used, see
 * PAGE_LOAD_MS) instead of asking once they have rendered. Only this one: a read made long before the part that uses it
 * mounts would be older than a page load on a slow device, and asked again. A stored session the server refuses ends as
 * the app's check would end it (the API client's 401).
 */
export async function prefetchGameReads(store = sessionStore, client = dataLayerClient): Promise<void> {
  const viewer = store.get(userIdAtom);
  if (viewer === null || store.get(tokenAtom) === null) return;
  await client.prefetchQuery(villagesQuery(viewer));
}
