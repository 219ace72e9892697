import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { BODY_MAX, messageErrors, QUOTE_MAX, SUBJECT_MAX, draftErrors, folderParam, pageParam, quoteBody, reasonError, replyDraft, replySubject } from './model';

describe('a reply', () => {
  it('puts one "Re: " before the subject, however many the original carried', () => {
    expect(replySubject('Peace offer')).toBe('Re: Peace offer');
    expect(replySubject('Re: Peace offer')).toBe('Re: Peace offer');
    expect(replySubject('Re: Re: Re: Peace offer')).toBe('Re: Peace offer');
    expect(replySubject('RE:re :  Peace offer')).toBe('Re: Peace offer');
    // A word that only starts like it is left alone.
    expect(replySubject('Reinforcements')).toBe('Re: Reinforcements');
  });

  it('keeps the subject within its limit', () => {
    const long = 'x'.repeat(SUBJECT_MAX);
    expect(replySubject(long)).toBe(`Re: ${'x'.repeat(SUBJECT_MAX - 4)}`);
    expect([...replySubject(`Re: ${'🛡'.repeat(SUBJECT_MAX)}`)]).toHaveLength(SUBJECT_MAX);
  });

  it('quotes every line with "> ", a blank line with ">"', () => {
    expect(quoteBody('Hail!\n\nWe sail at dawn.\r\n<b>Bring mead</b>')).toBe('> Hail!\n>\n> We sail at dawn.\n> <b>Bring mead</b>');
  });

  it('quotes a long message only so far, leaving room to write', () => {
    const quoted = quoteBody('y'.repeat(BODY_MAX));
    expect(quoted.startsWith(`> ${'y'.repeat(QUOTE_MAX)}\n> …`)).toBe(true);
    expect(quoted.length).toBeLessThan(BODY_MAX);
  });

  it('goes back to the sender with the subject and the quote under room to write', () => {
    const draft = replyDraft({ from: { id: 'a', username: 'Bjorn' }, subject: 'Re: Raid', body: 'Tonight?\nAt the ford.' });
    expect(draft).toEqual({ to: 'Bjorn', subject: 'Re: Raid', body: '\n\nBjorn wrote:\n> Tonight?\n> At the ford.' });
    expect(replyDraft({ from: null, subject: 'x', body: 'y' }).to).toBe('');
  });
});

describe('the compose form', () => {
  it('says what is missing or too long before asking the server', () => {
    expect(draftErrors({ to: ' ', subject: '', body: '  ' })).toEqual({
      to: messageErrors().toRequired,
      subject: messageErrors().subjectRequired,
      body: messageErrors().bodyRequired,
    });
    expect(draftErrors({ to: 'Bjorn', subject: 's'.repeat(SUBJECT_MAX + 1), body: 'b'.repeat(BODY_MAX + 1) })).toEqual({
      subject: messageErrors().subjectTooLong,
      body: messageErrors().bodyTooLong,
    });
    expect(draftErrors({ to: 'Bjorn', subject: 'Hail', body: 'Line one\nline two' })).toEqual({});
    expect(draftErrors({ to: 'Bjorn', subject: 'Hail\u202E', body: 'ok' }).subject).toBeDefined();
  });

  it('asks a reason of a report', () => {
    expect(reasonError('  ')).toBe(messageErrors().reasonRequired);
    expect(reasonError('r'.repeat(501))).toBe(messageErrors().reasonTooLong);
    expect(reasonError('Insults\nand threats')).toBeUndefined();
  });

  it('reads the folder and page of the address', () => {
    expect(folderParam('sent')).toBe('sent');
    expect(folderParam('trash')).toBe('inbox');
    expect(pageParam('3')).toBe(3);
    expect(pageParam('-1')).toBe(1);
    expect(pageParam(null)).toBe(1);
  });
});

describe('the compose form in German', () => {
  it('says what is wrong in German, free-text problems included', async () => {
    await act(() => i18n.changeLanguage('de'));
    expect(draftErrors({ to: 'Bjorn', subject: 'Hail\u202E', body: 'b'.repeat(BODY_MAX + 1) })).toEqual({
      subject: 'Der Text darf keine Zeichen enthalten, die die Schreibrichtung ändern',
      body: 'Die Nachricht darf höchstens 5.000 Zeichen lang sein',
    });
    expect(reasonError('  ')).toBe('Sag, warum du diese Nachricht meldest');
    expect(replyDraft({ from: null, subject: 'x', body: 'y' }).body).toBe('\n\nJemand schrieb:\n> y');
  });
});
