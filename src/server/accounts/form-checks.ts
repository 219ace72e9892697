// Server-side copies of the client's registration, login and new-password checks, so both say the same words.
import { passwordError, validateLogin, validateRegistration } from '../../rules/validation';
import type { BodyChecks } from '../openapi';

function problems(errors: Record<string, string | undefined>) {
  return Object.entries(errors)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([field, message]) => ({ field, message }));
}

export const authBodyChecks: BodyChecks = {
  register: (body) =>
    problems(validateRegistration({ username: String(body.username ?? ''), email: String(body.email ?? ''), password: String(body.password ?? '') })),
  login: (body) => problems(validateLogin({ email: String(body.email ?? ''), password: String(body.password ?? '') })),
  // The contract's NewPassword pattern says the same, in words a player cannot read.
  changePassword: (body) => problems({ newPassword: passwordError(String(body.newPassword ?? '')) }),
  setTemporaryPassword: (body) => problems({ password: passwordError(String(body.password ?? '')) }),
};
