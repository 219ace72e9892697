// Alerts while away in the browser: a player enables alerts on the settings page (notifications granted), is attacked while looking (no push),
// closes the game, is attacked again, and the real service worker shows the server's push as a notification; none while a game window is in view.
//
// Chromium here cannot reach a vendor's push service (no network): PushManager.subscribe fails offline. So the test stands in for the vendor
// only: an init script makes subscribe() answer a subscription whose endpoint is the test's local push service and whose keys the test made;
// the server encrypts and posts to it as to any vendor, the test decrypts the message and hands it to the service worker as the vendor's
// connection would (CDP ServiceWorker.deliverPushMessage). The server, the service worker and the notification are the real ones.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, type BrowserContext, type CDPSession } from '@playwright/test';
import { logIn } from './support/players';
import { call, joinWorldNamed, type WorldPlayer } from './support/api';
import { extraPort, runCli, runCliSteps, runServerOnPort } from './support/server';
import { waitForHealth, type ServerRun } from '../support/server-process';
import { BrowserKeys, LocalPushService } from '../support/push-service';
import { CHROMIUM_ARGS, fullChromiumPath } from './support/chromium';

// The full browser: the headless shell the other specs use keeps no notifications a service worker shows.
test.use({ launchOptions: { executablePath: fullChromiumPath(), args: CHROMIUM_ARGS } });

const PORT = extraPort();
const BASE = `http://127.0.0.1:${PORT}`;
const WORLD = 'Beacon Fjord';
/** Past the speed at which beginners are protected, and fast enough that bondi train in a second or two. */
const SPEED = 1000;

let run: ServerRun | null = null;
let attacker: WorldPlayer;
let defender: WorldPlayer;
const push = new LocalPushService();

/** The game server on the test's data directory, allowed to post to a push service on this machine (PUSH_LOOPBACK). */
async function startServer(dataDir: string): Promise<ServerRun> {
  const started = await runServerOnPort(PORT, { DATA_DIR: dataDir, DATABASE_URL: '', STATIC_DIR: 'dist-test', LOG_LEVEL: 'silent', PUSH_LOOPBACK: '1' });
  await waitForHealth(BASE, started);
  return started;
}

async function stopServer(started: ServerRun | null): Promise<void> {
  if (!started) return;
  if (started.child.exitCode === null) started.child.kill('SIGTERM');
  await started.exited;
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await push.start();
  const dataDir = mkdtempSync(join(tmpdir(), 'vikings-e2e-alerts-'));
  const made = runCli(dataDir, ['create-world', WORLD, '--speed', String(SPEED)]);
  if (made.status !== 0) throw new Error(`create-world failed: ${made.output}`);
  const first = await startServer(dataDir);
  try {
    attacker = await joinWorldNamed(BASE, { worldName: WORLD, prefix: 'horn' });
    defender = await joinWorldNamed(BASE, { worldName: WORLD, prefix: 'ward' });
  } finally {
    await stopServer(first);
  }
  runCliSteps(dataDir, [
    ['set-building', attacker.village.id, 'barracks', '10'],
    ['grant', attacker.email, 'timber=2000', 'stone=2000', 'iron=2000', 'mead=2000'],
  ]);
  run = await startServer(dataDir);
  await call(`${BASE}/api/villages/${attacker.village.id}/units`, { method: 'POST', token: attacker.token, body: JSON.stringify({ unitType: 'bondi', count: 2 }) });
  await expect.poll(bondiAtHome, { timeout: 60_000 }).toBe(2);
});

test.afterAll(async () => {
  await stopServer(run);
  await push.close();
});

async function bondiAtHome(): Promise<number> {
  const view = await call<{ units: { type: string; count: number }[] }>(`${BASE}/api/map/village/${attacker.village.id}/overview`, { token: attacker.token });
  return view.units.find((u) => u.type === 'bondi')?.count ?? 0;
}

/** One bondi sent at the defender; when it arrives. */
async function attack(): Promise<string> {
  const { movement } = await call<{ movement: { arrivesAt: string } }>(`${BASE}/api/game/send-troops`, {
    method: 'POST',
    token: attacker.token,
    body: JSON.stringify({ fromVillageId: attacker.village.id, toVillageId: defender.village.id, units: { bondi: 1 }, movementType: 'attack' }),
  });
  return movement.arrivesAt;
}

