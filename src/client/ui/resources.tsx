// Resource stocks as the player sees them: counted up live between server reads, and bars that warn of full stores.
import { useEffect, useState } from 'react';
import { formatNumber } from '../../rules/format';
import { RESOURCE_NAMES, RESOURCE_TYPES, type ResourceType, type Resources } from '../../rules/resources';
import { storeAlert, storeFillPercent, type StoreAlert } from '../../rules/economy';
import { MS_PER_HOUR } from '../../rules/settle';
import { ProgressBar, type ProgressTone } from './ProgressBar';
import { ResourceIcon } from './icons';

/** What the server said about one resource at one instant. */
export interface ResourceReading {
  type: ResourceType;
  amount: number;
  capacity: number;
  /** Per hour; mead's may be negative (population and units eat it). */
  production: number;
}

/**
 * The stock `elapsedMs` after a reading, counting production per hour: never below 0, and never above
 * the capacity (a stock already over it, say after a store was lost, stays where it was).
 */
export function liveAmount(reading: Omit<ResourceReading, 'type'>, elapsedMs: number): number {
  const grown = reading.amount + (reading.production * Math.max(0, elapsedMs)) / MS_PER_HOUR;
  if (reading.production >= 0) return Math.min(grown, Math.max(reading.amount, reading.capacity));
  return Math.max(0, grown);
}

/** Date.now(), refreshed every `intervalMs` so a component re-renders on a steady beat. */
export function useClock(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The readings with their live amounts, ticking every second from `readAt` (the client's clock at the read). */
export function useLiveResources<T extends ResourceReading>(readings: readonly T[] | undefined, readAt: number): (T & { live: number })[] {
  const now = useClock(1000);
  return (readings ?? []).map((reading) => ({ ...reading, live: liveAmount(reading, now - readAt) }));
}

const TONES: Record<StoreAlert, ProgressTone> = { normal: 'good', warning: 'warning', danger: 'danger' };

/** Bar colour of a store: green, yellow above 70% full, red above 90% (the store alerts of src/rules/economy.ts). */
export function storeTone(amount: number, capacity: number): ProgressTone {
  return TONES[storeAlert(amount, capacity)];
}

/** '300 timber, 1.2K iron' for the resources above 0 (a shipment's cargo, loot); 'nothing' when none. */
export function describeResources(amounts: Partial<Resources>): string {
  const parts = RESOURCE_TYPES.filter((r) => (amounts[r] ?? 0) > 0).map((r) => `${formatNumber(amounts[r] ?? 0)} ${RESOURCE_NAMES[r].toLowerCase()}`);
  return parts.length === 0 ? 'nothing' : parts.join(', ');
}

/** '+8/h', '-3/h', '+1.2K/h'. */
export function formatRate(perHour: number): string {
  const text = formatNumber(perHour);
  return `${perHour >= 0 ? '+' : ''}${text}/h`;
}

/** A resource card: amount of capacity, production per hour, and the fill bar. */
export function ResourceBar({ type, amount, capacity, production }: ResourceReading) {
  const name = RESOURCE_NAMES[type];
  const percent = Math.floor(Math.min(100, storeFillPercent(amount, capacity)));
  return (
    <article className="resource-card" aria-label={name}>
      <header className="resource-card__head">
        <ResourceIcon type={type} size={22} />
        <span className="resource-card__name">{name}</span>
        <span className={production < 0 ? 'resource-card__rate resource-card__rate--negative' : 'resource-card__rate'}>
          {formatRate(production)}
        </span>
      </header>
      <p className="resource-card__amount">
        <span data-testid={`resource-${type}`}>{formatNumber(amount)}</span>
        <span className="resource-card__capacity"> / {formatNumber(capacity)}</span>
      </p>
      <ProgressBar
        value={amount}
        max={capacity}
        label={`${name} store`}
        hideLabel
        tone={storeTone(amount, capacity)}
        valueText={`${percent}% full`}
      />
    </article>
  );
}
