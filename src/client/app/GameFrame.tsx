// The /game frame as routed: the shell with the tutorial button in its top bar, and page visits told to the tutorial.
import GameShell from '../features/shell/GameShell';
import { TutorialButton } from '../features/tutorial/TutorialButton';
import { usePageViewReports } from './pageViews';

export default function GameFrame() {
  usePageViewReports();
  return <GameShell tutorial={<TutorialButton />} />;
}
