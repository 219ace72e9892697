// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { ProtectionShield } from './ProtectionShield';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('ProtectionShield', () => {
  it('counts down to the server instant on this clock, then goes away and says so once', () => {
    vi.useFakeTimers();
    vi.setSystemTime(Date.UTC(2026, 0, 1, 12, 0, 0));
    const onEnd = vi.fn();
    // The server's clock is a minute ahead: its 14:15 is 14:14 here, 2h 14m from now.
    render(<ProtectionShield until="2026-01-01T14:15:00.000Z" serverOffsetMs={60_000} onEnd={onEnd} />);
    expect(screen.getByTestId('protection-shield').textContent).toBe(' Under beginner protection · ends in 2h 14m 0s');
    act(() => vi.advanceTimersByTime((2 * 3600 + 14 * 60) * 1000));
    expect(screen.queryByTestId('protection-shield')).toBeNull();
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('shows nothing for an instant already past or unreadable', () => {
    render(<ProtectionShield until={new Date(Date.now() - 1000).toISOString()} serverOffsetMs={0} />);
    render(<ProtectionShield until="not a date" serverOffsetMs={0} />);
    expect(screen.queryByTestId('protection-shield')).toBeNull();
  });
});
