// The forms' refusals: English exactly as src/rules/validation.ts words them (the server's words too), German for each.
import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '../../rules/validation';
import { i18n } from './index';
import { validationErrors, validationText } from './validation';

describe('validation messages', () => {
  it('are the rules’ words in English, and German for every one of them', async () => {
    for (const message of Object.values(VALIDATION_MESSAGES)) expect(validationText(message)).toBe(message);
    await i18n.changeLanguage('de');
    for (const message of Object.values(VALIDATION_MESSAGES)) expect(validationText(message), message).not.toBe(message);
    expect(validationErrors({ username: VALIDATION_MESSAGES.usernameRequired, email: undefined }, ['username', 'email'])).toEqual({ username: 'Bitte gib einen Benutzernamen ein' });
    expect(validationText('Some other words of the server')).toBe('Some other words of the server');
  });
});
