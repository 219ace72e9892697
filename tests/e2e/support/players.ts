// Test players: unique registration data and a register call through the real API.
import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';

let counter = 0;
export function newPlayer(prefix = 'e2e') {
  counter += 1;
  const tag = `${prefix}${Date.now().toString(36).slice(-5)}${counter}`;
  return { username: tag, email: `${tag}@example.com`, password: 'Valhalla#2026' };
}

export async function registerViaApi(request: APIRequestContext, player = newPlayer(), baseURL?: string) {
  const res = await request.post(`${baseURL ?? ''}/api/auth/register`, { data: player });
  if (res.status() !== 201) throw new Error(`register failed ${res.status()}: ${await res.text()}`);
  const body = (await res.json()) as { token: string; user: { id: string } };
  return { ...player, token: body.token, id: body.user.id };
}

export async function logIn(page: Page, player: { email: string; password: string }) {
  await page.getByLabel('Email').fill(player.email);
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** A page of its own browser context, signed in as `player` on the server at `serverUrl`, opened at `path`. */
export async function signedInPage(browser: Browser, { serverUrl, player, path }: { serverUrl: string; player: { email: string; password: string }; path: string }): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${serverUrl}/login`);
  await logIn(page, player);
  await expect(page).toHaveURL(/\/(dashboard|game)/);
  await page.goto(`${serverUrl}${path}`);
  return page;
}
