// How the game master's actions write their replies into the cache: worlds, world events and announcements.
import { useAtomValue } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import type { Announcement, World, WorldEvent } from '../../api/gamemaster';
import { announcementsQuery, gmWorldsQuery, worldEventsQuery, worldsQuery } from '../../state/queries';
import { queryKeys } from '../../state/queryKeys';
import { userIdAtom } from '../../state/session';

export function useGmCache() {
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();
  /** Players of the world see its banners (maintenance, announcements, events) in the shell. */
  const noticesChanged = (worldId: string) => void client.invalidateQueries({ queryKey: queryKeys.notices(viewer, worldId) });
  const auditLogged = () => void client.invalidateQueries({ queryKey: queryKeys.auditLog(viewer) });
  return {
    /** The reply is the world as it stands now (its status): it replaces the old one; the public list is read again. */
    worldChanged(world: World): void {
      client.setQueryData(gmWorldsQuery(viewer).queryKey, (worlds) => worlds?.map((entry) => (entry.world.id === world.id ? { ...entry, world } : entry)));
      void client.invalidateQueries({ queryKey: worldsQuery().queryKey });
      noticesChanged(world.id);
      auditLogged();
    },
    /** A new world has no figures in the reply: the list with its figures is read again. */
    worldCreated(): void {
      void client.invalidateQueries({ queryKey: gmWorldsQuery(viewer).queryKey });
      void client.invalidateQueries({ queryKey: worldsQuery().queryKey });
      auditLogged();
    },
    /** The reply is the event as it stands now: it replaces the old one, or leads the list when new. */
    eventSaved(event: WorldEvent): void {
      client.setQueryData(worldEventsQuery(viewer).queryKey, (events) =>
        events ? (events.some((e) => e.id === event.id) ? events.map((e) => (e.id === event.id ? event : e)) : [event, ...events]) : events,
      );
      noticesChanged(event.worldId);
      auditLogged();
    },
    /** The reply is the new announcement: it leads the list. */
    announced(announcement: Announcement): void {
      client.setQueryData(announcementsQuery(viewer).queryKey, (list) => (list ? [announcement, ...list] : list));
      noticesChanged(announcement.worldId);
      auditLogged();
    },
    rewardsDistributed(): void {
      auditLogged();
    },
  };
}
