// Quests in the player's language: a quest's title, description and hint by its catalog key (the server's English when
// the key is unknown here), and an objective's words ('Upgrade Barracks'), as src/rules/quests.ts says them in English.
import { isBuildingType } from '../../rules/buildings';
import { isUnitType } from '../../rules/units';
import { buildingName, unitName } from './game';
import { i18n } from './index';

/** The namespace of the quest catalog's texts (locales/<language>/quest-catalog.json). */
export const QUEST_CATALOG = 'quest-catalog';

/** What the server says of a quest: its catalog key (`tutorial.barracks`) and its English words. */
export interface QuestWords {
  key?: string;
  title: string;
  description: string;
}

type QuestPart = 'title' | 'description' | 'hint';

function catalogText(key: string | undefined, part: QuestPart, english: string): string {
  // A key of the catalog is a path of it ('daily.return'): anything else shows the server's words.
  if (!key || !/^[a-z]+\.[a-z0-9-]+$/.test(key)) return english;
  return i18n.t(`${QUEST_CATALOG}:quests.${key}.${part}`, { defaultValue: english });
}

export const questTitle = (quest: QuestWords): string => catalogText(quest.key, 'title', quest.title);
export const questDescription = (quest: QuestWords): string => catalogText(quest.key, 'description', quest.description);
/** The tutorial overlay's suggestion of what to do next. */
export const questHint = (quest: { key?: string }, english: string): string => catalogText(quest.key, 'hint', english);

const PAGE_OBJECTIVES = ['view_village', 'view_map', 'view_alliance', 'view_heroes', 'view_wonders', 'view_quests', 'view_army', 'view_reports', 'login'];

const objective = (key: string, values: Record<string, string> = {}) => i18n.t(`${QUEST_CATALOG}:objectives.${key}`, values);

/** An objective as a person reads it: 'building_upgraded:barracks' is 'Upgrade Barracks' (German 'Kaserne ausbauen'). */
export function objectiveText(name: string): string {
  if (PAGE_OBJECTIVES.includes(name)) return objective(`pages.${name}`);
  const [kind, subject] = name.split(':');
  const building = subject && isBuildingType(subject) ? buildingName(subject) : null;
  const unit = subject && isUnitType(subject) ? unitName(subject) : null;
  switch (kind) {
    case 'building_upgraded':
      return building ? objective('upgrade', { building }) : objective('upgradeAny');
    case 'building_level':
      return building ? objective('level', { building }) : objective('levelAny');
    case 'units_trained':
      return unit ? objective('train', { unit }) : objective('trainAny');
    case 'battle_won':
      return objective('battleWon');
    case 'resources_contributed':
      return objective('contributed');
    case 'alliance_joined':
      return objective('allianceJoined');
    case 'hero_recruited':
      return objective('heroRecruited');
    case 'village_founded':
      return objective('villageFounded');
    default:
      return name;
  }
}
