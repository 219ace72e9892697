// A coded server refusal in the player's language: the `errors` namespace's text with the reply's params when the language has the code, else the server's English.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiFailure, apiError } from '../api/client';
import { i18n } from './index';

// The real files come from the server's codes; this test brings a code of its own so it holds whatever they contain.
const CODE = 'parity_test_refusal';

afterEach(() => {
  i18n.removeResourceBundle('de', 'errors');
});

describe('apiError through the languages', () => {
  it('shows a coded refusal in German with its params, and the English message for a code German lacks', async () => {
    i18n.addResourceBundle('de', 'errors', { [CODE]: '{{count}} Bonden fehlen' }, true, false);
    await i18n.changeLanguage('de');
    const refusal = new ApiFailure(409, { error: 'Short by 3 Bondi', code: CODE, params: { count: 3 } });
    expect(apiError(refusal, 'fallback')).toBe('3 Bonden fehlen');
    expect(apiError(new ApiFailure(409, { error: 'Something else', code: 'never_translated_code' }), 'fallback')).toBe('Something else');
  });
});
