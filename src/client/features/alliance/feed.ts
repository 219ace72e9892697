// The activity feed in words: one sentence per entry in the player's language, made of text and the players, alliances and villages it names, and the group each kind belongs to.
import type { AllianceFeedEntry } from '../../api/alliances';
import type { BattleReport } from '../../api/army';
import type { FeedKind } from '../../../rules/alliance-feed';
import { unitCount } from '../../../rules/units';
import { i18n } from '../../i18n';
import { aRelation, theRelation } from './relations';

type FeedPerson = AllianceFeedEntry['actor'];
type AllianceRef = NonNullable<AllianceFeedEntry['alliance']>;

/** A player the sentence names: linked to their profile while their account exists; `fallback` when nobody is known. */
export interface PersonPart {
  person: FeedPerson;
  fallback: string;
}

/** Another alliance the sentence names, linked to its profile. */
export interface AlliancePart {
  alliance: AllianceRef;
}

export type FeedPart = string | PersonPart | AlliancePart;

/** How the feed sorts its kinds for the badge beside each entry. */
export type FeedGroup = 'members' | 'ranks' | 'announcement' | 'diplomacy' | 'villages' | 'wonder' | 'battle';

export const FEED_GROUP_OF: Readonly<Record<FeedKind, FeedGroup>> = {
  founded: 'members',
  joined: 'members',
  left: 'members',
  dismissed: 'members',
  rank_changed: 'ranks',
  leader_changed: 'ranks',
  announcement: 'announcement',
  diplomacy_proposed: 'diplomacy',
  diplomacy_accepted: 'diplomacy',
  diplomacy_declined: 'diplomacy',
  diplomacy_ended: 'diplomacy',
  village_conquered: 'villages',
  village_lost: 'villages',
  village_founded: 'villages',
  wonder_level: 'wonder',
  battle: 'battle',
};

/** The badge of each group, as a key of the alliance namespace ('feed.groups.members': 'Members'). */
export const FEED_GROUP_LABELS: Readonly<Record<FeedGroup, string>> = {
  members: 'feed.groups.members',
  ranks: 'feed.groups.ranks',
  announcement: 'feed.groups.announcement',
  diplomacy: 'feed.groups.diplomacy',
  villages: 'feed.groups.villages',
  wonder: 'feed.groups.wonder',
  battle: 'feed.groups.battle',
};

const person = (who: FeedPerson, fallback: string): PersonPart => ({ person: who, fallback });

/** 'Hedeby (3|4)': with the tile, as barbarian camps share their names. */
export function placeName(village: { name: string; x: number; y: number }): string {
  return `${village.name} (${village.x}|${village.y})`;
}

/** Marks a slot's place in a translated text: a control character the free-text rule keeps out of every name and reason a player writes. */
const SLOT = '\u0000';

/**
 * A sentence of the feed in the player's language: the text of `key` (alliance:feed.sentence.*), its {{slots}} the
 * players and alliances it names, its other {{values}} plain text. The language decides where each part stands.
 */
function sentence(key: string, slots: Record<string, FeedPart>, values: Record<string, string | number> = {}): FeedPart[] {
  const markers = Object.fromEntries(Object.keys(slots).map((name) => [name, `${SLOT}${name}${SLOT}`]));
  const text = i18n.t(`alliance:feed.sentence.${key}`, { ...values, ...markers });
  // Split on the markers: odd pieces are slot names, even ones the text between them.
  return text
    .split(SLOT)
    .map((piece, i): FeedPart => (i % 2 === 1 ? (slots[piece] ?? piece) : piece))
    .filter((part) => part !== '');
}

/** Whom a feed sentence names when nobody is known, in the player's language. */
const who = (key: 'someone' | 'aFormerMember' | 'anUnknownPlayer' | 'barbarians') => i18n.t(`alliance:people.${key}`);

/**
 * The diplomatic entries, told from this alliance's side: '<actor> proposed a confederation to [TAG] Name' when one of
 * ours acted, '[TAG] Name proposed war to us (<actor>)' when the other alliance did.
 */
