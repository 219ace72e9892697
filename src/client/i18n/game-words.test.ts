// The names the server words alerts and the sitter log with (src/rules/game-words.ts) are the client's own, in both languages.
import { describe, expect, it } from 'vitest';
import deCommon from './locales/de/common.json';
import enCommon from './locales/en/common.json';
import deReports from './locales/de/reports.json';
import enReports from './locales/en/reports.json';
import { GERMAN_NAMES, WILD_ANIMALS, buildingWord, namelessSideWord, oasisWord, resourceWord, unitWord } from '../../rules/game-words';
import { BUILDING_TYPES } from '../../rules/buildings';
import { UNIT_TYPES } from '../../rules/units';
import { RESOURCE_TYPES } from '../../rules/resources';
import { BARBARIANS } from '../../rules/barbarians';

describe("the server's names of the game", () => {
  it('are the German texts of common, and the English ones are the rules’ names', () => {
    expect(GERMAN_NAMES.buildings).toEqual(deCommon.buildings);
    expect(GERMAN_NAMES.units).toEqual(deCommon.units);
    expect(GERMAN_NAMES.resources).toEqual(deCommon.resources);
    for (const type of BUILDING_TYPES) expect([type, buildingWord(type, 'de')]).toEqual([type, deCommon.buildings[type]]);
    for (const type of UNIT_TYPES) expect([type, unitWord(type, 'de')]).toEqual([type, deCommon.units[type]]);
    for (const type of RESOURCE_TYPES) expect([type, resourceWord(type, 'en')]).toEqual([type, enCommon.resources[type]]);
  });

  it('name the sides nobody plays as the reports do', () => {
    expect(namelessSideWord(BARBARIANS, 'de')).toBe(deReports.side.barbarians);
    expect(namelessSideWord(WILD_ANIMALS, 'de')).toBe(deReports.side.wildAnimals);
    expect(namelessSideWord(WILD_ANIMALS, 'en')).toBe(enReports.side.wildAnimals);
    expect(namelessSideWord('Astrid', 'de')).toBe('Astrid');
    expect([oasisWord('de'), oasisWord('en')]).toEqual([deReports.oasis.name, enReports.oasis.name]);
  });
});
