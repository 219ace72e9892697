// Alerts while away: the events a player may be told of by a push notification, their words and the page each opens.
import { BUILDINGS } from './buildings';
import type { VillageHappening } from './village-timeline';

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

/** How many alerts the list of the last alerts keeps per player. */
export const ALERT_LIST_SIZE = 50;

/** How long a push service keeps an alert for a browser that is offline (seconds): a day, then it is stale news. */
export const ALERT_TTL_SECONDS = 86_400;

/** Alerts that cost a village when read late: the push services are asked to deliver them at once. */
export const URGENT_ALERTS: readonly AlertKind[] = ['incoming_attack', 'village_lost'];

/** An alert as the game words it: what happened in a title and a line, and the page of the game it opens. */
export interface AlertWords {
  kind: AlertKind;
  title: string;
  body: string;
  url: string;
}

/** A village as an alert names it. */
export interface AlertPlace {
  name: string;
  x: number;
  y: number;
}

const at = (place: AlertPlace) => `${place.name} (${place.x}|${place.y})`;

/** An instant as alerts print it: in UTC, the game's clock, to the second (the player may be anywhere, the alert travels). */
export function alertTime(ms: number): { date: string; time: string } {
  const iso = new Date(ms).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
}

/** The kinds of army an alert warns of: a reinforcement or a merchant is no threat. */
export type HostileMovement = 'attack' | 'raid' | 'scout';

const HOSTILE_WORDS: Readonly<Record<HostileMovement, { noun: string; article: string; done: string }>> = {
  attack: { noun: 'attack', article: 'An attack', done: 'attacked' },
  raid: { noun: 'raid', article: 'A raid', done: 'raided' },
  scout: { noun: 'scouting', article: 'A scouting party', done: 'scouted' },
};

/** An army sent at one of the player's villages: which kind, where to, from where, and when it lands (epoch ms). */
export interface IncomingArmy {
  type: HostileMovement;
  target: AlertPlace;
  from: AlertPlace;
  arrivesAt: number;
}

/** "Incoming attack on Eriksby — arrives 14:05:30 UTC": the arrival instant in the title, so the notification alone says how long is left. */
export function incomingAttackAlert({ type, target, from, arrivesAt }: IncomingArmy): AlertWords {
  const words = HOSTILE_WORDS[type];
  const { date, time } = alertTime(arrivesAt);
  return {
    kind: 'incoming_attack',
    title: `Incoming ${words.noun} on ${target.name} — arrives ${time} UTC`,
    body: `${words.article} from ${at(from)} reaches ${at(target)} on ${date} at ${time} UTC.`,
    url: '/game/army',
  };
}

/** The player's village taken by `conqueror` (their name). The conqueror learns of it from the battle report. */
export function villageLostAlert({ village, conqueror }: { village: AlertPlace; conqueror: string }): AlertWords {
  return { kind: 'village_lost', title: `Village lost: ${village.name}`, body: `${conqueror} conquered ${at(village)}.`, url: '/game/reports' };
}

/** A level a building reached: its display name and the level. */
export interface FinishedLevel {
  building: string;
  level: number;
}

/** The levels that finished in one village while it settled, as one alert (a village idle for hours may finish several). */
export function constructionAlert({ village, levels }: { village: AlertPlace; levels: readonly FinishedLevel[] }): AlertWords {
  const list = levels.map((l) => `${l.building} level ${l.level}`).join(', ');
  const [only, ...more] = levels;
  return {
    kind: 'construction_finished',
    title: only && more.length === 0 ? `${only.building} finished in ${village.name}` : `Construction finished in ${village.name}`,
    body: `${at(village)}: ${list}.`,
    url: '/game/village?tab=buildings',
  };
}

/** A letter that reached the player's inbox: who wrote, the subject (never the letter itself), and the message's page. */
export function messageAlert({ from, subject, messageId }: { from: string; subject: string; messageId: string }): AlertWords {
  return { kind: 'message_received', title: `Message from ${from}`, body: subject, url: `/game/messages/${messageId}` };
}

/** A battle report from one side's view: the kind of army, the village fought over, the other side and who won. */
export interface ReportNews {
  side: 'attacker' | 'defender';
  type: HostileMovement;
  village: AlertPlace;
  /** The other side's name (the barbarians for a village nobody holds). */
  opponent: string;
  winner: 'attacker' | 'defender';
}

/** "Battle report: your raid on Eriksby" / "Battle report: Eriksby was raided", with who won in the line below. */
export function battleReportAlert({ side, type, village, opponent, winner }: ReportNews): AlertWords {
  const words = HOSTILE_WORDS[type];
  const won = winner === side;
  if (side === 'attacker') {
    const outcome = type === 'scout' ? (won ? 'Your scouts came back with what they saw' : 'Your scouts were stopped') : won ? 'Victory' : 'Defeat';
    return { kind: 'battle_report', title: `Battle report: your ${words.noun} on ${village.name}`, body: `${outcome} at ${at(village)} against ${opponent}.`, url: '/game/reports' };
  }
  const outcome = type === 'scout' ? (won ? 'Your guards drove the scouts off' : 'The scouts got through') : won ? 'Your defenders held' : 'Your defenders fell';
  return { kind: 'battle_report', title: `Battle report: ${village.name} was ${words.done}`, body: `${outcome} against ${opponent} at ${at(village)}.`, url: '/game/reports' };
}

/** What a push carries to the service worker: the alert's words and the page it opens, nothing else. */
export function alertPayload(alert: Pick<AlertWords, 'title' | 'body' | 'url'>): string {
  return JSON.stringify({ title: alert.title, body: alert.body, url: alert.url });
}

/** A side of a battle as its alerts need it: the player (null for barbarians or a deleted account) and their name. */
export interface BattleSide<Id extends string> {
  id: Id | null;
  name: string;
}

/** A battle or scouting mission that landed: what it was, where, who fought and how it ended. */
export interface BattleNews<Id extends string> {
  type: HostileMovement;
  village: AlertPlace;
  attacker: BattleSide<Id>;
  defender: BattleSide<Id>;
  winner: 'attacker' | 'defender';
  /** The village changed hands. */
  conquered: boolean;
  /** Whether the defender learns of it at all: scouts nobody met leave no report for the defender. */
  defenderNoticed: boolean;
}

/** The alerts one battle makes: each side's report (the defender's only if they noticed), and the lost village to its loser. */
export function battleAlerts<Id extends string>(news: BattleNews<Id>): { userId: Id | null; alert: AlertWords }[] {
  const { type, village, attacker, defender, winner } = news;
  const made: { userId: Id | null; alert: AlertWords }[] = [
    { userId: attacker.id, alert: battleReportAlert({ side: 'attacker', type, village, opponent: defender.name, winner }) },
  ];
  if (news.defenderNoticed) made.push({ userId: defender.id, alert: battleReportAlert({ side: 'defender', type, village, opponent: attacker.name, winner }) });
  if (news.conquered) made.push({ userId: defender.id, alert: villageLostAlert({ village, conqueror: attacker.name }) });
  return made.filter((entry) => entry.userId !== null);
}

/** The levels a settle finished, as one alert for the village (null when none finished). */
export function constructionNews(village: AlertPlace, happened: readonly VillageHappening[]): AlertWords | null {
  const levels = happened.flatMap((h) => (h.kind === 'building_upgraded' ? [{ building: BUILDINGS[h.type].name, level: h.level }] : []));
  return levels.length > 0 ? constructionAlert({ village, levels }) : null;
}
