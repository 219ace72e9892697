// The /game frame as routed: the shell with the tutorial button in its top bar, page visits told to the tutorial, and live updates.
import GameShell from '../features/shell/GameShell';
import { TutorialButton } from '../features/tutorial/TutorialButton';
import { useLiveUpdates } from './liveUpdates';
import { usePageViewReports } from './pageViews';

export default function GameFrame() {
  usePageViewReports();
  useLiveUpdates();
  return <GameShell tutorial={<TutorialButton />} />;
}
