// Mail between players, reports of it and profile descriptions: the lengths, the free-text rule applied to each field, and the sending limit.
import { VALIDATION_MESSAGES, freeTextError, normaliseFreeText, type FieldErrors } from './validation';

export const MAIL_SUBJECT_MAX_LENGTH = 100;
export const MAIL_BODY_MAX_LENGTH = 5000;
export const MAIL_REPORT_REASON_MAX_LENGTH = 500;
export const PROFILE_DESCRIPTION_MAX_LENGTH = 500;

/**
 * How much mail one player may send: at most `messages` in a window of `windowMs` (a window starts with the first
 * message after the last one ran out). Enough for any conversation, too few to flood a world.
 */
export const MAIL_LIMIT = { messages: 10, windowMs: 10 * 60_000 } as const;

/** The words of each refusal; the compose, report and profile forms say the same (src/client/features/messages, players). */
export const MAIL_MESSAGES = {
  subjectRequired: 'Subject is required',
  subjectTooLong: `Subject must be at most ${MAIL_SUBJECT_MAX_LENGTH} characters`,
  bodyRequired: VALIDATION_MESSAGES.messageRequired,
  bodyTooLong: `Message must be at most ${MAIL_BODY_MAX_LENGTH.toLocaleString('en')} characters`,
  reasonRequired: 'Say why you report this message',
  reasonTooLong: `The reason must be at most ${MAIL_REPORT_REASON_MAX_LENGTH} characters`,
  descriptionTooLong: `Your description must be at most ${PROFILE_DESCRIPTION_MAX_LENGTH} characters`,
} as const;

const M = MAIL_MESSAGES;

/** Characters as the player sees them (an emoji counts once). */
const characterCount = (text: string) => [...text].length;

interface TextRule {
  /** The message for an empty text, or null when empty is allowed. */
  required: string | null;
  max: number;
  tooLong: string;
  multiline: boolean;
}

/** Why `text`, normalised, breaks `rule`: empty, too long, or not fit to show (the free-text rule's words). */
function textError(text: string, rule: TextRule): string | undefined {
  const normalised = normaliseFreeText(text);
  if (normalised === '') return rule.required ?? undefined;
  if (characterCount(normalised) > rule.max) return rule.tooLong;
  return freeTextError(normalised, { multiline: rule.multiline });
}

/** A subject: one line of 1 to 100 characters. */
export function mailSubjectError(subject: string): string | undefined {
  return textError(subject, { required: M.subjectRequired, max: MAIL_SUBJECT_MAX_LENGTH, tooLong: M.subjectTooLong, multiline: false });
}

/** A message body: 1 to 5,000 characters, line breaks allowed. */
export function mailBodyError(body: string): string | undefined {
  return textError(body, { required: M.bodyRequired, max: MAIL_BODY_MAX_LENGTH, tooLong: M.bodyTooLong, multiline: true });
}

/** Why a message is reported: 1 to 500 characters, line breaks allowed. */
export function reportReasonError(reason: string): string | undefined {
  return textError(reason, { required: M.reasonRequired, max: MAIL_REPORT_REASON_MAX_LENGTH, tooLong: M.reasonTooLong, multiline: true });
}

/** What a player writes about themselves: up to 500 characters, line breaks allowed, empty to clear it. */
export function profileDescriptionError(description: string): string | undefined {
  return textError(description, { required: null, max: PROFILE_DESCRIPTION_MAX_LENGTH, tooLong: M.descriptionTooLong, multiline: true });
}

export interface MailForm {
  subject: string;
  body: string;
}

/** The writing form's errors by field; the server answers with the same words. */
export function validateMailForm(form: MailForm): FieldErrors<keyof MailForm> {
  const errors: FieldErrors<keyof MailForm> = {};
  const subject = mailSubjectError(form.subject);
  if (subject) errors.subject = subject;
  const body = mailBodyError(form.body);
  if (body) errors.body = body;
  return errors;
}

/** What a player who sent too much mail is told, given how long until the window runs out. */
export function mailLimitMessage(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
  return `You may send at most ${MAIL_LIMIT.messages} messages in ${MAIL_LIMIT.windowMs / 60_000} minutes. Please try again in ${wait}.`;
}
