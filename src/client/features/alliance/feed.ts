// The activity feed in words: one sentence per entry, made of text and the players, alliances and villages it names, and the group each kind belongs to.
import type { AllianceFeedEntry } from '../../api/alliances';
import type { BattleReport } from '../../api/army';
import type { FeedKind } from '../../../rules/alliance-feed';
import { roleLabel } from '../../../rules/alliances';
import { BARBARIANS } from '../../../rules/barbarians';
import { unitCount } from '../../../rules/units';
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

export const FEED_GROUP_LABELS: Readonly<Record<FeedGroup, string>> = {
  members: 'Members',
  ranks: 'Ranks',
  announcement: 'Announcement',
  diplomacy: 'Diplomacy',
  villages: 'Villages',
  wonder: 'Wonder',
  battle: 'Battle',
};

const person = (who: FeedPerson, fallback: string): PersonPart => ({ person: who, fallback });

/** 'Hedeby (3|4)': with the tile, as barbarian camps share their names. */
export function placeName(village: { name: string; x: number; y: number }): string {
  return `${village.name} (${village.x}|${village.y})`;
}

/**
 * The diplomatic entries, told from this alliance's side: '<actor> proposed a confederation to [TAG] Name' when one of
 * ours acted, '[TAG] Name proposed war to us (<actor>)' when the other alliance did.
 */
function diplomacySentence(entry: AllianceFeedEntry, actor: PersonPart): FeedPart[] {
  const kind = entry.relation ?? 'nap';
  const other: FeedPart = entry.alliance ? { alliance: entry.alliance } : 'another alliance';
  if (entry.byUs === false) {
    const by: FeedPart[] = [' (', actor, ')'];
    switch (entry.kind) {
      case 'diplomacy_proposed':
        return [other, ` proposed ${aRelation(kind)} to us`, ...by];
      case 'diplomacy_accepted':
        return [other, ` accepted ${theRelation(kind)}`, ...by];
      case 'diplomacy_declined':
        return [other, ` declined our proposal of ${aRelation(kind)}`, ...by];
      default:
        return [other, ` ended ${theRelation(kind)}`, ...by];
    }
  }
  switch (entry.kind) {
    case 'diplomacy_proposed':
      return [actor, ` proposed ${aRelation(kind)} to `, other];
    case 'diplomacy_accepted':
      return [actor, ` accepted ${theRelation(kind)} with `, other];
    case 'diplomacy_declined':
      return [actor, ` declined ${aRelation(kind)} from `, other];
    default:
      return [actor, ` ended ${theRelation(kind)} with `, other];
  }
}

const BATTLE_VERBS: Readonly<Record<BattleReport['type'], string>> = { attack: ' attacked ', raid: ' raided ', scout: ' scouted ' };

/** A big battle: who fought whom, where, and who won (the report adds the losses). */
function battleSentence(entry: AllianceFeedEntry, sides: { attacker: PersonPart; defender: PersonPart }): FeedPart[] {
  const report = entry.report;
  if (!report) return [sides.attacker, ' fought ', sides.defender, entry.village ? ` at ${placeName(entry.village)}` : ''];
  const outcome = report.winner === 'attacker' ? ' and won' : ' and was beaten off';
  return [sides.attacker, BATTLE_VERBS[report.type], sides.defender, ` at ${placeName(report.defender.village)}`, outcome];
}

/** The one sentence an entry is told in. */
export function feedSentence(entry: AllianceFeedEntry): FeedPart[] {
  const actor = person(entry.actor, 'Someone');
  const subject = person(entry.subject, 'a former member');
  const village = entry.village ? placeName(entry.village) : 'a village';
  switch (entry.kind) {
    case 'founded':
      return [actor, ' founded the alliance'];
    case 'joined':
      // The subject is who let them in: the inviter, or the one who accepted the application.
      return entry.subject ? [actor, ' joined the alliance, welcomed by ', subject] : [actor, ' joined the alliance'];
    case 'left':
      return [actor, ' left the alliance'];
    case 'dismissed':
      return [actor, ' dismissed ', subject, entry.reason ? `: “${entry.reason}”` : ''];
    case 'rank_changed':
      if (!entry.toRole || entry.toRole === 'member') return [actor, ' made ', subject, ' a regular member'];
      return [actor, ' appointed ', subject, ` ${roleLabel(entry.toRole).toLowerCase()}`];
    case 'leader_changed':
      // Handed over, or inherited when the leader left: either way the new leader took it from the old one.
      return entry.actor ? [subject, ' took over the leadership from ', actor] : [subject, ' now leads the alliance'];
    case 'announcement':
      return [actor, entry.text ? ' posted an announcement' : ' took down the announcement'];
    case 'diplomacy_proposed':
    case 'diplomacy_accepted':
    case 'diplomacy_declined':
    case 'diplomacy_ended':
      return diplomacySentence(entry, actor);
    case 'village_conquered':
      return [actor, ` conquered ${village} from `, person(entry.subject, BARBARIANS)];
    case 'village_lost':
      return [subject, ` lost ${village} to `, person(entry.actor, 'an unknown player')];
    case 'village_founded':
      return [actor, ` founded the village ${village}`];
    case 'wonder_level': {
      const wonder = entry.wonder ? `${entry.wonder.name} reached level ${entry.wonder.level}` : 'reached a new level';
      return entry.actor ? [actor, `’s wonder ${wonder}`] : [`The wonder ${wonder}`];
    }
    case 'battle':
      return battleSentence(entry, { attacker: actor, defender: person(entry.subject, BARBARIANS) });
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
