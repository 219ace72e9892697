// The running app: one browser router over the route table inside the app's providers, with 401 replies routed to /login.
import { useEffect, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { sessionStore } from '../state/session';
import { AppProviders } from './AppProviders';
import { setLoginRedirect } from './apiSession';
import { buildRoutes } from './routes';
import { pathOf, type FromState } from './guards';

/** `queryClient` is the app's one QueryClient (main.tsx makes it and hands it to the session's store too). */
export function App({ queryClient }: { queryClient: QueryClient }) {
  const [router] = useState(() => createBrowserRouter(buildRoutes()));

  useEffect(
    () =>
      setLoginRedirect(() => {
        const from: FromState = { from: pathOf(router.state.location) };
        void router.navigate('/login', { replace: true, state: from });
      }),
    [router],
  );

  return (
    <AppProviders client={queryClient} store={sessionStore}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
