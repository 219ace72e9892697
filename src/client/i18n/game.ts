// The game's own words in the player's language: resources, buildings, units, hero types, animals, roles, relations
// and alert kinds, keyed by the rules' identifiers (their English names in src/rules stay the server's and the tests').
import type { AlertKind } from '../../rules/alerts';
import type { BuildingType } from '../../rules/buildings';
import type { DiplomacyKind } from '../../rules/diplomacy';
import type { HeroType } from '../../rules/heroes';
import type { AnimalType } from '../../rules/oases';
import type { ResourceType } from '../../rules/resources';
import type { Role } from '../../rules/roles';
import type { UnitType } from '../../rules/units';
import { i18n } from './index';

/** 'Timber' (German 'Holz'). */
export const resourceName = (type: ResourceType): string => i18n.t(`common:resources.${type}`);
/** 'Timber Camp' (German 'Holzfällerlager'). */
export const buildingName = (type: BuildingType): string => i18n.t(`common:buildings.${type}`);
/** 'Viking Raider' (German 'Wikinger-Plünderer'). */
export const unitName = (type: UnitType): string => i18n.t(`common:units.${type}`);
/** 'Warrior' (German 'Krieger'). */
export const heroTypeName = (type: HeroType): string => i18n.t(`common:heroTypes.${type}`);
/** 'Wolf' or 'Wolves' by `count` (German 'Wolf', 'Wölfe'). */
export const animalName = (type: AnimalType, count = 1): string => i18n.t(`common:animals.${type}`, { count });
/** 'Game Master' (German 'Spielleiter'). */
export const roleName = (role: Role): string => i18n.t(`common:roles.${role}`);
/** 'Non-aggression pact' (German 'Nichtangriffspakt'). */
export const diplomacyName = (kind: DiplomacyKind): string => i18n.t(`common:diplomacy.${kind}`);
/** 'Incoming attack' (German 'Angriff im Anmarsch'). */
export const alertName = (kind: AlertKind): string => i18n.t(`common:alerts.${kind}`);
