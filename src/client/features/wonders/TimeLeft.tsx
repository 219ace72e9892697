// The time a wonder's level still needs ('2d 5h', '5h 12m', '12m'), counted down locally from a server read; calls onDone once when it is up.
import { useEffect, useRef } from 'react';
import { formatTimeLeft, useLanguage } from '../../i18n/format';
import { useClock } from '../../ui/resources';

/** setTimeout cannot wait longer than this; the page's periodic reread covers anything further away. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;
/** The server settles the level on the read that follows: leave it a moment past the instant. */
const AFTER_END_MS = 1000;

export interface TimeLeftProps {
  /** Seconds left as the server said at the read. */
  seconds: number;
  /** Date.now() when that read arrived. */
  readAt: number;
  onDone?: () => void;
}

export function TimeLeft({ seconds, readAt, onDone }: TimeLeftProps) {
  useLanguage();
  const now = useClock(1000);
  const endsAt = readAt + Math.max(0, seconds) * 1000;
  const doneRef = useRef(onDone);

  useEffect(() => {
    doneRef.current = onDone;
  }, [onDone]);

  useEffect(() => {
    const wait = endsAt - Date.now() + AFTER_END_MS;
    if (wait > LONGEST_TIMER_MS) return undefined;
    const timer = window.setTimeout(() => doneRef.current?.(), Math.max(AFTER_END_MS, wait));
    return () => window.clearTimeout(timer);
  }, [endsAt]);

  return (
    <span className="countdown" role="timer" aria-live="off">
      {formatTimeLeft((endsAt - now) / 1000)}
    </span>
  );
}
