// Keeps the tutorial status fresh while the game is open: first read, a modest poll, reported actions and village reads.
import { useEffect } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { onTutorialProgress } from '../../api/tutorial';
import { userAtom } from '../../state/session';
import { loadTutorialAtom, putTutorialStatusAtom } from '../../state/tutorial';
import { villageOverviewAtom } from '../../state/village';

/** Steps also move without the player clicking (a construction finishing): ask again this often. */
export const TUTORIAL_POLL_MS = 20_000;

export function useTutorialSync(): void {
  const userId = useAtomValue(userAtom)?.id ?? null;
  const load = useSetAtom(loadTutorialAtom);
  const put = useSetAtom(putTutorialStatusAtom);
  // The village page reads its overview again after every action and when a countdown ends.
  const overviewReadAt = useAtomValue(villageOverviewAtom)?.readAt ?? null;

  // Every page view reported anywhere (the map reports its own) brings the new status along.
  useEffect(() => onTutorialProgress((status) => put(status)), [put]);

  useEffect(() => {
    if (!userId) return undefined;
    void load();
    const timer = window.setInterval(() => {
      // A hidden tab needs no fresh percent; the next village read or poll after it shows again catches up.
      if (document.visibilityState !== 'hidden') void load();
    }, TUTORIAL_POLL_MS);
    return () => window.clearInterval(timer);
  }, [userId, load]);

  // A fresh village read follows finished constructions and training, which may have finished a step.
  useEffect(() => {
    if (overviewReadAt !== null) void load();
  }, [overviewReadAt, load]);
}
