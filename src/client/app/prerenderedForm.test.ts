// @vitest-environment happy-dom
// What a visitor typed into the prerendered form is carried into the app's form of the same ids once it replaces it.
import { afterEach, describe, expect, it } from 'vitest';
import { isPrerendered, restorePrerenderedForm, watchPrerenderedForm } from './prerenderedForm';

const FORM = '<form><input id="email" type="email"><input id="password" type="password"><input id="remember" type="checkbox"><button id="other">x</button></form>';

afterEach(() => {
  document.body.innerHTML = '';
});

function rootWith(html: string): HTMLElement {
  document.body.innerHTML = `<div id="root">${html}</div>`;
  const root = document.getElementById('root');
  if (!root) throw new Error('no root');
  return root;
}

const input = (root: HTMLElement, id: string) => root.querySelector(`#${id}`) as HTMLInputElement;

describe('a prerendered form', () => {
  it('is told apart from the empty root of index.html', () => {
    expect(isPrerendered(rootWith(''))).toBe(false);
    expect(isPrerendered(rootWith(FORM))).toBe(true);
  });

  it('hands what was typed, ticked and focused, up to the moment it is replaced, to the app\'s form as events the app hears', async () => {
    const root = rootWith(FORM);
    const form = watchPrerenderedForm(root);
    input(root, 'email').value = 'early@example.com';
    input(root, 'remember').checked = true;
    const restored = restorePrerenderedForm(root, form, 2000);
    // Typed while the app renders, after the restore was asked for: carried too.
    input(root, 'password').focus();
    input(root, 'password').value = 'Secret#1';
    const heard: string[] = [];
    root.addEventListener('input', (event) => heard.push((event.target as HTMLInputElement).id));
    root.addEventListener('click', (event) => heard.push(`click ${(event.target as HTMLInputElement).id}`));
    // The app's page: new inputs of the same ids, listened to as React listens (events bubbling to the root).
    root.innerHTML = FORM;
    expect(await restored).toBe(true);
    expect(input(root, 'email').value).toBe('early@example.com');
    expect(input(root, 'password').value).toBe('Secret#1');
    expect(input(root, 'remember').checked).toBe(true);
    expect(document.activeElement?.id).toBe('password');
    // (A click on a checkbox also sends an input event of its own.)
    expect(heard).toEqual(expect.arrayContaining(['email', 'password', 'click remember']));
  });

  it('forgets a focus the visitor moved elsewhere before the app came', async () => {
    const root = rootWith(FORM);
    const form = watchPrerenderedForm(root);
    input(root, 'email').focus();
    (root.querySelector('#other') as HTMLButtonElement).focus();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(form.focused()).toBeNull();
    const restored = restorePrerenderedForm(root, form, 2000);
    root.innerHTML = FORM;
    expect(await restored).toBe(true);
    expect(document.activeElement?.id).not.toBe('email');
  });

  it('waits for the app while the prerendered form is still there, and gives up on a page without the fields', async () => {
    const root = rootWith(FORM);
    const form = watchPrerenderedForm(root);
    input(root, 'email').value = 'x@example.com';
    const restored = restorePrerenderedForm(root, form, 200);
    // A change inside the prerendered form is not the app taking over.
    root.querySelector('form')?.setAttribute('data-touched', '1');
    root.innerHTML = '<p>Redirecting…</p>';
    expect(await restored).toBe(false);
  });
});
