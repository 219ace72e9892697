import { describe, expect, it } from 'vitest';
import { queryKeys } from '../state/queryKeys';
import { refreshFor, staleQueries } from './liveUpdates';

describe('live updates', () => {
  it('refreshes what each event makes stale', () => {
    expect(refreshFor({ kind: 'movement_launched' })).toEqual({ movements: true, reports: false, villages: false, troops: false, messages: false });
    expect(refreshFor({ kind: 'movement_landed' })).toEqual({ movements: true, reports: false, villages: false, troops: true, messages: false });
    expect(refreshFor({ kind: 'movement_returned' })).toEqual({ movements: true, reports: false, villages: false, troops: true, messages: false });
    expect(refreshFor({ kind: 'report_arrived' })).toEqual({ movements: false, reports: true, villages: false, troops: true, messages: false });
    expect(refreshFor({ kind: 'village_changed' })).toEqual({ movements: true, reports: false, villages: true, troops: true, messages: false });
    expect(refreshFor({ kind: 'message_received' })).toEqual({ movements: false, reports: false, villages: false, troops: false, messages: true });
    expect(refreshFor({ kind: 'shipment_arrived', villageId: 'v1' })).toEqual({ movements: true, reports: false, villages: false, troops: true, messages: false });
    expect(refreshFor({ kind: 'units_starved', villageId: 'v1' })).toEqual({ movements: false, reports: false, villages: false, troops: true, messages: false });
  });

  it("reads only that world's banners again when its notices change", () => {
    expect(staleQueries(refreshFor({ kind: 'notices_changed', worldId: 'w1' }), 'u1')).toEqual([queryKeys.notices('u1', 'w1')]);
    expect(staleQueries(refreshFor({ kind: 'notices_changed' }), 'u1')).toEqual([]);
  });

  it('reads the village overviews and the units in them again when units starve', () => {
    const keys = staleQueries(refreshFor({ kind: 'units_starved', villageId: 'v1' }), 'u1');
    expect(keys).toEqual([
      ['player', 'u1', 'overview'],
      ['player', 'u1', 'stationed'],
      ['player', 'u1', 'heroes', 'list'],
    ]);
    // The village page and the top bar read the starving village's overview: its key lies under the overviews marked stale.
    const page = queryKeys.overview('u1', 'v1');
    expect(keys.some((key) => key.every((part, i) => page[i] === part))).toBe(true);
  });

  it('reads the stores, the top bar and the merchants again when a shipment lands', () => {
    const keys = staleQueries(refreshFor({ kind: 'shipment_arrived', villageId: 'v1' }), 'u1');
    expect(keys).toEqual([
      ['player', 'u1', 'movements'],
      ['player', 'u1', 'overview'],
      ['player', 'u1', 'stationed'],
      ['player', 'u1', 'heroes', 'list'],
      ['player', 'u1', 'market'],
    ]);
    // The top bar reads the selected village's overview: its key lies under the overviews marked stale.
    const topBar = queryKeys.overview('u1', 'v1');
    expect(keys.some((key) => key.every((part, i) => topBar[i] === part))).toBe(true);
  });

  it('names the player’s queries each refresh marks stale', () => {
    expect(staleQueries(refreshFor({ kind: 'movement_launched' }), 'u1')).toEqual([['player', 'u1', 'movements'], ['player', 'u1', 'market']]);
    expect(staleQueries(refreshFor({ kind: 'report_arrived' }), 'u1')).toEqual([
      ['player', 'u1', 'battles'],
      ['player', 'u1', 'overview'],
      ['player', 'u1', 'stationed'],
      ['player', 'u1', 'heroes', 'list'],
    ]);
    // A message: the unread count and both folders, all under one key.
    expect(staleQueries(refreshFor({ kind: 'message_received' }), 'u1')).toEqual([['player', 'u1', 'messages']]);
    expect(staleQueries(refreshFor({ kind: 'village_changed' }), 'u1')).toEqual([
      ['player', 'u1', 'movements'],
      ['player', 'u1', 'villages'],
      ['player', 'u1', 'overview'],
      ['player', 'u1', 'stationed'],
      ['player', 'u1', 'heroes', 'list'],
      ['player', 'u1', 'market'],
    ]);
  });
});
