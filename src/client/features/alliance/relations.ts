// Diplomacy as the alliance pages word and count it: a kind as the object of a sentence, the heading of a kind's relations, the active relations by kind.
import type { DiplomacyKind } from '../../api/alliances';
import type { RelationCounts } from '../../../rules/diplomacy';
import { i18n } from '../../i18n';

/** 'a non-aggression pact', 'war': a kind as the object of a proposal (German in the accusative: 'einen Nichtangriffspakt'). */
export function aRelation(kind: DiplomacyKind): string {
  return i18n.t(`alliance:relation.a.${kind}`);
}

/** 'the confederation', 'the war': a relation named once it is known. */
export function theRelation(kind: DiplomacyKind): string {
  return i18n.t(`alliance:relation.the.${kind}`);
}

/** 'Confederations', 'Non-aggression pacts', 'Wars': the heading of a kind's relations. */
export function kindsName(kind: DiplomacyKind): string {
  return i18n.t(`alliance:relation.kinds.${kind}`);
}

/** How many active relations of each kind a list holds, as the caps count them. */
export function countsOf(relations: readonly { kind: DiplomacyKind; status?: string }[]): RelationCounts {
  const active = relations.filter((relation) => relation.status === undefined || relation.status === 'active');
  const count = (kind: DiplomacyKind) => active.filter((relation) => relation.kind === kind).length;
  return { confederation: count('confederation'), nap: count('nap'), war: count('war') };
}
