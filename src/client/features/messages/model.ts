// Pure helpers of the mail: the contract's limits, the checks the compose form makes before sending (said in the
// player's language), and a reply's subject and quote.
import { VALIDATION_MESSAGES, freeTextError, normaliseFreeText } from '../../../rules/validation';
import type { Message, MessageFolder } from '../../api/messages';
import { i18n } from '../../i18n';
import { formatInteger } from '../../i18n/format';

export const MESSAGES_PAGE_SIZE = 20;
/** The contract's limits (SendMessageRequest, ReportMessageRequest), in characters once trimmed. */
export const USERNAME_MAX = 32;
export const SUBJECT_MAX = 100;
export const BODY_MAX = 5000;
export const REASON_MAX = 500;
/** A reply quotes at most this much, so the player always has room to write (BODY_MAX in all). */
export const QUOTE_MAX = 4000;

/** Characters as a player counts them: an emoji once. */
export function characterCount(text: string): number {
  return [...text].length;
}

/** The first `max` characters of `text` (never half an emoji). */
function firstCharacters(text: string, max: number): string {
  const characters = [...text];
  return characters.length <= max ? text : characters.slice(0, max).join('');
}

const REPLY_PREFIX = /^\s*(re\s*:\s*)+/i;

/** 'Re: <subject>', without stacking ('Re: Re: x' and 'RE:x' become 'Re: x'), cut to the subject limit. */
export function replySubject(subject: string): string {
  const bare = subject.replace(REPLY_PREFIX, '').trim();
  return firstCharacters(`Re: ${bare}`, SUBJECT_MAX);
}

/** Every line of `body` after '> ' (an empty line is a bare '>'); a long body is cut at QUOTE_MAX with '> …'. */
export function quoteBody(body: string): string {
  const text = body.replace(/\r\n?/g, '\n').trim();
  const cut = characterCount(text) > QUOTE_MAX ? `${firstCharacters(text, QUOTE_MAX).trimEnd()}\n…` : text;
  return cut
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
}

export interface Draft {
  to: string;
  subject: string;
  body: string;
}

/** The compose form filled in for a reply: back to the sender, 'Re: ' the subject, the body quoted under a blank line to write on. */
export function replyDraft(message: Pick<Message, 'from' | 'subject' | 'body'>): Draft {
  const who = message.from?.username ?? i18n.t('messages:reply.they');
  return { to: message.from?.username ?? '', subject: replySubject(message.subject), body: `\n\n${i18n.t('messages:reply.wrote', { who })}\n${quoteBody(message.body)}` };
}

export type MessageErrorKey = 'toRequired' | 'toTooLong' | 'subjectRequired' | 'subjectTooLong' | 'bodyRequired' | 'bodyTooLong' | 'reasonRequired' | 'reasonTooLong';

/** What the form says of a field, in the player's language (read at call time, so a switch of language shows at once). */
export function messageErrors(): Readonly<Record<MessageErrorKey, string>> {
  const t = (key: MessageErrorKey, max?: number) => i18n.t(`messages:errors.${key}`, max === undefined ? {} : { max: formatInteger(max) });
  return {
    toRequired: t('toRequired'),
    toTooLong: t('toTooLong', USERNAME_MAX),
    subjectRequired: t('subjectRequired'),
    subjectTooLong: t('subjectTooLong', SUBJECT_MAX),
    bodyRequired: t('bodyRequired'),
    bodyTooLong: t('bodyTooLong', BODY_MAX),
    reasonRequired: t('reasonRequired'),
    reasonTooLong: t('reasonTooLong', REASON_MAX),
  };
}

/** The free-text rule's messages the mail can meet, by their key in the messages namespace. */
const FREE_TEXT_KEYS = ['textControl', 'textBidi', 'textInvisible', 'textCombining'] as const satisfies readonly (keyof typeof VALIDATION_MESSAGES)[];

/** Why a text may not be shown to others (the rules' freeTextError), in the player's language. */
export function freeTextProblem(text: string, options: { multiline?: boolean } = {}): string | undefined {
  const english = freeTextError(text, options);
  const key = FREE_TEXT_KEYS.find((name) => VALIDATION_MESSAGES[name] === english);
  return key ? i18n.t(`messages:errors.${key}`) : english;
}

export type DraftErrors = Partial<Record<keyof Draft, string>>;

/** Why the server would refuse the draft, field by field (the same limits and free-text rule), so the form says it first. */
export function draftErrors(draft: Draft): DraftErrors {
  const errors: DraftErrors = {};
  const said = messageErrors();
  const to = normaliseFreeText(draft.to);
  if (to === '') errors.to = said.toRequired;
  else if (characterCount(to) > USERNAME_MAX) errors.to = said.toTooLong;
  else if (freeTextError(to)) errors.to = freeTextProblem(to);

  const subject = normaliseFreeText(draft.subject);
  if (subject === '') errors.subject = said.subjectRequired;
  else if (characterCount(subject) > SUBJECT_MAX) errors.subject = said.subjectTooLong;
  else if (freeTextError(subject)) errors.subject = freeTextProblem(subject);

  const body = normaliseFreeText(draft.body);
  if (body === '') errors.body = said.bodyRequired;
  else if (characterCount(body) > BODY_MAX) errors.body = said.bodyTooLong;
  else if (freeTextError(body, { multiline: true })) errors.body = freeTextProblem(body, { multiline: true });
  return errors;
}

/** Why a report's reason would be refused, or undefined. */
export function reasonError(reason: string): string | undefined {
  const text = normaliseFreeText(reason);
  if (text === '') return messageErrors().reasonRequired;
  if (characterCount(text) > REASON_MAX) return messageErrors().reasonTooLong;
  return freeTextProblem(text, { multiline: true });
}

/** The folder a query names (?folder=sent), the inbox otherwise. */
export function folderParam(text: string | null): MessageFolder {
  return text === 'sent' ? 'sent' : 'inbox';
}

/** A page a query names (?page=3), 1 otherwise. */
export function pageParam(text: string | null): number {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
}

/** Pages needed for `total` messages (at least one). */
export function pageCount(total: number, limit = MESSAGES_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / limit));
}
