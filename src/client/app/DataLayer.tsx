// The data layer every page but the landing page stands in: the one QueryClient holding every server read, in a chunk
// of its own so the landing page loads none of it. The session's store is told of the client for its atoms over queries.
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { overviewQuery, villagesQuery } from '../state/queries';
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
 * The reads a game page starts with (the player's villages, and the overview of a player's only village), asked as the
 * data layer arrives at the start of a game page's load, while the session is still being checked (routes.tsx's
 * preloadPagesAt): the shell and the page then find them under way or done (a read of the same page load is used, see
 * PAGE_LOAD_MS) instead of asking only once they have rendered. A stored session the server refuses ends as the app's
 * check would end it (the API client's 401).
 */
export async function prefetchGameReads(store = sessionStore, client = dataLayerClient): Promise<void> {
  const viewer = store.get(userIdAtom);
  if (viewer === null || store.get(tokenAtom) === null) return;
  const villages = await client.fetchQuery(villagesQuery(viewer)).catch(() => null);
  // With several villages the page shows the one chosen last (kept by the shell): left for the page to ask.
  const [only, ...others] = villages ?? [];
  if (only && others.length === 0) await client.prefetchQuery(overviewQuery(viewer, only.id));
}
