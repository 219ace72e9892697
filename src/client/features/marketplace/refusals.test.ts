import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { RESOURCE_TYPES } from '../../../rules/resources';
import { TRADE_MESSAGES } from '../../../rules/trade';
import { MARKET_FORM_MESSAGES, noRoomMessage, notEnoughMessage } from './model';
import { refusalText } from './refusals';

const EVERY_REFUSAL = [
  ...Object.values(TRADE_MESSAGES),
  ...Object.values(MARKET_FORM_MESSAGES),
  ...RESOURCE_TYPES.flatMap((r) => [notEnoughMessage(r), noRoomMessage(r)]),
];

describe('the trade refusals in the player’s language', () => {
  it('tells every refusal in English exactly as the rules word it', () => {
    for (const english of EVERY_REFUSAL) expect(refusalText(english)).toBe(english);
  });

  it('tells every refusal in German, and a text it does not know as it is', async () => {
    await act(() => i18n.changeLanguage('de'));
    for (const english of EVERY_REFUSAL) expect(refusalText(english)).not.toBe(english);
    expect(refusalText(TRADE_MESSAGES.notEnoughMerchants)).toBe('Nicht genug Händler zu Hause');
    expect(refusalText(notEnoughMessage('timber'))).toBe('Nicht genug Holz');
    expect(refusalText(TRADE_MESSAGES.ratio)).toContain('2-Fache');
    expect(refusalText('Something else entirely')).toBe('Something else entirely');
  });
});
