// The signed-in player's tutorial status, shared by the top-bar button, the overlay and whatever reports progress.
import { atom } from 'jotai';
import { getTutorialStatus, type TutorialStatus } from '../api/tutorial';
import { userAtom } from './session';

export type { TutorialStatus };

interface TutorialRead {
  /** Whose status it is, so another sign-in in the same tab never sees it. */
  ownerId: string;
  status: TutorialStatus;
}

const tutorialReadAtom = atom<TutorialRead | null>(null);

/** The status as last heard from the server, or null before the first read. */
export const tutorialStatusAtom = atom<TutorialStatus | null>((get) => {
  const read = get(tutorialReadAtom);
  const user = get(userAtom);
  return read && user && read.ownerId === user.id ? read.status : null;
});

/** A reply worth keeping: an odd body (an empty reply, a proxy's page) never replaces a real status. */
function isStatus(value: unknown): value is TutorialStatus {
  return typeof value === 'object' && value !== null && typeof (value as TutorialStatus).totalSteps === 'number';
}

/**
 * Counts every write and every read started: a read that comes back after a newer write (a report's
 * reply, a skip) is dropped, so a slow poll never winds the step counter back.
 */
let writes = 0;

/** Stores a status the server just sent (the reply to a report or a skip). */
export const putTutorialStatusAtom = atom(null, (get, set, status: TutorialStatus) => {
  const user = get(userAtom);
  if (!user || !isStatus(status)) return;
  writes += 1;
  set(tutorialReadAtom, { ownerId: user.id, status });
});

/** Reads GET /api/tutorial/status into the atom. Never throws: a failed read is only logged and the old status stays. */
export const loadTutorialAtom = atom(null, async (get, set): Promise<void> => {
  const user = get(userAtom);
  if (!user) return;
  writes += 1;
  const started = writes;
  try {
    const status = await getTutorialStatus();
    if (started !== writes || get(userAtom)?.id !== user.id || !isStatus(status)) return;
    set(tutorialReadAtom, { ownerId: user.id, status });
  } catch (error) {
    console.error('Loading the tutorial failed', error);
  }
});
