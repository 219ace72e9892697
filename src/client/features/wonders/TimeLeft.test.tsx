// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { TimeLeft } from './TimeLeft';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('TimeLeft', () => {
  it('counts down locally from the read, in days and hours, hours and minutes, then minutes', () => {
    vi.useFakeTimers();
    const readAt = Date.now();
    render(<TimeLeft seconds={86_400 + 30} readAt={readAt} />);
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('1d 0h');
    act(() => vi.advanceTimersByTime(31_000));
    expect(timer.textContent).toBe('23h 59m');
    act(() => vi.advanceTimersByTime((23 * 3600 + 58 * 60) * 1000));
    expect(timer.textContent).toBe('1m');
  });

  it('counts from the moment the reply arrived, not from when it is drawn', () => {
    vi.useFakeTimers();
    const readAt = Date.now();
    vi.advanceTimersByTime(10 * 60_000);
    render(<TimeLeft seconds={3600} readAt={readAt} />);
    expect(screen.getByRole('timer').textContent).toBe('50m');
  });

  it('asks for a reread once, just after the end', () => {
    vi.useFakeTimers();
    const onDone = vi.fn();
    render(<TimeLeft seconds={5} readAt={Date.now()} onDone={onDone} />);
    act(() => vi.advanceTimersByTime(5_000));
    expect(onDone).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1_500));
    expect(onDone).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('timer').textContent).toBe('0m');
    act(() => vi.advanceTimersByTime(60_000));
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
