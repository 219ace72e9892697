// The trade rules' refusals in the player's language. src/rules/trade.ts and model.ts speak English (the server says the
// same words in a preview's refusal); each known text is found here by its English words and told with a marketplace key.
import { i18n } from '../../i18n';
import { RESOURCE_TYPES } from '../../../rules/resources';
import { MAX_OFFER_RATIO, TRADE_MESSAGES } from '../../../rules/trade';
import { MARKET_FORM_MESSAGES, noRoomMessage, notEnoughMessage } from './model';

interface Told {
  key: string;
  values?: Record<string, string | number>;
  /** A resource named in running text, looked up at the time of telling (the language may have changed). */
  resource?: (typeof RESOURCE_TYPES)[number];
}

let known: Map<string, Told> | null = null;

function knownRefusals(): Map<string, Told> {
  if (known) return known;
  const map = new Map<string, Told>();
  for (const [key, english] of Object.entries(TRADE_MESSAGES)) map.set(english, { key, values: key === 'ratio' ? { ratio: MAX_OFFER_RATIO } : undefined });
  for (const [key, english] of Object.entries(MARKET_FORM_MESSAGES)) map.set(english, { key });
  for (const resource of RESOURCE_TYPES) {
    map.set(notEnoughMessage(resource), { key: 'notEnough', resource });
    map.set(noRoomMessage(resource), { key: 'noRoom', resource });
  }
  known = map;
  return map;
}

/** A trade refusal in the player's language; a text the rules do not know (another server word) as it is. */
export function refusalText(english: string): string {
  const told = knownRefusals().get(english);
  if (!told) return english;
  const resource = told.resource ? { resource: i18n.t(`common:resourcesInText.${told.resource}`) } : {};
  return i18n.t(`marketplace:refusals.${told.key}`, { ...told.values, ...resource });
}
