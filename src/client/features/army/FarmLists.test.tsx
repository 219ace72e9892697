// @vitest-environment happy-dom
// The army page's farm lists against the fake server: each row's last raid ("Won 1,200 / 1,600"), Send all and Send
// selected as one request with a key made per click (a double click sends once), each row's result after sending, a new
// list, a target added from another page's ?farm=x|y, and a row's units edited and a row removed.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FarmList, FarmListList, FarmListSendResult } from '../../api/farmLists';
import type { Village } from '../../api/villages';
import type { ArmyMovement } from '../../state/army';
import { reply, setupFakeServer } from '../../test/fakeServer';
import { renderWithProviders, TEST_USER } from '../../test/render';
import { FarmLists } from './FarmLists';
import type { FarmRequest } from './farmModel';
import type { HomeTroops } from './useHomeTroops';

const WORLD = '22222222-2222-4222-8222-222222222222';
const HOME: Village = { id: '99999999-9999-4999-8999-999999999999', name: 'Kattegat', x: 0, y: 0, population: 50, loyalty: 100, isCapital: true, worldId: WORLD, ownerId: TEST_USER.id };
const ROW_A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const ROW_B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const RAID = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

const LIST: FarmList = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Shore farms',
  village: { id: HOME.id, name: HOME.name, x: 0, y: 0 },
  maxTargets: 100,
  targets: [
    {
      id: ROW_A,
      village: { id: 'v-a', name: 'Barbarian camp', x: 3, y: 4, owner: null, population: 34 },
      units: { viking_raider: 20 },
      last: { reportId: 'r1', at: '2026-01-01T10:00:00.000Z', winner: 'attacker', loot: { timber: 300, stone: 300, iron: 300, mead: 300 }, carry: 1600 },
    },
    {
      id: ROW_B,
      village: { id: 'v-b', name: 'Birka', x: -2, y: 5, owner: { id: 'other', username: 'Aelle' }, population: 80 },
      units: { bondi: 10 },
      last: { reportId: 'r2', at: '2026-01-01T10:05:00.000Z', winner: 'defender', loot: { timber: 0, stone: 0, iron: 0, mead: 0 }, carry: 200 },
    },
  ],
};
const LISTS: FarmListList = { lists: [LIST], maxLists: 10 };

const troops: HomeTroops = new Map([
  [
    HOME.id,
    {
      units: [
        { id: 'u1', type: 'viking_raider' as const, count: 20, isTraining: false, remainingTime: null },
        { id: 'u2', type: 'bondi' as const, count: 4, isTraining: false, remainingTime: null },
      ],
      longhouse: 0,
      readAt: 0,
    },
  ],
]);

const raid: ArmyMovement = {
  id: RAID,
  type: 'raid',
  direction: 'outgoing',
  fromVillage: LIST.village,
  toVillage: { id: 'v-a', name: 'Barbarian camp', x: 3, y: 4 },
  units: { viking_raider: 20 },
  loot: null,
  cargo: null,
  merchants: 0,
  departedAt: '2026-01-01T11:00:00.000Z',
  arrivesAt: '2026-01-01T11:10:00.000Z',
  remainingTime: 600,
  arrivesAtClient: Date.now() + 600_000,
};

const server = setupFakeServer();
afterEach(() => {
  cleanup();
});

function show({ lists = LISTS, request = null }: { lists?: FarmListList; request?: FarmRequest | null } = {}) {
  server.on('GET /api/farm-lists', lists);
  return renderWithProviders(<FarmLists viewer={TEST_USER.id} selected={HOME} troops={troops} movements={[raid]} request={request} />);
}

const rowOf = (name: RegExp) => screen.getByRole('row', { name });

