// Fair play: the signals that link accounts played by one person, the limits on what flagged accounts may pass each other, and the registration limit.
import { characterCount, freeTextError, normaliseFreeText } from './validation';

/** What links two accounts: signing in from one device (a cookie the browser keeps), or from one address within a day. */
export const LINK_EVIDENCE = ['device', 'address'] as const;
export type LinkEvidence = (typeof LINK_EVIDENCE)[number];

/** A link's standing: flagged by the signals, then confirmed or cleared by a game master. */
export const LINK_STATUSES = ['flagged', 'confirmed', 'cleared'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

/** Two sign-ins from one address this close together link the accounts. */
export const ADDRESS_WINDOW_HOURS = 24;

/** Accounts one sign-in links at most (those seen most recently): a sign-in's cost stays bounded behind a crowded address. */
export const LINKS_PER_SIGN_IN = 50;

/**
 * Whether an address says anything about who signs in. A loopback address is the server's own machine, or a proxy in
 * front that TRUST_PROXY does not name: every player would share it, so it links nobody.
 */
export function addressIsEvidence(address: string): boolean {
  const plain = address.trim().toLowerCase().replace(/^::ffff:/, '');
  return plain !== '' && plain !== '::1' && !/^127\./.test(plain);
}

/** The UTC day of an instant (milliseconds), as transfers and registrations are counted: `2026-03-15`. */
export function utcDay(atMs: number): string {
  return new Date(atMs).toISOString().slice(0, 10);
}

/** Resources one account may pass another in a day (shipments and trades taken) when the pair is flagged or confirmed. */
export const PUSHING_DAILY_LIMIT = 10_000;
/** ... and when the receiver's population is this many times the sender's, whether flagged or not (feeding a main account). */
export const PUSHING_POPULATION_RATIO = 5;

/** New accounts one address may register in a day. */
export const REGISTRATIONS_PER_ADDRESS_PER_DAY = 3;

/** Whether transfers between two accounts are held to the daily limit. */
export function pushingLimited(pair: { linkStatus: LinkStatus | null; senderPopulation: number; receiverPopulation: number }): boolean {
  if (pair.linkStatus === 'flagged' || pair.linkStatus === 'confirmed') return true;
  return pair.receiverPopulation >= PUSHING_POPULATION_RATIO * Math.max(1, pair.senderPopulation);
}

/** A transfer about to be counted: what the sender passed the receiver today before it, and its amount. */
export interface TransferToday {
  sentToday: number;
  amount: number;
  /** The player refused is the receiver (the other side of a trade they take), not the sender. */
  toYou?: boolean;
}

/** Why a transfer of `amount` may not go, having sent `sentToday` to the same player today, or null. */
export function pushingRefusal(limited: boolean, { sentToday, amount, toYou = false }: TransferToday): string | null {
  if (!limited || sentToday + amount <= PUSHING_DAILY_LIMIT) return null;
  const left = Math.max(0, PUSHING_DAILY_LIMIT - sentToday);
  const who = toYou ? 'this player may pass you' : 'you may pass this player';
  return `Fair play: ${who} at most ${PUSHING_DAILY_LIMIT.toLocaleString('en-GB')} resources a day (${left.toLocaleString('en-GB')} left today)`;
}

/** Attacks between accounts flagged as played by one person wait for a game master's review. */
export function linkedAttackRefusal(linkStatus: LinkStatus | null): string | null {
  return linkStatus === 'flagged' || linkStatus === 'confirmed' ? 'Fair play: accounts flagged as played together may not attack each other' : null;
}

/** The refusal of one registration too many from an address, for a server allowing `perDay` (REGISTRATIONS_PER_ADDRESS). */
export function registrationLimitRefusal(perDay: number): string {
  return `This address registered ${perDay.toLocaleString('en-GB')} ${perDay === 1 ? 'account' : 'accounts'} today; try again tomorrow`;
}

export const REGISTRATION_LIMIT = registrationLimitRefusal(REGISTRATIONS_PER_ADDRESS_PER_DAY);

/** A game master's note on a decision: why the accounts are one person or two, read by the next game master. */
export const LINK_NOTE_MAX_LENGTH = 500;

/** Why a decision's note is refused (required, one line of free text, at most 500 characters), or undefined. */
export function linkNoteError(text: string): string | undefined {
  const note = normaliseFreeText(text);
  if (note === '') return 'Write a note on the decision';
  if (characterCount(note) > LINK_NOTE_MAX_LENGTH) return `The note must be at most ${LINK_NOTE_MAX_LENGTH} characters`;
  return freeTextError(note);
}
