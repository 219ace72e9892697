// A game server of its own with staff: accounts registered through the API, then roles given with the CLI (as an operator would).
import { expect, type Page } from '@playwright/test';
import { runCliSteps, startServer, type ServerProcess } from './server';

export type StaffRole = 'user' | 'moderator' | 'gamemaster' | 'admin';

/**
 * Starts a server on `port`, lets `setup` register whoever the test needs, stops the server (the CLI
 * refuses to share the embedded database), gives each listed e-mail its role with `set-role`, and
 * starts the server again on the same data.
 */
export async function startWithStaff<T>(
  port: number,
  setup: (url: string) => Promise<T>,
  roles: (made: T) => [email: string, role: StaffRole][],
): Promise<{ server: ServerProcess; made: T }> {
  const first = await startServer(port);
  let made: T;
  try {
    made = await setup(first.url);
  } finally {
    await first.stop();
  }
  runCliSteps(
    first.dataDir,
    roles(made).map(([email, role]) => ['set-role', email, role]),
  );
  return { server: await startServer(port, first.dataDir), made };
}

/** Signs `page` in through the API and stores the session as the client does, then opens `path`. */
export async function openSignedIn(page: Page, url: string, account: { email: string; password: string }, path: string): Promise<void> {
  const res = await page.request.post(`${url}/api/auth/login`, { data: { email: account.email, password: account.password } });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { token: string; user: unknown };
  await page.goto(`${url}/forbidden`);
  await page.evaluate(([token, user]) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', user);
  }, [body.token, JSON.stringify(body.user)] as const);
  await page.goto(`${url}${path}`);
}
