// Pins the form rules and their exact messages.
import { describe, it, expect } from 'vitest';
import {
  allianceDescriptionError,
  allianceTagError,
  announcementError,
  applicationMessageError,
  dismissalReasonError,
  freeTextError,
  PASSWORD_SPECIALS,
  validatePasswordChange,
  hasErrors,
  isPasswordStrong,
  isRenameAccepted,
  normaliseVillageName,
  passwordChecklist,
  validateAllianceForm,
  validateLogin,
  validateRegistration,
  villageNameError,
} from './validation';

const good = { username: 'Ragnar', email: 'ragnar@kattegat.no', password: 'Valhalla1!', confirmPassword: 'Valhalla1!' };

describe('validateRegistration', () => {
  it('accepts a complete, valid form', () => {
    expect(validateRegistration(good)).toEqual({});
    expect(hasErrors(validateRegistration(good))).toBe(false);
  });

  it('reports every empty field with the quoted messages', () => {
    expect(validateRegistration({ username: '', email: '', password: '', confirmPassword: '' })).toEqual({
      username: 'Username is required',
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it('treats a whitespace-only username as missing', () => {
    expect(validateRegistration({ ...good, username: '   ' }).username).toBe('Username is required');
  });

  it('allows usernames of 3 to 20 characters', () => {
    expect(validateRegistration({ ...good, username: 'Bo' }).username).toBe('Username must be at least 3 characters');
    expect(validateRegistration({ ...good, username: 'Bjo' }).username).toBeUndefined();
    expect(validateRegistration({ ...good, username: 'a'.repeat(20) }).username).toBeUndefined();
    expect(validateRegistration({ ...good, username: 'a'.repeat(21) }).username).toBe('Username must be less than 20 characters');
  });

  it('checks the email with the simple pattern', () => {
    for (const bad of ['ragnar', 'ragnar@', 'ragnar@kattegat', '@kattegat.no', 'rag nar@kattegat.no', 'a@b@c.no']) {
      expect(validateRegistration({ ...good, email: bad }).email).toBe('Please enter a valid email address');
    }
    expect(validateRegistration({ ...good, email: 'a@b.c' }).email).toBeUndefined();
  });

  it('refuses a weak password with one message', () => {
    for (const weak of ['Short1!', 'valhalla1!', 'VALHALLA1!', 'Valhalla!!', 'Valhalla11', 'Valhalla1_']) {
      expect(validateRegistration({ ...good, password: weak, confirmPassword: weak }).password).toBe(
        "Password doesn't meet requirements",
      );
    }
  });

  it('requires the confirmation to match when it is given', () => {
    expect(validateRegistration({ ...good, confirmPassword: 'Valhalla2!' }).confirmPassword).toBe('Passwords do not match');
    const { confirmPassword: _omitted, ...serverRequest } = good;
    expect(validateRegistration(serverRequest)).toEqual({});
  });
});

describe('passwordChecklist', () => {
  it('lists the five rules in order with their state', () => {
    expect(passwordChecklist('abc')).toEqual([
      { id: 'length', label: 'At least 8 characters', met: false },
      { id: 'uppercase', label: 'An uppercase letter', met: false },
      { id: 'lowercase', label: 'A lowercase letter', met: true },
      { id: 'number', label: 'A number', met: false },
      { id: 'special', label: 'A special character (!@#$%^&*(),.?":{}|<>)', met: false },
    ]);
    expect(passwordChecklist('Valhalla1!').every((item) => item.met)).toBe(true);
  });

  it('counts every listed special character and nothing else', () => {
    expect(PASSWORD_SPECIALS).toBe('!@#$%^&*(),.?":{}|<>');
    for (const c of PASSWORD_SPECIALS) expect(isPasswordStrong(`Abcdefg1${c}`)).toBe(true);
    for (const c of ['_', '-', '+', '=', '~', ' ', '[']) expect(isPasswordStrong(`Abcdefg1${c}`)).toBe(false);
  });
});

describe('validateLogin', () => {
  it('only requires both fields', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(validateLogin({ email: 'not-an-address', password: 'x' })).toEqual({});
  });
});

describe('validateAllianceForm', () => {
  const alliance = { name: 'Sons of Ragnar', tag: 'SOR', description: 'We sail at dawn.' };

  it('accepts a valid alliance', () => {
    expect(validateAllianceForm(alliance)).toEqual({});
    expect(validateAllianceForm({ ...alliance, name: 'n'.repeat(50), tag: 'AB12C', description: 'd'.repeat(500) })).toEqual({});
  });

  it('requires every field', () => {
    expect(validateAllianceForm({ name: ' ', tag: '', description: '' })).toEqual({
      name: 'Alliance name is required',
      tag: 'Alliance tag is required',
      description: 'Description is required',
    });
  });

  it('limits lengths and tag characters', () => {
    expect(validateAllianceForm({ ...alliance, name: 'n'.repeat(51) }).name).toBe('Alliance name must be at most 50 characters');
    expect(validateAllianceForm({ ...alliance, description: 'd'.repeat(501) }).description).toBe(
      'Description must be at most 500 characters',
    );
    expect(validateAllianceForm({ ...alliance, tag: 'AB' }).tag).toBe('Alliance tag must be 3 to 5 characters');
    expect(validateAllianceForm({ ...alliance, tag: 'ABCDEF' }).tag).toBe('Alliance tag must be 3 to 5 characters');
    expect(validateAllianceForm({ ...alliance, tag: 'sor' }).tag).toBe(
      'Alliance tag may only contain uppercase letters A-Z and digits 0-9',
    );
    expect(validateAllianceForm({ ...alliance, tag: 'S-R' }).tag).toBe(
      'Alliance tag may only contain uppercase letters A-Z and digits 0-9',
    );
  });
});

describe('village renaming', () => {
  it('ignores blank and unchanged names', () => {
    expect(isRenameAccepted('Kattegat', '')).toBe(false);
    expect(isRenameAccepted('Kattegat', '   ')).toBe(false);
    expect(isRenameAccepted('Kattegat', 'Kattegat')).toBe(false);
    expect(isRenameAccepted('Kattegat', '  Kattegat ')).toBe(false);
    expect(isRenameAccepted('Kattegat', 'Hedeby')).toBe(true);
    expect(normaliseVillageName('  Hedeby  ')).toBe('Hedeby');
  });

  it('caps the length at 30 characters', () => {
    expect(villageNameError('v'.repeat(30))).toBeUndefined();
    expect(villageNameError('v'.repeat(31))).toBe('Village name must be at most 30 characters');
  });

  it('uses the free-text rule, so the rename prompt refuses what the server refuses', () => {
    expect(villageNameError('Evil\u202Egnirts')).toBe(freeTextError('\u202E'));
    expect(villageNameError('Zero\u200Bwidth')).toBeDefined();
    expect(villageNameError('Hedeby')).toBeUndefined();
  });
});

describe('alliance form and the free-text rule', () => {
  it('refuses bidi overrides in the name and control characters in the description, keeping line breaks', () => {
    const alliance = { name: 'Sons\u202E of Ragnar', tag: 'SOR', description: 'Line one\nline two' };
    expect(validateAllianceForm(alliance).name).toBe(freeTextError('\u202E'));
    expect(validateAllianceForm(alliance).description).toBeUndefined();
    expect(validateAllianceForm({ ...alliance, name: 'Sons', description: 'bell\u0007' }).description).toBe(freeTextError('\u0007'));
  });
});

describe('validatePasswordChange', () => {
  const strong = 'Valhalla#2027';
  it('asks for the current password, a strong new one typed twice, and a real change', () => {
    expect(validatePasswordChange({ currentPassword: '', newPassword: strong, confirmPassword: strong })).toEqual({ currentPassword: 'Current password is required' });
    expect(validatePasswordChange({ currentPassword: 'Temp#Pass1x', newPassword: 'weak', confirmPassword: 'weak' })).toEqual({ newPassword: "Password doesn't meet requirements" });
    expect(validatePasswordChange({ currentPassword: 'Temp#Pass1x', newPassword: strong, confirmPassword: 'Valhalla#2028' })).toEqual({ confirmPassword: 'Passwords do not match' });
    expect(validatePasswordChange({ currentPassword: strong, newPassword: strong, confirmPassword: strong })).toEqual({ newPassword: 'Choose a password other than the current one' });
    expect(hasErrors(validatePasswordChange({ currentPassword: 'Temp#Pass1x', newPassword: strong, confirmPassword: strong }))).toBe(false);
  });
});

describe('alliance politics texts', () => {
  it('holds a tag to 3-5 of A-Z and 0-9, as founding does', () => {
    expect(allianceTagError('WOLF')).toBeUndefined();
    expect(allianceTagError('')).toBe('Alliance tag is required');
    expect(allianceTagError('AB')).toBe('Alliance tag must be 3 to 5 characters');
    expect(allianceTagError('wolf')).toBe('Alliance tag may only contain uppercase letters A-Z and digits 0-9');
  });

  it('needs a reason of one line and at most 200 characters for a dismissal', () => {
    expect(dismissalReasonError('Never sent troops')).toBeUndefined();
    expect(dismissalReasonError('   ')).toBe('Give a reason for the dismissal');
    expect(dismissalReasonError('x'.repeat(201))).toBe('The reason must be at most 200 characters');
    expect(dismissalReasonError('two\nlines')).toBeDefined();
  });

  it('lets an application go without a message, or with one line of at most 500 characters', () => {
    expect(applicationMessageError('')).toBeUndefined();
    expect(applicationMessageError('I raid well')).toBeUndefined();
    expect(applicationMessageError('x'.repeat(501))).toBe('Message must be at most 500 characters');
    expect(applicationMessageError('two\nlines')).toBeDefined();
  });

  it('lets an announcement be empty (taken down) or up to 500 characters with line breaks', () => {
    expect(announcementError('')).toBeUndefined();
    expect(announcementError('Muster at dawn.\nBring shields.')).toBeUndefined();
    expect(announcementError('x'.repeat(501))).toBe('Announcement must be at most 500 characters');
  });

  it('holds an edited description to the founding rule', () => {
    expect(allianceDescriptionError('Oaths kept.')).toBeUndefined();
    expect(allianceDescriptionError(' ')).toBe('Description is required');
  });
});
