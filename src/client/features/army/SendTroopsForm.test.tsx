// @vitest-environment happy-dom
// The send form knows how the target stands to the player: an attack, a raid or a scout on a friend's village is refused
// before sending in the rule's words, with "Reinforce instead"; reinforcing an enemy or a stranger is refused too.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Diplomacy, MyAlliance } from '../../api/alliances';
import type { SendableMovementType } from '../../api/army';
import type { Village } from '../../api/villages';
import type { MapTile } from '../../state/map';
import { setupFakeServer } from '../../test/fakeServer';
import { renderWithProviders, TEST_USER } from '../../test/render';
import { sendRefusal, type SendableMovement } from '../../../rules/movements';
import type { TargetRelation } from '../../../rules/diplomacy';
import { SendTroopsForm } from './SendTroopsForm';

const WORLD = '22222222-2222-4222-8222-222222222222';
const HOME: Village = { id: '99999999-9999-4999-8999-999999999999', name: 'Kattegat', x: 0, y: 0, population: 50, loyalty: 100, isCapital: true, worldId: WORLD, ownerId: TEST_USER.id };
const TARGET = { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', x: 3, y: 4 };
const MINE = { id: '44444444-4444-4444-8444-444444444444', tag: 'ODIN', name: 'Ravens' };
const FRIENDS = { id: '55555555-5555-4555-8555-555555555555', tag: 'THOR', name: 'Thunder' };
const NEIGHBOURS = { id: '66666666-6666-4666-8666-666666666666', tag: 'FREY', name: 'Harvest' };
const FOES = { id: '77777777-7777-4777-8777-777777777777', tag: 'LOKI', name: 'Tricksters' };
const STRANGERS = { id: '88888888-8888-4888-8888-888888888888', tag: 'HEL', name: 'Shades' };

const myAlliance: MyAlliance = {
  embassyLevel: 1,
  alliance: {
    ...MINE,
    description: '',
    isPublic: true,
    memberCount: 2,
    memberCap: 3,
    leaderEmbassyLevel: 1,
    totalVillages: 2,
    totalPopulation: 20,
    foundedAt: '2026-01-01T00:00:00.000Z',
    members: [],
    announcement: null,
  },
  membership: { role: 'member', joinedAt: '2026-01-01T00:00:00.000Z' },
};

const active = (alliance: typeof FRIENDS, kind: 'confederation' | 'nap' | 'war') => ({
  id: `r-${alliance.tag}`,
  kind,
  status: 'active' as const,
  direction: 'incoming' as const,
  alliance,
  proposedAt: '2026-01-01T00:00:00.000Z',
  acceptedAt: '2026-01-02T00:00:00.000Z',
  proposedBy: null,
});

const diplomacy: Diplomacy = {
  allianceId: MINE.id,
  relations: [active(FRIENDS, 'confederation'), active(NEIGHBOURS, 'nap'), active(FOES, 'war')],
  caps: { confederation: 3, nap: 3 },
};

const ROUTE = { from: { id: HOME.id, worldId: WORLD }, to: { id: TARGET.id, worldId: WORLD } };
const owner = { id: 'other', username: 'Aelle' };

const server = setupFakeServer();
/** The alliance of the village at the target, as the map's tiles show it. */
let targetAlliance: typeof MINE | null = null;

beforeEach(() => {
  targetAlliance = null;
  server.on('GET /api/alliances/my-alliance', myAlliance);
  server.on('GET /api/alliances/diplomacy', diplomacy);
  server.on('GET /api/villages', { villages: [] });
  server.on('GET /api/map/search/:worldId', () => ({
    results: [{ type: 'village', villageId: TARGET.id, name: 'Birka', x: TARGET.x, y: TARGET.y, owner, population: 30 }],
  }));
  server.on('GET /api/map/area/:worldId/:x/:y/:radius', ({ params }) => {
    const tile: MapTile = {
      x: TARGET.x,
      y: TARGET.y,
      type: 'village',
      worldId: WORLD,
      village: { id: TARGET.id, name: 'Birka', owner, population: 30, ...(targetAlliance ? { alliance: targetAlliance } : {}) },
    };
    return { worldId: params.worldId, center: { x: Number(params.x), y: Number(params.y) }, radius: Number(params.radius), tiles: [tile] };
  });
});
afterEach(() => {
  cleanup();
});

function showForm(alliance: typeof MINE | null, mission: SendableMovementType) {
  targetAlliance = alliance;
  const troops = new Map([
    [
      HOME.id,
      {
        units: [
          { id: 'u1', type: 'bondi' as const, count: 10, isTraining: false, remainingTime: null },
          { id: 'u2', type: 'viking_raider' as const, count: 5, isTraining: false, remainingTime: null },
        ],
        longhouse: 1,
        readAt: 0,
      },
    ],
  ]);
  renderWithProviders(
    <SendTroopsForm
      villages={[HOME]}
      fromVillageId={HOME.id}
      onFromVillageChange={() => undefined}
      troops={troops}
      heroes={[]}
      worldSpeedOf={() => 1}
      viewerId={TEST_USER.id}
      initialTarget={{ x: TARGET.x, y: TARGET.y }}
      initialMission={mission}
    />,
  );
  fireEvent.change(screen.getByLabelText('Viking Raider to send'), { target: { value: '5' } });
}

/** The rule's own words, with the tag it names. */
function refusalOf(mission: SendableMovement, relation: TargetRelation, tag?: string): string {
  const text = sendRefusal(mission, ROUTE, relation, tag);
  if (!text) throw new Error(`The rule lets ${mission} go to ${relation}`);
  return text;
}

const sendButton = () => screen.getByRole('button', { name: 'Send troops' });

describe('SendTroopsForm and the target’s relation', () => {
  it('warns before attacking a confederate, in the rule’s words, and reinforces instead at a click', async () => {
    showForm(FRIENDS, 'attack');
    expect((await screen.findByRole('alert')).textContent).toBe(refusalOf('attack', 'confederate', 'THOR'));
    expect(screen.getByTestId('send-relation').textContent).toBe('Confederate');
    expect(screen.getByTestId('send-target').textContent).toContain('[THOR]');
    expect(sendButton().hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Reinforce instead' }));
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Reinforce' }).checked).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reinforce instead' })).toBeNull();
    expect(sendButton().hasAttribute('disabled')).toBe(false);
  });

  it('warns before raiding an alliance member’s village or scouting a pact partner’s', async () => {
    showForm(MINE, 'raid');
    expect((await screen.findByRole('alert')).textContent).toBe(refusalOf('raid', 'ally'));
    expect(screen.getByRole('button', { name: 'Reinforce instead' })).toBeTruthy();
    cleanup();

    showForm(NEIGHBOURS, 'scout');
    expect((await screen.findByRole('alert')).textContent).toBe(refusalOf('scout', 'pact', 'FREY'));
    expect(screen.getByTestId('send-relation').textContent).toBe('Non-aggression pact');
    expect(screen.getByRole('button', { name: 'Reinforce instead' })).toBeTruthy();
  });

  it('refuses reinforcing an enemy or a stranger in the rule’s words, offering nothing instead', async () => {
    showForm(FOES, 'reinforce');
    expect((await screen.findByRole('alert')).textContent).toBe(refusalOf('reinforce', 'war'));
    expect(screen.getByTestId('send-relation').textContent).toBe('At war');
    expect(screen.queryByRole('button', { name: 'Reinforce instead' })).toBeNull();
    // Attacking them is what the rules allow.
    fireEvent.click(screen.getByRole('radio', { name: 'Attack' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sendButton().hasAttribute('disabled')).toBe(false);
    cleanup();

    showForm(STRANGERS, 'reinforce');
    expect((await screen.findByRole('alert')).textContent).toBe(refusalOf('reinforce', 'other'));
    expect(screen.getByTestId('send-relation').textContent).toBe('No relation');
  });

  it('lets an attack on a stranger go without a word', async () => {
    showForm(null, 'attack');
    await waitFor(() => expect(screen.getByTestId('send-relation').textContent).toBe('No relation'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(sendButton().hasAttribute('disabled')).toBe(false);
  });

  it('asks nothing of the target’s alliance for a player outside any: every other player stands in no relation', async () => {
    server.on('GET /api/alliances/my-alliance', { ...myAlliance, alliance: null, membership: null });
    showForm(FRIENDS, 'reinforce');
    expect((await screen.findByRole('alert')).textContent).toBe(refusalOf('reinforce', 'other'));
    expect(server.calls.filter((call) => call.path.startsWith('/api/map/area/'))).toHaveLength(0);
    expect(server.requests('GET', '/api/alliances/diplomacy')).toHaveLength(0);
  });
});
