// Ids of different things are different types: a village id cannot be passed where a player id is wanted.
//
// They are plain uuid strings at run time. A brand exists only for the compiler; the database schema gives each
// id column its brand, and a contract string becomes an id once, at the route that receives it (`idOf`).

/** A uuid string branded with what it names. */
type Id<Name extends string> = string & { readonly __names: Name };

export type PlayerId = Id<'player'>;
export type VillageId = Id<'village'>;
export type WorldId = Id<'world'>;
export type AllianceId = Id<'alliance'>;
export type HeroId = Id<'hero'>;
export type WonderId = Id<'wonder'>;
export type MovementId = Id<'movement'>;
export type ReportId = Id<'report'>;
export type OfferId = Id<'offer'>;
export type OasisId = Id<'oasis'>;
export type MessageId = Id<'message'>;
export type InvitationId = Id<'invitation'>;
export type MemberId = Id<'member'>;
export type RelationId = Id<'relation'>;
export type ApplicationId = Id<'application'>;

/**
 * A contract string read as the id it names. The request schema already checked it is a uuid; the brand only says
 * which table it names, which the route knows from the path.
 */
export function idOf<I extends Id<string>>(text: string): I {
  // The one place a plain string becomes an id: the brand has no run-time form to construct.
  return text as I;
}
