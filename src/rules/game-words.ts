// The game's names in each language for the texts the server words itself (alerts, the sitter log): buildings, units,
// resources and the nameless sides of a battle. German equals the client's common.json (src/client/i18n/game-words.test.ts).
import { BARBARIANS } from './barbarians';
import { BUILDINGS, type BuildingType } from './buildings';
import type { Language } from './language-choice';
import { OASIS_NAME } from './oases';
import { RESOURCE_NAMES, type ResourceType } from './resources';
import { UNITS, type UnitType } from './units';

const GERMAN_BUILDINGS: Readonly<Record<BuildingType, string>> = {
  timber_camp: 'Holzfällerlager',
  stone_quarry: 'Steinbruch',
  iron_mine: 'Eisenmine',
  mead_hall: 'Methalle',
  warehouse: 'Lagerhaus',
  granary: 'Kornspeicher',
  barracks: 'Kaserne',
  stable: 'Stall',
  shipyard: 'Werft',
  blacksmith: 'Schmiede',
  longhouse: 'Langhaus',
  marketplace: 'Marktplatz',
  embassy: 'Botschaft',
  academy: 'Akademie',
  wall: 'Wall',
  great_hall: 'Große Halle',
};

const GERMAN_UNITS: Readonly<Record<UnitType, string>> = {
  bondi: 'Bonde',
  viking_raider: 'Wikinger-Plünderer',
  berserker: 'Berserker',
  shieldmaiden: 'Schildmaid',
  huscarl: 'Huskarl',
  mounted_jarl: 'Berittener Jarl',
  longship: 'Langschiff',
  drakkar: 'Drachenboot',
  battering_ram: 'Rammbock',
  catapult: 'Katapult',
  jarl: 'Jarl',
};

const GERMAN_RESOURCES: Readonly<Record<ResourceType, string>> = { timber: 'Holz', stone: 'Stein', iron: 'Eisen', mead: 'Met' };

/** The German names, for the client's test that they say what its own German texts say. */
export const GERMAN_NAMES = { buildings: GERMAN_BUILDINGS, units: GERMAN_UNITS, resources: GERMAN_RESOURCES } as const;

/** 'Timber Camp' / 'Holzfällerlager'. */
export function buildingWord(type: BuildingType, language: Language): string {
  return language === 'de' ? GERMAN_BUILDINGS[type] : BUILDINGS[type].name;
}

/** 'Viking Raider' / 'Wikinger-Plünderer'. */
export function unitWord(type: UnitType, language: Language): string {
  return language === 'de' ? GERMAN_UNITS[type] : UNITS[type].name;
}

/** 'Timber' / 'Holz'. */
export function resourceWord(type: ResourceType, language: Language): string {
  return language === 'de' ? GERMAN_RESOURCES[type] : RESOURCE_NAMES[type];
}

/** An oasis as alerts name it: 'Oasis' / 'Oase' (movements and reports store the English OASIS_NAME). */
export function oasisWord(language: Language): string {
  return language === 'de' ? 'Oase' : OASIS_NAME;
}

/** Who an oasis battle is fought against (the reports store the English name). */
export const WILD_ANIMALS = 'Wild animals';

/** The stored name of a side nobody plays (the barbarians, the wild animals) in `language`; any other name stays. */
export function namelessSideWord(name: string, language: Language): string {
  if (language !== 'de') return name;
  if (name === BARBARIANS) return 'Barbaren';
  if (name === WILD_ANIMALS) return 'Wilde Tiere';
  return name;
}