describe('FarmLists', () => {
  it('shows each row’s last raid: who won, and the loot against what the survivors could carry', async () => {
    show();
    const camp = await screen.findByRole('row', { name: /Barbarian camp \(3\|4\)/ });
    expect(within(camp).getByTestId('farm-last').textContent).toContain('Won 1,200 / 1,600');
    expect(within(camp).getByText('Barbarians · pop. 34')).toBeTruthy();
    expect(within(rowOf(/Birka/)).getByTestId('farm-last').textContent).toContain('Lost 0 / 200');
    // Before sending, a row the units at home do not cover says so (4 bondi at home, 10 on the row).
    expect(within(rowOf(/Birka/)).getByText('Not enough units at home: 10 Bondi (4 at home)')).toBeTruthy();
  });

  it('sends the whole list in one request with a key made for the click, and shows each row’s result', async () => {
    const sends: unknown[] = [];
    server.on('POST /api/farm-lists/:listId/send', ({ body }) => {
      sends.push(body);
      const result: FarmListSendResult = {
        results: [
          { targetId: ROW_A, sent: true, reason: null, movementId: RAID },
          { targetId: ROW_B, sent: false, reason: 'Not enough units at home: 10 Bondi (4 at home)', movementId: null },
        ],
      };
      return result;
    });
    show();
    const sendAll = await screen.findByRole('button', { name: 'Send all' });
    // A double click: the second click comes before the first one's reply and sends nothing.
    fireEvent.click(sendAll);
    fireEvent.click(sendAll);
    expect(await screen.findByText('1 raid sent, 1 skipped.')).toBeTruthy();
    expect(sends).toHaveLength(1);
    expect(sends[0]).toEqual({ key: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(within(rowOf(/Barbarian camp/)).getByTestId('farm-result').textContent).toMatch(/^Sent · arrives in (9m [1-5]\ds|10m 0s)$/); // a countdown from 10 minutes, a few seconds in on a busy machine
    expect(within(rowOf(/Birka/)).getByTestId('farm-result').textContent).toBe('Skipped: Not enough units at home: 10 Bondi (4 at home)');

    // Another click is another key.
    fireEvent.click(screen.getByRole('button', { name: 'Send all' }));
    await waitFor(() => expect(sends).toHaveLength(2));
    expect(sends[1]).not.toEqual(sends[0]);
  });

  it('sends the chosen rows only', async () => {
    server.on('POST /api/farm-lists/:listId/send', () => ({ results: [{ targetId: ROW_B, sent: false, reason: 'Under beginner protection until 2026-03-15 09:00 UTC', movementId: null }] }));
    show();
    const selected = await screen.findByRole('button', { name: 'Send selected (0)' });
    expect(selected).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Choose Birka (-2|5)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send selected (1)' }));
    await waitFor(() => expect(server.requests('POST', `/api/farm-lists/${LIST.id}/send`)).toHaveLength(1));
    expect(server.requests('POST', `/api/farm-lists/${LIST.id}/send`)[0]?.body).toMatchObject({ targetIds: [ROW_B] });
    expect(await screen.findByText('Skipped: Under beginner protection until 2026-03-15 09:00 UTC')).toBeTruthy();
    expect(within(rowOf(/Barbarian camp/)).getByTestId('farm-result').textContent).toBe('');
  });

  it('makes a list for the selected village, then adds the target another page asked for with its units', async () => {
    const made: FarmList = { ...LIST, id: '55555555-5555-4555-8555-555555555555', name: 'North', targets: [] };
    server.on('POST /api/farm-lists/:listId/targets', ({ body }) => ({ list: { ...made, targets: [{ ...LIST.targets[0]!, units: { viking_raider: 20 } }] }, echo: body }));
    show({ lists: { lists: [], maxLists: 10 }, request: { x: 3, y: 4, units: { viking_raider: 20 } } });
    expect(await screen.findByText('Make a list first to add (3|4).')).toBeTruthy();
    // A name the rule refuses never reaches the server.
    fireEvent.click(screen.getByRole('button', { name: 'Create list' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Name the list');
    fireEvent.change(screen.getByLabelText('New list from Kattegat'), { target: { value: 'North' } });
    server.on('POST /api/farm-lists', { list: made });
    fireEvent.click(screen.getByRole('button', { name: 'Create list' }));
    expect(await screen.findByRole('heading', { name: 'North' })).toBeTruthy();
    expect(server.requests('POST', '/api/farm-lists').map((c) => c.body)).toEqual([{ name: 'North', villageId: HOME.id }]);

    // The form is filled in from ?farm=3|4&units=viking_raider:20.
    expect(screen.getByLabelText('X')).toHaveProperty('value', '3');
    expect(screen.getByLabelText('Y')).toHaveProperty('value', '4');
    expect(screen.getByLabelText('Viking Raider for the new target')).toHaveProperty('value', '20');
    fireEvent.click(screen.getByRole('button', { name: 'Add to list' }));
    expect(await screen.findByText('Added to North.')).toBeTruthy();
    expect(server.requests('POST', `/api/farm-lists/${made.id}/targets`).map((c) => c.body)).toEqual([{ x: 3, y: 4, units: { viking_raider: 20 } }]);
    expect(screen.getByRole('row', { name: /Barbarian camp/ })).toBeTruthy();
  });

  it('changes a row’s units in place and takes a row off the list', async () => {
    server.on('PUT /api/farm-lists/:listId/targets/:targetId', ({ body }) => ({ list: { ...LIST, targets: [LIST.targets[0]!, { ...LIST.targets[1]!, units: { bondi: 4 } }] }, echo: body }));
    server.on('DELETE /api/farm-lists/:listId/targets/:targetId', () => ({ list: { ...LIST, targets: [LIST.targets[1]!] } }));
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit units for Birka (-2|5)' }));
    fireEvent.change(screen.getByLabelText('Bondi for Birka'), { target: { value: '4' } });
    fireEvent.click(within(rowOf(/Birka/)).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(rowOf(/Birka/)).queryByRole('button', { name: 'Save' })).toBeNull());
    expect(server.requests('PUT', `/api/farm-lists/${LIST.id}/targets/${ROW_B}`).map((c) => c.body)).toEqual([{ units: { bondi: 4 } }]);
    await waitFor(() => expect(within(rowOf(/Birka/)).queryByText(/Not enough units/)).toBeNull());
    expect(rowOf(/Birka/).textContent).toContain('Bondi 4');

    fireEvent.click(screen.getByRole('button', { name: 'Remove Barbarian camp (3|4)' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Barbarian camp/ })).toBeNull());
    expect(server.requests('DELETE', `/api/farm-lists/${LIST.id}/targets/${ROW_A}`)).toHaveLength(1);
  });

  it('says why the server refused a target', async () => {
    server.on('POST /api/farm-lists/:listId/targets', () => reply(409, { error: 'That village belongs to an ally' }));
    show();
    fireEvent.change(await screen.findByLabelText('X'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('Y'), { target: { value: '-1' } });
    fireEvent.change(screen.getByLabelText('Viking Raider for the new target'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add to list' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That village belongs to an ally');
  });
});
