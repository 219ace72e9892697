// The /game frame as routed: the shell with the tutorial button in its top bar and the vacation and sitting banners over its pages, page visits told to the tutorial, and live updates.
import { useAtomValue } from 'jotai';
import { Navigate, useLocation } from 'react-router';
import GameShell from '../features/shell/GameShell';
import { TutorialButton } from '../features/tutorial/TutorialButton';
import { VacationBanner } from '../features/vacation/VacationBanner';
import { SittingBanner } from '../features/sitters/SittingBanner';
import { sittingAtom } from '../state/session';
import { useLiveUpdates } from './liveUpdates';
import { usePageViewReports } from './pageViews';

/** The pages a sitter may not use in the owner's account (the server refuses their reads): mail, the alliance, settings, alerts. */
const CLOSED_TO_SITTERS = /^\/game\/(messages|alliance|alliances|settings|alerts)(\/|$)/;

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
      banners={
        <>
          <SittingBanner />
          <VacationBanner />
        </>
      }
    />
  );
}