function diplomacySentence(entry: AllianceFeedEntry, actor: PersonPart): FeedPart[] {
  const kind = entry.relation ?? 'nap';
  const other: FeedPart = entry.alliance ? { alliance: entry.alliance } : i18n.t('alliance:feed.anotherAlliance');
  const verb = entry.kind === 'diplomacy_proposed' ? 'proposed' : entry.kind === 'diplomacy_accepted' ? 'accepted' : entry.kind === 'diplomacy_declined' ? 'declined' : 'ended';
  // Proposals and refusals name a kind ('a non-aggression pact'), acceptances and endings the relation ('the war').
  const relation = verb === 'proposed' || verb === 'declined' ? aRelation(kind) : theRelation(kind);
  const side = entry.byUs === false ? 'theirs' : 'ours';
  return sentence(`diplomacy.${side}.${verb}`, { actor, other }, { relation });
}

/** A big battle: who fought whom, where, and who won (the report adds the losses). */
function battleSentence(entry: AllianceFeedEntry, sides: { attacker: PersonPart; defender: PersonPart }): FeedPart[] {
  const report = entry.report;
  if (!report) {
    return entry.village ? sentence('foughtAt', sides, { place: placeName(entry.village) }) : sentence('fought', sides);
  }
  const outcome = report.winner === 'attacker' ? 'won' : 'beaten';
  return sentence(`battle.${report.type}.${outcome}`, sides, { place: placeName(report.defender.village) });
}

/** The rank a member was appointed to, as the key of its sentence ('appointed.officer'). */
function appointedKey(role: string | null | undefined): string | null {
  return role === 'elder' || role === 'officer' || role === 'leader' ? `appointed.${role}` : null;
}

/** The one sentence an entry is told in, in the player's language. */
export function feedSentence(entry: AllianceFeedEntry): FeedPart[] {
  const actor = person(entry.actor, who('someone'));
  const subject = person(entry.subject, who('aFormerMember'));
  const village = entry.village ? placeName(entry.village) : i18n.t('alliance:feed.aVillage');
  switch (entry.kind) {
    case 'founded':
      return sentence('founded', { actor });
    case 'joined':
      // The subject is who let them in: the inviter, or the one who accepted the application.
      return entry.subject ? sentence('joinedWelcomed', { actor, subject }) : sentence('joined', { actor });
    case 'left':
      return sentence('left', { actor });
    case 'dismissed':
      return entry.reason ? sentence('dismissedWithReason', { actor, subject }, { reason: entry.reason }) : sentence('dismissed', { actor, subject });
    case 'rank_changed': {
      const key = appointedKey(entry.toRole);
      return sentence(key ?? 'madeMember', { actor, subject });
    }
    case 'leader_changed':
      // Handed over, or inherited when the leader left: either way the new leader took it from the old one.
      return entry.actor ? sentence('tookOverLeadership', { subject, actor }) : sentence('nowLeads', { subject });
    case 'announcement':
      return sentence(entry.text ? 'announcementPosted' : 'announcementTakenDown', { actor });
    case 'diplomacy_proposed':
    case 'diplomacy_accepted':
    case 'diplomacy_declined':
    case 'diplomacy_ended':
      return diplomacySentence(entry, actor);
    case 'village_conquered':
      return sentence('villageConquered', { actor, subject: person(entry.subject, who('barbarians')) }, { village });
    case 'village_lost':
      return sentence('villageLost', { subject, actor: person(entry.actor, who('anUnknownPlayer')) }, { village });
    case 'village_founded':
      return sentence('villageFounded', { actor }, { village });
    case 'wonder_level': {
      const level = entry.wonder ? { wonder: entry.wonder.name, level: entry.wonder.level } : null;
      if (entry.actor) return level ? sentence('wonderLevelOf', { actor }, level) : sentence('wonderNewLevelOf', { actor });
      return level ? sentence('wonderLevel', {}, level) : sentence('wonderNewLevel', {});
    }
    case 'battle':
      return battleSentence(entry, { attacker: actor, defender: person(entry.subject, who('barbarians')) });
  }
}

/** The sentence as plain text (what a screen reader and a test read). */
export function sentenceText(parts: readonly FeedPart[]): string {
  return parts
    .map((part) => {
      if (typeof part === 'string') return part;
      if ('alliance' in part) return `[${part.alliance.tag}] ${part.alliance.name}`;
      return part.person?.username ?? part.fallback;
    })
    .join('');
}

/** What a battle cost each side, in units. */
export function battleLosses(report: BattleReport): { attacker: number; defender: number } {
  return { attacker: unitCount(report.attacker.losses), defender: unitCount(report.defender.losses) };
}
