// Typed calls of the admin tag.
import { api, unwrap, type User } from './client';

export function listUsers(): Promise<User[]> {
  return unwrap(api.GET('/api/admin/users'));
}
