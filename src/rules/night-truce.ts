// Night truce worlds: between two local hours of the world's time zone, attacks may not land (or land against a stronger defence), as the world was created.

/** How a world keeps its nights: attacks landing then are refused, or fought against a defence bonus. */
export const TRUCE_MODES = ['refuse', 'defence_bonus'] as const;
export type TruceMode = (typeof TRUCE_MODES)[number];

/** A world's truce: from `startHour` to `endHour` (0-23, local to `timeZone`; may run past midnight). */
export interface NightTruce {
  startHour: number;
  endHour: number;
  timeZone: string;
  mode: TruceMode;
  /** defence_bonus only: the percent added to the defence of battles that land in the truce. */
  bonusPercent: number;
}

/** The default a game master or operator starts from: midnight to eight, refusing attacks. */
export const DEFAULT_TRUCE: NightTruce = { startHour: 0, endHour: 8, timeZone: 'UTC', mode: 'refuse', bonusPercent: 50 };

/** Whether a time zone name is one this runtime knows (IANA names such as Europe/Oslo). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Why a truce setting is refused, or null. */
export function truceError(truce: NightTruce): string | null {
  const hour = (h: number) => Number.isInteger(h) && h >= 0 && h <= 23;
  if (!hour(truce.startHour) || !hour(truce.endHour)) return 'Truce hours run from 0 to 23';
  if (truce.startHour === truce.endHour) return 'A truce must start and end at different hours';
  if (!isTimeZone(truce.timeZone)) return `Unknown time zone ${truce.timeZone}`;
  if (truce.mode === 'defence_bonus' && !(truce.bonusPercent >= 1 && truce.bonusPercent <= 500)) return 'The defence bonus runs from 1 to 500 percent';
  return null;
}

/** The hour (0-23) of an instant in a time zone. */
export function localHour(at: number, timeZone: string): number {
  const text = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(new Date(at));
  return Number.parseInt(text, 10) % 24;
}

/** Whether an instant falls in the truce: from the start hour up to (not including) the end hour, across midnight too. */
export function inTruce(truce: NightTruce | null, at: number): boolean {
  if (!truce) return false;
  const hour = localHour(at, truce.timeZone);
  return truce.startHour < truce.endHour ? hour >= truce.startHour && hour < truce.endHour : hour >= truce.startHour || hour < truce.endHour;
}

/** '00:00 to 08:00 (Europe/Oslo)'. */
export function truceHours(truce: NightTruce): string {
  const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;
  return `${hh(truce.startHour)} to ${hh(truce.endHour)} (${truce.timeZone})`;
}

/** Why an attack, raid or scouting mission that lands at `arrivesAt` may not be sent, or null. */
export function truceRefusal(truce: NightTruce | null, arrivesAt: number): string | null {
  if (!truce || truce.mode !== 'refuse' || !inTruce(truce, arrivesAt)) return null;
  return `Night truce: no attack may land between ${truceHours(truce)}; this one would arrive in it`;
}

/** The defence bonus in percent of a battle fought at `at` (0 outside a defence-bonus truce). */
export function truceDefenceBonus(truce: NightTruce | null, at: number): number {
  return truce && truce.mode === 'defence_bonus' && inTruce(truce, at) ? truce.bonusPercent : 0;
}

/**
 * What the send form says before an attack, raid or scouting mission that would land at `arrivesAt`: the refusal in a
 * `refuse` truce, the raised defence in a `defence_bonus` one, or null outside the truce.
 */
export function truceNotice(truce: NightTruce | null, arrivesAt: number): string | null {
  const refusal = truceRefusal(truce, arrivesAt);
  if (refusal) return refusal;
  const bonus = truceDefenceBonus(truce, arrivesAt);
  return truce && bonus > 0 ? `Night truce: this one would land between ${truceHours(truce)}, when the defence is raised by ${bonus}%` : null;
}

/** A world's truce in one line: '00:00 to 08:00 (UTC): no attack may land' or '...: the defence is raised by 50%'. */
export function describeTruce(truce: NightTruce): string {
  return truce.mode === 'refuse'
    ? `${truceHours(truce)}: no attack, raid or scouting mission may land`
    : `${truceHours(truce)}: the defence of battles landing then is raised by ${truce.bonusPercent}%`;
}

/** The operator's words for a truce: START-END,TIMEZONE,refuse or START-END,TIMEZONE,bonus:PERCENT. */
export const TRUCE_ARGUMENT = 'START-END,TIMEZONE,refuse|bonus:PERCENT';

/** The CLI's `--truce 0-8,Europe/Oslo,refuse` (or `...,bonus:50`) as a truce, or the reason it is refused. */
export function parseTruce(text: string): { truce: NightTruce } | { error: string } {
  const match = /^\s*(\d{1,2})-(\d{1,2}),([^,\s]+),(refuse|bonus:(\d{1,3}))\s*$/.exec(text);
  if (!match) return { error: `A truce is written ${TRUCE_ARGUMENT}, such as 0-8,Europe/Oslo,refuse or 22-6,UTC,bonus:50` };
  const [, start = '', end = '', timeZone = '', , percent] = match;
  const truce: NightTruce = {
    startHour: Number(start),
    endHour: Number(end),
    timeZone,
    mode: percent === undefined ? 'refuse' : 'defence_bonus',
    bonusPercent: percent === undefined ? DEFAULT_TRUCE.bonusPercent : Number(percent),
  };
  const error = truceError(truce);
  return error ? { error } : { truce };
}
