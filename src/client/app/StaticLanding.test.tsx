// @vitest-environment happy-dom
// "/" inside the app: a visitor who reaches it from another page of the app has the browser load the server's static
// landing page; a document the server sent for "/" itself (a build without the landing page) sends them to sign in.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';

/** StaticLanding as the app has it when its document was loaded at `documentPath`, shown at "/". */
async function showAtRoot(documentPath: string) {
  window.history.replaceState(null, '', documentPath);
  vi.resetModules();
  const { StaticLanding } = await import('./StaticLanding');
  const router = createMemoryRouter(
    [
      { path: '/', element: <StaticLanding /> },
      { path: '/login', element: <p>sign in</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('StaticLanding', () => {
  it('loads the document again at / when the app was opened at another address, showing a spinner meanwhile', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    const router = await showAtRoot('/login');
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(router.state.location.pathname).toBe('/');
    expect(document.querySelector('[role="status"]')?.textContent).toContain('Loading');
  });

  it('never reloads a document the server sent for / itself, which would bring the app again: to sign in instead', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    const router = await showAtRoot('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(reload).not.toHaveBeenCalled();
  });
});
