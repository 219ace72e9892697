// Alerts while away: the events a player may be told of by a push notification, their words and the page each opens.
import { buildingWord, namelessSideWord } from './game-words';
import type { Language } from './language-choice';
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

/** An instant as alerts print it: in UTC, the game's clock, to the second (the player may be anywhere, the alert travels). German dates read 27.11.2026. */
export function alertTime(ms: number, language: Language = 'en'): { date: string; time: string } {
  const iso = new Date(ms).toISOString();
  const date = iso.slice(0, 10);
  return { date: language === 'de' ? `${date.slice(8, 10)}.${date.slice(5, 7)}.${date.slice(0, 4)}` : date, time: iso.slice(11, 19) };
}

/** The kinds of army an alert warns of: a reinforcement or a merchant is no threat. */
export type HostileMovement = 'attack' | 'raid' | 'scout';

/** How each kind of army is named: `noun` after "your", `incoming` in an alert's title, `article` opening a sentence, `done` to a village. */
interface HostileWords {
  noun: string;
  incoming: string;
  article: string;
  done: string;
}

const HOSTILE_WORDS: Readonly<Record<Language, Readonly<Record<HostileMovement, HostileWords>>>> = {
  en: {
    attack: { noun: 'attack', incoming: 'Incoming attack', article: 'An attack', done: 'attacked' },
    raid: { noun: 'raid', incoming: 'Incoming raid', article: 'A raid', done: 'raided' },
    scout: { noun: 'scouting', incoming: 'Incoming scouting', article: 'A scouting party', done: 'scouted' },
  },
  de: {
    attack: { noun: 'Angriff', incoming: 'Eintreffender Angriff', article: 'Ein Angriff', done: 'angegriffen' },
    raid: { noun: 'Raubzug', incoming: 'Eintreffender Raubzug', article: 'Ein Raubzug', done: 'überfallen' },
    scout: { noun: 'Spähtrupp', incoming: 'Eintreffende Späher', article: 'Ein Spähtrupp', done: 'ausgespäht' },
  },
};

/** The rest of the alerts' words in each language: the game's names are game-words.ts's, places and players their own. */
const WORDS: Readonly<
  Record<
    Language,
    {
      incoming: (what: string, target: string, time: string) => string;
      incomingLine: (line: { article: string; from: string; target: string; date: string; time: string }) => string;
      villageLost: (village: string) => string;
      conquered: (conqueror: string, village: string) => string;
      level: (building: string, level: number) => string;
      oneFinished: (building: string, village: string) => string;
      finished: (village: string) => string;
      message: (from: string) => string;
      yourReport: (noun: string, village: string) => string;
      theirReport: (village: string, done: string) => string;
      attackerLine: (outcome: string, village: string, opponent: string) => string;
      defenderLine: (outcome: string, opponent: string, village: string) => string;
      attacker: { scoutsWon: string; scoutsLost: string; won: string; lost: string };
      defender: { scoutsWon: string; scoutsLost: string; won: string; lost: string };
    }
  >
> = {
  en: {
    incoming: (what, target, time) => `${what} on ${target} — arrives ${time} UTC`,
    incomingLine: ({ article, from, target, date, time }) => `${article} from ${from} reaches ${target} on ${date} at ${time} UTC.`,
    villageLost: (village) => `Village lost: ${village}`,
    conquered: (conqueror, village) => `${conqueror} conquered ${village}.`,
    level: (building, level) => `${building} level ${level}`,
    oneFinished: (building, village) => `${building} finished in ${village}`,
    finished: (village) => `Construction finished in ${village}`,
    message: (from) => `Message from ${from}`,
    yourReport: (noun, village) => `Battle report: your ${noun} on ${village}`,
    theirReport: (village, done) => `Battle report: ${village} was ${done}`,
    attackerLine: (outcome, village, opponent) => `${outcome} at ${village} against ${opponent}.`,
    defenderLine: (outcome, opponent, village) => `${outcome} against ${opponent} at ${village}.`,
    attacker: { scoutsWon: 'Your scouts came back with what they saw', scoutsLost: 'Your scouts were stopped', won: 'Victory', lost: 'Defeat' },
    defender: { scoutsWon: 'Your guards drove the scouts off', scoutsLost: 'The scouts got through', won: 'Your defenders held', lost: 'Your defenders fell' },
  },
  de: {
    incoming: (what, target, time) => `${what} auf ${target} — Ankunft ${time} UTC`,
    incomingLine: ({ article, from, target, date, time }) => `${article} aus ${from} erreicht ${target} am ${date} um ${time} UTC.`,
    villageLost: (village) => `Dorf verloren: ${village}`,
    conquered: (conqueror, village) => `${conqueror} hat ${village} erobert.`,
    level: (building, level) => `${building} Stufe ${level}`,
    oneFinished: (building, village) => `${building} in ${village} fertiggestellt`,
    finished: (village) => `Bau in ${village} abgeschlossen`,
    message: (from) => `Nachricht von ${from}`,
    yourReport: (noun, village) => `Kampfbericht: dein ${noun} auf ${village}`,
    theirReport: (village, done) => `Kampfbericht: ${village} wurde ${done}`,
    attackerLine: (outcome, village, opponent) => `${outcome} bei ${village} gegen ${opponent}.`,
    defenderLine: (outcome, opponent, village) => `${outcome} gegen ${opponent} bei ${village}.`,
    attacker: { scoutsWon: 'Deine Späher kamen mit ihren Erkenntnissen zurück', scoutsLost: 'Deine Späher wurden aufgehalten', won: 'Sieg', lost: 'Niederlage' },
    defender: { scoutsWon: 'Deine Wachen haben die Späher vertrieben', scoutsLost: 'Die Späher kamen durch', won: 'Deine Verteidiger hielten stand', lost: 'Deine Verteidiger fielen' },
  },
};

