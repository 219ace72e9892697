// Counts a server-given number of seconds down locally (as 'h m s') and calls onDone once at zero.
import { useEffect, useRef, useState } from 'react';
import { formatDuration, useLanguage } from '../i18n/format';
import { onBeat } from './beat';

export interface CountdownProps {
  seconds: number;
  onDone?: () => void;
}

/** Keyed on the starting seconds: a refetched, different remaining time restarts the count. */
export function Countdown({ seconds, onDone }: CountdownProps) {
  return <CountdownFrom key={seconds} seconds={seconds} onDone={onDone} />;
}

function CountdownFrom({ seconds, onDone }: CountdownProps) {
  useLanguage();
  const start = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const [remaining, setRemaining] = useState(start);
  const doneRef = useRef(onDone);

  useEffect(() => {
    doneRef.current = onDone;
  }, [onDone]);

  useEffect(() => {
    // Measured against the clock rather than counting ticks, so a throttled background tab stays right. The seconds
    // change on the page's shared beat (ui/beat.ts); the end has a timer of its own, so it is never up to a beat late.
    const endsAt = Date.now() + start * 1000;
    let finished = false;
    function tick() {
      const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0 && !finished) {
        finished = true;
        stop();
        window.clearTimeout(end);
        doneRef.current?.();
      }
    }
    const stop = onBeat(1000, tick);
    const end = window.setTimeout(tick, start * 1000);
    if (start === 0) tick();
    return () => {
      stop();
      window.clearTimeout(end);
    };
  }, [start]);

  return (
    <span className="countdown" role="timer" aria-live="off">
      {formatDuration(remaining)}
    </span>
  );
}
