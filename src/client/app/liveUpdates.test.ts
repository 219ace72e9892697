import { describe, expect, it } from 'vitest';
import { refreshFor, staleQueries } from './liveUpdates';

describe('live updates', () => {
  it('refreshes what each event makes stale', () => {
    expect(refreshFor({ kind: 'movement_launched' })).toEqual({ movements: true, reports: false, villages: false, troops: false });
    expect(refreshFor({ kind: 'movement_landed' })).toEqual({ movements: true, reports: false, villages: false, troops: true });
    expect(refreshFor({ kind: 'movement_returned' })).toEqual({ movements: true, reports: false, villages: false, troops: true });
    expect(refreshFor({ kind: 'report_arrived' })).toEqual({ movements: false, reports: true, villages: false, troops: true });
    expect(refreshFor({ kind: 'village_changed' })).toEqual({ movements: true, reports: false, villages: true, troops: true });
  });

  it('names the player’s queries each refresh marks stale', () => {
    expect(staleQueries(refreshFor({ kind: 'movement_launched' }), 'u1')).toEqual([['player', 'u1', 'movements']]);
    expect(staleQueries(refreshFor({ kind: 'report_arrived' }), 'u1')).toEqual([
      ['player', 'u1', 'battles'],
      ['player', 'u1', 'overview'],
      ['player', 'u1', 'stationed'],
      ['player', 'u1', 'heroes', 'list'],
    ]);
    expect(staleQueries(refreshFor({ kind: 'village_changed' }), 'u1')).toEqual([
      ['player', 'u1', 'movements'],
      ['player', 'u1', 'villages'],
      ['player', 'u1', 'overview'],
      ['player', 'u1', 'stationed'],
      ['player', 'u1', 'heroes', 'list'],
    ]);
  });
});
