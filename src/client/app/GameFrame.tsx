// The /game frame as routed: the shell with the tutorial button in its top bar and the vacation and sitting banners over its pages, page visits told to the tutorial, and live updates.
import { useAtomValue } from 'jotai';
import { Navigate, useLocation } from 'react-router';
import GameShell from '../features/shell/GameShell';
import { TutorialButton } from '../features/tutorial/TutorialButton';
import { VacationBanner } from '../features/vacation/VacationBanner';
import { SittingBanner } from '../features/sitters/SittingBanner';
import { villagesQuery } from '../state/queries';
import type { Village } from '../api/villages';
import { sessionStore, sittingAtom, tokenAtom, userIdAtom } from '../state/session';
import { dataLayerClient } from './DataLayer';
import { useLiveUpdates } from './liveUpdates';
import { usePageViewReports } from './pageViews';

/** The pages a sitter may not use in the owner's account (the server refuses their reads): mail, the alliance, settings, alerts. */
const CLOSED_TO_SITTERS = /^\/game\/(messages|alliance|alliances|settings|alerts)(\/|$)/;
const closedToSitters = (path: string) => CLOSED_TO_SITTERS.test(path);

export default function GameFrame() {
  usePageViewReports();
  useLiveUpdates();
  const sitting = useAtomValue(sittingAtom) !== null;
  const { pathname } = useLocation();
  if (sitting && CLOSED_TO_SITTERS.test(pathname)) return <Navigate to="/game/village" replace />;
  // The tutorial is the owner's own: a sitter sees no tutorial button.
  return (
    <GameShell
      tutorial={sitting ? null : <TutorialButton />}
      // Not offered rather than offered and refused (the server refuses them to a sitter too).
      closedPages={sitting ? closedToSitters : undefined}
      banners={
        <>
          <SittingBanner />
          <VacationBanner />
        </>
      }
    />
  );
}

/**
 * The read every game page starts with, the player's villages (the shell's village card, the village page's heading),
 * asked by the entry with the page's chunks at the start of a game page's load, while the session is still being checked
 * (routes.tsx's preloadPagesAt), and filed here when this chunk arrives: the shell and the page find it under way or done (a read of the same page load is used,
 * see PAGE_LOAD_MS) instead of asking once they have rendered. Only this one: a read made long before the part that
 * uses it mounts would be older than a page load on a slow device, and asked again. A stored session the server refuses
 * ends as the app's check would end it (the API client's 401). Here, not in the data layer: the sign-in pages load the
 * data layer and none of the game's reads.
 */
export async function prefetchGameReads(villages: Promise<Village[]>, store = sessionStore, client = dataLayerClient): Promise<void> {
  const viewer = store.get(userIdAtom);
  if (viewer === null || store.get(tokenAtom) === null) return;
  // The read the entry sent before this chunk came, filed as the query's answer.
  await client.prefetchQuery({ ...villagesQuery(viewer), queryFn: () => villages });
}
