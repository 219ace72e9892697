// @vitest-environment happy-dom
// The send form and the game's time rules: it warns before an attack at a village whose owner is on vacation, before an
// attack that would land in a refusing night truce (from its preview's arrival), says a defence-bonus truce raises the
// defence, and says so when the player is on vacation themselves.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { SendableMovementType } from '../../api/army';
import type { Village } from '../../api/villages';
import type { MapTile } from '../../state/map';
import { setupFakeServer } from '../../test/fakeServer';
import { renderWithProviders, TEST_USER } from '../../test/render';
import { localHour, truceRefusal, type NightTruce } from '../../../rules/night-truce';
import { onVacationRefusal, targetOnVacationRefusal } from '../../../rules/vacation';
import { SendTroopsForm } from './SendTroopsForm';

const WORLD = '22222222-2222-4222-8222-222222222222';
const HOME: Village = { id: '99999999-9999-4999-8999-999999999999', name: 'Kattegat', x: 0, y: 0, population: 50, loyalty: 100, isCapital: true, worldId: WORLD, ownerId: TEST_USER.id };
const TARGET = { id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa', x: 3, y: 4 };
const owner = { id: 'other', username: 'Aelle' };
/** 5 Viking Raiders march 5 tiles in 2,000 seconds on a world of speed 1. */
const MARCH_MS = 2_000_000;
const HOUR = 3_600_000;

const server = setupFakeServer();
let vacationUntil: string | null = null;
let truce: NightTruce | null = null;
let ownVacationUntil: string | null = null;

beforeEach(() => {
  vacationUntil = null;
  truce = null;
  ownVacationUntil = null;
  server.on('GET /api/alliances/my-alliance', { embassyLevel: 0, alliance: null, membership: null });
  server.on('GET /api/villages', { villages: [HOME] });
  server.on('GET /api/worlds', () => ({ worlds: [{ id: WORLD, name: 'Midgard', status: 'online', players: 2, maxPlayers: 500, speed: 1, size: 200, truce }] }));
  server.on('GET /api/worlds/:worldId/vacation', ({ params }) => ({
    worldId: params.worldId,
    vacation: ownVacationUntil ? { startedAt: new Date(Date.now() - HOUR).toISOString(), endsAt: ownVacationUntil, earliestEndAt: ownVacationUntil } : null,
    minMs: 2 * 24 * HOUR,
    maxMs: 14 * 24 * HOUR,
    refusal: null,
  }));
  server.on('GET /api/map/search/:worldId', () => ({
    results: [{ type: 'village', villageId: TARGET.id, name: 'Birka', x: TARGET.x, y: TARGET.y, owner, population: 30 }],
  }));
  server.on('GET /api/map/area/:worldId/:x/:y/:radius', ({ params }) => {
    const tile: MapTile = {
      x: TARGET.x,
      y: TARGET.y,
      type: 'village',
      worldId: WORLD,
      village: { id: TARGET.id, name: 'Birka', owner, population: 30, ...(vacationUntil ? { vacationUntil } : {}) },
    };
    return { worldId: params.worldId, center: { x: Number(params.x), y: Number(params.y) }, radius: Number(params.radius), tiles: [tile] };
  });
});
afterEach(() => {
  cleanup();
});

function showForm(mission: SendableMovementType) {
  const troops = new Map([[HOME.id, { units: [{ id: 'u2', type: 'viking_raider' as const, count: 5, isTraining: false, remainingTime: null }], longhouse: 1, readAt: 0 }]]);
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

const sendButton = () => screen.getByRole('button', { name: 'Send troops' });

/** A truce of two hours starting `from` hours after the hour the march lands in (0: it lands in the truce). */
function truceAround(from: number, mode: NightTruce['mode']): NightTruce {
  const hour = localHour(Date.now() + MARCH_MS, 'UTC');
  return { startHour: (hour + from) % 24, endHour: (hour + from + 2) % 24, timeZone: 'UTC', mode, bonusPercent: 40 };
}

describe('the send form before an attack', () => {
  it('warns at a village whose owner is on vacation, naming the end, and shows the vacation on the target line', async () => {
    vacationUntil = new Date(Date.now() + 3 * 24 * HOUR).toISOString();
    showForm('attack');
    expect((await screen.findByRole('alert')).textContent).toBe(targetOnVacationRefusal(Date.parse(vacationUntil)));
    expect(screen.getByTestId('vacation-mark').textContent).toContain('On vacation until');
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('lets reinforcements go to such a village as far as the vacation goes', async () => {
    vacationUntil = new Date(Date.now() + 3 * 24 * HOUR).toISOString();
    showForm('reinforce');
    // A stranger's village refuses reinforcements for another reason, never the vacation.
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toBe(targetOnVacationRefusal(Date.parse(vacationUntil)));
  });

  it('refuses one that would land in a refusing night truce, and lets one landing outside it go', async () => {
    truce = truceAround(0, 'refuse');
    showForm('raid');
    expect((await screen.findByRole('alert')).textContent).toBe(truceRefusal(truce, Date.now() + MARCH_MS));
    cleanup();
    truce = truceAround(3, 'refuse');
    showForm('raid');
    await waitFor(() => expect((sendButton() as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a defence-bonus truce raises the defence of an attack landing in it', async () => {
    truce = truceAround(0, 'defence_bonus');
    showForm('attack');
    expect((await screen.findByTestId('truce-note')).textContent).toMatch(/^Night truce: this one would land between .* when the defence is raised by 40%$/);
    await waitFor(() => expect((sendButton() as HTMLButtonElement).disabled).toBe(false));
  });

  it('says the player is on vacation in this world themselves', async () => {
    ownVacationUntil = new Date(Date.now() + 2 * 24 * HOUR).toISOString();
    showForm('reinforce');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(onVacationRefusal(Date.parse(ownVacationUntil!))));
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
  });
});
