// The rules' refusals in the player's language. src/rules speaks English (the server says the same words); the alliance
// pages meet a known set of its texts, each found here by its English words and told with a key of the alliance namespace.
import { i18n } from '../../i18n';
import { ALLIANCE_RIGHTS, APPOINTABLE_ROLES, rankChangeRefusal, rightRefusal } from '../../../rules/alliances';
import { DIPLOMACY_CAPS, DIPLOMACY_KINDS, NO_RELATIONS, capRefusal, proposalRefusal } from '../../../rules/diplomacy';
import { ANNOUNCEMENT_MAX_LENGTH, DISMISSAL_REASON_MAX_LENGTH, VALIDATION_MESSAGES, announcementError, dismissalReasonError } from '../../../rules/validation';

/** The form rules' messages the alliance forms can show (founding, tags, descriptions, messages, free text). */
const VALIDATION_KEYS = [
  'allianceNameRequired',
  'allianceNameTooLong',
  'allianceTagRequired',
  'allianceTagLength',
  'allianceTagCharacters',
  'allianceDescriptionRequired',
  'allianceDescriptionTooLong',
  'messageRequired',
  'messageTooLong',
  'textControl',
  'textBidi',
  'textInvisible',
  'textCombining',
] as const satisfies readonly (keyof typeof VALIDATION_MESSAGES)[];

interface Told {
  key: string;
  values?: Record<string, number>;
}

let known: Map<string, Told> | null = null;

/**
 * Every refusal the alliance pages can be given, by its English text. Built by asking the rules themselves, so the
 * English here is always the rules' own (the test holds the English translation equal to it).
 */
function knownRefusals(): Map<string, Told> {
  if (known) return known;
  const map = new Map<string, Told>();
  const add = (english: string | null | undefined, key: string, values?: Record<string, number>) => {
    if (english) map.set(english, { key, values });
  };
  for (const name of VALIDATION_KEYS) add(VALIDATION_MESSAGES[name], `validation.${name}`);
  add(dismissalReasonError(''), 'refusals.dismissalReasonRequired');
  add(dismissalReasonError('x'.repeat(DISMISSAL_REASON_MAX_LENGTH + 1)), 'refusals.dismissalReasonTooLong', { max: DISMISSAL_REASON_MAX_LENGTH });
  add(announcementError('x'.repeat(ANNOUNCEMENT_MAX_LENGTH + 1)), 'refusals.announcementTooLong', { max: ANNOUNCEMENT_MAX_LENGTH });
  for (const right of ALLIANCE_RIGHTS) add(rightRefusal(right), `refusals.right.${right}`);
  add(rankChangeRefusal('leader', { role: 'leader', self: true }, 'elder'), 'refusals.ownRank');
  for (const role of APPOINTABLE_ROLES) add(rankChangeRefusal('leader', { role, self: false }, role), `refusals.alreadyRank.${role}`);
  for (const kind of DIPLOMACY_KINDS) {
    const cap = DIPLOMACY_CAPS[kind];
    if (cap !== null) add(capRefusal(kind, { ...NO_RELATIONS, [kind]: cap }, 'Your alliance'), `refusals.cap.${kind}`, { cap });
  }
  const scene = { kind: 'war', fromAllianceId: 'ours', toAllianceId: 'theirs', existing: null, counts: NO_RELATIONS } as const;
  add(proposalRefusal({ ...scene, toAllianceId: 'ours' }), 'refusals.selfPact');
  add(proposalRefusal({ ...scene, existing: { kind: 'war', status: 'proposed' } }), 'refusals.proposalWaiting');
  for (const kind of DIPLOMACY_KINDS) add(proposalRefusal({ ...scene, existing: { kind, status: 'active' } }), `refusals.standing.${kind}`);
  known = map;
  return map;
}

/** The English texts this module knows (for the test that holds each translation's English equal to the rules'). */
export function knownRuleTexts(): string[] {
  return [...knownRefusals().keys()];
}

/** A refusal of the rules in the player's language; a text not known here stays as the rules wrote it. */
export function ruleText(english: string): string;
export function ruleText(english: string | null | undefined): string | undefined;
export function ruleText(english: string | null | undefined): string | undefined {
  if (!english) return english ?? undefined;
  const told = knownRefusals().get(english);
  return told ? i18n.t(`alliance:${told.key}`, told.values ?? {}) : english;
}
