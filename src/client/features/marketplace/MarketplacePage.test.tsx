// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { i18n } from '../../i18n';
import { createStore } from 'jotai';
import type { Market, ShipmentPreview, TradeOffer, TradeOfferList } from '../../api/trade';
import type { Movement } from '../../api/army';
import type { VillageOverview } from '../../api/villages';
import { queryKeys } from '../../state/queryKeys';
import { selectedVillageIdAtom, type Village } from '../../state/village';
import { TRADE_MESSAGES } from '../../../rules/trade';
import { reply, setupFakeServer } from '../../test/fakeServer';
import { TEST_USER, renderWithProviders } from '../../test/render';
import MarketplacePage, { type ShipmentListProps } from './MarketplacePage';

const VILLAGE: Village = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Kattegat',
  x: 12,
  y: -40,
  population: 20,
  loyalty: 100,
  isCapital: true,
  worldId: '22222222-2222-4222-8222-222222222222',
  ownerId: TEST_USER.id,
};
const OTHER_VILLAGE = { id: '66666666-6666-4666-8666-666666666666', name: 'Uppsala', x: 12, y: -4 };

function overview(buildings: VillageOverview['buildings'] = []): VillageOverview {
  return {
    village: VILLAGE,
    resources: [
      { type: 'timber', amount: 700, capacity: 800, production: 0 },
      { type: 'stone', amount: 300, capacity: 800, production: 0 },
      { type: 'iron', amount: 100, capacity: 800, production: 0 },
      { type: 'mead', amount: 790, capacity: 800, production: 0 },
    ],
    statistics: { militaryPower: 0, defenseBonus: 0, totalUpkeep: 0 },
    buildings,
    units: [],
    availableUnitTypes: [],
    serverTime: new Date().toISOString(),
    protectedUntil: null,
    starvation: null,
  };
}

function market(extra: Partial<Market> = {}): Market {
  return {
    villageId: VILLAGE.id,
    marketplaceLevel: 3,
    merchants: { total: 3, atHome: 1, travelling: 1, reserved: 1 },
    merchantLoad: 500,
    merchantSpeed: 16,
    maxOfferRatio: 2,
    exchange: { availableAt: null, cooldownSeconds: 3600 },
    ...extra,
  };
}

function preview(extra: Partial<ShipmentPreview> = {}): ShipmentPreview {
  return {
    target: OTHER_VILLAGE,
    merchantsNeeded: 2,
    merchantsAtHome: 1,
    travelSeconds: 8100,
    arrivesAt: new Date(Date.now() + 8100_000).toISOString(),
    lost: { timber: 0, stone: 0, iron: 0, mead: 0 },
    stockKnown: false,
    refusal: TRADE_MESSAGES.notEnoughMerchants,
    ...extra,
  };
}

function offer(extra: Partial<TradeOffer> = {}): TradeOffer {
  return {
    id: '77777777-7777-4777-8777-777777777777',
    status: 'open',
    owner: { id: '88888888-8888-4888-8888-888888888888', username: 'Aelle' },
    village: OTHER_VILLAGE,
    offer: { resource: 'iron', amount: 400 },
    want: { resource: 'timber', amount: 300 },
    merchants: 1,
    createdAt: '2026-01-01T12:00:00.000Z',
    distance: 36,
    travelSeconds: 8100,
    ...extra,
  };
}

const NO_OFFERS: TradeOfferList = { offers: [], mine: [], page: 1, limit: 10, total: 0 };

function delivery(): Movement {
  return {
    id: '99999999-9999-4999-8999-999999999999',
    type: 'delivery',
    direction: 'outgoing',
    fromVillage: { id: VILLAGE.id, name: VILLAGE.name, x: VILLAGE.x, y: VILLAGE.y },
    toVillage: OTHER_VILLAGE,
    units: {},
    loot: null,
    cargo: { timber: 600, stone: 0, iron: 0, mead: 0 },
    merchants: 2,
    departedAt: new Date().toISOString(),
    arrivesAt: new Date(Date.now() + 8100_000).toISOString(),
    remainingTime: 8100,
  };
}

