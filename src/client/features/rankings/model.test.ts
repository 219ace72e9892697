import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import type { MyRankings } from '../../api/rankings';
import { findMeText, freshness, isTabId, myRankOn, pageOfMine, periodParam } from './model';

const MY: MyRankings = { worldId: 'w', players: 45, alliances: null, attackersWeek: 3, attackersAll: 21, defendersWeek: null, defendersAll: 7 };

describe('rankings', () => {
  it('finds the viewer on the list shown', () => {
    expect(myRankOn(MY, 'players', 'week')).toBe(45);
    expect(myRankOn(MY, 'attackers', 'week')).toBe(3);
    expect(myRankOn(MY, 'attackers', 'all')).toBe(21);
    expect(myRankOn(MY, 'defenders', 'week')).toBeNull();
    expect(myRankOn(MY, 'alliances', 'all')).toBeNull();
  });

  it('goes to the page holding the rank, 20 a page', () => {
    expect(pageOfMine(1)).toBe(1);
    expect(pageOfMine(20)).toBe(1);
    expect(pageOfMine(21)).toBe(2);
    expect(pageOfMine(45)).toBe(3);
    expect(pageOfMine(null)).toBeNull();
    expect(findMeText(45, 'players')).toBe('You are #45.');
    expect(findMeText(null, 'alliances')).toBe('You are in no alliance ranked in this world.');
  });

  it('says how fresh the population lists are', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    expect(freshness('2026-03-01T11:59:30Z', now)).toBe('Updated just now');
    expect(freshness('2026-03-01T11:59:00Z', now)).toBe('Updated 1 minute ago');
    expect(freshness('2026-03-01T11:56:00Z', now)).toBe('Updated 4 minutes ago');
    expect(freshness('2026-03-01T09:30:00Z', now)).toBe('Updated 2 hours ago');
    // A server clock a little ahead is still fresh.
    expect(freshness('2026-03-01T12:00:20Z', now)).toBe('Updated just now');
    expect(freshness(null, now)).toBe('Not counted yet: the rankings are computed every 5 minutes.');
  });

  it('reads the address', () => {
    expect(isTabId('defenders')).toBe(true);
    expect(isTabId('wonders')).toBe(false);
    expect(periodParam('all')).toBe('all');
    expect(periodParam('month')).toBe('week');
  });
});

describe('rankings in German', () => {
  it('says where the viewer stands and how fresh the lists are in German', async () => {
    await act(() => i18n.changeLanguage('de'));
    expect(findMeText(3, 'alliances')).toBe('Deine Allianz ist auf Platz 3.');
    const now = Date.parse('2026-03-01T12:00:00Z');
    expect(freshness('2026-03-01T11:59:00Z', now)).toBe('Vor 1 Minute aktualisiert');
    expect(freshness('2026-03-01T09:30:00Z', now)).toBe('Vor 2 Stunden aktualisiert');
    expect(freshness(null, now)).toBe('Noch nicht gezählt: Die Ranglisten werden alle 5 Minuten berechnet.');
  });
});
