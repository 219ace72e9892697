// Typed call for what players of a world should see in the shell: maintenance, announcements and active events.
import { api, unwrap } from './client';
import type { components } from '../../contract';

export type WorldNotices = components['schemas']['WorldNotices'];

export function getWorldNotices(worldId: string): Promise<WorldNotices> {
  return unwrap(api.GET('/api/worlds/{worldId}/notices', { params: { path: { worldId } } }));
}
