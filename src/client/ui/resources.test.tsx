// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { ResourceBar, liveAmount, storeTone, useLiveResources, type ResourceReading } from './resources';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
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
