// The running app: one browser router over the route table, with 401 replies routed to /login.
import { useEffect, useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { setLoginRedirect } from './apiSession';
import { buildRoutes } from './routes';
import { pathOf, type FromState } from './guards';

export function App() {
  const [router] = useState(() => createBrowserRouter(buildRoutes()));

  useEffect(
    () =>
      setLoginRedirect(() => {
        const from: FromState = { from: pathOf(router.state.location) };
        void router.navigate('/login', { replace: true, state: from });
      }),
    [router],
  );

  return <RouterProvider router={router} />;
}
