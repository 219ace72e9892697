// The field messages a failed auth call carried in `details`, kept for the fields the form on screen has.
import { ApiFailure } from '../../api/client';
import type { FieldErrors } from '../../../rules/validation';

export function serverFieldErrors<Field extends string>(failure: unknown, fields: readonly Field[]): FieldErrors<Field> {
  if (!(failure instanceof ApiFailure)) return {};
  const body = failure.body as { details?: unknown } | null;
  if (!body || !Array.isArray(body.details)) return {};
  const errors: FieldErrors<Field> = {};
  for (const detail of body.details as { field?: unknown; message?: unknown }[]) {
    // Ajv names fields '/body/password'; the services name them 'password'.
    const field = typeof detail?.field === 'string' ? detail.field.replace(/^\/?(body\/)?/, '') : '';
    if ((fields as readonly string[]).includes(field) && typeof detail.message === 'string') errors[field as Field] = detail.message;
  }
  return errors;
}
