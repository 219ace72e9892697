// What a village's rates depend on beyond its own rows: the world's speed, its owner's alliance wonders, the world's events and the oases it holds.
import { and, eq, gt, inArray, isNotNull, or } from 'drizzle-orm';
import type { Db } from '../db/open';
import { allianceMembers, oases, wonders, worldEvents, worlds, type VillageRow, type WonderRow, type WorldEventRow } from '../db/schema';
import { codeOasisBonus, terrainCodes } from '../map/terrain';
import type { OasisBonus } from '../../rules/terrain';
import type { BonusPeriod, VillageEnv } from '../../rules/village-timeline';
import { eventHoldsAt, eventWindows } from '../../rules/world-events';
import { mapResources } from '../../rules/resources';
import type { WonderState } from '../../rules/wonders';
import { wonderBonusPeriods, type AllianceStanding, type StandingWonder } from '../../rules/wonder-bonus';
import type { AllianceId, PlayerId, VillageId } from '../../rules/ids';
import { together } from '../db/together';

/** What a wonder's bonus and settling depend on: its row without names and bookkeeping. */
export type WonderTerms = Pick<
  WonderRow,
  'worldId' | 'ownerId' | 'type' | 'level' | 'status' | 'investedTimber' | 'investedStone' | 'investedIron' | 'investedMead' | 'constructionFinishesAt' | 'completedAt' | 'levelHistory'
>;

/** What a world event's bonus depends on. */
export type EventTerms = Pick<WorldEventRow, 'worldId' | 'kind' | 'percent' | 'startsAt' | 'endsAt' | 'periods'>;

/** The rules' view of a stored wonder. */
export function wonderState(row: WonderTerms): WonderState {
  return {
    level: row.level,
    status: row.status,
    invested: { timber: row.investedTimber, stone: row.investedStone, iron: row.investedIron, mead: row.investedMead },
    constructionFinishesAt: row.constructionFinishesAt?.getTime() ?? null,
    completedAt: row.completedAt?.getTime() ?? null,
  };
}

/** The rules' view of a stored wonder and its builder's alliance, for counting it towards a player. */
export function standingWonder(row: WonderTerms, ownerAlliance: AllianceStanding | null): StandingWonder {
  return { type: row.type, ownerId: row.ownerId, ownerAlliance, state: wonderState(row), levelHistory: row.levelHistory };
}

function eventTimes(row: EventTerms) {
  return { startsAt: row.startsAt.getTime(), endsAt: row.endsAt.getTime(), activations: row.periods };
}

/** A production event's bonus, every resource, for each stretch it held or holds. */
function eventPeriods(row: EventTerms): BonusPeriod[] {
  return eventWindows(eventTimes(row)).map((w) => ({
    from: w.from,
    to: Number.isFinite(w.to) ? w.to : null,
    bonusPercent: mapResources(() => row.percent),
  }));
}

/**
 * The rows the environments of some villages are computed from: the wonders under way or standing in their
 * worlds with their builders' alliances, the alliances of the villages' owners, and the world events ever
 * switched on there.
 */
export interface EnvSources {
  wonders: { wonder: WonderTerms; allianceId: AllianceId | null; joinedAt: Date | null }[];
  memberships: { userId: PlayerId; allianceId: AllianceId; joinedAt: Date }[];
  events: EventTerms[];
  /** The oases the villages hold, each with its bonus and since when. */
  heldOases: HeldOasis[];
}

/** An oasis a village holds: its bonus counts in the village's production from `since` (epoch ms) on. */
export interface HeldOasis {
  villageId: VillageId;
  bonus: OasisBonus;
  since: number;
}

/** An oasis row's tile and annexing instant as the village holding it counts it (its kind comes from the world's seed). */
export function heldOasis(villageId: VillageId, o: { seed: number; x: number; y: number; annexedAt: Date }): HeldOasis {
  return { villageId, bonus: codeOasisBonus(terrainCodes(o.seed).at(o.x, o.y)) ?? {}, since: o.annexedAt.getTime() };
}

