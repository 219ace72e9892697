// @vitest-environment happy-dom
// The prerendered sign-in pages as the server sends them: the app's own form in each language, the Discord button only
// in its variant, and a form whose buttons wait for the app and which never puts a password into an address.
import { afterEach, describe, expect, it } from 'vitest';
import { within } from '@testing-library/dom';
import { LANGUAGES } from '../../../rules/language-choice';
import { renderSignInPage, SIGN_IN_PAGES, type SignInPath } from './prerender';

async function show(path: SignInPath, language: 'en' | 'de', discord = false) {
  const page = await renderSignInPage(path, language, { discord });
  document.body.innerHTML = `<div id="root">${page.root}</div>`;
  return within(document.body);
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the prerendered sign-in page', () => {
  it('is the login form with its labels, links and language picker, in English', async () => {
    const screen = await show('/login', 'en');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Log in');
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password');
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    expect((screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement).value).toBe('en');
    expect(screen.queryByRole('button', { name: 'Login with Discord' })).toBeNull();
  });

  it('is the register form in German, with the password checklist', async () => {
    const screen = await show('/register', 'de');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Konto erstellen');
    expect(screen.getByLabelText('Benutzername')).toBeTruthy();
    expect(screen.getByText('Mindestens 8 Zeichen')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Sprache' }) as HTMLSelectElement).value).toBe('de');
  });

  it('has the Discord button only in the variant for a server that offers it', async () => {
    for (const path of Object.keys(SIGN_IN_PAGES) as SignInPath[]) {
      const without = await show(path, 'en');
      expect(without.queryAllByRole('button').some((button) => /Discord/.test(button.textContent ?? ''))).toBe(false);
      const withIt = await show(path, 'en', true);
      expect(withIt.queryAllByRole('button').some((button) => /Discord/.test(button.textContent ?? ''))).toBe(true);
    }
  });

  it('has every button wait for the app, and would never send the password in an address', async () => {
    for (const path of Object.keys(SIGN_IN_PAGES) as SignInPath[]) {
      for (const language of LANGUAGES) {
        // With the Discord button: a plain button beside the submit one on both pages.
        await show(path, language, true);
        const form = document.querySelector('form');
        expect(form?.getAttribute('method'), `${path} ${language}`).toBe('post');
        expect(document.querySelectorAll('button[type="submit"]').length).toBe(1);
        // Every button waits for the app (send, show password, Discord): none is a dead button meanwhile.
        const buttons = [...document.querySelectorAll('button')];
        expect(buttons.length).toBeGreaterThan(1);
        expect(buttons.every((button) => button.hasAttribute('disabled'))).toBe(true);
        // The language picker too; the fields stay open (what is typed there is carried into the app's).
        expect(document.querySelector('select')?.hasAttribute('disabled')).toBe(true);
        expect([...document.querySelectorAll('input')].some((input) => input.hasAttribute('disabled'))).toBe(false);
      }
    }
  });
});
