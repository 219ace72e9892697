// Accounts as a player meets them: register, enter the game, log out, come back to the page they wanted, roles, Discord.
import { test, expect } from '@playwright/test';
import { logIn, newPlayer, registerViaApi } from './support/players';
import { extraPort, runCli, startServer } from './support/server';

test('a new player registers, lands on /dashboard, enters the game and logs out', async ({ page }) => {
  const player = newPlayer('reg');
  await page.goto('/register');
  await page.getByLabel('Username').fill(player.username);
  await page.getByLabel('Email').fill(player.email);
  await page.getByLabel('Password', { exact: true }).fill('weak');
  await expect(page.getByText('At least 8 characters')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(player.password);
  await page.getByLabel('Confirm Password').fill(player.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/(dashboard|game)/);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Enter Game' }).click();
  await expect(page).toHaveURL(/\/game/);
  await expect(page.getByText(player.username).first()).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const stored = await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')]);
  expect(stored).toEqual([null, null]);
});

test('a signed-in player opening / goes on to /dashboard; with a session the server no longer knows, the landing page stays', async ({ page, request }) => {
  const player = await registerViaApi(request);
  await page.goto('/login');
  await logIn(page, player);
  await expect(page).toHaveURL(/\/(dashboard|game)/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/(dashboard|game)/);
  await expect(page.getByText(player.username).first()).toBeVisible();

  // Signed out on the server (another device's logout everywhere, an expired session): the stored token is dropped.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const out = await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
  expect(out.ok()).toBe(true);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome to the Age of Vikings');
  await expect.poll(() => page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
  await expect(page).toHaveURL(/\/$/);
});

test('Discord sign-in from the landing page goes through the provider into the game', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Login with Discord' }).click();
  await expect(page).toHaveURL(/\/(dashboard|game)/, { timeout: 20_000 });
  await expect(page.getByText('Freydis').first()).toBeVisible();
});

test('registration shows the rules of the form and clears an error on edit', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Username').fill('ab');
  await expect(page.getByText('Username is required')).toBeHidden();
});

test('a logged-out visit to /game/map goes to /login and back to /game/map after login', async ({ page, request }) => {
  const player = await registerViaApi(request);
  await page.goto('/game/map');
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, player);
  await expect(page).toHaveURL(/\/game\/map$/);
});

test('a wrong password shows the server message', async ({ page, request }) => {
  const player = await registerViaApi(request);
  await page.goto('/login');
  await logIn(page, { email: player.email, password: 'Wrong#Pass1' });
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await expect(page).toHaveURL(/\/login$/);
});

test('a player opening /admin gets Access Denied', async ({ page, request }) => {
  const player = await registerViaApi(request);
  await page.goto('/login');
  await logIn(page, player);
  await expect(page).toHaveURL(/\/dashboard|\/game/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/forbidden$/);
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
});

test('a callback with ?error=x shows its message and returns to /login after 3 seconds', async ({ page }) => {
  // Timed from before the page was asked for: its 3 s start when it mounts, after that. Timed from when the test saw the
  // alert (as before), a loaded CI machine saw it late and the wait came out short.
  const askedAt = Date.now();
  await page.goto('/auth/callback?error=x');
  await expect(page.getByRole('alert')).toHaveText('Discord authentication failed. Please try again.');
  await page.waitForURL(/\/login$/, { timeout: 15_000 });
  expect(Date.now() - askedAt).toBeGreaterThanOrEqual(3_000);
});

test('a callback without a token says so', async ({ page }) => {
  await page.goto('/auth/callback');
  await expect(page.getByRole('alert')).toHaveText('Authentication token not found.');
});

test('a full Discord login against the local provider signs the player in', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: /Discord/ }).click();
  await expect(page).toHaveURL(/\/(dashboard|game)/, { timeout: 20_000 });
  await expect(page.getByText('Freydis').first()).toBeVisible();
  const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
  expect(user).toMatchObject({ username: 'Freydis', discordAvatar: 'https://cdn.discordapp.com/avatars/7007/f00dcafe.png' });
});

test('an admin made with the CLI sees the user table', async ({ page, request }) => {
  test.setTimeout(120_000);
  const port = extraPort();
  let server = await startServer(port);
  try {
    const admin = await registerViaApi(request, newPlayer('adm'), server.url);
    const other = await registerViaApi(request, newPlayer('usr'), server.url);
    // While the server holds the embedded database the CLI refuses instead of touching the files.
    const refused = runCli(server.dataDir, ['set-role', admin.email, 'admin']);
    expect(refused.status).not.toBe(0);
    expect(refused.output).toContain('in use by a running server');
    await server.stop();
    expect(runCli(server.dataDir, ['set-role', 'nobody@example.com', 'admin']).output).toContain('No user with email');
    expect(runCli(server.dataDir, ['set-role', admin.email, 'emperor']).output).toContain('Unknown role');
    const made = runCli(server.dataDir, ['set-role', admin.email, 'admin']);
    expect(made.output).toContain('is now admin');
    server = await startServer(port, server.dataDir);
    await page.goto(`${server.url}/login`);
    await logIn(page, admin);
    await expect(page).toHaveURL(/\/dashboard|\/game/);
    await expect(page.getByRole('link', { name: 'Admin' })).toBeVisible();
    await page.goto(`${server.url}/admin`);
    await expect(page.getByText('Admin Dashboard')).toBeVisible();
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table).toContainText(other.username);
    await expect(table).toContainText(admin.email);
    await expect(table).toContainText(other.id.slice(0, 8));
    await expect(table).not.toContainText(other.id);
    // Real figures: two accounts, each signed in once at registration and the admin once more.
    await expect(page.getByTestId('total-users')).toHaveText('2');
    await expect(page.getByTestId('active-sessions')).toHaveText('3');
  } finally {
    await server.stop();
  }
});

test('Discord reaches an existing account only after its owner links it while signed in', async ({ page, request }) => {
  const oauth = `http://127.0.0.1:${Number(process.env.OAUTH_PORT ?? 3998)}`;
  const player = await registerViaApi(request, newPlayer('lnk'));
  const sameEmail = { id: '9119', username: 'Gunnhild', avatar: null, email: player.email, verified: true };
  await request.put(`${oauth}/test/user`, { data: sameEmail });
  try {
    // A stranger's Discord profile with this e-mail does not sign into the account.
    await page.goto('/login');
    await page.getByRole('button', { name: /Discord/ }).click();
    await expect(page.getByRole('alert')).toContainText('An account with this e-mail already exists');

    // The owner signs in with the password and links Discord from the dashboard.
    await page.goto('/login');
    await logIn(page, player);
    await expect(page).toHaveURL(/\/dashboard/);
    await page.getByRole('button', { name: 'Link Discord' }).click();
    await expect(page.getByText('Discord is now linked to your account.')).toBeVisible({ timeout: 20_000 });

    // From now on Discord signs into that same account.
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    await page.goto('/login');
    await page.getByRole('button', { name: /Discord/ }).click();
    await expect(page).toHaveURL(/\/(dashboard|game)/, { timeout: 20_000 });
    const user = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
    expect(user).toMatchObject({ id: player.id, username: player.username, discordLinked: true });
  } finally {
    await request.put(`${oauth}/test/user`, {
      data: { id: '7007', username: 'Freydis', avatar: 'f00dcafe', email: 'freydis@vinland.example', verified: true },
    });
  }
});
