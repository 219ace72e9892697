// What the sitters' pages say of the rules: what a sitter may and may not do, and a name checked before it is sent.
import { i18n } from '../../i18n';
import { MAX_SITTERS, SITTER_LAPSE_DAYS } from '../../../rules/sitters';

/** The rule in one paragraph, with its numbers from src/rules, in the player's language. */
export function sittersRule(): string {
  return i18n.t('sitters:rule', { max: MAX_SITTERS, may: i18n.t('sitters:may'), mayNot: i18n.t('sitters:mayNot'), days: SITTER_LAPSE_DAYS });
}

/** Why a sitter's name cannot be sent as typed (in the player's language), or null. */
export function nameRefusal(username: string, held: number): string | null {
  if (username.trim() === '') return i18n.t('sitters:refusals.noName');
  if (held >= MAX_SITTERS) return i18n.t('sitters:refusals.tooMany', { max: MAX_SITTERS });
  return null;
}
