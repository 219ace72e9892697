// The vacation rules' refusals in the player's language. src/rules/vacation.ts speaks English (the status's `refusal` is
// the server's same words); each known text is found here by its English words, asked of the rules themselves, and told
// with a key of the vacation namespace. Spans ('2 days', '4.8 hours') are told as the player's language says them.
import { i18n } from '../../i18n';
import { formatDecimal, formatInteger } from '../../i18n/format';
import { lengthRefusal, vacationRefusal, type VacationScene } from '../../../rules/vacation';
import { endRefusal } from './model';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A span as a person says it, as src/rules/vacation.ts's describeSpan does in English: whole days, else hours to a tenth. */
export function spanText(ms: number): string {
  if (ms >= DAY && ms % DAY === 0) return i18n.t('vacation:span.days', { count: ms / DAY, value: formatInteger(ms / DAY) });
  const hours = Math.round((ms / HOUR) * 10) / 10;
  return i18n.t('vacation:span.hours', { count: hours, value: formatDecimal(hours) });
}

const CALM: VacationScene = { armiesAway: 0, troopsStationedAbroad: 0, attacksIncoming: 0, onVacationUntil: null };

/** The refusals that do not depend on the world's span, by their English words. */
const FIXED: ReadonlyMap<string, string> = (() => {
  const now = 0;
  const request = { now, endsAt: now + 3 * DAY, worldSpeed: 1 };
  const map = new Map<string, string>();
  const add = (english: string | null, key: string) => {
    if (english) map.set(english, key);
  };
  add(endRefusal(null, { minMs: 0, maxMs: 0 }, now), 'chooseEnd');
  add(vacationRefusal({ ...CALM, onVacationUntil: now + DAY }, request), 'already');
  add(vacationRefusal({ ...CALM, armiesAway: 1 }, request), 'armiesAway');
  add(vacationRefusal({ ...CALM, troopsStationedAbroad: 1 }, request), 'troopsAbroad');
  add(vacationRefusal({ ...CALM, attacksIncoming: 1 }, request), 'attacksIncoming');
  return map;
})();

/** A vacation refusal in the player's language, for a world of this span; a text the rules do not know as it is. */
export function refusalText(english: string, span: { minMs: number; maxMs: number }): string {
  const fixed = FIXED.get(english);
  if (fixed) return i18n.t(`vacation:refusals.${fixed}`);
  const bounds = { min: span.minMs, max: span.maxMs };
  if (english === lengthRefusal(span.minMs - 1, bounds)) return i18n.t('vacation:refusals.tooShort', { span: spanText(span.minMs) });
  if (english === lengthRefusal(span.maxMs + 1, bounds)) return i18n.t('vacation:refusals.tooLong', { span: spanText(span.maxMs) });
  return english;
}
