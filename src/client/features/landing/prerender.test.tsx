// @vitest-environment happy-dom
// The prerendered landing page as the server sends it: today's English words, the German page, the Discord variant,
// the figures' places and labels, the language picker; and both languages' texts with the same keys.
import { afterEach, describe, expect, it } from 'vitest';
import { within } from '@testing-library/dom';
import de from '../../i18n/locales/de/landing.json';
import en from '../../i18n/locales/en/landing.json';
import { renderLanding } from './prerender';

/** The page's markup put into the document, queried as a visitor's screen reader would. */
async function show(language: 'en' | 'de', discord = false) {
  const page = await renderLanding(language, { discord });
  document.body.innerHTML = page.body;
  return { page, screen: within(document.body) };
}

afterEach(() => {
  document.body.innerHTML = '';
});

/** Every key of a texts file, nested keys joined with dots. */
function keys(texts: object, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('the landing page in English', () => {
  it('says what it said before it was prerendered, with plain links into the app', async () => {
    const { page, screen } = await show('en');
    expect(page.title).toBe('Vikings');
    expect(page.description).toBe('Vikings: a browser strategy game of villages, raids, alliances, heroes and world wonders.');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome to the Age of Vikings');
    expect(screen.getByText(/^Build your village, raise a warband/).textContent).toBe(
      'Build your village, raise a warband, sail to distant shores and carve your saga into the world. Will your clan rule the northern seas?',
    );
    const account = within(screen.getByRole('navigation', { name: 'Account' }));
    expect(account.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(account.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Create Account' }).getAttribute('href')).toBe('/register');
    const features = within(screen.getByRole('region', { name: 'Features' }));
    expect(features.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Build your village',
      'Explore the world map',
      'Train your warband',
      'Join an alliance',
      'Recruit heroes',
      'Build world wonders',
      'Quests and tutorial',
    ]);
    expect(features.getByText(/^Pool your clan/).textContent).toBe('Pool your clan’s riches into wonders that can win the whole world.');
    expect(screen.getByText('Skål! Gather your clan and set sail.')).toBeTruthy();
  });

  it('offers Discord sign-in only in the page made for a server that has it', async () => {
    expect((await show('en')).screen.queryByRole('link', { name: 'Login with Discord' })).toBeNull();
    const { screen } = await show('en', true);
    expect(screen.getByRole('link', { name: 'Login with Discord' }).getAttribute('href')).toBe('/api/auth/discord');
  });

  it('holds the four figures’ places with dashes and no made-up numbers, each label in every plural of the language', async () => {
    const { screen } = await show('en');
    const list = screen.getByRole('list', { name: 'The game in numbers' });
    expect(list.getAttribute('aria-busy')).toBe('true');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.dataset.figure)).toEqual(['players', 'alliances', 'worlds', 'battles']);
    expect(items.map((item) => item.textContent)).toEqual(['– players', '– alliances', '– worlds', '– battles']);
    expect(items.map((item) => [item.dataset.labelOne, item.dataset.labelOther])).toEqual([
      ['player', 'players'],
      ['alliance', 'alliances'],
      ['world', 'worlds'],
      ['battle', 'battles'],
    ]);
    expect(document.body.textContent).not.toMatch(/15K\+|820\+|1\.2M\+/);
  });

  it('has a language picker naming each language in itself, this page’s pressed', async () => {
    const { screen } = await show('en');
    const picker = within(screen.getByRole('group', { name: 'Language' }));
    expect(picker.getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    const german = picker.getByRole('button', { name: 'Deutsch' });
    expect(german.getAttribute('aria-pressed')).toBe('false');
    expect(german.getAttribute('lang')).toBe('de');
  });
});

describe('the landing page in German', () => {
  it('is written in German throughout, with German plural labels', async () => {
    const { page, screen } = await show('de', true);
    expect(page.language).toBe('de');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Willkommen im Zeitalter der Wikinger');
    expect(screen.getByRole('link', { name: 'Mit Discord anmelden' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Konto erstellen' }).getAttribute('href')).toBe('/register');
    expect(within(screen.getByRole('navigation', { name: 'Konto' })).getByRole('link', { name: 'Anmelden' })).toBeTruthy();
    const alliances = within(screen.getByRole('list', { name: 'Das Spiel in Zahlen' })).getAllByRole('listitem')[1]!;
    expect([alliances.dataset.labelOne, alliances.dataset.labelOther]).toEqual(['Allianz', 'Allianzen']);
    const picker = within(screen.getByRole('group', { name: 'Sprache' }));
    expect(picker.getByRole('button', { name: 'Deutsch' }).getAttribute('aria-pressed')).toBe('true');
    // No English sentence is left in it.
    for (const sentence of ['Welcome', 'Features', 'Create Account', 'Gather your clan']) expect(document.body.textContent).not.toContain(sentence);
  });

  it('has every text the English page has, and no other', () => {
    expect(keys(de).sort()).toEqual(keys(en).sort());
  });
});
