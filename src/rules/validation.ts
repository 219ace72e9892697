// Form validation (registration, login, password change, alliance, village name) and the free-text rule, shared by the client forms and the server.

/** Field name to the message shown under that field; a field without an entry is valid. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export const USERNAME_MIN_LENGTH = 3;
/** The message says "less than 20", which is ambiguous; decision: 20 is allowed, 21 and more are refused. */
export const USERNAME_MAX_LENGTH = 20;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_SPECIALS = '!@#$%^&*(),.?":{}|<>';
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const ALLIANCE_NAME_MAX_LENGTH = 50;
export const ALLIANCE_TAG_MIN_LENGTH = 3;
export const ALLIANCE_TAG_MAX_LENGTH = 5;
export const ALLIANCE_TAG_PATTERN = /^[A-Z0-9]+$/;
export const ALLIANCE_DESCRIPTION_MAX_LENGTH = 500;
export const VILLAGE_NAME_MAX_LENGTH = 30;
export const ALLIANCE_MESSAGE_MAX_LENGTH = 500;
/** Combining marks allowed in a row: enough for any real script, too few to smear text over its neighbours. */
export const MAX_COMBINING_RUN = 2;

/** The exact texts the forms show under each field; the client and the server use the same words. */
export const VALIDATION_MESSAGES = {
  usernameRequired: 'Username is required',
  usernameTooShort: 'Username must be at least 3 characters',
  usernameTooLong: 'Username must be less than 20 characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordWeak: "Password doesn't meet requirements",
  passwordsDiffer: 'Passwords do not match',
  currentPasswordRequired: 'Current password is required',
  passwordUnchanged: 'Choose a password other than the current one',
  allianceNameRequired: 'Alliance name is required',
  allianceNameTooLong: 'Alliance name must be at most 50 characters',
  allianceTagRequired: 'Alliance tag is required',
  allianceTagLength: 'Alliance tag must be 3 to 5 characters',
  allianceTagCharacters: 'Alliance tag may only contain uppercase letters A-Z and digits 0-9',
  allianceDescriptionRequired: 'Description is required',
  allianceDescriptionTooLong: 'Description must be at most 500 characters',
  villageNameTooLong: 'Village name must be at most 30 characters',
  messageRequired: 'Message is required',
  messageTooLong: 'Message must be at most 500 characters',
  textControl: 'Text may not contain control characters',
  textBidi: 'Text may not contain characters that change the writing direction',
  textInvisible: 'Text may not contain invisible characters',
  textCombining: 'Text may not stack more than 2 marks on one letter',
} as const;

const M = VALIDATION_MESSAGES;

/** Counts characters as the player sees them, so an emoji counts once rather than as two UTF-16 units. */
export function characterCount(text: string): number {
  return [...text].length;
}

export function hasErrors<Field extends string>(errors: FieldErrors<Field>): boolean {
  return Object.values(errors).some((message) => message !== undefined);
}

export type PasswordRuleId = 'length' | 'uppercase' | 'lowercase' | 'number' | 'special';

export interface PasswordChecklistItem {
  id: PasswordRuleId;
  label: string;
  met: boolean;
}

/** The live checklist shown beside the password field, one item per rule, in display order. */
export function passwordChecklist(password: string): PasswordChecklistItem[] {
  return [
    { id: 'length', label: `At least ${PASSWORD_MIN_LENGTH} characters`, met: characterCount(password) >= PASSWORD_MIN_LENGTH },
    { id: 'uppercase', label: 'An uppercase letter', met: /[A-Z]/.test(password) },
    { id: 'lowercase', label: 'A lowercase letter', met: /[a-z]/.test(password) },
    { id: 'number', label: 'A number', met: /[0-9]/.test(password) },
    {
      id: 'special',
      label: `A special character (${PASSWORD_SPECIALS})`,
      met: [...password].some((c) => PASSWORD_SPECIALS.includes(c)),
    },
  ];
}

export function isPasswordStrong(password: string): boolean {
  return passwordChecklist(password).every((item) => item.met);
}

export function usernameError(username: string): string | undefined {
  const name = username.trim();
  if (name === '') return M.usernameRequired;
  const length = characterCount(name);
  if (length < USERNAME_MIN_LENGTH) return M.usernameTooShort;
  if (length > USERNAME_MAX_LENGTH) return M.usernameTooLong;
  return undefined;
}

