// The shared beat: listeners of one pace are told in the same task, the timer lives as long as its listeners.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onBeat } from './beat';

afterEach(() => {
  vi.useRealTimers();
});

describe('onBeat', () => {
  it('tells every listener of a pace in the same timer task, whenever each joined', () => {
    vi.useFakeTimers();
    const heard: string[] = [];
    const stopFirst = onBeat(1000, () => heard.push(`first ${Date.now()}`));
    vi.advanceTimersByTime(400);
    const stopSecond = onBeat(1000, () => heard.push(`second ${Date.now()}`));
    vi.advanceTimersByTime(600);
    const start = Date.now() - 1000;
    expect(heard).toEqual([`first ${start + 1000}`, `second ${start + 1000}`]);
    expect(vi.getTimerCount()).toBe(1);
    stopFirst();
    stopSecond();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps each pace apart, lets a listener stop itself, and starts again after the last one stopped', () => {
    vi.useFakeTimers();
    let calls = 0;
    const stop = onBeat(1000, () => {
      calls++;
      stop();
    });
    const slow = vi.fn();
    const stopSlow = onBeat(30_000, slow);
    expect(vi.getTimerCount()).toBe(2);
    vi.advanceTimersByTime(3000);
    expect(calls).toBe(1);
    expect(slow).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(1);
    stopSlow();
    stopSlow();
    const again = vi.fn();
    const stopAgain = onBeat(1000, again);
    vi.advanceTimersByTime(1000);
    expect(again).toHaveBeenCalledTimes(1);
    stopAgain();
    expect(vi.getTimerCount()).toBe(0);
  });
});
