// @vitest-environment happy-dom
// The settings page's Alerts section and the alerts page, against the fake server and a stand-in for the browser's Push API.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { reply, setupFakeServer } from '../../test/fakeServer';
import { renderWithProviders } from '../../test/render';
import { AlertsSection } from './AlertsSection';
import AlertsPage from './AlertsPage';
import { base64UrlBytes } from './model';

const server = setupFakeServer();

// A P-256 public key's shape (65 bytes, 0x04 first) in base64url, as the server sends its VAPID key.
const PUBLIC_KEY = `BA${'A'.repeat(85)}`;
const ENDPOINT = 'https://push.example/subscription/abc';
const KEYS = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' };

/** The browser as the test plays it: the permission it holds, the answer to asking, its subscription. */
interface FakeBrowser {
  permission: NotificationPermission;
  answer: NotificationPermission;
  subscription: FakeSubscription | null;
  registered: { url: string; scope: string | undefined }[];
  subscribedWith: Uint8Array[];
}

class FakeSubscription {
  readonly endpoint = ENDPOINT;
  constructor(
    private readonly browser: FakeBrowser,
    readonly options: { applicationServerKey: ArrayBuffer | null },
  ) {}
  toJSON() {
    return { endpoint: this.endpoint, expirationTime: null, keys: KEYS };
  }
  async unsubscribe() {
    this.browser.subscription = null;
    return true;
  }
}

let browser: FakeBrowser;

function installBrowser(): void {
  browser = { permission: 'default', answer: 'granted', subscription: null, registered: [], subscribedWith: [] };
  const pushManager = {
    getSubscription: async () => browser.subscription,
    subscribe: async ({ applicationServerKey }: { applicationServerKey: Uint8Array }) => {
      browser.subscribedWith.push(applicationServerKey);
      browser.subscription = new FakeSubscription(browser, { applicationServerKey: Uint8Array.from(applicationServerKey).buffer });
      return browser.subscription;
    },
  };
  const registration = { pushManager };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      register: async (url: string, options?: { scope?: string }) => {
        browser.registered.push({ url, scope: options?.scope });
        return registration;
      },
      ready: Promise.resolve(registration),
      getRegistration: async () => (browser.registered.length > 0 || browser.subscription ? registration : undefined),
    },
  });
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', {
    get permission() {
      return browser.permission;
    },
    requestPermission: async () => (browser.permission = browser.answer),
  });
}

/** The server's side: whether ENDPOINT is subscribed and with which kinds. */
function serve(state: { subscribed: boolean; kinds: string[] }) {
  server.on('GET /api/alerts/settings', (call) => ({
    publicKey: PUBLIC_KEY,
    subscribed: state.subscribed && call.query.get('endpoint') === ENDPOINT,
    kinds: state.subscribed && call.query.get('endpoint') === ENDPOINT ? state.kinds : ['incoming_attack', 'village_lost'],
  }));
  server.on('PUT /api/alerts/subscription', (call) => {
    const body = call.body as { kinds: string[] };
    Object.assign(state, { subscribed: true, kinds: body.kinds });
    return { publicKey: PUBLIC_KEY, subscribed: true, kinds: body.kinds };
  });
  server.on('DELETE /api/alerts/subscription', () => {
    state.subscribed = false;
    return { ok: true };
  });
}

beforeEach(() => installBrowser());
afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  Reflect.deleteProperty(window, 'isSecureContext');
});

const box = (name: string): HTMLInputElement => screen.getByRole('checkbox', { name });

