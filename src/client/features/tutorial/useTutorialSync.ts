// Keeps the tutorial status fresh while the game is open: the statuses reported actions bring back, and a read again
// after every village read (finished constructions and training may have finished a step). The poll is the query's own.
import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { onTutorialProgress } from '../../api/tutorial';
import { isTutorialStatus, tutorialStatusQuery } from '../../state/queries';
import { putQueryData } from '../../state/queryClient';
import { queryKeys } from '../../state/queryKeys';
import { userIdAtom } from '../../state/session';

export { TUTORIAL_POLL_MS } from '../../state/queries';

/** The tutorial status of the signed-in player, read on first use and asked again every TUTORIAL_POLL_MS. */
export function useTutorialStatus() {
  return useQuery(tutorialStatusQuery(useAtomValue(userIdAtom)));
}

export function useTutorialSync(): void {
  const viewer = useAtomValue(userIdAtom);
  const client = useQueryClient();

  // Every page view reported anywhere (the map reports its own) brings the new status along.
  useEffect(
    () =>
      onTutorialProgress((status) => {
        if (viewer !== null && isTutorialStatus(status)) putQueryData(client, queryKeys.tutorialStatus(viewer), status);
      }),
    [client, viewer],
  );

  // A fresh village read follows finished constructions and training, which may have finished a step. Only a village's
  // overview itself counts (not the oases filed under it), and only a read again: the first read comes with the page
  // load, which reads the tutorial status itself.
  useEffect(() => {
    if (viewer === null) return undefined;
    const overviews = queryKeys.overviews(viewer);
    return client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
      const key = event.query.queryKey;
      const isOverview = key.length === overviews.length + 1 && overviews.every((part, i) => key[i] === part);
      if (isOverview && event.query.state.dataUpdateCount > 1) void client.invalidateQueries({ queryKey: queryKeys.tutorialStatus(viewer) });
    });
  }, [client, viewer]);
}
