// Form validation of SPEC section 5 (registration, login, village name), shared by the client forms and the server.

/** Field name to the message shown under that field; a field without an entry is valid. */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export const USERNAME_MIN_LENGTH = 3;
/** SPEC says "under 20" but is ambiguous; decision: 20 is allowed, 21 and more are refused. */
export const USERNAME_MAX_LENGTH = 20;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_SPECIALS = '!@#$%^&*(),.?":{}|<>';
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const VILLAGE_NAME_MAX_LENGTH = 30;

/** The exact texts SPEC quotes, plus the village one it leaves to us. */
export const VALIDATION_MESSAGES = {
  usernameRequired: 'Username is required',
  usernameTooShort: 'Username must be at least 3 characters',
  usernameTooLong: 'Username must be less than 20 characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordWeak: "Password doesn't meet requirements",
  passwordsDiffer: 'Passwords do not match',
  villageNameTooLong: 'Village name must be at most 30 characters',
} as const;

const M = VALIDATION_MESSAGES;

/** Counts characters as the player sees them, so an emoji counts once rather than as two UTF-16 units. */
function characterCount(text: string): number {
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

export function normaliseVillageName(name: string): string {
  return name.trim();
}

/** The rename prompt is ignored when the answer is blank or the same name again (SPEC section 5). */
export function isRenameAccepted(oldName: string, nextName: string): boolean {
  const next = normaliseVillageName(nextName);
  return next !== '' && next !== normaliseVillageName(oldName);
}

/** A cap the server enforces so a name fits the map and the village card; the client prompt has none. */
export function villageNameError(name: string): string | undefined {
  if (characterCount(normaliseVillageName(name)) > VILLAGE_NAME_MAX_LENGTH) return M.villageNameTooLong;
  return undefined;
}
