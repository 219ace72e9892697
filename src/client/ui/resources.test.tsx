// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { LANDING_MS, ResourceBar, landedBetween, liveAmount, storeTone, useLiveResources, type ResourceReading } from './resources';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function barClass(amount: number, capacity = 1000): string {
  const { container } = render(<ResourceBar type="timber" amount={amount} capacity={capacity} production={10} />);
  const bar = container.querySelector('.progress');
  const className = bar?.className ?? '';
  cleanup();
  return className;
}

describe('ResourceBar', () => {
  it('is green up to 70% full, yellow above 70% and red above 90%', () => {
    expect(barClass(500)).toContain('progress--good');
    expect(barClass(700)).toContain('progress--good');
    expect(barClass(701)).toContain('progress--warning');
    expect(barClass(900)).toContain('progress--warning');
    expect(barClass(901)).toContain('progress--danger');
    expect(barClass(1000)).toContain('progress--danger');
  });

  it('shows the amount with K and M, the capacity and the production per hour', () => {
    render(<ResourceBar type="mead" amount={12_345} capacity={2_500_000} production={-40} />);
    const card = screen.getByRole('article', { name: 'Mead' });
    expect(card.textContent).toContain('12.3K');
    expect(card.textContent).toContain('/ 2.5M');
    expect(card.textContent).toContain('-40/h');
    expect(screen.getByRole('progressbar', { name: 'Mead store' }).getAttribute('aria-valuetext')).toBe('0% full');
  });

  it('uses the store tone of the rules', () => {
    expect(storeTone(0, 800)).toBe('good');
    expect(storeTone(600, 800)).toBe('warning');
    expect(storeTone(800, 800)).toBe('danger');
  });
});

describe('liveAmount', () => {
  const reading = { amount: 100, capacity: 800, production: 3600 };

  it('counts production per hour from the read', () => {
    expect(liveAmount(reading, 0)).toBe(100);
    expect(liveAmount(reading, 10_000)).toBe(110);
  });

  it('stops at the capacity and at zero', () => {
    expect(liveAmount(reading, 3_600_000)).toBe(800);
    expect(liveAmount({ amount: 10, capacity: 800, production: -3600 }, 60_000)).toBe(0);
  });

  it('leaves a stock above the capacity where it is rather than cutting it', () => {
    expect(liveAmount({ amount: 900, capacity: 800, production: 100 }, 60_000)).toBe(900);
  });
});

function Ticker({ readings, readAt }: { readings: ResourceReading[]; readAt: number }) {
  const live = useLiveResources(readings, readAt);
  return (
    <ul>
      {live.map((r) => (
        <li key={r.type} data-testid={r.type}>
          {Math.floor(r.live)}
        </li>
      ))}
    </ul>
  );
}

describe('useLiveResources', () => {
  it('ticks every second between server reads', () => {
    vi.useFakeTimers();
    const readAt = Date.now();
    render(
      <Ticker
        readAt={readAt}
        readings={[
          { type: 'timber', amount: 750, capacity: 800, production: 7200 },
          { type: 'mead', amount: 5, capacity: 800, production: -3600 },
        ]}
      />,
    );
    expect(screen.getByTestId('timber').textContent).toBe('750');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('timber').textContent).toBe('752');
    expect(screen.getByTestId('mead').textContent).toBe('4');
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByTestId('timber').textContent).toBe('772');
    expect(screen.getByTestId('mead').textContent).toBe('0');
  });
});

