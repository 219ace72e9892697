// Which view the buildings tab shows, the village as a picture or the cards as a list: remembered in this browser, the picture by default.
import { useCallback, useState } from 'react';

export type BuildingsView = 'picture' | 'list';

export const BUILDINGS_VIEW_KEY = 'villageBuildingsView';

/** Read before the first render, so a remembered list never loads the picture (and PixiJS) on the way. */
function storedView(): BuildingsView {
  try {
    return localStorage.getItem(BUILDINGS_VIEW_KEY) === 'list' ? 'list' : 'picture';
  } catch {
    // Storage refused (private mode, a policy): the default holds for this visit.
    return 'picture';
  }
}

/** The view to show, and the switch that shows and remembers another; `asked` overrides the remembered view for this visit. */
export function useBuildingsView(asked?: BuildingsView): [BuildingsView, (view: BuildingsView) => void] {
  const [view, setView] = useState<BuildingsView>(() => asked ?? storedView());
  const choose = useCallback((next: BuildingsView) => {
    setView(next);
    try {
      localStorage.setItem(BUILDINGS_VIEW_KEY, next);
    } catch {
      // Not remembered, but shown.
    }
  }, []);
  return [view, choose];
}
