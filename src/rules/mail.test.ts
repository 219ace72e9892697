// Pins the mail rules: each field's lengths, the free-text rule in its own words, and the limit's message.
import { describe, expect, it } from 'vitest';
import { MAIL_MESSAGES, mailBodyError, mailLimitMessage, mailSubjectError, profileDescriptionError, reportReasonError, validateMailForm } from './mail';
import { VALIDATION_MESSAGES } from './validation';

describe('the mail form', () => {
  it('accepts a subject and a body of several lines', () => {
    expect(validateMailForm({ subject: 'Trade?', body: 'Hail!\n\nTimber for iron?' })).toEqual({});
  });

  it('counts what is left once trimmed', () => {
    expect(validateMailForm({ subject: '   ', body: ' \n ' })).toEqual({ subject: MAIL_MESSAGES.subjectRequired, body: MAIL_MESSAGES.bodyRequired });
    expect(mailSubjectError(` ${'a'.repeat(100)} `)).toBeUndefined();
    expect(mailSubjectError('a'.repeat(101))).toBe(MAIL_MESSAGES.subjectTooLong);
    expect(mailBodyError('a'.repeat(5000))).toBeUndefined();
    expect(mailBodyError('a'.repeat(5001))).toBe(MAIL_MESSAGES.bodyTooLong);
  });

  it('keeps a subject to one line and lets a body have many', () => {
    expect(mailSubjectError('one\ntwo')).toBe(VALIDATION_MESSAGES.textControl);
    expect(mailBodyError('one\ntwo\tthree')).toBeUndefined();
    expect(mailBodyError('left\u202Eright')).toBe(VALIDATION_MESSAGES.textBidi);
    expect(mailBodyError('zero\u200Bwidth')).toBe(VALIDATION_MESSAGES.textInvisible);
  });
});

describe('reports and profiles', () => {
  it('asks a report for a reason of up to 500 characters', () => {
    expect(reportReasonError('  ')).toBe(MAIL_MESSAGES.reasonRequired);
    expect(reportReasonError('Insults\nand threats')).toBeUndefined();
    expect(reportReasonError('a'.repeat(501))).toBe(MAIL_MESSAGES.reasonTooLong);
  });

  it('lets a description be empty, up to 500 characters', () => {
    expect(profileDescriptionError('')).toBeUndefined();
    expect(profileDescriptionError('   ')).toBeUndefined();
    expect(profileDescriptionError('a'.repeat(500))).toBeUndefined();
    expect(profileDescriptionError('a'.repeat(501))).toBe(MAIL_MESSAGES.descriptionTooLong);
    expect(profileDescriptionError('bad\u0007bell')).toBe(VALIDATION_MESSAGES.textControl);
  });
});

describe('the sending limit', () => {
  it('says when to try again, in seconds or whole minutes', () => {
    expect(mailLimitMessage(30_000)).toBe('You may send at most 10 messages in 10 minutes. Please try again in 30 seconds.');
    expect(mailLimitMessage(1)).toMatch(/in 1 second\.$/);
    expect(mailLimitMessage(61_000)).toMatch(/in 2 minutes\.$/);
    expect(mailLimitMessage(60_000)).toMatch(/in 1 minute\.$/);
  });
});
