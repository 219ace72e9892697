import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isPasswordStrong } from '../../../rules/validation';
import { i18n } from '../../i18n';
import { auditActionText, confirmationMatches, pageCount, temporaryPassword } from './model';

describe('confirmationMatches', () => {
  it('wants the exact username, as the server does', () => {
    expect(confirmationMatches('Astrid', 'Astrid')).toBe(true);
    expect(confirmationMatches('astrid', 'Astrid')).toBe(false);
    expect(confirmationMatches('Astrid ', 'Astrid')).toBe(false);
    expect(confirmationMatches('', 'Astrid')).toBe(false);
  });
});

describe('temporaryPassword', () => {
  it('always passes the password rules, whatever the random numbers', () => {
    // Always the first, always the last, and a walking sequence.
    const sources = [() => 0, (bound: number) => bound - 1, (() => { let n = 0; return (bound: number) => n++ % bound; })()];
    for (const random of sources) {
      const password = temporaryPassword(random);
      expect(password).toHaveLength(14);
      expect(isPasswordStrong(password)).toBe(true);
    }
  });

  it('differs between calls with the browser crypto', () => {
    const seen = new Set(Array.from({ length: 20 }, () => temporaryPassword()));
    expect(seen.size).toBe(20);
    for (const p of seen) expect(isPasswordStrong(p)).toBe(true);
  });

  it('avoids characters easily misread aloud', () => {
    for (let i = 0; i < 50; i++) expect(temporaryPassword()).not.toMatch(/[O0Il1"{}]/);
  });
});

describe('pageCount', () => {
  it('counts whole pages, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(95, 20)).toBe(5);
  });
});

describe('auditActionText', () => {
  it('names known actions and spaces out unknown ones', () => {
    expect(auditActionText('set_role')).toBe('Changed role');
    expect(auditActionText('distribute_rewards')).toBe('Distributed rewards');
    expect(auditActionText('something_new')).toBe('something new');
  });

  it('names them in German when the player reads German', async () => {
    await act(() => i18n.changeLanguage('de'));
    expect(auditActionText('set_role')).toBe('Rolle geändert');
    expect(auditActionText('something_new')).toBe('something new');
  });
});
