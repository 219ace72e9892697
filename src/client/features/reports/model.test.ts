import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { annexRefusal } from '../../../rules/oases';
import type { BattleReport } from '../../api/army';
import { buildingHitText, farmListPath, knownAnnexTexts, lootTotal, notAnnexedText, outcomeFor, outcomeText, pageCount, placeText, reportTitle, unitLines } from './model';

const village = (name: string) => ({ id: name, name, x: 1, y: 2 });

function report(perspective: 'attacker' | 'defender', winner: 'attacker' | 'defender', type: BattleReport['type'] = 'attack'): BattleReport {
  return {
    id: 'r1',
    type,
    occurredAt: '2026-01-01T00:00:00Z',
    worldId: 'w',
    attacker: { user: { id: 'a', username: 'Floki' }, village: village('Kattegat'), units: {}, losses: {} },
    defender: { user: null, village: village('Hedeby'), units: {}, losses: {} },
    winner,
    perspective,
    loot: { timber: 1, stone: 2, iron: 3, mead: 4 },
    wallDamage: 0,
    loyaltyChange: 0,
    villageConquered: false,
    buildingHit: null,
    intel: null,
    read: false,
  };
}

describe('reports model', () => {
  it('tells victory and defeat from the reader’s side', () => {
    expect(outcomeFor(report('attacker', 'attacker'))).toBe('Victory');
    expect(outcomeFor(report('defender', 'attacker'))).toBe('Defeat');
    expect(outcomeFor(report('defender', 'defender'))).toBe('Victory');
  });

  it('titles a report by who struck whom, and where', () => {
    expect(reportTitle(report('attacker', 'attacker'))).toBe('Attack on Hedeby (1|2)');
    expect(reportTitle(report('defender', 'attacker', 'raid'))).toBe('Raid by Floki on Hedeby (1|2)');
    const gone = report('defender', 'defender');
    gone.attacker.user = null;
    expect(reportTitle(gone)).toBe('Attack by a vanished player on Hedeby (1|2)');
    expect(reportTitle(report('attacker', 'attacker', 'scout'))).toBe('Scouting of Hedeby (1|2)');
    expect(reportTitle(report('defender', 'defender', 'scout'))).toBe('Scouting by Floki on Hedeby (1|2)');
  });

  it('says what the catapults hit', () => {
    expect(buildingHitText(null)).toBeNull();
    expect(buildingHitText({ type: 'granary', levelBefore: 10, levelAfter: 6 })).toBe('Granary: level 10 → 6');
    expect(buildingHitText({ type: 'barracks', levelBefore: 2, levelAfter: 0 })).toBe('Barracks: level 2 → destroyed');
    expect(buildingHitText({ type: 'great_hall', levelBefore: 9, levelAfter: 9 })).toBe('Great Hall: level 9, undamaged');
  });

  it('lists sent, lost and survived for each unit type that fought, in table order', () => {
    expect(unitLines({ units: { huscarl: 4, bondi: 10 }, losses: { bondi: 3 } })).toEqual([
      { type: 'bondi', name: 'Bondi', sent: 10, lost: 3, survived: 7 },
      { type: 'huscarl', name: 'Huscarl', sent: 4, lost: 0, survived: 4 },
    ]);
    expect(unitLines({ units: {}, losses: {} })).toEqual([]);
  });

  it('adds up loot and counts pages of 20', () => {
    expect(lootTotal({ timber: 1, stone: 2, iron: 3, mead: 4 })).toBe(10);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(20)).toBe(1);
    expect(pageCount(21)).toBe(2);
  });

  it('puts the village one raided on a farm list with the units sent, from one’s own side of a battle at a village only', () => {
    const raid = { ...report('attacker', 'attacker', 'raid'), attacker: { ...report('attacker', 'attacker').attacker, units: { viking_raider: 20, bondi: 5 } } };
    expect(farmListPath(raid)).toBe('/game/army?farm=1%7C2&units=bondi%3A5%2Cviking_raider%3A20');
    expect(farmListPath(report('attacker', 'defender', 'scout'))).toBe('/game/army?farm=1%7C2');
    expect(farmListPath(report('defender', 'attacker', 'raid'))).toBeNull();
    expect(farmListPath({ ...raid, oasis: { x: 1, y: 2, animals: {}, animalLosses: {}, annexed: false, notAnnexed: null, takenFrom: null } })).toBeNull();
  });
});

describe('reports in German', () => {
  it('titles a report, its outcome and the catapults’ hit in German', async () => {
    await act(() => i18n.changeLanguage('de'));
    expect(reportTitle(report('attacker', 'attacker'))).toBe('Angriff auf Hedeby (1|2)');
    expect(reportTitle(report('defender', 'attacker', 'raid'))).toBe('Raubzug von Floki gegen Hedeby (1|2)');
    expect(outcomeText(outcomeFor(report('defender', 'attacker')))).toBe('Niederlage');
    expect(buildingHitText({ type: 'granary', levelBefore: 10, levelAfter: 0 })).toBe('Kornspeicher: Stufe 10 → zerstört');
    expect(unitLines({ units: { viking_raider: 2 }, losses: {} })[0]?.name).toBe('Wikinger-Plünderer');
  });

  it('names an oasis by its word in the player’s language', async () => {
    const oasis = { x: 1, y: 2, animals: {}, animalLosses: {}, annexed: false, notAnnexed: null, takenFrom: null };
    expect(placeText({ oasis }, { name: 'Oasis', x: 1, y: 2 })).toBe('Oasis (1|2)');
    await act(() => i18n.changeLanguage('de'));
    expect(placeText({ oasis }, { name: 'Oasis', x: 1, y: 2 })).toBe('Oase (1|2)');
    // A village called Oasis is a village's name, not the word.
    expect(placeText({ oasis: undefined }, { name: 'Oasis', x: 1, y: 2 })).toBe('Oasis (1|2)');
  });
});

describe('why an oasis was not annexed', () => {
  const attempt = {
    kind: 'attack' as const,
    won: true,
    heroLed: true,
    animalsLeft: {},
    village: { x: 0, y: 0, longhouseLevel: 15, oasesHeld: 2, holdsThis: false, ownedByAttacker: true },
    oasis: { x: 0, y: 0 },
  };

  it('says every refusal of the rules in English as the rules do', () => {
    expect(knownAnnexTexts().length).toBeGreaterThan(10);
    for (const text of knownAnnexTexts()) expect(notAnnexedText(text)).toBe(text);
  });

  it('says them in German, a text it does not know as the report keeps it', async () => {
    await act(() => i18n.changeLanguage('de'));
    for (const text of knownAnnexTexts()) expect(notAnnexedText(text), text).not.toBe(text);
    const full = annexRefusal(attempt) ?? '';
    expect(notAnnexedText(full)).toBe('Ein Langhaus auf Stufe 15 hält 2 Oasen, alle Plätze sind belegt');
    expect(notAnnexedText('Something else')).toBe('Something else');
  });
});
