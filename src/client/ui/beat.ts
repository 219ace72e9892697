// One timer for every clock of a page that ticks at the same pace: the countdowns and live stocks are told in the same
// task, so React renders them together, once a beat, and two figures of one stock (the top bar's, the card's) never
// disagree for part of a second. Each clock used to keep its own interval: five renders a second on a village page.

type Listener = () => void;

interface Beat {
  timer: ReturnType<typeof setInterval>;
  listeners: Set<Listener>;
}

const beats = new Map<number, Beat>();

/**
 * Calls `listener` every `intervalMs`, in step with every other listener of that pace (the pace's timer starts with its
 * first listener). Returns the way to stop; the timer stops with the last listener.
 */
export function onBeat(intervalMs: number, listener: Listener): () => void {
  let beat = beats.get(intervalMs);
  if (!beat) {
    const listeners = new Set<Listener>();
    // A copy is walked: a listener may stop itself (a countdown at zero) or start another.
    const timer = setInterval(() => [...listeners].forEach((each) => each()), intervalMs);
    beat = { timer, listeners };
    beats.set(intervalMs, beat);
  }
  const own = beat;
  own.listeners.add(listener);
  return () => {
    own.listeners.delete(listener);
    if (own.listeners.size > 0 || beats.get(intervalMs) !== own) return;
    clearInterval(own.timer);
    beats.delete(intervalMs);
  };
}
