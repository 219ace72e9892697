// Counts down to a client-clock instant (an army's arrival) every second, and calls onDone once when it is reached.
import { useEffect, useRef, useState } from 'react';
import { formatDuration, useLanguage } from '../i18n/format';
import { onBeat } from './beat';

export interface ArrivalCountdownProps {
  /** Date.now() instant of the arrival. */
  until: number;
  onDone?: () => void;
}

export function ArrivalCountdown({ until, onDone }: ArrivalCountdownProps) {
  useLanguage();
  const left = () => Math.max(0, Math.ceil((until - Date.now()) / 1000));
  const [remaining, setRemaining] = useState(left);
  const doneRef = useRef(onDone);

  useEffect(() => {
    doneRef.current = onDone;
  }, [onDone]);

  useEffect(() => {
    let finished = false;
    function tick() {
      const seconds = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      setRemaining(seconds);
      if (seconds === 0 && !finished) {
        finished = true;
        stop();
        window.clearTimeout(end);
        doneRef.current?.();
      }
    }
    // Measured against the clock on every tick, so a throttled background tab stays right. The seconds change on the
    // page's shared beat (ui/beat.ts); the arrival has a timer of its own, so it is never up to a beat late.
    const stop = onBeat(1000, tick);
    const end = window.setTimeout(tick, Math.max(0, until - Date.now()));
    tick();
    return () => {
      stop();
      window.clearTimeout(end);
    };
  }, [until]);

  return (
    <span className="countdown" role="timer" aria-live="off">
      {formatDuration(remaining)}
    </span>
  );
}
