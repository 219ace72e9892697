// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Countdown } from './Countdown';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Countdown', () => {
  it('counts down in h m s and calls onDone once at zero', () => {
    vi.useFakeTimers();
    const onDone = vi.fn();
    render(<Countdown seconds={62} onDone={onDone} />);
    expect(screen.getByRole('timer').textContent).toBe('1m 2s');
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByRole('timer').textContent).toBe('59s');
    act(() => vi.advanceTimersByTime(59_000));
    expect(screen.getByRole('timer').textContent).toBe('0s');
    expect(onDone).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(5000));
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
