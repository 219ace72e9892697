// Choosing a visitor's language: the cookie first, then a browser asking for German first, then English.
import { describe, expect, it } from 'vitest';
import { chooseLanguage, cookieValue, languageCookie } from './language-choice';

describe('chooseLanguage', () => {
  it('takes the cookie when it names one of the languages, whatever the browser asks for', () => {
    expect(chooseLanguage('vikings_lang=de', 'en-US,en;q=0.9')).toBe('de');
    expect(chooseLanguage('a=1; vikings_lang=en; b=2', 'de-DE,de;q=0.9')).toBe('en');
  });

  it('ignores a cookie naming no language of the game', () => {
    expect(chooseLanguage('vikings_lang=fr', 'de-CH')).toBe('de');
    expect(chooseLanguage('vikings_lang=%E0%A4%A', undefined)).toBe('en');
    expect(chooseLanguage('other_vikings_lang=de', undefined)).toBe('en');
  });

  it('takes German when the browser names it first, else English', () => {
    expect(chooseLanguage(undefined, 'de')).toBe('de');
    expect(chooseLanguage(undefined, 'DE-at, en;q=0.5')).toBe('de');
    expect(chooseLanguage(null, 'de;q=0.8')).toBe('de');
    expect(chooseLanguage(undefined, 'en-GB,de;q=0.9')).toBe('en');
    expect(chooseLanguage(undefined, 'dsb')).toBe('en');
    expect(chooseLanguage(undefined, '')).toBe('en');
    expect(chooseLanguage(undefined, undefined)).toBe('en');
  });
});

describe('cookies', () => {
  it('reads one cookie of a header', () => {
    expect(cookieValue('a=1; b = two%20words ;c=3', 'b')).toBe('two words');
    expect(cookieValue('a=1', 'b')).toBeNull();
    expect(cookieValue(undefined, 'b')).toBeNull();
  });

  it('remembers a language for a year on the whole site', () => {
    expect(languageCookie('de', false)).toBe('vikings_lang=de; path=/; max-age=31536000; SameSite=Lax');
    expect(languageCookie('en', true)).toBe('vikings_lang=en; path=/; max-age=31536000; SameSite=Lax; Secure');
  });
});
