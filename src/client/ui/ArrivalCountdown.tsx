// Counts down to a client-clock instant (an army's arrival) every second, and calls onDone once when it is reached.
import { CountdownText, useSecondsLeft } from './Countdown';

export interface ArrivalCountdownProps {
  /** Date.now() instant of the arrival. */
  until: number;
  onDone?: () => void;
}

export function ArrivalCountdown({ until, onDone }: ArrivalCountdownProps) {
  return <CountdownText seconds={useSecondsLeft(until, onDone)} />;
}
