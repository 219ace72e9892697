// How the alliance pages' actions write their replies into the cache: joining (founding, accepting) and leaving, the
// alliance as an action left it, diplomacy, and applications both ways.
import type { QueryClient } from '@tanstack/react-query';
import type { AllianceApplication, AllianceWithMembership, Diplomacy, MyAlliance, MyApplication } from '../../api/alliances';
import { allianceApplicationsQuery, allianceProfileQuery, diplomacyQuery, invitationsQuery, myAllianceQuery, myApplicationsQuery } from '../../state/queries';
import { putQueryData } from '../../state/queryClient';
import { queryKeys, type Viewer } from '../../state/queryKeys';

/** The player's embassy does not change by joining or leaving: the cached level stays (0 before the first read). */
const embassyOf = (old: MyAlliance | undefined) => old?.embassyLevel ?? 0;

/** Membership changes what the wonders of an alliance give, and whose chat the player reads. */
function membershipChanged(client: QueryClient, viewer: Viewer): void {
  client.removeQueries({ queryKey: queryKeys.allianceChat(viewer) });
  void client.invalidateQueries({ queryKey: queryKeys.allWonders(viewer) });
}

/** The reply of founding or accepting is the alliance with the player's membership: the page shows it at once. */
export function joined(client: QueryClient, viewer: Viewer, reply: AllianceWithMembership): void {
  client.setQueryData(myAllianceQuery(viewer).queryKey, (old) => ({ alliance: reply.alliance, membership: reply.membership, embassyLevel: embassyOf(old) }));
  client.setQueryData(invitationsQuery(viewer).queryKey, []);
  membershipChanged(client, viewer);
}

/** After leaving the player has no alliance; the invitations waiting are read again. */
export function left(client: QueryClient, viewer: Viewer): void {
  client.setQueryData(myAllianceQuery(viewer).queryKey, (old) => ({ alliance: null, membership: null, embassyLevel: embassyOf(old) }));
  void client.resetQueries({ queryKey: queryKeys.invitations(viewer) });
  membershipChanged(client, viewer);
}

/** Every page of the feed: the key of one page without its number. */
function feedKey(viewer: Viewer) {
  return queryKeys.allianceFeed(viewer, 1).slice(0, -1);
}

/** Every search and page of the directory: the key of one without its search and page. */
function directoryKey(viewer: Viewer) {
  return queryKeys.allianceDirectory(viewer, '', 1).slice(0, -2);
}

/** An action that writes into the feed (every change of members, ranks, the announcement or diplomacy does): its pages are read again. */
export function feedChanged(client: QueryClient, viewer: Viewer): void {
  void client.invalidateQueries({ queryKey: feedKey(viewer) });
}

/** What an alliance change touches besides the page: the feed tells of it, and its profile shows members and openness. */
export interface AllianceChange {
  /** Whether the directory's rows (member counts, open or invitation only) may have changed too. */
  directory?: boolean;
}

/**
 * The reply of an action on the player's alliance (settings, announcement, ranks, dismissal, leadership, an accepted
 * application) is the alliance as it now stands: the page shows it at once; the feed and its profile are read again.
 */
export function allianceChanged(client: QueryClient, viewer: Viewer, reply: AllianceWithMembership, change: AllianceChange = {}): void {
  const mine = myAllianceQuery(viewer).queryKey;
  putQueryData(client, mine, { alliance: reply.alliance, membership: reply.membership, embassyLevel: embassyOf(client.getQueryData(mine)) });
  feedChanged(client, viewer);
  void client.invalidateQueries({ queryKey: allianceProfileQuery(viewer, reply.alliance.id).queryKey });
  if (change.directory) void client.invalidateQueries({ queryKey: directoryKey(viewer) });
}

/**
 * The reply of a diplomatic action is the alliance's diplomacy as it now stands (the map colours by it too), and the
 * feed tells of it. When a relation began or ended with `relationWith`, both alliances' profiles list it or no longer do.
 */
export function diplomacyChanged(client: QueryClient, viewer: Viewer, reply: Diplomacy, relationWith: string | null): void {
  putQueryData(client, diplomacyQuery(viewer, true).queryKey, reply);
  feedChanged(client, viewer);
  if (!relationWith) return;
  void client.invalidateQueries({ queryKey: allianceProfileQuery(viewer, reply.allianceId).queryKey });
  void client.invalidateQueries({ queryKey: allianceProfileQuery(viewer, relationWith).queryKey });
}

/** An application to the player's alliance was answered: it leaves the list. */
export function applicationAnswered(client: QueryClient, viewer: Viewer, applicationId: string): void {
  client.setQueryData(allianceApplicationsQuery(viewer, true).queryKey, (list: AllianceApplication[] | undefined) =>
    list?.filter((application) => application.id !== applicationId),
  );
}

/** The player applied: the application joins their list and the alliance's profile says it waits. */
export function applied(client: QueryClient, viewer: Viewer, application: MyApplication): void {
  client.setQueryData(myApplicationsQuery(viewer).queryKey, (list) => (list ? [application, ...list.filter((mine) => mine.id !== application.id)] : list));
  client.setQueryData(allianceProfileQuery(viewer, application.alliance.id).queryKey, (profile) => (profile ? { ...profile, myApplication: application } : profile));
}

/** The player withdrew an application: it leaves their list and the alliance's profile offers Apply again. */
export function withdrawn(client: QueryClient, viewer: Viewer, application: Pick<MyApplication, 'id' | 'alliance'>): void {
  client.setQueryData(myApplicationsQuery(viewer).queryKey, (list) => list?.filter((mine) => mine.id !== application.id));
  client.setQueryData(allianceProfileQuery(viewer, application.alliance.id).queryKey, (profile) => (profile ? { ...profile, myApplication: null } : profile));
}