describe('the Alerts section', () => {
  it('enables alerts: registers the service worker, asks permission, subscribes with the server key and saves the chosen kinds', async () => {
    serve({ subscribed: false, kinds: [] });
    renderWithProviders(<AlertsSection />);
    await waitFor(() => expect(box('Incoming attack').checked).toBe(true));
    expect(box('Village lost or conquered').checked).toBe(true);
    expect(box('Message received').checked).toBe(false);
    fireEvent.click(box('Message received'));
    fireEvent.click(screen.getByRole('button', { name: 'Enable alerts' }));

    expect(await screen.findByText('Alerts are on for this browser.')).toBeTruthy();
    expect(browser.registered).toEqual([{ url: '/sw.js', scope: '/' }]);
    expect(browser.permission).toBe('granted');
    expect([...browser.subscribedWith[0]!]).toEqual([...base64UrlBytes(PUBLIC_KEY)]);
    const [saved] = server.requests('PUT', '/api/alerts/subscription');
    expect(saved?.body).toEqual({ subscription: { endpoint: ENDPOINT, keys: KEYS }, kinds: ['incoming_attack', 'village_lost', 'message_received'] });
    expect(screen.getByRole('button', { name: 'Disable alerts' })).toBeTruthy();
  });

  it('says so when notifications are refused, and saves nothing', async () => {
    serve({ subscribed: false, kinds: [] });
    browser.answer = 'denied';
    renderWithProviders(<AlertsSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Enable alerts' }));
    expect((await screen.findByTestId('alerts-blocked')).textContent).toContain('Notifications are blocked');
    expect(server.requests('PUT', '/api/alerts/subscription')).toHaveLength(0);
    expect(browser.subscription).toBeNull();
  });

  it('shows what a subscribed browser receives, saves a change at once, and disables', async () => {
    const state = { subscribed: true, kinds: ['incoming_attack', 'battle_report'] };
    serve(state);
    browser.permission = 'granted';
    browser.subscription = new FakeSubscription(browser, { applicationServerKey: base64UrlBytes(PUBLIC_KEY).buffer });
    renderWithProviders(<AlertsSection />);
    await waitFor(() => expect(box('Battle report').checked).toBe(true));
    expect(box('Village lost or conquered').checked).toBe(false);
    expect(server.requests('GET', '/api/alerts/settings').at(-1)?.query.get('endpoint')).toBe(ENDPOINT);

    fireEvent.click(box('Construction finished'));
    await waitFor(() => expect(box('Construction finished').checked).toBe(true));
    expect(server.requests('PUT', '/api/alerts/subscription').at(-1)?.body).toMatchObject({ kinds: ['incoming_attack', 'construction_finished', 'battle_report'] });

    fireEvent.click(screen.getByRole('button', { name: 'Disable alerts' }));
    expect(await screen.findByText('Alerts are off for this browser.')).toBeTruthy();
    expect(server.requests('DELETE', '/api/alerts/subscription')[0]?.query.get('endpoint')).toBe(ENDPOINT);
    expect(browser.subscription).toBeNull();
    expect(await screen.findByRole('button', { name: 'Enable alerts' })).toBeTruthy();
  });

  it("shows the server's refusal", async () => {
    serve({ subscribed: false, kinds: [] });
    server.on('PUT /api/alerts/subscription', reply(400, { error: 'A push endpoint must be an https address' }));
    renderWithProviders(<AlertsSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Enable alerts' }));
    expect((await screen.findByRole('alert')).textContent).toContain('A push endpoint must be an https address');
  });

  it('says when the browser cannot take alerts at all', async () => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    renderWithProviders(<AlertsSection />);
    expect(screen.getByText('This browser cannot show alerts while the game is closed.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enable alerts' })).toBeNull();
    expect(server.calls).toHaveLength(0);
  });
});

describe('the alerts page', () => {
  it('lists the last alerts, each opening its page', async () => {
    server.on('GET /api/alerts', {
      alerts: [
        {
          id: '11111111-1111-4111-8111-111111111111',
          kind: 'incoming_attack',
          title: 'Incoming attack on Eriksby — arrives 14:05:30 UTC',
          body: "An attack from Harald's Hall (3|4) reaches Eriksby (12|-4) on 2026-05-01 at 14:05:30 UTC.",
          url: '/game/army',
          createdAt: '2026-05-01T13:00:00.000Z',
        },
        { id: '22222222-2222-4222-8222-222222222222', kind: 'message_received', title: 'Message from Astrid', body: 'Trade?', url: '/game/messages/m1', createdAt: '2026-05-01T12:00:00.000Z' },
      ],
    });
    renderWithProviders(<AlertsPage />);
    const attack = await screen.findByRole('link', { name: 'Incoming attack on Eriksby — arrives 14:05:30 UTC' });
    expect(attack.getAttribute('href')).toBe('/game/army');
    expect(screen.getByRole('link', { name: 'Message from Astrid' }).getAttribute('href')).toBe('/game/messages/m1');
    expect(screen.getByText('Trade?')).toBeTruthy();
  });

  it('says when there are none', async () => {
    server.on('GET /api/alerts', { alerts: [] });
    renderWithProviders(<AlertsPage />);
    expect(await screen.findByText('No alerts yet.')).toBeTruthy();
  });
});
