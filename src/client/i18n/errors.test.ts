// A coded server refusal in the player's language: the `errors` namespace's text with the reply's params when the language has the code, else the server's English.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiFailure, apiError } from '../api/client';
import { i18n } from './index';
import germanErrors from './locales/de/errors.json';

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

  it('writes the rules\' ids of a coded refusal as the game\'s words in the player\'s language', async () => {
    i18n.addResourceBundle('de', 'errors', germanErrors, true, true);
    await i18n.changeLanguage('de');
    const shortfall = new ApiFailure(409, { error: 'Not enough units at home: 5 Bondi (2 at home)', code: 'not_enough_units_at_home', params: { units: 'bondi:5:2' } });
    expect(apiError(shortfall, 'fallback')).toBe('Nicht genug Einheiten daheim: 5 Bonde (2 daheim)');
    const requires = new ApiFailure(409, { error: 'Requires Stone quarry level 3', code: 'building_requirements', params: { requirements: 'stone_quarry:3,timber_camp:1' } });
    expect(apiError(requires, 'fallback')).toBe('Erst nötig: Steinbruch Stufe 3, Holzfällerlager Stufe 1');
    const short = new ApiFailure(409, { error: 'Needs 100 timber, the village has 20', code: 'resource_short', params: { amount: 100, resource: 'timber', have: 20 } });
    expect(apiError(short, 'fallback')).toBe('Nötig sind 100 Holz, das Dorf hat 20');
    await i18n.changeLanguage('en');
    expect(apiError(shortfall, 'fallback')).toBe('Not enough units at home: 5 Bondi (2 at home)');
    expect(apiError(requires, 'fallback')).toBe('Requires Stone Quarry level 3, Timber Camp level 1');
  });
});
