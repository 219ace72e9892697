// Helpers of the game master dashboard: event labels and figures in the player's language, datetime fields, edits sent as changes only, reward keys and amounts.
import type { WorldEvent, WorldEventKind, WorldEventUpdate } from '../../api/gamemaster';
import { i18n } from '../../i18n';
import { formatInteger, formatPercent } from '../../i18n/format';

export type EventDisplay = 'Active' | 'Upcoming' | 'Inactive';

/** The server's status as the page labels it. */
export function eventDisplay(status: WorldEvent['status']): EventDisplay {
  return status === 'active' ? 'Active' : status === 'upcoming' ? 'Upcoming' : 'Inactive';
}

/** The kinds a game master picks from (named by `gamemaster:events.kind.*`). */
export const EVENT_KINDS: readonly WorldEventKind[] = ['production_bonus', 'training_speed'];

/** "+25% production" (German "+25 % Produktion") as players and game masters read an event's effect. */
export function eventEffect(kind: WorldEventKind, percent: number): string {
  return i18n.t(`gamemaster:events.effect.${kind}`, { percent: formatPercent(percent) });
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the value of an `<input type="datetime-local">` in the viewer's time zone ('2026-03-12T14:05'). */
export function toLocalInput(iso: string | Date): string {
  const d = typeof iso === 'string' ? new Date(iso) : iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value back to an ISO instant; null when empty or not a date. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export interface EventForm {
  name: string;
  percent: string;
  start: string;
  end: string;
}

export function eventFormOf(event: WorldEvent): EventForm {
  return { name: event.name, percent: String(event.percent), start: toLocalInput(event.startTime), end: toLocalInput(event.endTime) };
}

/**
 * Only what the game master changed: the server refuses to rewrite time already passed, so an
 * untouched start of a running event must not be sent back (even rounded to the minute).
 */
export function eventChanges(event: WorldEvent, form: EventForm): WorldEventUpdate {
  const before = eventFormOf(event);
  const changes: WorldEventUpdate = {};
  if (form.name.trim() !== event.name) changes.name = form.name.trim();
  if (form.percent !== before.percent && Number.isFinite(Number(form.percent))) changes.percent = Number(form.percent);
  const start = fromLocalInput(form.start);
  if (form.start !== before.start && start) changes.startTime = start;
  const end = fromLocalInput(form.end);
  if (form.end !== before.end && end) changes.endTime = end;
  return changes;
}

/**
 * A fresh idempotency key for one submission of the rewards form: the same submission retried
 * (a double click, a network retry) keeps its key and pays once; a new submission gets a new key.
 */
export function newIdempotencyKey(random: () => string = () => crypto.randomUUID()): string {
  return `rewards-${random()}`;
}

export const REWARD_RESOURCES = ['timber', 'stone', 'iron', 'mead'] as const;
export type RewardAmounts = Record<(typeof REWARD_RESOURCES)[number], string>;

/** The typed amounts as whole numbers (blank is 0); null when one is not a whole number from 0 to 10,000,000. */
export function rewardAmounts(form: RewardAmounts): Record<(typeof REWARD_RESOURCES)[number], number> | null {
  const out = { timber: 0, stone: 0, iron: 0, mead: 0 };
  for (const type of REWARD_RESOURCES) {
    const text = form[type].trim();
    if (text === '') continue;
    if (!/^\d+$/.test(text)) return null;
    const n = Number(text);
    if (n > 10_000_000) return null;
    out[type] = n;
  }
  return out;
}

/** "3h 5m" or "42s" (German "3 Std. 5 Min."): how far the sweeper lags, short, in the units of `common:format`. */
export function lagText(seconds: number): string {
  if (seconds <= 0) return i18n.t('gamemaster:worlds.lagNone');
  if (seconds < 60) return i18n.t('common:format.s', { s: seconds });
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return h > 0 ? i18n.t('common:format.hm', { h, m }) : i18n.t('common:format.ms', { m, s: seconds % 60 });
}

/** The key one submission of the rewards form travels under, and what it asked. */
export interface RewardSubmission {
  key: string;
  fingerprint: string;
  /** True once the server answered it: the next submission is a new distribution. */
  settled: boolean;
}

/**
 * The submission to send: the unsettled one again when the form asks the very same thing (a retry
 * after a failure or a lost answer, which the server answers without paying twice), else a new one.
 */
export function nextRewardSubmission(previous: RewardSubmission | null, fingerprint: string, makeKey: () => string = newIdempotencyKey): RewardSubmission {
  if (previous && !previous.settled && previous.fingerprint === fingerprint) return previous;
  return { key: makeKey(), fingerprint, settled: false };
}

/** A resource-wise listing of granted amounts: "1,000 timber, 500 iron" (German "1.000 Holz, 500 Eisen"), or "nothing". */
export function grantedText(granted: Record<(typeof REWARD_RESOURCES)[number], number>): string {
  const parts = REWARD_RESOURCES.filter((r) => granted[r] > 0).map((r) =>
    i18n.t('gamemaster:rewards.amount', { amount: formatInteger(granted[r]), resource: i18n.t(`common:resourcesInText.${r}`) }),
  );
  return parts.length === 0 ? i18n.t('common:nothing') : parts.join(', ');
}
