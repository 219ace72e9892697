import { describe, expect, it } from 'vitest';
import { refreshFor } from './liveUpdates';

describe('live updates', () => {
  it('refreshes what each event makes stale', () => {
    expect(refreshFor({ kind: 'movement_launched' })).toEqual({ movements: true, reports: false, villages: false, troops: false });
    expect(refreshFor({ kind: 'movement_landed' })).toEqual({ movements: true, reports: false, villages: false, troops: true });
    expect(refreshFor({ kind: 'movement_returned' })).toEqual({ movements: true, reports: false, villages: false, troops: true });
    expect(refreshFor({ kind: 'report_arrived' })).toEqual({ movements: false, reports: true, villages: false, troops: true });
    expect(refreshFor({ kind: 'village_changed' })).toEqual({ movements: true, reports: false, villages: true, troops: true });
  });
});
