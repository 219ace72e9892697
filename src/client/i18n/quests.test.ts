// Quests in both languages: English word for word what the rules' catalog and objectiveLabel say (the server's and the
// tests' words), German for every quest of the catalog, and the server's words for a quest the client does not know.
import { describe, expect, it } from 'vitest';
import { ALL_QUESTS } from '../../rules/quest-catalog';
import { objectiveLabel } from '../../rules/quests';
import { i18n } from './index';
import { objectiveText, questDescription, questHint, questTitle } from './quests';

const OBJECTIVES = [...new Set(ALL_QUESTS.flatMap((q) => Object.keys(q.objectives)))];
const MORE = ['building_upgraded', 'building_level', 'units_trained', 'units_trained:nobody', 'view_village', 'login', 'something_new'];

describe('quests in English', () => {
  it('are the catalog word for word', () => {
    for (const quest of ALL_QUESTS) {
      const words = { key: quest.key, title: 'server title', description: 'server text' };
      expect(questTitle(words)).toBe(quest.title);
      expect(questDescription(words)).toBe(quest.description);
      expect(questHint(words, 'server hint')).toBe(quest.hint);
    }
  });

  it('say every objective as objectiveLabel does', () => {
    for (const name of [...OBJECTIVES, ...MORE]) expect(objectiveText(name), name).toBe(objectiveLabel(name));
  });

  it("show the server's words for a quest without a known key", () => {
    expect(questTitle({ key: 'tutorial.unheard-of', title: 'New Quest', description: '' })).toBe('New Quest');
    expect(questTitle({ title: 'Old Server', description: '' })).toBe('Old Server');
    expect(questTitle({ key: '__proto__', title: 'Odd', description: '' })).toBe('Odd');
  });
});

describe('quests in German', () => {
  it('have German words for every quest and objective', async () => {
    await i18n.changeLanguage('de');
    for (const quest of ALL_QUESTS) {
      const words = { key: quest.key, title: quest.title, description: quest.description };
      expect(questTitle(words), quest.key).not.toBe(quest.title);
      expect(questDescription(words), quest.key).not.toBe(quest.description);
    }
    expect(questTitle({ key: 'tutorial.barracks', title: '', description: '' })).toBe('Ein Ort für Krieger');
    expect(objectiveText('building_upgraded:barracks')).toBe('Kaserne ausbauen');
    expect(objectiveText('units_trained:bondi')).toBe('Bonde ausbilden');
  });
});