/** The shipments as the stub list shows them (the real list is the army's, composed in by app/). */
function Shipments({ movements }: ShipmentListProps) {
  return <p data-testid="shipments">{movements === null ? 'loading' : movements.map((m) => m.type).join(',') || 'none'}</p>;
}

const server = setupFakeServer();

function renderPage(options: { market?: Market; overview?: VillageOverview; route?: string } = {}) {
  const read = options.overview ?? overview();
  server.on(`GET /api/map/village/${VILLAGE.id}/overview`, () => read);
  server.on(`GET /api/villages/${VILLAGE.id}/market`, () => options.market ?? market());
  const store = createStore();
  store.set(selectedVillageIdAtom, VILLAGE.id);
  return renderWithProviders(<MarketplacePage ShipmentList={Shipments} />, {
    route: options.route ?? '/game/marketplace',
    store,
    data: [
      [queryKeys.villages(TEST_USER.id), [VILLAGE]],
      [queryKeys.overview(TEST_USER.id, VILLAGE.id), read],
    ],
  });
}

const field = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
const number = (name: string) => screen.getByRole<HTMLInputElement>('spinbutton', { name });

const overviewReads = () => server.requests('GET', `/api/map/village/${VILLAGE.id}/overview`).length;

beforeEach(() => {
  localStorage.clear();
  // Routes a test gives later are asked first: these are what the tests do not say otherwise.
  server.on('GET /api/villages', { villages: [VILLAGE] });
  server.on(`GET /api/villages/${VILLAGE.id}/market/offers`, NO_OFFERS);
  server.on('GET /api/game/movements', { movements: [] });
});
afterEach(() => {
  cleanup();
});