export function emailError(email: string): string | undefined {
  const address = email.trim();
  if (address === '') return M.emailRequired;
  if (!EMAIL_PATTERN.test(address)) return M.emailInvalid;
  return undefined;
}

/** Passwords are not trimmed: spaces a player typed are part of the secret. */
export function passwordError(password: string): string | undefined {
  if (password === '') return M.passwordRequired;
  if (!isPasswordStrong(password)) return M.passwordWeak;
  return undefined;
}

export interface RegistrationForm {
  username: string;
  email: string;
  password: string;
  /** Only the client form has it; the server request carries no confirmation. */
  confirmPassword?: string;
}

export type RegistrationField = 'username' | 'email' | 'password' | 'confirmPassword';

export function validateRegistration(form: RegistrationForm): FieldErrors<RegistrationField> {
  const errors: FieldErrors<RegistrationField> = {};
  const username = usernameError(form.username);
  if (username) errors.username = username;
  const email = emailError(form.email);
  if (email) errors.email = email;
  const password = passwordError(form.password);
  if (password) errors.password = password;
  if (form.confirmPassword !== undefined && form.confirmPassword !== form.password) {
    errors.confirmPassword = M.passwordsDiffer;
  }
  return errors;
}

export interface PasswordChangeForm {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type PasswordChangeField = keyof PasswordChangeForm;

/** Choosing one's own password (after a temporary one): the same strength rule as registration, and a real change. */
export function validatePasswordChange(form: PasswordChangeForm): FieldErrors<PasswordChangeField> {
  const errors: FieldErrors<PasswordChangeField> = {};
  if (form.currentPassword === '') errors.currentPassword = M.currentPasswordRequired;
  const password = passwordError(form.newPassword);
  if (password) errors.newPassword = password;
  else if (form.newPassword === form.currentPassword) errors.newPassword = M.passwordUnchanged;
  if (form.confirmPassword !== form.newPassword) errors.confirmPassword = M.passwordsDiffer;
  return errors;
}

export interface LoginForm {
  email: string;
  password: string;
}

/** Login only asks for both fields: checking strength here would lock out accounts made under older rules. */
export function validateLogin(form: LoginForm): FieldErrors<keyof LoginForm> {
  const errors: FieldErrors<keyof LoginForm> = {};
  if (form.email.trim() === '') errors.email = M.emailRequired;
  if (form.password === '') errors.password = M.passwordRequired;
  return errors;
}

export interface AllianceForm {
  name: string;
  tag: string;
  description: string;
}

export function validateAllianceForm(form: AllianceForm): FieldErrors<keyof AllianceForm> {
  const errors: FieldErrors<keyof AllianceForm> = {};
  const name = form.name.trim();
  if (name === '') errors.name = M.allianceNameRequired;
  else if (characterCount(name) > ALLIANCE_NAME_MAX_LENGTH) errors.name = M.allianceNameTooLong;
  else if (freeTextError(name)) errors.name = freeTextError(name);

  const tag = allianceTagError(form.tag);
  if (tag) errors.tag = tag;

  const description = allianceDescriptionError(form.description);
  if (description) errors.description = description;
  return errors;
}

/** An alliance's tag: 3 to 5 of A-Z and 0-9 (founding, and naming another alliance in diplomacy). */
export function allianceTagError(text: string): string | undefined {
  const tag = text.trim();
  if (tag === '') return M.allianceTagRequired;
  if (tag.length < ALLIANCE_TAG_MIN_LENGTH || tag.length > ALLIANCE_TAG_MAX_LENGTH) return M.allianceTagLength;
  if (!ALLIANCE_TAG_PATTERN.test(tag)) return M.allianceTagCharacters;
  return undefined;
}

/** Why a member is dismissed is told to them and kept in the feed: required, one line, at most this long. */
export const DISMISSAL_REASON_MAX_LENGTH = 200;

export function dismissalReasonError(text: string): string | undefined {
  const reason = normaliseFreeText(text);
  if (reason === '') return 'Give a reason for the dismissal';
  if (characterCount(reason) > DISMISSAL_REASON_MAX_LENGTH) return `The reason must be at most ${DISMISSAL_REASON_MAX_LENGTH} characters`;
  return freeTextError(reason);
}

/** An application's message (and an invitation's): optional, one line, at most 500 characters. */
export const APPLICATION_MESSAGE_MAX_LENGTH = ALLIANCE_MESSAGE_MAX_LENGTH;

export function applicationMessageError(text: string): string | undefined {
  const message = normaliseFreeText(text);
  if (characterCount(message) > APPLICATION_MESSAGE_MAX_LENGTH) return M.messageTooLong;
  return freeTextError(message);
}

/** An alliance's description: 1 to 500 characters of free text, line breaks allowed (founding and editing alike). */
export function allianceDescriptionError(text: string): string | undefined {
  const description = text.trim();
  if (description === '') return M.allianceDescriptionRequired;
  if (characterCount(description) > ALLIANCE_DESCRIPTION_MAX_LENGTH) return M.allianceDescriptionTooLong;
  return freeTextError(description, { multiline: true });
}

/** A village name as stored: Unicode NFC, no surrounding spaces (see normaliseFreeText). */
export function normaliseVillageName(name: string): string {
  return name.normalize('NFC').trim();
}

/** The rename prompt is ignored when the answer is blank or the same name again. */
export function isRenameAccepted(oldName: string, nextName: string): boolean {
  const next = normaliseVillageName(nextName);
  return next !== '' && next !== normaliseVillageName(oldName);
}

/** Why a village name is refused: too long for the map and the village card, or not fit to show (freeTextError). */
export function villageNameError(name: string): string | undefined {
  const normalised = normaliseVillageName(name);
  if (characterCount(normalised) > VILLAGE_NAME_MAX_LENGTH) return M.villageNameTooLong;
  return freeTextError(normalised);
}

// Free text a player types (names, tags, descriptions, messages) is shown to other players: one rule for all of it.

/** C0 and C1 controls; a message may keep line breaks and tabs. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this pattern
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LINE_BREAKS = /[\t\n\r]/;
/** Embeddings, overrides, isolates and direction marks: they reorder the text around them. */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
/** Zero-width spaces and joiners, word joiner, byte order mark, soft hyphen. */
const INVISIBLES = /[\u00AD\u200B-\u200D\u2060-\u2064\uFEFF]/;
const COMBINING_RUN = new RegExp(`\\p{M}{${MAX_COMBINING_RUN + 1},}`, 'u');

/**
 * The characters of CONTROLS, BIDI_CONTROLS and INVISIBLES as a JSON Schema pattern (ECMA-262, with \u escapes as the
 * contract spells them), so openapi.yaml states the rule on every free-text field; the contract test holds the two equal.
 */
const FORBIDDEN_CLASS = '\\u007F-\\u009F\\u00AD\\u061C\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u2064\\u2066-\\u2069\\uFEFF';
export const FREE_TEXT_PATTERN = `^[^\\u0000-\\u001F${FORBIDDEN_CLASS}]*$`;
/** The same with line breaks and tabs let through (messages, descriptions). */
export const MULTILINE_TEXT_PATTERN = `^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F${FORBIDDEN_CLASS}]*$`;

/** What every free text goes through before it is checked and stored: Unicode NFC and no surrounding spaces. */
export function normaliseFreeText(text: string): string {
  return text.normalize('NFC').trim();
}

/** Why `text` may not be shown to other players, or undefined; `multiline` admits line breaks and tabs (messages). */
export function freeTextError(text: string, options: { multiline?: boolean } = {}): string | undefined {
  const controls = options.multiline ? text.replace(LINE_BREAKS, '') : text;
  if (CONTROLS.test(controls) || (!options.multiline && LINE_BREAKS.test(text))) return M.textControl;
  if (BIDI_CONTROLS.test(text)) return M.textBidi;
  if (INVISIBLES.test(text)) return M.textInvisible;
  if (COMBINING_RUN.test(text)) return M.textCombining;
  return undefined;
}

/** An alliance's announcement is at most this long; an empty one takes the current one down. */
export const ANNOUNCEMENT_MAX_LENGTH = 500;

/** An announcement: up to 500 characters of free text, line breaks allowed (empty is allowed: it takes it down). */
export function announcementError(text: string): string | undefined {
  const body = normaliseFreeText(text);
  if (characterCount(body) > ANNOUNCEMENT_MAX_LENGTH) return `Announcement must be at most ${ANNOUNCEMENT_MAX_LENGTH} characters`;
  return freeTextError(body, { multiline: true });
}

/** An alliance message: 1 to 500 characters of free text, line breaks allowed. */
export function allianceMessageError(text: string): string | undefined {
  const body = normaliseFreeText(text);
  if (body === '') return M.messageRequired;
  if (characterCount(body) > ALLIANCE_MESSAGE_MAX_LENGTH) return M.messageTooLong;
  return freeTextError(body, { multiline: true });
}
