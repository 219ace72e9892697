// Resource stocks as the player sees them: counted up live between server reads, counting up briefly when something
// lands, and bars that warn of full stores.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESOURCE_TYPES, type ResourceType, type Resources } from '../../rules/resources';
import { i18n } from '../i18n';
import { formatNumber, formatPercent, formatRate } from '../i18n/format';
import { resourceName } from '../i18n/game';
import { storeAlert, storeFillPercent, type StoreAlert } from '../../rules/economy';
import { MS_PER_HOUR } from '../../rules/settle';
import { ProgressBar, type ProgressTone } from './ProgressBar';
import { ResourceIcon } from './icons';
import { onBeat } from './beat';

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

/** Date.now(), refreshed every `intervalMs` on the page's shared beat (ui/beat.ts), so its clocks render together. */
export function useClock(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => onBeat(intervalMs, () => setNow(Date.now())), [intervalMs]);
  return now;
}

/** The readings with their live amounts, ticking every second from `readAt` (the client's clock at the read). */
export function useLiveResources<T extends ResourceReading>(readings: readonly T[] | undefined, readAt: number): (T & { live: number })[] {
  const now = useClock(1000);
  return (readings ?? []).map((reading) => ({ ...reading, live: liveAmount(reading, now - readAt) }));
}

/** How long a stock that jumped up takes to count up to its new amount. */
export const LANDING_MS = 600;

/** A rise within this many seconds of production (or two units) is the count catching up with a read, not a landing. */
const CATCH_UP_SECONDS = 30;
const MIN_LANDING = 2;

/** One stock as it was shown, and when (Date.now()). */
export interface StockSample {
  amount: number;
  capacity: number;
  production: number;
  at: number;
}

/**
 * Whether the stock rose by more than production explains between two samples: a shipment, loot or a reward
 * landed. Another capacity or production is another store (another village chosen, a level finished), so it
 * is shown as it is rather than counted up.
 */
export function landedBetween(before: StockSample, after: StockSample): boolean {
  if (before.capacity !== after.capacity || before.production !== after.production) return false;
  const produced = (Math.max(0, after.production) * Math.max(0, after.at - before.at)) / MS_PER_HOUR;
  const slack = Math.max(MIN_LANDING, (Math.abs(after.production) * CATCH_UP_SECONDS * 1000) / MS_PER_HOUR);
  return after.amount - before.amount > produced + slack;
}

/** The player asked the system for less motion (asked at each landing, so a change applies at once). */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Fast at first, settling gently on the new amount. */
function easeOut(t: number): number {
  return 1 - (1 - t) ** 3;
}

export interface Landing {
  /** The amount to show: the stock itself, or on its way up to it while something lands. */
  shown: number;
  /** Something landed and the count is still rising (LANDING_MS). */
  landing: boolean;
}

/** Where a landing's count started and how far along it is (0 to 1). */
interface Flight {
  from: number;
  progress: number;
}

/**
 * The stock to show: `amount` itself, except for LANDING_MS after it jumped up beyond production, when it counts up
 * from where it stood (animation frames only then; nothing runs while nothing lands, and nothing under reduced
 * motion). The count always ends on `amount`, which keeps moving with production meanwhile.
 */
export function useLanding({ amount, capacity, production }: Omit<ResourceReading, 'type'>): Landing {
  const seen = useRef<StockSample | null>(null);
  const shownBefore = useRef(amount);
  const frame = useRef<number | null>(null);
  const [flight, setFlight] = useState<Flight | null>(null);

  // Before paint, so the new amount never flashes up before the count starts below it.
  useLayoutEffect(() => {
    const at = Date.now();
    const before = seen.current;
    seen.current = { amount, capacity, production, at };
    if (!before || !landedBetween(before, seen.current) || prefersReducedMotion()) return;
    if (frame.current !== null) cancelAnimationFrame(frame.current);
    // From what is on screen, which is mid-count if another landing is still rising.
    const from = shownBefore.current;
    const step = () => {
      const progress = Math.min(1, (Date.now() - at) / LANDING_MS);
      frame.current = progress < 1 ? requestAnimationFrame(step) : null;
      setFlight(progress < 1 ? { from, progress } : null);
    };
    setFlight({ from, progress: 0 });
    frame.current = requestAnimationFrame(step);
  }, [amount, capacity, production]);

  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  const shown = flight ? flight.from + (amount - flight.from) * easeOut(flight.progress) : amount;
  useLayoutEffect(() => {
    shownBefore.current = shown;
  });
  return { shown, landing: flight !== null };
}

const TONES: Record<StoreAlert, ProgressTone> = { normal: 'good', warning: 'warning', danger: 'danger' };

/** Bar colour of a store: green, yellow above 70% full, red above 90% (the store alerts of src/rules/economy.ts). */
export function storeTone(amount: number, capacity: number): ProgressTone {
  return TONES[storeAlert(amount, capacity)];
}

/** '300 timber, 1.2K iron' for the resources above 0 (a shipment's cargo, loot); 'nothing' when none (German '300 Holz', 'nichts'). */
export function describeResources(amounts: Partial<Resources>): string {
  const parts = RESOURCE_TYPES.filter((r) => (amounts[r] ?? 0) > 0).map((r) =>
    i18n.t('common:resourceAmount', { amount: formatNumber(amounts[r] ?? 0), resource: i18n.t(`common:resourcesInText.${r}`) }),
  );
  return parts.length === 0 ? i18n.t('common:nothing') : parts.join(', ');
}

/** '+8/h', '-3/h', '+1.2K/h' (src/client/i18n/format.ts; here for the pages that import it from the resources). */
export { formatRate };

/** A resource card: amount of capacity, production per hour, and the fill bar; a landing counts up with a glow. */
export function ResourceBar({ type, amount, capacity, production }: ResourceReading) {
  const { t } = useTranslation('common');
  const name = resourceName(type);
  const percent = Math.floor(Math.min(100, storeFillPercent(amount, capacity)));
  // The figure counts up when something lands; the bar (and what it tells screen readers) takes the new stock at once and eases there in CSS.
  const { shown, landing } = useLanding({ amount, capacity, production });
  return (
    <article className={landing ? 'resource-card resource--landing' : 'resource-card'} aria-label={name}>
      <header className="resource-card__head">
        <ResourceIcon type={type} size={22} />
        <span className="resource-card__name">{name}</span>
        <span className={production < 0 ? 'resource-card__rate resource-card__rate--negative' : 'resource-card__rate'}>
          {formatRate(production)}
        </span>
      </header>
      <p className="resource-card__amount">
        <span data-testid={`resource-${type}`}>{formatNumber(shown)}</span>
        <span className="resource-card__capacity"> / {formatNumber(capacity)}</span>
      </p>
      <ProgressBar
        value={amount}
        max={capacity}
        label={t('resourceBar.store', { resource: name })}
        hideLabel
        tone={storeTone(amount, capacity)}
        valueText={t('resourceBar.full', { percent: formatPercent(percent) })}
      />
    </article>
  );
}
