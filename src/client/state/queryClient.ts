// The one QueryClient's settings (the app makes one, each client test its own) and the few ways replies are written into its cache.
import { QueryCache, QueryClient, type Query, type QueryKey } from '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    /** `what` names a read in the log line of its failure: 'Loading the movements failed'. */
    queryMeta: { what?: string };
  }
}

/**
 * A read this young is the page load's own: a part of the page that mounts later (a lazy page under the shell that
 * read the same thing) uses it instead of asking again. Older reads are asked again when a page opens.
 */
export const PAGE_LOAD_MS = 5_000;

/** Read again on mount when marked stale (an action, the live stream) or older than one page load. */
function refetchOnMount(query: Query): boolean {
  return query.state.isInvalidated || Date.now() - query.state.dataUpdatedAt >= PAGE_LOAD_MS;
}

/**
 * Reads behave as the pages always did: read when a page opens (stale at once; what the same page load read already
 * is not asked twice: refetchOnMount), never retried behind the player's back (the page offers its own retry), not
 * read again just because the window got focus, and tried even when the browser believes it is offline. Failed reads
 * are only logged, once, here.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => console.error(`Loading ${query.meta?.what ?? 'data'} failed`, error),
    }),
    defaultOptions: {
      queries: { staleTime: 0, refetchOnMount, retry: false, refetchOnWindowFocus: false, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/**
 * Stores a reply the server just sent in place of the last read. A read still on its way is cancelled first: it
 * started before this reply, so what it brings back would be older (a slow poll must not wind the tutorial back).
 */
export function putQueryData<T>(client: QueryClient, queryKey: QueryKey, data: T): void {
  void client.cancelQueries({ queryKey, exact: true });
  client.setQueryData<T>(queryKey, data);
}

/**
 * Changes part of a read (a renamed village inside its overview) without moving the instant it was read at:
 * countdowns and live stock count from that instant, and the rest of the read is as old as it was.
 */
export function patchQueryData<T>(client: QueryClient, queryKey: QueryKey, patch: (old: T) => T): void {
  const state = client.getQueryState<T>(queryKey);
  if (state?.data === undefined) return;
  client.setQueryData<T>(queryKey, patch(state.data), { updatedAt: state.dataUpdatedAt });
}
