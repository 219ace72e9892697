// The signed-in player's standing among the alliances (id, alliance, its active relations) as atoms over the alliance and diplomacy queries: the map colours villages by it without fetching, and the send form refuses by it.
import { atom } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { atomWithQuery } from 'jotai-tanstack-query';
import type { Diplomacy, DiplomacyKind } from '../api/alliances';
import type { RelationsOf } from '../../rules/diplomacy';
import type { MapViewer } from '../../rules/tile-looks';
import { diplomacyQuery, myAllianceQuery } from './queries';
import { sittingAtom, userIdAtom } from './session';

export type { MapViewer };

/** The player's alliance as the alliance page reads it (the same cache entry, so alliance_changed refreshes both). */
const myAllianceQueryAtom = atomWithQuery((get) => myAllianceQuery(get(userIdAtom)));

/** The id of the player's alliance: null outside one, undefined until the alliance has been read. */
const allianceIdAtom = atom((get): string | null | undefined => {
  // A sitter may not see the owner's alliance: in a sitting session the map tells only the owner's own villages apart.
  if (get(sittingAtom) !== null) return null;
  const mine = get(myAllianceQueryAtom).data;
  return mine === undefined ? undefined : (mine.alliance?.id ?? null);
});

/** The alliance's relations, asked for only once the alliance read says the player is in one. */
const diplomacyQueryAtom = atomWithQuery((get) => diplomacyQuery(get(userIdAtom), typeof get(allianceIdAtom) === 'string'));

/** No relations: one object, so a player outside any alliance keeps the same viewer from read to read. */
const NONE: RelationsOf = new Map();

/** The active relations of a diplomacy reply, by the other alliance's id (a proposal changes nothing until accepted). */
export function activeRelations(diplomacy: Diplomacy): RelationsOf {
  const relations = new Map<string, DiplomacyKind>();
  for (const relation of diplomacy.relations) if (relation.status === 'active') relations.set(relation.alliance.id, relation.kind);
  return relations.size === 0 ? NONE : relations;
}

function sameRelations(a: RelationsOf, b: RelationsOf): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  for (const [allianceId, kind] of a) if (b.get(allianceId) !== kind) return false;
  return true;
}

/** Whether two viewers colour every village alike. */
export function sameViewer(a: MapViewer | null, b: MapViewer | null): boolean {
  if (a === b) return true;
  if (a === null || b === null) return false;
  return a.id === b.id && a.allianceId === b.allianceId && sameRelations(a.relations, b.relations);
}

interface Standing {
  viewer: MapViewer | null;
  /** The alliance (and, in one, its relations) has been read: until then only the player's own villages are told apart. */
  known: boolean;
}

const standingAtom = atom((get): Standing => {
  const id = get(userIdAtom);
  if (id === null) return { viewer: null, known: true };
  const allianceId = get(allianceIdAtom);
  if (allianceId === undefined) return { viewer: { id, allianceId: null, relations: NONE }, known: false };
  if (allianceId === null) return { viewer: { id, allianceId: null, relations: NONE }, known: true };
  const diplomacy = get(diplomacyQueryAtom).data;
  // A reply kept from an alliance the player has since left says nothing of the new one.
  const read = diplomacy !== undefined && diplomacy.allianceId === allianceId;
  return { viewer: { id, allianceId, relations: read ? activeRelations(diplomacy) : NONE }, known: read };
});

/**
 * The player as the map colours villages for them (null when signed out). The same object while nothing it shows
 * changed: the queries' polls and unrelated changes (a proposal, a member joining) keep it, so the map's chunks,
 * which compare it by identity, are drawn again only when a relation, the alliance or the player changed.
 */
export const mapViewerAtom = selectAtom(standingAtom, (standing) => standing.viewer, sameViewer);

/** Whether the player's relations have been read: a form refuses by relation only once they are (the server always knows). */
export const relationsKnownAtom = atom((get) => get(standingAtom).known);