describe('landedBetween', () => {
  const at = 1_000_000;
  const sample = { amount: 500, capacity: 1000, production: 3600, at };

  it('sees a rise beyond production as a landing, and production (with some slack for a fresh read) as none', () => {
    expect(landedBetween(sample, { ...sample, amount: 501, at: at + 1000 })).toBe(false);
    expect(landedBetween(sample, { ...sample, amount: 530, at: at + 1000 })).toBe(false);
    expect(landedBetween(sample, { ...sample, amount: 700, at: at + 1000 })).toBe(true);
    expect(landedBetween(sample, { ...sample, amount: 800, at: at + 300_000 })).toBe(false);
  });

  it('needs more than two units where nothing is produced, and never counts a fall', () => {
    const idle = { ...sample, production: 0 };
    expect(landedBetween(idle, { ...idle, amount: 502, at: at + 1000 })).toBe(false);
    expect(landedBetween(idle, { ...idle, amount: 503, at: at + 1000 })).toBe(true);
    expect(landedBetween(sample, { ...sample, amount: 100, at: at + 1000 })).toBe(false);
  });

  it('treats another capacity or production as another store, shown as it is', () => {
    expect(landedBetween(sample, { ...sample, amount: 900, capacity: 1200, at: at + 1000 })).toBe(false);
    expect(landedBetween(sample, { ...sample, amount: 900, production: 4000, at: at + 1000 })).toBe(false);
  });
});

describe('ResourceBar landing', () => {
  function reducedMotion(reduce: boolean) {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query === '(prefers-reduced-motion: reduce)', media: query }));
  }

  function bar(amount: number, production = 3600) {
    return <ResourceBar type="timber" amount={amount} capacity={1000} production={production} />;
  }

  const shown = () => screen.getByTestId('resource-timber').textContent;
  const card = () => screen.getByRole('article', { name: 'Timber' });

  it('counts up to a stock that jumped beyond production, with a glow, then settles on the very amount', () => {
    reducedMotion(false);
    vi.useFakeTimers();
    const { rerender } = render(bar(200));
    expect(vi.getTimerCount()).toBe(0);
    rerender(bar(800));
    // Not the new amount at once: the count starts where the stock stood.
    expect(shown()).toBe('200');
    expect(card().className).toContain('resource--landing');
    // The bar and what it tells screen readers take the new stock at once (CSS eases the fill).
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('800');
    act(() => vi.advanceTimersByTime(LANDING_MS / 2));
    const midway = Number(shown());
    expect(midway).toBeGreaterThan(200);
    expect(midway).toBeLessThan(800);
    act(() => vi.advanceTimersByTime(LANDING_MS));
    expect(shown()).toBe('800');
    expect(card().className).not.toContain('resource--landing');
    // Settled: no frame is asked for while nothing changes.
    expect(vi.getTimerCount()).toBe(0);
    act(() => vi.advanceTimersByTime(10_000));
    expect(shown()).toBe('800');
  });

  it('follows production while it counts, ending on the live amount', () => {
    reducedMotion(false);
    vi.useFakeTimers();
    const { rerender } = render(bar(200));
    rerender(bar(700));
    act(() => vi.advanceTimersByTime(300));
    rerender(bar(701));
    act(() => vi.advanceTimersByTime(LANDING_MS));
    expect(shown()).toBe('701');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not move for production, a fall or a newly read village of another capacity', () => {
    reducedMotion(false);
    vi.useFakeTimers();
    const { rerender } = render(bar(500));
    act(() => vi.advanceTimersByTime(1000));
    rerender(bar(501));
    expect(shown()).toBe('501');
    rerender(bar(100));
    expect(shown()).toBe('100');
    rerender(<ResourceBar type="timber" amount={900} capacity={2000} production={3600} />);
    expect(shown()).toBe('900');
    expect(card().className).not.toContain('resource--landing');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows a landing at once under prefers-reduced-motion: no count, no glow, no frames', () => {
    reducedMotion(true);
    vi.useFakeTimers();
    const { rerender } = render(bar(200));
    rerender(bar(800));
    expect(shown()).toBe('800');
    expect(card().className).not.toContain('resource--landing');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops asking for frames when it goes away mid-count', () => {
    reducedMotion(false);
    vi.useFakeTimers();
    const { rerender, unmount } = render(bar(200));
    rerender(bar(800));
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