/** Loads the sources of the given villages' environments (two or three queries). */
async function loadEnvSources(db: Db, villages: readonly EnvVillage[]): Promise<EnvSources> {
  const worldIds = [...new Set(villages.map((v) => v.village.worldId))];
  const ownerIds = [...new Set(villages.map((v) => v.village.ownerId).filter((id): id is PlayerId => id !== null))];
  // Wonders are few (at most one of each type per world): all of the worlds concerned, with their owners' alliances.
  const villageIds = villages.map((v) => v.village.id);
  // Sent together (one round trip); the owners' alliances only matter, and are read after, when a wonder stands.
  const [wonderRows, eventRows, held] = await together([
    db
      .select({ wonder: wonders, allianceId: allianceMembers.allianceId, joinedAt: allianceMembers.joinedAt })
      .from(wonders)
      .leftJoin(allianceMembers, eq(allianceMembers.userId, wonders.ownerId))
      .where(and(inArray(wonders.worldId, worldIds), or(gt(wonders.level, 0), isNotNull(wonders.constructionFinishesAt)))),
    db.select().from(worldEvents).where(inArray(worldEvents.worldId, worldIds)),
    db
      .select({ villageId: oases.villageId, x: oases.x, y: oases.y, annexedAt: oases.annexedAt, seed: worlds.seed })
      .from(oases)
      .innerJoin(worlds, eq(worlds.id, oases.worldId))
      .where(inArray(oases.villageId, villageIds)),
  ]);
  const memberships =
    wonderRows.length === 0 || ownerIds.length === 0
      ? []
      : await db.select({ userId: allianceMembers.userId, allianceId: allianceMembers.allianceId, joinedAt: allianceMembers.joinedAt }).from(allianceMembers).where(inArray(allianceMembers.userId, ownerIds));
  // Events that were ever switched on in these worlds: few, and their past windows count for idle villages.
  const events = eventRows.filter((e) => e.periods.length > 0);
  const heldOases = held.flatMap((o) => (o.villageId && o.annexedAt ? [heldOasis(o.villageId, { seed: o.seed, x: o.x, y: o.y, annexedAt: o.annexedAt })] : []));
  return { wonders: wonderRows, memberships, events, heldOases };
}

/** A village as its environment needs it: its row and its world's speed. */
export interface EnvVillage {
  village: VillageRow;
  worldSpeed: number;
}

const NO_SOURCES: EnvSources = { wonders: [], memberships: [], events: [], heldOases: [] };

/** Loads the sources of the given villages' environments (as read from the database): the function returned gives each one's. */
export async function villageEnvs(db: Db, villages: readonly EnvVillage[], now: Date): Promise<(village: EnvVillage) => VillageEnv> {
  return envsFrom(villages.length === 0 ? NO_SOURCES : await loadEnvSources(db, villages), now);
}

/** The environment of a village from sources loaded for it (with others, maybe): the function returned gives each one's. */
export function envsFrom(sources: EnvSources, now: Date): (village: EnvVillage) => VillageEnv {
  const viewerAlliance = new Map<PlayerId, AllianceStanding>(sources.memberships.map((v) => [v.userId, { allianceId: v.allianceId, joinedAt: v.joinedAt.getTime() }]));
  const standing = sources.wonders.map(({ wonder, allianceId, joinedAt }) => ({
    worldId: wonder.worldId,
    wonder: standingWonder(wonder, allianceId && joinedAt ? { allianceId, joinedAt: joinedAt.getTime() } : null),
  }));
  return ({ village, worldSpeed }) => {
    const periods: BonusPeriod[] = [];
    let trainingBonusPercent = 0;
    for (const event of sources.events) {
      if (event.worldId !== village.worldId) continue;
      switch (event.kind) {
        case 'production_bonus':
          periods.push(...eventPeriods(event));
          break;
        case 'training_speed':
          if (eventHoldsAt(eventTimes(event), now.getTime())) trainingBonusPercent += event.percent;
          break;
      }
    }
    // An oasis's bonus is a period from its annexing on: a village settled to that instant before it changed hands gets it exactly from then.
    for (const held of sources.heldOases) if (held.villageId === village.id) periods.push({ from: held.since, to: null, bonusPercent: held.bonus });
    const owner = village.ownerId;
    if (owner !== null) {
      const inWorld = standing.filter((w) => w.worldId === village.worldId).map((w) => w.wonder);
      periods.push(...wonderBonusPeriods({ viewer: { playerId: owner, alliance: viewerAlliance.get(owner) ?? null }, wonders: inWorld, worldSpeed, now: now.getTime() }));
    }
    return { worldSpeed, bonusPercent: {}, bonusPeriods: periods.length > 0 ? periods : undefined, trainingBonusPercent };
  };
}
