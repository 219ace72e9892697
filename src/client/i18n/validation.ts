// The forms' own refusals in the player's language: src/rules/validation.ts answers in its fixed English words
// (VALIDATION_MESSAGES, the server's too), and each of those words has its key in common:validation.
import { VALIDATION_MESSAGES, type FieldErrors } from '../../rules/validation';
import { i18n } from './index';

const KEY_OF = new Map<string, string>(Object.entries(VALIDATION_MESSAGES).map(([key, message]) => [message, key]));

/** A rule's message in the player's language; a message the rules do not know (a server's other words) as it is. */
export function validationText(message: string): string {
  const key = KEY_OF.get(message);
  return key ? i18n.t(`common:validation.${key}`) : message;
}

/** The message of each of a form's `fields` in the player's language. */
export function validationErrors<Field extends string>(errors: FieldErrors<Field>, fields: readonly Field[]): FieldErrors<Field> {
  const shown: FieldErrors<Field> = {};
  for (const field of fields) {
    const message = errors[field];
    if (message !== undefined) shown[field] = validationText(message);
  }
  return shown;
}
