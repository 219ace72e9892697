// Everything a battle is decided and reported from, locked and read in one statement (the battleField stored read) instead of nine.
import type { Db } from '../db/open';
import { callStoredRead, rowFromJson, wonderFromJson, type WonderJson } from '../db/stored-reads';
import { heroes, stationedTroops, type HeroRow, type MovementRow } from '../db/schema';
import { effectsOfWonders } from '../wonders/effects';
import { smithyLevelsOf, type ResearchedLevel } from '../smithy/smithy';
import type { SmithyLevels } from '../../rules/smithy';
import { sumEffects, type WonderEffects } from '../../rules/wonders';
import type { NightTruce } from '../../rules/night-truce';
import { languageOf } from '../alerts/outbox';
import type { Language } from '../../rules/language-choice';
import { idOf, type AllianceId, type PlayerId, type VillageId } from '../../rules/ids';

type Json = Record<string, unknown>;
type MembershipJson = { allianceId: AllianceId; joinedAt: string } | null;

/** What the `battleField` stored read answers (src/server/db/stored-reads.ts). */
interface BattleFieldJson {
  stationed: Json[];
  attackerHero: Json | null;
  heroesAtHome: Json[];
  research: ResearchedLevel[];
  worldSpeed: number;
  truce: NightTruce | null;
  wonders: WonderJson[];
  attackerMembership: MembershipJson;
  defenderMembership: MembershipJson;
  origin: { id: VillageId; name: string; x: number; y: number; ownerId: PlayerId | null } | null;
  players: Record<string, { username: string; locale: string | null }>;
}

/** A village a movement left or lands at, as reports name it. */
export interface Place {
  id: VillageId;
  name: string;
  x: number;
  y: number;
  ownerId: PlayerId | null;
}

/** The field of one battle: who stands where, what strengthens whom, and the names the report gives. */
export interface BattleField {
  stationed: (typeof stationedTroops.$inferSelect)[];
  attackerHero: HeroRow | null;
  heroesAtHome: HeroRow[];
  /** Smithy levels at the battle's instant, of the village the attackers left and of the village they strike. */
  smithy: Map<VillageId, SmithyLevels>;
  attackerEffects: WonderEffects;
  defenderEffects: WonderEffects;
  truce: NightTruce | null;
  /** The village the army left (null: gone since). */
  origin: Place | null;
  /** The usernames of both sides. */
  names: Map<PlayerId, string>;
  /** The languages both sides read their alerts in. */
  languages: Map<PlayerId, Language>;
}

const membership = (m: MembershipJson) => (m ? { allianceId: m.allianceId, joinedAt: new Date(m.joinedAt) } : null);

/**
 * Inside the transaction that holds village `villageId` and has claimed `movement` (an attack or raid landing there at
 * `at`): locks the stationed troops, the attacking hero and the heroes at home, in that order, and reads the battle's field.
 */
export async function readBattleField(tx: Db, movement: MovementRow, { villageId, defenderId, at }: { villageId: VillageId; defenderId: PlayerId | null; at: Date }): Promise<BattleField> {
  const json = await callStoredRead<BattleFieldJson>(tx, 'battleField', villageId, movement.id, defenderId, at);
  // The movement was claimed in this transaction and its world cannot go: the read always finds them.
  if (!json) throw new Error(`battle field of movement ${movement.id} not found`);
  const worldWonders = json.wonders.map(wonderFromJson).map(({ wonder, ...builder }) => ({ wonder, builder }));
  const effects = (userId: PlayerId | null, m: MembershipJson) =>
    sumEffects(userId ? effectsOfWonders({ userId, membership: membership(m), wonders: worldWonders, worldSpeed: json.worldSpeed }, at).map((e) => e.effects) : []);
  return {
    stationed: json.stationed.map((s) => rowFromJson(stationedTroops, s)),
    attackerHero: json.attackerHero ? rowFromJson(heroes, json.attackerHero) : null,
    heroesAtHome: json.heroesAtHome.map((h) => rowFromJson(heroes, h)),
    smithy: smithyLevelsOf(json.research),
    attackerEffects: effects(movement.ownerId, json.attackerMembership),
    defenderEffects: effects(defenderId, json.defenderMembership),
    truce: json.truce,
    origin: json.origin,
    names: new Map(Object.entries(json.players).map(([id, p]) => [idOf<PlayerId>(id), p.username])),
    languages: new Map(Object.entries(json.players).map(([id, p]) => [idOf<PlayerId>(id), languageOf(p.locale)])),
  };
}
