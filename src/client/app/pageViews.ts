// Tells the tutorial which game page the player opened, once per visit, for every page at one place.
import { useEffect, useRef } from 'react';
import { useAtomValue } from 'jotai';
import { useLocation } from 'react-router';
import { reportTutorialAction, type TutorialAction } from '../api/tutorial';
import { villagesAtom } from '../state/village';
import { sittingAtom } from '../state/session';

/** The page actions of the game's pages. The map is missing on purpose: it reports its own view once it shows. */
const VIEW_ACTIONS: Readonly<Record<string, TutorialAction>> = {
  village: 'view_village',
  heroes: 'view_heroes',
  wonders: 'view_wonders',
  quests: 'view_quests',
  army: 'view_army',
  reports: 'view_reports',
  alliance: 'view_alliance',
};

/** The view action of a game page address ('/game/quests' -> 'view_quests'), or null for any other address. */
export function viewActionOf(pathname: string): TutorialAction | null {
  const page = /^\/game\/([a-z]+)\/?$/.exec(pathname)?.[1];
  return page ? (VIEW_ACTIONS[page] ?? null) : null;
}

/**
 * Reports the page's view action when the player arrives on a game page. A visit lasts until the address
 * changes to another page, so switching tabs inside a page (its query) or a re-render reports nothing more.
 * The village page counts only once a village shows there: without one it is the world picker.
 */
export function usePageViewReports(): void {
  const { pathname } = useLocation();
  const villages = useAtomValue(villagesAtom);
  const hasVillage = villages !== null && villages.length > 0;
  // The tutorial is the owner's own: a sitter's visits are not told (a sitting session may not report them).
  const sitting = useAtomValue(sittingAtom) !== null;
  const visit = useRef<{ pathname: string; reported: boolean }>({ pathname: '', reported: false });

  useEffect(() => {
    if (visit.current.pathname !== pathname) visit.current = { pathname, reported: false };
    if (visit.current.reported || sitting) return;
    const action = viewActionOf(pathname);
    if (!action || (action === 'view_village' && !hasVillage)) return;
    visit.current.reported = true;
    void reportTutorialAction(action);
  }, [pathname, hasVillage, sitting]);
}
