// Which language a player sees: the account's choice, then this browser's, then the browser's own; and the cookie's form.
import { describe, expect, it } from 'vitest';
import { chooseLanguage, languageCookie, languageOfBrowser, languageOfCookie } from './languages';

describe('choosing the language', () => {
  it("puts the account's choice first, then the cookie, then the browser, then English", () => {
    expect(chooseLanguage({ account: 'en', cookie: 'de', browser: ['de-DE'] })).toBe('en');
    expect(chooseLanguage({ account: null, cookie: 'de', browser: ['en-US'] })).toBe('de');
    expect(chooseLanguage({ account: null, cookie: null, browser: ['de-AT', 'en'] })).toBe('de');
    expect(chooseLanguage({ account: null, cookie: null, browser: ['fr-FR', 'it'] })).toBe('en');
  });

  it("takes the browser's first language the game speaks, any region", () => {
    expect(languageOfBrowser(['fr', 'DE-ch', 'en'])).toBe('de');
    expect(languageOfBrowser(['en-GB', 'de'])).toBe('en');
    expect(languageOfBrowser([])).toBe('en');
  });
});

describe('the language cookie', () => {
  it('is read among other cookies, and only when it names a language of the game', () => {
    expect(languageOfCookie('device=abc; vikings_lang=de; other=1')).toBe('de');
    expect(languageOfCookie('vikings_lang=fr')).toBeNull();
    expect(languageOfCookie('my_vikings_lang=de')).toBeNull();
    expect(languageOfCookie('')).toBeNull();
  });

  it('lasts a year for the whole site, Secure over HTTPS', () => {
    expect(languageCookie('de', false)).toBe('vikings_lang=de; path=/; max-age=31536000; SameSite=Lax');
    expect(languageCookie('en', true)).toBe('vikings_lang=en; path=/; max-age=31536000; SameSite=Lax; Secure');
  });
});
