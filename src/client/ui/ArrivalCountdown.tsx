// Counts down to a client-clock instant (an army's arrival) every second, and calls onDone once when it is reached.
import { useEffect, useRef, useState } from 'react';
import { formatDuration, useLanguage } from '../i18n/format';

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
        window.clearInterval(timer);
        doneRef.current?.();
      }
    }
    // Measured against the clock on every tick, so a throttled background tab stays right.
    const timer = window.setInterval(tick, 1000);
    tick();
    return () => window.clearInterval(timer);
  }, [until]);

  return (
    <span className="countdown" role="timer" aria-live="off">
      {formatDuration(remaining)}
    </span>
  );
}