describe('a village without a marketplace', () => {
  it('shows only the way to build one, with what it still requires', async () => {
    renderPage({ market: market({ marketplaceLevel: 0, merchants: { total: 0, atHome: 0, travelling: 0, reserved: 0 } }) });
    expect(await screen.findByRole('heading', { name: TRADE_MESSAGES.noMarketplace })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Build a marketplace' }).getAttribute('href')).toBe('/game/village?tab=buildings&build=marketplace');
    expect(screen.getByText(/Marketplace requires Great Hall level 3, Warehouse level 1, Granary level 1/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Send resources' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Merchants' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Merchant exchange' })).toBeNull();
    expect(server.requests('GET', `/api/villages/${VILLAGE.id}/market/offers`)).toHaveLength(0);
  });

  it('counts down a marketplace being built', async () => {
    const building = { id: 'b30', type: 'marketplace' as const, level: 0, slot: 30, isUpgrading: true, remainingTime: 90, upgradeFinishesAt: null, updatedAt: '2026-01-01T12:00:00.000Z' };
    renderPage({ market: market({ marketplaceLevel: 0 }), overview: overview([building]) });
    expect(await screen.findByText(/being built/)).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^1m (30|29)s$/);
    expect(screen.queryByRole('link', { name: 'Build a marketplace' })).toBeNull();
  });
});

describe('the merchants', () => {
  it('shows those at home, travelling and held of the total, and the load of one', async () => {
    renderPage();
    const card = await screen.findByRole('region', { name: 'Merchants' });
    expect(within(card).getByTestId('merchants-at-home').textContent).toBe('1 of 3');
    expect(within(card).getByText('Travelling').nextElementSibling?.textContent).toBe('1');
    expect(within(card).getByText('Held by offers').nextElementSibling?.textContent).toBe('1');
    expect(within(card).getByText('Load per merchant').nextElementSibling?.textContent).toBe('500');
  });
});

describe('in German', () => {
  it('says what a village without a marketplace still requires, with the game’s German names', async () => {
    await act(() => i18n.changeLanguage('de'));
    renderPage({ market: market({ marketplaceLevel: 0, merchants: { total: 0, atHome: 0, travelling: 0, reserved: 0 } }) });
    expect(await screen.findByRole('heading', { name: 'Baue zuerst einen Marktplatz' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Marktplatz bauen' })).toBeTruthy();
    expect(screen.getByText(/^Marktplatz benötigt Große Halle Stufe 3, Lagerhaus Stufe 1/)).toBeTruthy();
  });

  it('shows the merchants, the forms and the refusals in German', async () => {
    await act(() => i18n.changeLanguage('de'));
    renderPage();
    const card = await screen.findByRole('region', { name: 'Händler' });
    expect(within(card).getByTestId('merchants-at-home').textContent).toBe('1 von 3');
    expect(within(card).getByText('Geschwindigkeit').nextElementSibling?.textContent).toBe('16 Felder/Std.');
    expect(screen.getByRole('heading', { name: 'Rohstoffe senden' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'So viel Holz wie möglich senden' })).toBeTruthy();
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Menge' }), { target: { value: '50' } });
    expect(screen.getByText('Du gibst 50 Holz und erhältst 50 Stein.')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Erhalten' }), { target: { value: 'timber' } });
    expect(screen.getByText('Tausche zwischen zwei verschiedenen Rohstoffen')).toBeTruthy();
  });
});

describe('sending resources', () => {
  it('takes the target from the address and previews it live: merchants needed against those at home, and the refusal', async () => {
    server.on(`GET /api/villages/${VILLAGE.id}/market/preview`, ({ query }) =>
      Number(query.get('timber')) > 500 ? preview() : preview({ merchantsNeeded: 1, refusal: null, lost: { timber: 0, stone: 0, iron: 0, mead: 120 } }),
    );
    renderPage({ route: '/game/marketplace?x=12&y=-4' });
    await screen.findByRole('heading', { name: 'Send resources' });
    expect(field('X').value).toBe('12');
    expect(field('Y').value).toBe('-4');

    fireEvent.change(number('Timber'), { target: { value: '600' } });
    // Before the server answers, the client's own rule already says one merchant at home cannot carry 600.
    expect(screen.getByTestId('send-refusal').textContent).toBe(TRADE_MESSAGES.notEnoughMerchants);
    await waitFor(() => expect(server.requests('GET', `/api/villages/${VILLAGE.id}/market/preview`)).toHaveLength(1));
    const [call] = server.requests('GET', `/api/villages/${VILLAGE.id}/market/preview`);
    expect(Object.fromEntries(call!.query)).toEqual({ x: '12', y: '-4', timber: '600', stone: '0', iron: '0', mead: '0' });
    await waitFor(() => expect(screen.getByTestId('preview-merchants').textContent).toBe('2 needed, 1 at home'));
    expect(screen.getByTestId('preview-target').textContent).toContain('Uppsala');
    expect(screen.getByTestId('preview-travel').textContent).toBe('2h 15m 0s');
    expect(screen.getByText(/not your village: its stores may be fuller than shown/)).toBeTruthy();
    expect(screen.getByTestId('send-refusal').textContent).toBe(TRADE_MESSAGES.notEnoughMerchants);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send merchants' }).disabled).toBe(true);

    fireEvent.change(number('Timber'), { target: { value: '400' } });
    fireEvent.change(number('Mead'), { target: { value: '100' } });
    expect((await screen.findByTestId('preview-lost')).textContent).toContain('120 mead');
    expect(screen.getByTestId('preview-merchants').textContent).toBe('1 needed, 1 at home');
    expect(screen.queryByTestId('send-refusal')).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send merchants' }).disabled).toBe(false);
  });

  it('says what the server says when no village stands on the tile', async () => {
    server.on(`GET /api/villages/${VILLAGE.id}/market/preview`, () => reply(404, { error: TRADE_MESSAGES.noVillageThere }));
    renderPage({ route: '/game/marketplace?x=1&y=1' });
    expect(await screen.findByText(TRADE_MESSAGES.noVillageThere)).toBeTruthy();
  });

  it('fills a resource up to what the stock and the merchants at home allow', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Send resources' });
    fireEvent.click(screen.getByRole('button', { name: 'Send as much iron as possible' }));
    expect(number('Iron').value).toBe('100');
    fireEvent.click(screen.getByRole('button', { name: 'Send as much timber as possible' }));
    // One merchant at home carries 500, 100 of them iron already.
    expect(number('Timber').value).toBe('400');
  });

  it('sends, then shows the market the reply carries and the movement among the shipments', async () => {
    server.on(`GET /api/villages/${VILLAGE.id}/market/preview`, () => preview({ merchantsNeeded: 1, refusal: null }));
    server.on(`POST /api/villages/${VILLAGE.id}/market/shipments`, () =>
      reply(201, { movement: delivery(), market: market({ merchants: { total: 3, atHome: 0, travelling: 2, reserved: 1 } }) }),
    );
    renderPage({ route: '/game/marketplace?x=12&y=-4' });
    await screen.findByRole('heading', { name: 'Send resources' });
    await waitFor(() => expect(screen.getByTestId('shipments').textContent).toBe('none'));
    fireEvent.change(number('Timber'), { target: { value: '300' } });
    const send = screen.getByRole<HTMLButtonElement>('button', { name: 'Send merchants' });
    await waitFor(() => expect(send.disabled).toBe(false));
    const readsBefore = overviewReads();
    fireEvent.click(send);

    expect(await screen.findByText(/Merchants are on their way to Uppsala/)).toBeTruthy();
    const [call] = server.requests('POST', `/api/villages/${VILLAGE.id}/market/shipments`);
    expect(call!.body).toEqual({ x: 12, y: -4, resources: { timber: 300, stone: 0, iron: 0, mead: 0 } });
    expect(screen.getByTestId('merchants-at-home').textContent).toBe('0 of 3');
    expect(screen.getByTestId('shipments').textContent).toBe('delivery');
    expect(number('Timber').value).toBe('');
    // The stores paid: the overview (and the top bar) is read again.
    await waitFor(() => expect(overviewReads()).toBe(readsBefore + 1));
  });
});

describe('offers', () => {
  it('shows the ratio limit while an offer is typed and refuses one beyond it', async () => {
    renderPage({ market: market({ merchants: { total: 3, atHome: 3, travelling: 0, reserved: 0 } }) });
    await screen.findByRole('heading', { name: 'Post an offer' });
    fireEvent.change(number('Amount to give'), { target: { value: '500' } });
    expect(screen.getByTestId('offer-ratio').textContent).toContain('For 500 timber you may ask between 250 and 1K iron.');
    fireEvent.change(number('Amount to ask for'), { target: { value: '1001' } });
    expect(screen.getByTestId('offer-refusal').textContent).toBe(TRADE_MESSAGES.ratio);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Post offer' }).disabled).toBe(true);
    fireEvent.change(number('Amount to ask for'), { target: { value: '1000' } });
    expect(screen.queryByTestId('offer-refusal')).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Post offer' }).disabled).toBe(false);
  });

  it('lists others’ offers nearest first with distance and travel time, and accepts one from this village', async () => {
    server.on(`GET /api/villages/${VILLAGE.id}/market/offers`, ({ query }) =>
      query.get('offering') === 'stone' ? NO_OFFERS : { ...NO_OFFERS, offers: [offer()], total: 1 },
    );
    server.on('POST /api/trade-offers/:offerId/accept', () =>
      reply(201, { offer: { ...offer(), status: 'taken' }, outgoing: delivery(), incoming: { ...delivery(), id: 'incoming', direction: 'incoming' } }),
    );
    renderPage();
    const table = await screen.findByRole('table', { name: 'Open offers, nearest first' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('Aelle');
    expect(row.textContent).toContain('400 iron');
    expect(row.textContent).toContain('300 timber');
    expect(row.textContent).toContain('36.0');
    expect(row.textContent).toContain('2h 15m 0s');

    fireEvent.click(within(row).getByRole('button', { name: /^Accept/ }));
    expect(await screen.findByText(/Traded with Aelle/)).toBeTruthy();
    const [call] = server.requests('POST', `/api/trade-offers/${offer().id}/accept`);
    expect(call!.body).toEqual({ villageId: VILLAGE.id });

    fireEvent.change(screen.getByRole('combobox', { name: 'They give' }), { target: { value: 'stone' } });
    expect(await screen.findByText('No open offer matches.')).toBeTruthy();
    expect(server.calls.some((c) => c.path.endsWith('/market/offers') && c.query.get('offering') === 'stone' && c.query.get('page') === '1')).toBe(true);
  });

  it('withdraws an open offer of the village', async () => {
    server.on(`GET /api/villages/${VILLAGE.id}/market/offers`, { ...NO_OFFERS, mine: [offer({ owner: { id: TEST_USER.id, username: 'Ragnar' }, village: { id: VILLAGE.id, name: VILLAGE.name, x: 12, y: -40 } })] });
    server.on('DELETE /api/trade-offers/:offerId', () => ({ offer: { ...offer(), status: 'withdrawn' } }));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw the offer of 400 iron' }));
    expect(await screen.findByText(/The offer is withdrawn/)).toBeTruthy();
    expect(server.requests('DELETE', `/api/trade-offers/${offer().id}`)).toHaveLength(1);
  });
});

describe('the merchant exchange', () => {
  it('counts down to its next use and waits until then', async () => {
    renderPage({ market: market({ exchange: { availableAt: new Date(Date.now() + 1_800_000).toISOString(), cooldownSeconds: 3600 } }) });
    const next = await screen.findByTestId('exchange-next');
    expect(next.textContent).toMatch(/^Next exchange in (29m 59s|30m 0s)$/);
    expect(screen.getByText(/1:1, once every 1h 0m 0s in each village/)).toBeTruthy();
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Amount' }), { target: { value: '50' } });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Exchange' }).disabled).toBe(true);
  });

  it('is available now, exchanges 1:1 and shows the market it answers', async () => {
    server.on(`POST /api/villages/${VILLAGE.id}/market/exchange`, () =>
      market({ exchange: { availableAt: new Date(Date.now() + 3_600_000).toISOString(), cooldownSeconds: 3600 } }),
    );
    renderPage();
    expect((await screen.findByTestId('exchange-next')).textContent).toBe('Available now');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Amount' }), { target: { value: '50' } });
    expect(screen.getByText('You give 50 timber and receive 50 stone.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Exchange' }));
    expect(await screen.findByText('Exchanged 50 timber for 50 stone.')).toBeTruthy();
    expect(server.requests('POST', `/api/villages/${VILLAGE.id}/market/exchange`)[0]?.body).toEqual({ from: 'timber', to: 'stone', amount: 50 });
    expect(screen.getByTestId('exchange-next').textContent).toMatch(/^Next exchange in/);
  });

  it('refuses the same resource on both sides and an amount the store cannot hold', async () => {
    renderPage();
    await screen.findByTestId('exchange-next');
    fireEvent.change(screen.getByRole('combobox', { name: 'Receive' }), { target: { value: 'mead' } });
    fireEvent.click(screen.getByRole('button', { name: 'Exchange as much as possible' }));
    // 700 timber in stock, but the mead store has room for 10 only.
    expect(screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Amount' }).value).toBe('10');
    fireEvent.change(screen.getByRole('combobox', { name: 'Receive' }), { target: { value: 'timber' } });
    expect(screen.getByText(TRADE_MESSAGES.exchangeSame)).toBeTruthy();
  });
});
