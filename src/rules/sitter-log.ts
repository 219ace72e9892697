// The owner's log of what a sitter did, worded in the owner's language: the server gathers what the request named (the
// village names, the building, the counts), these words say it. English is the log's original wording, word for word.
import type { BuildingType } from './buildings';
import { formatNumberIn } from './format';
import { buildingWord, resourceWord, unitWord } from './game-words';
import type { Language } from './language-choice';
import { RESOURCE_TYPES, type ResourceType } from './resources';
import type { SmithyTrack } from './smithy';
import type { UnitType } from './units';

/**
 * A village as the log names it: "Name (x|y)", null when the request named one the log could not find, undefined when
 * the request named none.
 */
export type LoggedVillage = string | null | undefined;

/** What one of a sitter's successful actions did, as the server read it from the request and the rows it names. */
export type SitterDeed =
  | { operation: 'constructBuilding'; building: BuildingType | null; village: LoggedVillage }
  | { operation: 'upgradeBuilding'; building: { type: BuildingType; level: number } | null; village: LoggedVillage }
  | { operation: 'trainUnits'; unit: UnitType | null; count: number | null; village: LoggedVillage }
  | { operation: 'startResearch'; unit: UnitType | null; track: SmithyTrack | null; village: LoggedVillage }
  /** The units in the order the request listed them. */
  | { operation: 'sendTroops'; units: readonly { type: UnitType; count: number }[]; from: LoggedVillage; to: LoggedVillage }
  | { operation: 'sendResources'; resources: Partial<Record<ResourceType, number>>; village: LoggedVillage; x: number | null; y: number | null }
  | { operation: 'exchangeResources'; amount: number; give: ResourceType | null; get: ResourceType | null; village: LoggedVillage }
  | { operation: 'markBattleRead' }
  | { operation: 'logout' }
  /** An operation the log has no words of its own for: the contract's (English) summary of it. */
  | { operation: 'other'; summary: string; village: LoggedVillage };

/** The fixed words of the log in one language. */
interface LogWords {
  aVillage: string;
  in: string;
  from: string;
  building: string;
  units: string;
  some: string;
  troops: string;
  nothing: string;
  resources: string;
  strength: string;
  track: Readonly<Record<SmithyTrack, string>>;
  markedRead: string;
  loggedOut: string;
}

const WORDS: Readonly<Record<Language, LogWords>> = {
  en: {
    aVillage: 'a village',
    in: 'in',
    from: 'from',
    building: 'building',
    units: 'units',
    some: 'some',
    troops: 'troops',
    nothing: 'nothing',
    resources: 'resources',
    strength: 'strength',
    track: { attack: 'attack', defense: 'defence' },
    markedRead: 'Marked a battle report read',
    loggedOut: 'Ended the sitting session',
  },
  de: {
    aVillage: 'einem Dorf',
    in: 'in',
    from: 'von',
    building: 'ein Gebäude',
    units: 'Einheiten',
    some: 'einige',
    troops: 'Truppen',
    nothing: 'nichts',
    resources: 'Rohstoffe',
    strength: 'Stärke',
    track: { attack: 'Angriff', defense: 'Verteidigung' },
    markedRead: 'Einen Kampfbericht als gelesen markiert',
    loggedOut: 'Die Vertretungssitzung beendet',
  },
};

/** The owner's log line for one of a sitter's successful actions, in `language`. */
export function sitterLogLine(deed: SitterDeed, language: Language): string {
  const words = WORDS[language];
  const named = (village: LoggedVillage) => village ?? words.aVillage;
  // " in Eriksby (1|2)" after what was done, or nothing when the request named no village.
  const where = (village: LoggedVillage) => (village === undefined ? '' : ` ${words.in} ${named(village)}`);
  const unit = (type: UnitType | null) => (type ? unitWord(type, language) : words.units);
  const resource = (type: ResourceType | null) => (type ? resourceWord(type, language) : words.resources);
  const de = language === 'de';
  switch (deed.operation) {
    case 'constructBuilding': {
      const building = deed.building ? buildingWord(deed.building, language) : words.building;
      return de ? `Bau begonnen: ${building}${where(deed.village)}` : `Began building a ${building}${where(deed.village)}`;
    }
    case 'upgradeBuilding': {
      const { building } = deed;
      if (!building) return de ? `Ausbau begonnen${where(deed.village)}` : `Began an upgrade${where(deed.village)}`;
      const name = buildingWord(building.type, language);
      return de
        ? `Ausbau begonnen: ${name} auf Stufe ${building.level + 1}${where(deed.village)}`
        : `Began upgrading the ${name} to level ${building.level + 1}${where(deed.village)}`;
    }
    case 'trainUnits': {
      const count = deed.count ?? words.some;
      return de ? `Ausbildung begonnen: ${count} ${unit(deed.unit)}${where(deed.village)}` : `Began training ${count} ${unit(deed.unit)}${where(deed.village)}`;
    }
    case 'startResearch': {
      const track = deed.track ? words.track[deed.track] : words.strength;
      return de ? `Forschung begonnen: ${track} von ${unit(deed.unit)}${where(deed.village)}` : `Began researching the ${track} of the ${unit(deed.unit)}${where(deed.village)}`;
    }
    case 'sendTroops': {
      const parts = deed.units.flatMap(({ type, count }) => (count > 0 ? [`${count} ${unitWord(type, language)}`] : []));
      const troops = parts.length > 0 ? parts.join(', ') : words.troops;
      return de ? `Unterstützung geschickt: ${troops} von ${named(deed.from)} nach ${named(deed.to)}` : `Sent ${troops} from ${named(deed.from)} to reinforce ${named(deed.to)}`;
    }
    case 'sendResources': {
      const parts = RESOURCE_TYPES.flatMap((type) => {
        const n = deed.resources[type];
        return n !== undefined && n > 0 ? [`${formatNumberIn(n, language)} ${resourceWord(type, language)}`] : [];
      });
      const goods = parts.length > 0 ? parts.join(', ') : words.nothing;
      const from = deed.village === undefined ? '' : ` ${words.from} ${named(deed.village)}`;
      const tile = `(${deed.x ?? '?'}|${deed.y ?? '?'})`;
      return de ? `Rohstoffe geschickt: ${goods}${from} nach ${tile}` : `Sent ${goods}${from} to ${tile}`;
    }
    case 'exchangeResources': {
      const amount = formatNumberIn(deed.amount, language);
      return de
        ? `Getauscht: ${amount} ${resource(deed.give)} gegen ${resource(deed.get)}${where(deed.village)}`
        : `Exchanged ${amount} ${resource(deed.give)} for ${resource(deed.get)}${where(deed.village)}`;
    }
    case 'markBattleRead':
      return words.markedRead;
    case 'logout':
      return words.loggedOut;
    case 'other':
      return `${deed.summary}${where(deed.village)}`;
  }
}
