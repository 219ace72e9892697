// The vacation section's arithmetic: the window an end may be chosen in, the default choice, and the local date-time text of the picker.
import { lengthRefusal } from '../../../rules/vacation';

const MINUTE = 60_000;
/** The default end lies this far past the shortest vacation, so the request still reaches the server inside the window. */
const DEFAULT_MARGIN_MS = 15 * MINUTE;

/** The earliest and latest end a vacation starting at `now` may have on a world of this span (the status's minMs and maxMs). */
export interface EndWindow {
  earliest: number;
  latest: number;
}

export function endWindow(span: { minMs: number; maxMs: number }, now: number): EndWindow {
  return { earliest: now + span.minMs, latest: now + span.maxMs };
}

/** The end offered first: the shortest vacation and a quarter of an hour, on a whole minute, never past the longest. */
export function defaultEnd(window: EndWindow): number {
  return Math.min(window.latest, Math.ceil((window.earliest + DEFAULT_MARGIN_MS) / MINUTE) * MINUTE);
}

/** Why an end chosen at `now` is refused (the rule's words), or null. */
export function endRefusal(endsAt: number | null, span: { minMs: number; maxMs: number }, now: number): string | null {
  if (endsAt === null) return 'Choose when the vacation ends';
  return lengthRefusal(endsAt - now, { min: span.minMs, max: span.maxMs });
}

const two = (n: number) => String(n).padStart(2, '0');

/** An instant as the value of an <input type="datetime-local">: 'YYYY-MM-DDTHH:mm' on this computer's clock and zone. */
export function localInputText(at: number): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** The instant a datetime-local value names on this computer, or null for an empty or broken value. */
export function fromLocalInputText(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number);
  const at = new Date(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0).getTime();
  return Number.isFinite(at) ? at : null;
}
