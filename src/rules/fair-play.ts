// Fair play: the signals that link accounts played by one person, the limits on what flagged accounts may pass each other, and the registration limit.

/** What links two accounts: signing in from one device (a cookie the browser keeps), or from one address within a day. */
export const LINK_EVIDENCE = ['device', 'address'] as const;
export type LinkEvidence = (typeof LINK_EVIDENCE)[number];

/** A link's standing: flagged by the signals, then confirmed or cleared by a game master. */
export const LINK_STATUSES = ['flagged', 'confirmed', 'cleared'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

/** Two sign-ins from one address this close together link the accounts. */
export const ADDRESS_WINDOW_HOURS = 24;

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

/** Why a transfer of `amount` may not go, having sent `sentToday` to the same player today, or null. */
export function pushingRefusal(limited: boolean, { sentToday, amount }: { sentToday: number; amount: number }): string | null {
  if (!limited || sentToday + amount <= PUSHING_DAILY_LIMIT) return null;
  const left = Math.max(0, PUSHING_DAILY_LIMIT - sentToday);
  return `Fair play: you may pass this player at most ${PUSHING_DAILY_LIMIT.toLocaleString('en-GB')} resources a day (${left.toLocaleString('en-GB')} left today)`;
}

/** Attacks between accounts flagged as played by one person wait for a game master's review. */
export function linkedAttackRefusal(linkStatus: LinkStatus | null): string | null {
  return linkStatus === 'flagged' || linkStatus === 'confirmed' ? 'Fair play: accounts flagged as played together may not attack each other' : null;
}

export const REGISTRATION_LIMIT = `This address registered ${REGISTRATIONS_PER_ADDRESS_PER_DAY} accounts today; try again tomorrow`;
