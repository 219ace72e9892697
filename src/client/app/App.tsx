// The running app: one browser router over the route table inside the app's providers, with 401 replies routed to /login, in the account's language.
import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { sessionStore } from '../state/session';
import { Provider } from 'jotai';
import { setLoginRedirect } from './apiSession';
import { buildRoutes } from './routes';
import { pathOf, type FromState } from './guards';
import { useAccountLanguage } from './accountLanguage';

/** The data layer (the QueryClient) is not here: it comes with the pages that read server data (routes.tsx, DataLayer.tsx). */
export function App() {
  const [router] = useState(() => createBrowserRouter(buildRoutes()));
  useAccountLanguage();

  useEffect(
    () =>
      setLoginRedirect(() => {
        const from: FromState = { from: pathOf(router.state.location) };
        void router.navigate('/login', { replace: true, state: from });
      }),
    [router],
  );

  return (
    <Provider store={sessionStore}>
      <RouterProvider router={router} />
    </Provider>
  );
}
