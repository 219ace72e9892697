// A countdown to an instant derived from a server read: remaining seconds minus the time since the read arrived.
import { useState } from 'react';
import { Countdown } from '../../ui/Countdown';

export interface EndsInProps {
  /** Seconds left as the server said at the read. */
  remaining: number;
  /** Date.now() when that read arrived. */
  readAt: number;
  onDone?: () => void;
}

/** Keyed on the end instant, so a later read of the same work does not restart it but a new one does. */
export function EndsIn({ remaining, readAt, onDone }: EndsInProps) {
  const endsAt = readAt + remaining * 1000;
  return <EndsInFrom key={endsAt} endsAt={endsAt} onDone={onDone} />;
}

function EndsInFrom({ endsAt, onDone }: { endsAt: number; onDone?: () => void }) {
  // Fixed at mount: Countdown restarts whenever its seconds change.
  const [seconds] = useState(() => Math.max(0, Math.ceil((endsAt - Date.now()) / 1000)));
  return <Countdown seconds={seconds} onDone={onDone} />;
}