/**
 * The vendor's part of PushManager, in every page of the context: subscribe() answers a subscription at the local push service with
 * the test's keys (kept in localStorage, so getSubscription() finds it again), made with the key the page asked with.
 */
function standInVendor({ endpoint, keys }: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  if (!('PushManager' in window)) return;
  const STORED = 'e2e-push-subscription';
  const subscription = (serverKey: number[]) => ({
    endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(serverKey).buffer },
    getKey: () => null,
    toJSON: () => ({ endpoint, expirationTime: null, keys }),
    unsubscribe: async () => {
      localStorage.removeItem(STORED);
      return true;
    },
  });
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const key = options?.applicationServerKey;
    const bytes = key instanceof ArrayBuffer ? new Uint8Array(key) : ArrayBuffer.isView(key) ? new Uint8Array(key.buffer, key.byteOffset, key.byteLength) : new Uint8Array();
    localStorage.setItem(STORED, JSON.stringify([...bytes]));
    return subscription([...bytes]) as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async function () {
    const stored = localStorage.getItem(STORED);
    return stored ? (subscription(JSON.parse(stored) as number[]) as unknown as PushSubscription) : null;
  };
}

/** The game's service worker registration id, as CDP names it. */
async function registrationId(cdp: CDPSession): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL === `${BASE}/` && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/** The notifications the service worker shows now (null while it is not running). */
async function shown(context: BrowserContext): Promise<{ title: string; body: string; url: string }[] | null> {
  const [worker] = context.serviceWorkers();
  if (!worker) return null;
  try {
    return await worker.evaluate('self.registration.getNotifications().then((all) => all.map((n) => ({ title: n.title, body: n.body, url: n.data && n.data.url })))');
  } catch {
    // Stopped meanwhile: the next poll finds the new one.
    return null;
  }
}

test('a player enables alerts, closes the game, is attacked, and the service worker shows the notification', async ({ browser }) => {
  test.setTimeout(120_000);
  const keys = new BrowserKeys();
  const context = await browser.newContext();
  await context.grantPermissions(['notifications'], { origin: BASE });
  await context.addInitScript(standInVendor, { endpoint: push.endpoint('ward'), keys: keys.json });

  const page = await context.newPage();
  await page.goto(`${BASE}/login`);
  await logIn(page, defender);
  await expect(page).toHaveURL(/\/(dashboard|game)/);
  await page.goto(`${BASE}/game/settings`);
  const section = page.getByTestId('alerts-settings');
  await expect(section.getByRole('checkbox', { name: 'Incoming attack' })).toBeChecked();
  await section.getByRole('button', { name: 'Enable alerts' }).click();
  await expect(section.getByText('Alerts are on for this browser.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Disable alerts' })).toBeVisible();

  // Attacked while looking (the game open, its live stream with it): the alert is listed, not pushed.
  await attack();
  await expect(page.getByTestId('alerts-settings')).toBeVisible();
  await page.waitForTimeout(3_000);
  expect(push.to('ward')).toEqual([]);

  // The game closed (the context, and the service worker with it, stay), attacked again: one push, with the arrival time.
  await page.close();
  const arrivesAt = await attack();
  await expect.poll(() => push.to('ward').length, { timeout: 20_000 }).toBe(1);
  const message = keys.decrypt(push.to('ward')[0]!.body);
  const alert = JSON.parse(message) as { title: string; body: string; url: string };
  const time = new Date(arrivesAt).toISOString().slice(11, 19);
  expect(alert).toEqual({ title: `Incoming attack on ${defender.village.name} — arrives ${time} UTC`, body: expect.stringContaining(`at ${time} UTC`), url: '/game/army' });

  // The vendor's connection hands the message to the browser: the service worker shows it.
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  const registration = await registrationId(cdp);
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: BASE, registrationId: registration, data: message });
  await expect.poll(() => shown(context), { timeout: 15_000 }).toEqual([alert]);

  // The second guard: with a window of the game in view, the service worker shows nothing more.
  const looking = await context.newPage();
  await looking.goto(`${BASE}/game/alerts`);
  await expect(looking.getByRole('link', { name: alert.title })).toBeVisible();
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: BASE, registrationId: registration, data: message });
  await looking.waitForTimeout(1_500);
  expect(await shown(context)).toEqual([alert]);
  await context.close();
});
