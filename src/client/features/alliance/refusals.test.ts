// The rules' refusals in the player's language: the English translation is the rules' own words, German has its own.
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { rightRefusal } from '../../../rules/alliances';
import { capRefusal, NO_RELATIONS } from '../../../rules/diplomacy';
import { VALIDATION_MESSAGES } from '../../../rules/validation';
import { knownRuleTexts, ruleText } from './refusals';

describe('rule refusals', () => {
  it('knows the refusals the alliance pages meet', () => {
    const known = knownRuleTexts();
    expect(known).toContain(rightRefusal('diplomacy'));
    expect(known).toContain(capRefusal('nap', { ...NO_RELATIONS, nap: 3 }, 'Your alliance'));
    expect(known).toContain(VALIDATION_MESSAGES.allianceTagLength);
    expect(known.length).toBeGreaterThan(30);
  });

  it('says each in English exactly as the rules do', () => {
    for (const text of knownRuleTexts()) expect(ruleText(text)).toBe(text);
  });

  it('says each in German in other words', async () => {
    await act(() => i18n.changeLanguage('de'));
    const german = knownRuleTexts().map((text) => ruleText(text));
    knownRuleTexts().forEach((text, i) => expect(german[i], text).not.toBe(text));
    expect(ruleText(rightRefusal('diplomacy'))).toBe('Nur der Anführer und Älteste dürfen die Diplomatie führen');
    expect(ruleText(capRefusal('confederation', { ...NO_RELATIONS, confederation: 3 }, 'Your alliance'))).toBe('Deine Allianz hat bereits 3 Bündnisse, mehr sind nicht erlaubt');
  });

  it('leaves a text it does not know as it is, and nothing as nothing', () => {
    expect(ruleText('Something new the rules say')).toBe('Something new the rules say');
    expect(ruleText(undefined)).toBeUndefined();
    expect(ruleText(null)).toBeUndefined();
  });
});
