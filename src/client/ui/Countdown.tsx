// Counts a server-given number of seconds down locally (as 'h m s') and calls onDone once at zero; the seconds left
// until an instant, on the page's shared beat, for every countdown of the client (ArrivalCountdown too).
import { useEffect, useRef, useState } from 'react';
import { formatDuration, useLanguage } from '../i18n/format';
import { onBeat } from './beat';

export interface CountdownProps {
  seconds: number;
  onDone?: () => void;
}

/** Whole seconds from now until a Date.now() instant, rounded up, never below zero. */
const secondsUntil = (instant: number) => Math.max(0, Math.ceil((instant - Date.now()) / 1000));

/**
 * Whole seconds left until `endsAt` (a Date.now() instant), and `onDone` called once when it is reached. Measured
 * against the clock on every tick, so a throttled background tab stays right. The seconds change on the page's shared
 * beat (ui/beat.ts); the end has a timer of its own, so it is never up to a beat late.
 */
export function useSecondsLeft(endsAt: number, onDone?: () => void): number {
  const [remaining, setRemaining] = useState(() => secondsUntil(endsAt));
  const doneRef = useRef(onDone);

  useEffect(() => {
    doneRef.current = onDone;
  }, [onDone]);

  useEffect(() => {
    let finished = false;
    function tick() {
      const seconds = secondsUntil(endsAt);
      setRemaining(seconds);
      if (seconds === 0 && !finished) {
        finished = true;
        stop();
        window.clearTimeout(end);
        doneRef.current?.();
      }
    }
    const stop = onBeat(1000, tick);
    const end = window.setTimeout(tick, Math.max(0, endsAt - Date.now()));
    tick();
    return () => {
      stop();
      window.clearTimeout(end);
    };
  }, [endsAt]);

  return remaining;
}

/** Seconds as a countdown's text, in the player's language. */
export function CountdownText({ seconds }: { seconds: number }) {
  useLanguage();
  return (
    <span className="countdown" role="timer" aria-live="off">
      {formatDuration(seconds)}
    </span>
  );
}

/** Keyed on the starting seconds: a refetched, different remaining time restarts the count. */
export function Countdown({ seconds, onDone }: CountdownProps) {
  return <CountdownFrom key={seconds} seconds={seconds} onDone={onDone} />;
}

function CountdownFrom({ seconds, onDone }: CountdownProps) {
  const start = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const [endsAt] = useState(() => Date.now() + start * 1000);
  return <CountdownText seconds={useSecondsLeft(endsAt, onDone)} />;
}
