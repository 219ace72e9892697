// Diplomacy between alliances: the kinds of relation, their caps, when a proposal or an acceptance is refused, and how a relation stands between two players' alliances.

/** Confederation (allies in all but name), non-aggression pact, war. */
export const DIPLOMACY_KINDS = ['confederation', 'nap', 'war'] as const;
export type DiplomacyKind = (typeof DIPLOMACY_KINDS)[number];

/** A relation is proposed by one alliance, then active once the other accepts. */
export const DIPLOMACY_STATUSES = ['proposed', 'active'] as const;
export type DiplomacyStatus = (typeof DIPLOMACY_STATUSES)[number];

/** How many active relations of a kind an alliance may hold at once; wars are not capped. */
export const DIPLOMACY_CAPS: Readonly<Record<DiplomacyKind, number | null>> = {
  confederation: 3,
  nap: 3,
  war: null,
};

export const DIPLOMACY_NAMES: Readonly<Record<DiplomacyKind, string>> = {
  confederation: 'Confederation',
  nap: 'Non-aggression pact',
  war: 'War',
};

/** Kinds that shield each side's villages from the other's attacks, raids and scouts (reinforcing stays allowed). */
export function isPeaceful(kind: DiplomacyKind): boolean {
  return kind === 'confederation' || kind === 'nap';
}

/** An alliance's active relations of each kind. */
export type RelationCounts = Readonly<Record<DiplomacyKind, number>>;

export const NO_RELATIONS: RelationCounts = { confederation: 0, nap: 0, war: 0 };

/** Why an alliance at `counts` may not take one more relation of `kind`, or null; `whose` names it in the refusal ("Your alliance", "[TAG]"). */
export function capRefusal(kind: DiplomacyKind, counts: RelationCounts, whose: string): string | null {
  const cap = DIPLOMACY_CAPS[kind];
  if (cap === null || counts[kind] < cap) return null;
  const plural = kind === 'confederation' ? 'confederations' : 'non-aggression pacts';
  return `${whose} already has ${cap} ${plural}, the most allowed`;
}

/** What a proposal is checked against: the two alliances and whatever already stands between them. */
export interface ProposalScene {
  kind: DiplomacyKind;
  fromAllianceId: string;
  toAllianceId: string;
  /** The relation or proposal already between the two alliances, either way round; at most one exists. */
  existing: { kind: DiplomacyKind; status: DiplomacyStatus } | null;
  /** The proposing alliance's active relations. */
  counts: RelationCounts;
}

/** Why a proposal may not be made, or null. One relation or proposal stands between two alliances at a time. */
export function proposalRefusal(scene: ProposalScene): string | null {
  if (scene.fromAllianceId === scene.toAllianceId) return 'An alliance cannot make a pact with itself';
  if (scene.existing?.status === 'proposed') return 'A proposal between your alliances is already waiting for an answer';
  if (scene.existing) {
    return `Your alliances already stand in a relation (${DIPLOMACY_NAMES[scene.existing.kind].toLowerCase()}); end it before proposing another`;
  }
  return capRefusal(scene.kind, scene.counts, 'Your alliance');
}

/** Why a proposal may not be accepted, or null: both alliances must still have room for a relation of its kind. */
export function acceptanceRefusal(kind: DiplomacyKind, sides: { mine: RelationCounts; theirs: RelationCounts; theirTag: string }): string | null {
  return capRefusal(kind, sides.mine, 'Your alliance') ?? capRefusal(kind, sides.theirs, `[${sides.theirTag}]`);
}

/** The relation of a village to a player who looks at it or sends troops to it. */
export const TARGET_RELATIONS = ['own', 'ally', 'confederate', 'pact', 'war', 'other'] as const;
export type TargetRelation = (typeof TARGET_RELATIONS)[number];

/** A player as a relation is read from: who they are and their alliance. */
export interface Standing {
  ownerId: string | null;
  allianceId: string | null;
}

/** The active relations of one alliance, by the other alliance's id. */
export type RelationsOf = ReadonlyMap<string, DiplomacyKind>;

const RELATION_OF_KIND: Readonly<Record<DiplomacyKind, TargetRelation>> = { confederation: 'confederate', nap: 'pact', war: 'war' };

/**
 * How `target` stands to `viewer`: their own, the same alliance, a confederate's, a pact partner's, an enemy's in war,
 * or anyone else's (barbarians, players without an alliance, alliances with no relation).
 */
export function relationOf(viewer: Standing, target: Standing, relations: RelationsOf): TargetRelation {
  if (viewer.ownerId !== null && target.ownerId === viewer.ownerId) return 'own';
  if (viewer.allianceId === null || target.allianceId === null || target.ownerId === null) return 'other';
  if (target.allianceId === viewer.allianceId) return 'ally';
  const kind = relations.get(target.allianceId);
  return kind ? RELATION_OF_KIND[kind] : 'other';
}

/** How the map, the tile details and the send form name a relation. */
export const RELATION_LABELS: Readonly<Record<TargetRelation, string>> = {
  own: 'Your village',
  ally: 'Your alliance',
  confederate: 'Confederate',
  pact: 'Non-aggression pact',
  war: 'At war',
  other: 'No relation',
};

/** Relations whose villages a player may reinforce, and may not attack, raid or scout. */
export function isFriendly(relation: TargetRelation): boolean {
  return relation === 'own' || relation === 'ally' || relation === 'confederate' || relation === 'pact';
}
