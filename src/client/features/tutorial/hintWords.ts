// A hint of the tutorial panel in the player's language, from its code and params; a hint without a code (an older
// server) in the server's own words.
import type { Hint } from '../../api/tutorial';
import { i18n } from '../../i18n';
import { resourceName } from '../../i18n/game';
import { questHint, questTitle } from '../../i18n/quests';
import { isResourceType } from '../../../rules/resources';

export interface HintWords {
  title: string;
  message: string;
}

const text = (value: string | number | undefined): string => (value === undefined ? '' : String(value));

export function hintWords(hint: Hint): HintWords {
  const params = hint.params ?? {};
  const t = (key: string, values: Record<string, string | number> = {}) => i18n.t(`tutorial:hints.${key}`, values);
  const village = text(params.village);
  switch (hint.code) {
    case 'found_village':
    case 'builders_idle':
    case 'no_barracks':
    case 'no_warriors':
    case 'stand_together': {
      const key = { found_village: 'foundVillage', builders_idle: 'buildersIdle', no_barracks: 'noBarracks', no_warriors: 'noWarriors', stand_together: 'standTogether' }[hint.code];
      return { title: t(`${key}.title`), message: t(`${key}.message`, { village }) };
    }
    case 'store_full': {
      const resource = text(params.resource);
      if (!isResourceType(resource)) break;
      return {
        title: t('storeFull.title', { resource: resourceName(resource) }),
        message: t('storeFull.message', {
          village,
          resource: i18n.t(`common:resourcesInText.${resource}`),
          percent: text(params.percent),
          store: t(params.store === 'granary' ? 'storeFull.granary' : 'storeFull.warehouse'),
        }),
      };
    }
    case 'hungry':
      return { title: t('hungry.title'), message: t('hungry.message', { village, mead: text(params.mead) }) };
    case 'tutorial': {
      const quest = { key: text(params.quest), title: text(params.title), description: '' };
      return { title: t('tutorial.title', { title: questTitle(quest) }), message: questHint(quest, hint.message) };
    }
    case 'invitations':
      return { title: t('invitations.title'), message: t('invitations.message', { count: Number(params.count ?? 1) }) };
    default:
      break;
  }
  return { title: hint.title, message: hint.message };
}
