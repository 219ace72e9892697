// How the admin and moderation actions write their replies into the cache: a player changed (role, suspension, password) or deleted.
import { useAtomValue } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import type { AdminUser, AdminUserPage } from '../../api/admin';
import { queryKeys } from '../../state/queryKeys';
import { userIdAtom } from '../../state/session';
import { useAction } from '../../ui/useAction';

/** Every action is written to the audit log and may move the figures (sessions end on a suspension). */
function afterAction(client: ReturnType<typeof useQueryClient>, viewer: string | null): void {
  void client.invalidateQueries({ queryKey: queryKeys.adminStats(viewer) });
  void client.invalidateQueries({ queryKey: queryKeys.auditLog(viewer) });
}

export function useAdminCache() {
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  return {
    /** The reply is the player as the server now has them: it replaces them on every page of the list read. */
    changed(user: AdminUser): void {
      client.setQueriesData<AdminUserPage>({ queryKey: queryKeys.adminUsers(viewer) }, (page) =>
        page ? { ...page, users: page.users.map((u) => (u.id === user.id ? user : u)) } : page,
      );
      afterAction(client, viewer);
    },
    /** A deleted player leaves the list: its pages (and the totals) are read again. */
    deleted(): void {
      void client.invalidateQueries({ queryKey: queryKeys.adminUsers(viewer) });
      afterAction(client, viewer);
    },
  };
}

/** An action on one player: the reply is the player as the server now has them, written into the list. */
export function usePlayerAction<TVariables>(act: (variables: TVariables) => Promise<AdminUser>, texts: { success?: (user: AdminUser) => string; failure: string }) {
  const cache = useAdminCache();
  return useAction({ mutationFn: act, onSuccess: (updated) => cache.changed(updated), ...texts });
}
