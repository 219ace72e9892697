// Typed calls of the tutorial: its status for the overlay, hints, page actions the player reports, and skipping.
import type { Schema } from '../../contract';
import { api, ApiFailure, unwrap } from './client';

export type TutorialStatus = Schema<'TutorialStatus'>;
export type TutorialQuest = Schema<'TutorialQuest'>;
export type TutorialAction = Schema<'TutorialAction'>;
export type Hint = Schema<'Hint'>;

/** The current step; the server creates the tutorial on first use, so there is no separate initialize step here. */
export function getTutorialStatus(): Promise<TutorialStatus> {
  return unwrap(api.GET('/api/tutorial/status'));
}

/** Hints derived from the player's villages, alliance and tutorial, most urgent first. */
export async function getTutorialHints(): Promise<Hint[]> {
  const { hints } = await unwrap(api.GET('/api/tutorial/hints'));
  return hints;
}

/** Ends the tutorial without its remaining rewards; the reply is the completed status. */
export function skipTutorial(): Promise<TutorialStatus> {
  return unwrap(api.POST('/api/tutorial/skip'));
}

type ProgressListener = (status: TutorialStatus) => void;
const listeners = new Set<ProgressListener>();

/**
 * Hears every status a reported action brings back, wherever it was reported from (the map reports its own
 * view), so the tutorial button follows play without asking again. Returns the unsubscribe.
 */
export function onTutorialProgress(listener: ProgressListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Tells the tutorial the player did something (a page view, coming back). Reporting is a courtesy that must
 * never disturb the page: a failure is only logged (a server without the tutorial, 501, not even that), and
 * the call resolves to the new status, or null when the report was not taken.
 */
export async function reportTutorialAction(action: TutorialAction): Promise<TutorialStatus | null> {
  try {
    const status = await unwrap(api.POST('/api/tutorial/progress', { body: { action, amount: 1 } }));
    for (const listener of listeners) listener(status);
    return status;
  } catch (error) {
    if (!(error instanceof ApiFailure) || error.status !== 501) console.warn(`Tutorial report ${action} failed`, error);
    return null;
  }
}