/** An army sent at one of the player's villages: which kind, where to, from where, and when it lands (epoch ms). */
export interface IncomingArmy {
  type: HostileMovement;
  target: AlertPlace;
  from: AlertPlace;
  arrivesAt: number;
}

/** "Incoming attack on Eriksby — arrives 14:05:30 UTC": the arrival instant in the title, so the notification alone says how long is left. */
export function incomingAttackAlert({ type, target, from, arrivesAt }: IncomingArmy, language: Language): AlertWords {
  const words = HOSTILE_WORDS[language][type];
  const { date, time } = alertTime(arrivesAt, language);
  return {
    kind: 'incoming_attack',
    title: WORDS[language].incoming(words.incoming, target.name, time),
    body: WORDS[language].incomingLine({ article: words.article, from: at(from), target: at(target), date, time }),
    url: '/game/army',
  };
}

/** The player's village taken by `conqueror` (their name). The conqueror learns of it from the battle report. */
export function villageLostAlert({ village, conqueror }: { village: AlertPlace; conqueror: string }, language: Language): AlertWords {
  const words = WORDS[language];
  return { kind: 'village_lost', title: words.villageLost(village.name), body: words.conquered(conqueror, at(village)), url: '/game/reports' };
}

/** A level a building reached: its display name (in the alert's language) and the level. */
export interface FinishedLevel {
  building: string;
  level: number;
}

/** The levels that finished in one village while it settled, as one alert (a village idle for hours may finish several). */
export function constructionAlert({ village, levels }: { village: AlertPlace; levels: readonly FinishedLevel[] }, language: Language): AlertWords {
  const words = WORDS[language];
  const list = levels.map((l) => words.level(l.building, l.level)).join(', ');
  const [only, ...more] = levels;
  return {
    kind: 'construction_finished',
    title: only && more.length === 0 ? words.oneFinished(only.building, village.name) : words.finished(village.name),
    body: `${at(village)}: ${list}.`,
    url: '/game/village?tab=buildings',
  };
}

/** A letter that reached the player's inbox: who wrote, the subject (never the letter itself), and the message's page. */
export function messageAlert({ from, subject, messageId }: { from: string; subject: string; messageId: string }, language: Language): AlertWords {
  return { kind: 'message_received', title: WORDS[language].message(from), body: subject, url: `/game/messages/${messageId}` };
}

/** A battle report from one side's view: the kind of army, the village fought over, the other side and who won. */
export interface ReportNews {
  side: 'attacker' | 'defender';
  type: HostileMovement;
  village: AlertPlace;
  /** The other side's name, in the alert's language (the barbarians for a village nobody holds). */
  opponent: string;
  winner: 'attacker' | 'defender';
}

/** "Battle report: your raid on Eriksby" / "Battle report: Eriksby was raided", with who won in the line below. */
export function battleReportAlert({ side, type, village, opponent, winner }: ReportNews, language: Language): AlertWords {
  const words = HOSTILE_WORDS[language][type];
  const said = WORDS[language];
  const won = winner === side;
  const outcomes = said[side];
  const outcome = type === 'scout' ? (won ? outcomes.scoutsWon : outcomes.scoutsLost) : won ? outcomes.won : outcomes.lost;
  if (side === 'attacker') {
    return { kind: 'battle_report', title: said.yourReport(words.noun, village.name), body: said.attackerLine(outcome, at(village), opponent), url: '/game/reports' };
  }
  return { kind: 'battle_report', title: said.theirReport(village.name, words.done), body: said.defenderLine(outcome, opponent, at(village)), url: '/game/reports' };
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

/**
 * An alert not yet worded: the words in whichever language its player reads. The server learns that language only when
 * it stores the alert (src/server/alerts/outbox.ts), so whoever makes the alert hands over this rather than words.
 */
export type AlertNews = (language: Language) => AlertWords;

/** A side's name as the other side's alert prints it: a side nobody plays (id null) has its name in each language. */
const sideName = <Id extends string>(side: BattleSide<Id>, language: Language) => (side.id === null ? namelessSideWord(side.name, language) : side.name);

/** The alerts one battle makes: each side's report (the defender's only if they noticed), and the lost village to its loser. */
export function battleAlerts<Id extends string>(news: BattleNews<Id>): { userId: Id | null; alert: AlertNews }[] {
  const { type, village, attacker, defender, winner } = news;
  const made: { userId: Id | null; alert: AlertNews }[] = [
    { userId: attacker.id, alert: (language) => battleReportAlert({ side: 'attacker', type, village, opponent: sideName(defender, language), winner }, language) },
  ];
  if (news.defenderNoticed) {
    made.push({ userId: defender.id, alert: (language) => battleReportAlert({ side: 'defender', type, village, opponent: sideName(attacker, language), winner }, language) });
  }
  if (news.conquered) made.push({ userId: defender.id, alert: (language) => villageLostAlert({ village, conqueror: attacker.name }, language) });
  return made.filter((entry) => entry.userId !== null);
}

/** The levels a settle finished, as one alert for the village (null when none finished). */
export function constructionNews(village: AlertPlace, happened: readonly VillageHappening[]): AlertNews | null {
  const levels = happened.flatMap((h) => (h.kind === 'building_upgraded' ? [{ type: h.type, level: h.level }] : []));
  if (levels.length === 0) return null;
  return (language) => constructionAlert({ village, levels: levels.map((l) => ({ building: buildingWord(l.type, language), level: l.level })) }, language);
}
