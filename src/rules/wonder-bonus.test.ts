// Pins which wonders count for a player and from when: own always, an ally's since both stood together, each level from its finish.
import { describe, expect, it } from 'vitest';
import { countingWonderEffects, wonderBonusPeriods, wonderCountsSince, type StandingWonder, type WonderViewer } from './wonder-bonus';
import { wonderEffects, type WonderState } from './wonders';

const HOUR = 3_600_000;
const now = Date.UTC(2025, 3, 1, 12);
const none = { timber: 0, stone: 0, iron: 0, mead: 0 };
/** Mímir's Well gives 25 at level 100, so a quarter of a percent per level, every resource. */
const quarter = { timber: 0.25, stone: 0.25, iron: 0.25, mead: 0.25 };

const planned = (level: number): WonderState => ({ level, status: 'planned', invested: none, constructionFinishesAt: null, completedAt: null });

function wonder(over: Partial<StandingWonder> = {}): StandingWonder {
  return { type: 'mimirs_well', ownerId: 'ragnar', ownerAlliance: null, state: planned(1), levelHistory: [now - 10 * HOUR], ...over };
}

const ragnar: WonderViewer = { playerId: 'ragnar', alliance: null };
const lagertha: WonderViewer = { playerId: 'lagertha', alliance: { allianceId: 'shieldmaidens', joinedAt: now - 5 * HOUR } };
const ragnarInAlliance = { allianceId: 'shieldmaidens', joinedAt: now - 20 * HOUR };

describe('wonderCountsSince', () => {
  it('counts one’s own wonder always, in an alliance or not', () => {
    expect(wonderCountsSince(ragnar, wonder())).toBe(-Infinity);
    expect(wonderCountsSince({ ...ragnar, alliance: ragnarInAlliance }, wonder({ ownerAlliance: ragnarInAlliance }))).toBe(-Infinity);
  });

  it('counts an ally’s wonder from the moment both stood in the alliance', () => {
    expect(wonderCountsSince(lagertha, wonder({ ownerAlliance: ragnarInAlliance }))).toBe(now - 5 * HOUR);
    expect(wonderCountsSince({ ...lagertha, alliance: { allianceId: 'shieldmaidens', joinedAt: now - 30 * HOUR } }, wonder({ ownerAlliance: ragnarInAlliance }))).toBe(now - 20 * HOUR);
  });

  it('never counts a wonder of another alliance, of a builder alone, for a player alone, or of a builder gone', () => {
    expect(wonderCountsSince(lagertha, wonder({ ownerAlliance: { allianceId: 'ravens', joinedAt: 0 } }))).toBeNull();
    expect(wonderCountsSince(lagertha, wonder())).toBeNull();
    expect(wonderCountsSince({ playerId: 'lagertha', alliance: null }, wonder({ ownerAlliance: ragnarInAlliance }))).toBeNull();
    expect(wonderCountsSince(lagertha, wonder({ ownerId: null }))).toBeNull();
  });
});

describe('wonderBonusPeriods', () => {
  const scene = { viewer: ragnar, worldSpeed: 1, now };

  it('adds one level’s bonus from each instant a level finished', () => {
    const levels = wonder({ state: planned(2), levelHistory: [now - 10 * HOUR, now - 4 * HOUR] });
    expect(wonderBonusPeriods({ ...scene, wonders: [levels] })).toEqual([
      { from: now - 10 * HOUR, to: null, bonusPercent: quarter },
      { from: now - 4 * HOUR, to: null, bonusPercent: quarter },
    ]);
  });

  it('counts levels older than the history as always there, all in one period', () => {
    const old = wonder({ state: planned(3), levelHistory: [now - HOUR] });
    expect(wonderBonusPeriods({ ...scene, wonders: [old] })).toEqual([
      { from: -Infinity, to: null, bonusPercent: { timber: 0.5, stone: 0.5, iron: 0.5, mead: 0.5 } },
      { from: now - HOUR, to: null, bonusPercent: quarter },
    ]);
  });

  it('starts an ally’s levels no earlier than the alliance, later ones at their own instants', () => {
    const theirs = wonder({ ownerAlliance: ragnarInAlliance, state: planned(2), levelHistory: [now - 10 * HOUR, now - 2 * HOUR] });
    expect(wonderBonusPeriods({ ...scene, viewer: lagertha, wonders: [theirs] })).toEqual([
      { from: now - 5 * HOUR, to: null, bonusPercent: quarter },
      { from: now - 2 * HOUR, to: null, bonusPercent: quarter },
    ]);
  });

  it('counts a level the stored wonder has not caught up with from when it finished, and the level being built from when it will stand', () => {
    // Stored as building level 2, which stood an hour ago.
    const finished = now - HOUR;
    const behind = wonder({
      state: { level: 1, status: 'under_construction', invested: none, constructionFinishesAt: finished, completedAt: null },
    });
    const building = wonder({
      state: { level: 1, status: 'under_construction', invested: none, constructionFinishesAt: now + HOUR, completedAt: null },
    });
    expect(wonderBonusPeriods({ ...scene, wonders: [behind] })).toEqual([
      { from: now - 10 * HOUR, to: null, bonusPercent: quarter },
      { from: finished, to: null, bonusPercent: quarter },
    ]);
    expect(wonderBonusPeriods({ ...scene, wonders: [building] })).toEqual([
      { from: now - 10 * HOUR, to: null, bonusPercent: quarter },
      { from: now + HOUR, to: null, bonusPercent: quarter },
    ]);
  });

  it('gives nothing for wonders without a resource bonus, of unknown type, or that do not count', () => {
    expect(wonderBonusPeriods({ ...scene, wonders: [wonder({ type: 'valhalla' }), wonder({ type: 'fafnirs_lair' }), wonder({ ownerId: 'floki' })] })).toEqual([]);
  });

  it('lists wonder after wonder in the scene’s order', () => {
    const tree = wonder({ type: 'yggdrasil', levelHistory: [now - 3 * HOUR] });
    expect(wonderBonusPeriods({ ...scene, wonders: [wonder(), tree] }).map((p) => p.from)).toEqual([now - 10 * HOUR, now - 3 * HOUR]);
  });
});

describe('countingWonderEffects', () => {
  it('gives the effects of the alliance’s wonders as it stands, whenever its members joined', () => {
    const joinedLater = { ...lagertha, alliance: { allianceId: 'shieldmaidens', joinedAt: now + HOUR } };
    const effects = countingWonderEffects({
      viewer: joinedLater,
      wonders: [wonder({ type: 'valhalla', ownerAlliance: ragnarInAlliance, state: planned(10) }), wonder({ type: 'bifrost', ownerId: 'floki' })],
      worldSpeed: 1,
      at: now,
    });
    expect(effects).toEqual([{ type: 'valhalla', level: 10, effects: wonderEffects('valhalla', 10) }]);
  });

  it('takes each wonder at the level it stands at by the instant', () => {
    const building: StandingWonder = wonder({ state: { level: 4, status: 'under_construction', invested: none, constructionFinishesAt: now, completedAt: null } });
    expect(countingWonderEffects({ viewer: ragnar, wonders: [building], worldSpeed: 1, at: now - 1 })[0].level).toBe(4);
    expect(countingWonderEffects({ viewer: ragnar, wonders: [building], worldSpeed: 1, at: now })[0]).toEqual({ type: 'mimirs_well', level: 5, effects: wonderEffects('mimirs_well', 5) });
  });
});
