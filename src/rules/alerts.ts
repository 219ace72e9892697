// Alerts while away: the events a player may be told of by a push notification, their words and the page each opens.

export const ALERT_KINDS = ['incoming_attack', 'village_lost', 'construction_finished', 'message_received', 'battle_report'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const ALERT_NAMES: Readonly<Record<AlertKind, string>> = {
  incoming_attack: 'Incoming attack',
  village_lost: 'Village lost or conquered',
  construction_finished: 'Construction finished',
  message_received: 'Message received',
  battle_report: 'Battle report',
};

/** Alerts a new subscription sends until the player chooses: the ones that cost a village when missed. */
export const DEFAULT_ALERTS: readonly AlertKind[] = ['incoming_attack', 'village_lost'];

/** How long the alert list keeps alerts. */
export const ALERT_LIST_SIZE = 50;
