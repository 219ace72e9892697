// Drizzle schema: every table the game stores. Terrain is not stored; it is a pure function of the world seed.
import { sql } from 'drizzle-orm';
import { pgTable, uuid, text, timestamp, integer, doublePrecision, boolean, index, uniqueIndex, jsonb, bigserial, primaryKey, check } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AllianceId, ApplicationId, HeroId, InvitationId, MemberId, RelationId, MessageId, MovementId, OasisId, OfferId, PlayerId, ReportId, VillageId, WonderId, WorldId } from '../../rules/ids';
import type { Schema } from '../../contract';
import { ALLIANCE_ROLES } from '../../rules/alliances';
import { DIPLOMACY_KINDS, DIPLOMACY_STATUSES } from '../../rules/diplomacy';
import { FEED_KINDS } from '../../rules/alliance-feed';
import { BUILDING_TYPES } from '../../rules/buildings';
import { BATTLE_SIDES } from '../../rules/combat';
import { CATAPULT_TARGETS, type CatapultHit } from '../../rules/catapults';
import { REPORT_TYPES, type ScoutIntel } from '../../rules/scouting';
import { HERO_RARITIES, HERO_TYPES } from '../../rules/heroes';
import { MOVEMENT_TYPES } from '../../rules/movements';
import { QUEST_STATUSES, QUEST_TYPES } from '../../rules/quests';
import { RESOURCE_TYPES, type Resources } from '../../rules/resources';
import { ROLES } from '../../rules/roles';
import { UNIT_TYPES, type UnitCounts } from '../../rules/units';
import { WONDER_STATUSES, WONDER_TYPES } from '../../rules/wonders';
import { OFFER_STATUSES } from '../../rules/trade';
import { WORLD_EVENT_KINDS, type Activation } from '../../rules/world-events';
import { WORLD_STATUSES } from '../../rules/world';
import { ANIMAL_TYPES, type AnimalCounts, type OasisBattleNote } from '../../rules/oases';
import { MAX_SMITHY_LEVEL, SMITHY_TRACKS } from '../../rules/smithy';
import { ALERT_KINDS, type AlertKind } from '../../rules/alerts';
import { LINK_STATUSES } from '../../rules/fair-play';
import type { NightTruce } from '../../rules/night-truce';
import { WORLD_END_REASONS } from '../../rules/world-rounds';

/** What the admins and game masters did, as the audit log names it. */
export const AUDIT_ACTIONS = [
  'set_role',
  'suspend',
  'unsuspend',
  'temporary_password',
  'delete_user',
  'create_world',
  'set_world_status',
  'create_event',
  'edit_event',
  'activate_event',
  'deactivate_event',
  'announce',
  'distribute_rewards',
  'confirm_link',
  'clear_link',
  'set_world_end',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Why a Discord sign-in flow was started: to sign in, or to link Discord to the signed-in account. */
export const OAUTH_PURPOSES = ['login', 'link'] as const;
export type OauthPurpose = (typeof OAUTH_PURPOSES)[number];

/** A place as a battle report keeps it: as it was that day. */
export interface ReportPlace {
  id: string;
  name: string;
  x: number;
  y: number;
}

/** What a reward distribution stored under its key: the request's fingerprint, and its answer once paid. */
export interface RewardGrantResult {
  fingerprint: string;
  reply?: Schema<'RewardDistribution'>;
}

/** SQL text of a string literal (the values come from the tuples of src/rules, never from a request). */
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * The CHECK holding a typed text column (`text(name, { enum: VALUES })`) to the same tuple, so the database refuses a
 * row the code could not read. Named `<table>_<column>_check`, as PostgreSQL names a column's own check. (Drizzle hands
 * the extra config untyped columns, so the tuple is named twice; tests/lint/typed-columns.test.ts holds the two equal.)
 */
const oneOf = (table: string, column: AnyPgColumn, values: readonly string[]) =>
  check(`${table}_${column.name}_check`, sql`${column} in (${sql.raw(values.map(literal).join(', '))})`);

/**
 * The CHECK holding a JSON column to an object whose keys are among `keys` (unit counts, resource amounts): a key
 * the code does not know cannot be stored. A list or a scalar is refused before `-` could fail on it; null gives null,
 * which a CHECK lets pass (the column's nullability decides).
 */
const keysIn = (table: string, column: AnyPgColumn, keys: readonly string[]) =>
  check(
    `${table}_${column.name}_check`,
    sql`case when jsonb_typeof(${column}) <> 'object' then false else (${column} - ${sql.raw(`${literal(`{${keys.join(',')}}`)}::text[]`)}) = '{}'::jsonb end`,
  );

/** Unit counts by unit type (a missing type means none). */
const unitCounts = (name: string) => jsonb(name).$type<UnitCounts>();

/** An amount of each resource. */
const resourceAmounts = (name: string) => jsonb(name).$type<Resources>();

/** A random uuid primary key named `id`. */
const uuidPk = <I extends string = string>() => uuid('id').$type<I>().primaryKey().defaultRandom();

/** A timestamp with time zone, read as a Date. */
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** When the row was written (required). */
const createdAt = () => timestamptz('created_at').notNull();

/** A uuid naming a row of another table; `onDelete` says what becomes of this row when that one is deleted. */
const reference = <I extends string = string>(name: string, target: () => AnyPgColumn, onDelete: 'cascade' | 'set null') =>
  uuid(name).$type<I>().references(target, { onDelete });

/** A required reference to a user: the row is deleted with the account. */
const userRef = (name = 'user_id') => reference<PlayerId>(name, (): AnyPgColumn => users.id, 'cascade').notNull();

/** An optional reference to a user, emptied when the account is deleted (the row outlives it). */
const userRefOrNull = (name: string) => reference<PlayerId>(name, (): AnyPgColumn => users.id, 'set null');

/** A required reference to a village: the row is deleted with the village. */
const villageRef = (name = 'village_id') => reference<VillageId>(name, (): AnyPgColumn => villages.id, 'cascade').notNull();

/** A required reference to the world: the row is deleted with the world. */
const worldRef = () => reference<WorldId>('world_id', (): AnyPgColumn => worlds.id, 'cascade').notNull();

/** A required reference to an alliance: the row is deleted with the alliance. */
const allianceRef = () => reference<AllianceId>('alliance_id', (): AnyPgColumn => alliances.id, 'cascade').notNull();

export const users = pgTable(
  'users',
  {
    id: uuidPk<PlayerId>(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    /** argon2id hash; null for accounts that only ever signed in with Discord. */
    passwordHash: text('password_hash'),
    role: text('role', { enum: ROLES }).notNull().default('user'),
    discordId: text('discord_id'),
    discordAvatar: text('discord_avatar'),
    /** Set by an admin: the account cannot sign in, and its sessions ended at once. */
    suspendedAt: timestamptz('suspended_at'),
    suspensionReason: text('suspension_reason'),
    /** An admin set a temporary password: the player must choose their own before playing on. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** The last signed-in request, to the minute or so (admin figures). */
    lastSeenAt: timestamptz('last_seen_at'),
    /** What the player wrote about themselves on their profile (plain text, may be empty). */
    profileDescription: text('profile_description').notNull().default(''),
    /** The language the player chose for the game ('en' or 'de'); null until they choose (the browser's is used). */
    locale: text('locale'),
    createdAt: createdAt().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower').on(sql`lower(${t.username})`),
    uniqueIndex('users_discord_id').on(t.discordId),
    oneOf('users', t.role, ROLES),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the opaque bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    userId: userRef(),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    /**
     * A sitting session: the sitter playing `userId`'s account with a sitter's rights; null for the owner's own. Deleted
     * with the sitter's account (never emptied: that would turn it into the owner's own session).
     */
    sitterId: reference<PlayerId>('sitter_id', (): AnyPgColumn => users.id, 'cascade'),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

export const worlds = pgTable(
  'worlds',
  {
    id: uuidPk<WorldId>(),
    name: text('name').notNull().unique(),
    status: text('status', { enum: WORLD_STATUSES }).notNull().default('online'),
    maxPlayers: integer('max_players').notNull().default(500),
    speed: doublePrecision('speed').notNull().default(1),
    seed: integer('seed').notNull(),
    /** Half the side of the square world: tiles run from -size to size on both axes. */
    size: integer('size').notNull().default(200),
    /** The world's night truce, chosen at creation; null for none. */
    truce: jsonb('truce').$type<NightTruce>(),
    /**
     * When the world ends: the end date a game master set, or the instant a victory closed it; null while none is set.
     * Once it has passed nothing in the world is settled beyond it, and game actions are refused (src/rules/world-rounds.ts).
     */
    endsAt: timestamptz('ends_at'),
    createdAt: createdAt().defaultNow(),
  },
  (t) => [oneOf('worlds', t.status, WORLD_STATUSES)],
);

export type UserRow = typeof users.$inferSelect;
export type WorldRow = typeof worlds.$inferSelect;

/**
 * A village. Resources are stored as amounts at `resourcesAt`; the current amount is computed on read
 * from production rates, so a read costs the same after a minute or a month.
 */
export const villages = pgTable(
  'villages',
  {
    id: uuidPk<VillageId>(),
    worldId: worldRef(),
    /** Null for an abandoned village (its player's account was deleted): it stays on the map. */
    ownerId: userRefOrNull('owner_id'),
    name: text('name').notNull(),
    x: integer('x').notNull(),
    y: integer('y').notNull(),
    isCapital: boolean('is_capital').notNull().default(false),
    loyalty: doublePrecision('loyalty').notNull().default(100),
    timber: doublePrecision('timber').notNull(),
    stone: doublePrecision('stone').notNull(),
    iron: doublePrecision('iron').notNull(),
    mead: doublePrecision('mead').notNull(),
    resourcesAt: timestamptz('resources_at').notNull(),
    /** Earliest instant at which something in this village falls due (upgrade, training); the sweeper's index. */
    nextEventAt: timestamptz('next_event_at'),
    /** The last settle that starved units here: the instant of its last loss (the village page tells of it for a day). */
    starvedAt: timestamptz('starved_at'),
    /** And every unit that settle lost to hunger (starvationIn in src/rules/village-timeline.ts). */
    starvedUnits: unitCounts('starved_units'),
    /**
     * A barbarian village's (no owner) next growth step (src/rules/barbarians.ts), applied exactly once under the row lock
     * while it settles; null for a player's village and for a barbarian village grown to its caps.
     */
    growsAt: timestamptz('grows_at'),
    createdAt: createdAt().defaultNow(),
  },
  (t) => [
    uniqueIndex('villages_world_tile').on(t.worldId, t.x, t.y),
    index('villages_owner').on(t.ownerId),
    index('villages_next_event').on(t.nextEventAt),
    index('villages_world_name').on(t.worldId, sql`lower(${t.name})`),
    keysIn('villages', t.starvedUnits, UNIT_TYPES),
  ],
);

/**
 * How often the villages of one map chunk (CHUNK_SIDE x CHUNK_SIDE tiles, see map/chunks.ts) have changed as the
 * map shows them. Database triggers (migration 0008) bump it in the same transaction as the change, so every server
 * process can tell whether its cached map fragments are still right with one small read.
 */
export const mapChunkVersions = pgTable(
  'map_chunk_versions',
  {
    worldId: worldRef(),
    cx: integer('cx').notNull(),
    cy: integer('cy').notNull(),
    version: integer('version').notNull(),
  },
  (t) => [primaryKey({ columns: [t.worldId, t.cx, t.cy] })],
);

/** A building in a slot (1-18 resource fields, 19-40 inner). An upgrade in progress has `upgradeFinishesAt`. */
export const buildings = pgTable(
  'buildings',
  {
    id: uuidPk(),
    villageId: villageRef(),
    slot: integer('slot').notNull(),
    type: text('type', { enum: BUILDING_TYPES }).notNull(),
    level: integer('level').notNull().default(0),
    upgradeStartedAt: timestamptz('upgrade_started_at'),
    upgradeFinishesAt: timestamptz('upgrade_finishes_at'),
    /** When the building last changed, for the "recent buildings" list. */
    updatedAt: timestamptz('updated_at').notNull(),
  },
  (t) => [uniqueIndex('buildings_village_slot').on(t.villageId, t.slot), oneOf('buildings', t.type, BUILDING_TYPES)],
);

/** Units at home in a village, one row per type. */
export const units = pgTable(
  'units',
  {
    id: uuidPk(),
    villageId: villageRef(),
    type: text('type', { enum: UNIT_TYPES }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [uniqueIndex('units_village_type').on(t.villageId, t.type), oneOf('units', t.type, UNIT_TYPES)],
);

/** A training order: `count` units of one type, finishing one by one every `secondsEach` from `startedAt`. */
export const trainingOrders = pgTable(
  'training_orders',
  {
    id: uuidPk(),
    villageId: villageRef(),
    unitType: text('unit_type', { enum: UNIT_TYPES }).notNull(),
    count: integer('count').notNull(),
    done: integer('done').notNull().default(0),
    secondsEach: doublePrecision('seconds_each').notNull(),
    startedAt: timestamptz('started_at').notNull(),
    finishesAt: timestamptz('finishes_at').notNull(),
  },
  (t) => [index('training_orders_village').on(t.villageId), oneOf('training_orders', t.unitType, UNIT_TYPES)],
);

export type VillageRow = typeof villages.$inferSelect;
export type BuildingRow = typeof buildings.$inferSelect;
export type UnitRow = typeof units.$inferSelect;
export type TrainingOrderRow = typeof trainingOrders.$inferSelect;

/**
 * One row per player: where the tutorial stands, and the row every change to the player's quests locks
 * first, so two requests never complete (and reward) the same quest twice.
 */
export const playerProgress = pgTable('player_progress', {
  userId: userRef().primaryKey(),
  tutorialSkipped: boolean('tutorial_skipped').notNull().default(false),
  tutorialCompletedAt: timestamptz('tutorial_completed_at'),
  /** The events the player's quests could still count (eventsQuestsCount), written with the quests; null until first settled. */
  countedEvents: text('counted_events').array(),
  createdAt: createdAt().defaultNow(),
});

/** A player's copy of a quest of the catalog (src/rules/quest-catalog.ts); daily and weekly ones once per period. */
export const playerQuests = pgTable(
  'player_quests',
  {
    id: uuidPk(),
    userId: userRef(),
    questKey: text('quest_key').notNull(),
    type: text('type', { enum: QUEST_TYPES }).notNull(),
    /** The day or week of a daily or weekly quest; empty for the others. */
    period: text('period').notNull().default(''),
    status: text('status', { enum: QUEST_STATUSES }).notNull(),
    progress: jsonb('progress').$type<Record<string, number>>().notNull().default({}),
    expiresAt: timestamptz('expires_at'),
    startedAt: timestamptz('started_at'),
    completedAt: timestamptz('completed_at'),
    /** When the rewards landed in the capital; null while they wait for one (or for ever when skipped). */
    rewardedAt: timestamptz('rewarded_at'),
    /** Completed by skipping the tutorial: no rewards. */
    skipped: boolean('skipped').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('player_quests_key_period').on(t.userId, t.questKey, t.period),
    index('player_quests_user_status').on(t.userId, t.status),
    oneOf('player_quests', t.type, QUEST_TYPES),
    oneOf('player_quests', t.status, QUEST_STATUSES),
  ],
);

/**
 * Game events waiting to advance a player's quests (building_upgraded:barracks, view_map, ...). Whatever
 * transaction makes the event writes it here; the quest bookkeeping consumes it later under the player's
 * lock, so a village's transaction never has to lock a second village to pay a reward.
 */
export const questEvents = pgTable(
  'quest_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    name: text('name').notNull(),
    amount: integer('amount').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index('quest_events_user').on(t.userId, t.id)],
);

export const alliances = pgTable(
  'alliances',
  {
    id: uuidPk<AllianceId>(),
    name: text('name').notNull(),
    /** 3-5 of A-Z and 0-9, unique across the game. */
    tag: text('tag').notNull(),
    description: text('description').notNull(),
    /** Open to applications and listed as open in the alliance directory; invitation-only when false. */
    isPublic: boolean('is_public').notNull().default(true),
    foundedAt: timestamptz('founded_at').notNull(),
    /** The announcement pinned on the alliance's page (plain text), who wrote it and when; null when there is none. */
    announcement: text('announcement'),
    announcementAt: timestamptz('announcement_at'),
    announcementBy: userRefOrNull('announcement_by'),
  },
  (t) => [uniqueIndex('alliances_tag').on(t.tag), index('alliances_name_lower').on(sql`lower(${t.name})`)],
);

/** A player belongs to at most one alliance (the unique user_id). */
export const allianceMembers = pgTable(
  'alliance_members',
  {
    id: uuidPk<MemberId>(),
    allianceId: allianceRef(),
    userId: userRef(),
    role: text('role', { enum: ALLIANCE_ROLES }).notNull(),
    joinedAt: timestamptz('joined_at').notNull(),
  },
  (t) => [uniqueIndex('alliance_members_user').on(t.userId), index('alliance_members_alliance').on(t.allianceId, t.joinedAt), oneOf('alliance_members', t.role, ALLIANCE_ROLES)],
);

export const allianceInvitations = pgTable(
  'alliance_invitations',
  {
    id: uuidPk(),
    allianceId: allianceRef(),
    /** The invited player. */
    userId: userRef(),
    inviterId: userRef('inviter_id'),
    message: text('message'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('alliance_invitations_pair').on(t.allianceId, t.userId), index('alliance_invitations_user').on(t.userId)],
);

/** The alliance's message board, newest read first. */
export const allianceMessages = pgTable(
  'alliance_messages',
  {
    id: uuidPk(),
    allianceId: allianceRef(),
    /** Null once the author's account is deleted; the message stays. */
    authorId: userRefOrNull('author_id'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('alliance_messages_alliance').on(t.allianceId, t.createdAt)],
);

/**
 * Diplomacy between two alliances: proposed by `from`, active once `to` accepts. At most one row stands between two
 * alliances, whichever proposed (the unique index on the unordered pair), so crossing proposals cannot both be made.
 */
export const allianceRelations = pgTable(
  'alliance_relations',
  {
    id: uuidPk<RelationId>(),
    kind: text('kind', { enum: DIPLOMACY_KINDS }).notNull(),
    status: text('status', { enum: DIPLOMACY_STATUSES }).notNull(),
    fromAllianceId: reference<AllianceId>('from_alliance_id', (): AnyPgColumn => alliances.id, 'cascade').notNull(),
    toAllianceId: reference<AllianceId>('to_alliance_id', (): AnyPgColumn => alliances.id, 'cascade').notNull(),
    proposedBy: userRefOrNull('proposed_by'),
    proposedAt: timestamptz('proposed_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
  },
  (t) => [
    uniqueIndex('alliance_relations_pair').on(sql`least(${t.fromAllianceId}, ${t.toAllianceId})`, sql`greatest(${t.fromAllianceId}, ${t.toAllianceId})`),
    index('alliance_relations_from').on(t.fromAllianceId),
    index('alliance_relations_to').on(t.toAllianceId),
    oneOf('alliance_relations', t.kind, DIPLOMACY_KINDS),
    oneOf('alliance_relations', t.status, DIPLOMACY_STATUSES),
    check('alliance_relations_two_sides', sql`${t.fromAllianceId} <> ${t.toAllianceId}`),
  ],
);

/** A player asking to join a public alliance; deleted once answered, withdrawn or the player joins any alliance. */
export const allianceApplications = pgTable(
  'alliance_applications',
  {
    id: uuidPk<ApplicationId>(),
    allianceId: allianceRef(),
    userId: userRef(),
    message: text('message'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('alliance_applications_pair').on(t.allianceId, t.userId), index('alliance_applications_user').on(t.userId)],
);

/** What a feed entry tells beyond its kind and its two players; each kind fills what it needs. */
export interface FeedDetails {
  /** rank_changed: the rank before and after. */
  fromRole?: string;
  toRole?: string;
  /** dismissed: the reason given. */
  reason?: string;
  /** announcement: its text. */
  text?: string;
  /** diplomacy_*: the relation's kind and the other alliance. */
  relation?: string;
  alliance?: { id: string; tag: string; name: string };
  /** diplomacy_*: whether the actor acted for the alliance whose feed this is. */
  byUs?: boolean;
  /** village_conquered, village_lost, village_founded: the village; wonder_level: the wonder's village. */
  village?: ReportPlace;
  /** wonder_level: the wonder and the level it reached. */
  wonder?: { id: string; name: string; type: string; level: number };
  /** battle: the report (read through the feed by the alliance's members), its kind, the upkeep lost on both sides, and the side this alliance fought on. */
  reportId?: ReportId;
  battle?: { type: string; winner: string; upkeepLost: number; side: 'attacker' | 'defender' };
}

/**
 * The alliance's activity feed, newest first. `alliance_id` has no foreign key on purpose: entries are written by
 * battles, wonders and settling, which must never wait for, nor fail on, an alliance row that another transaction is
 * locking or dissolving; dissolving deletes its entries, and one written by a transaction racing the dissolution is
 * never read again.
 */
export const allianceEvents = pgTable(
  'alliance_events',
  {
    id: uuidPk(),
    allianceId: uuid('alliance_id').$type<AllianceId>().notNull(),
    kind: text('kind', { enum: FEED_KINDS }).notNull(),
    occurredAt: timestamptz('occurred_at').notNull(),
    /** Who did it (a member, a player of another alliance), and whom it concerned; names as they were that day. */
    actorId: userRefOrNull('actor_id'),
    actorName: text('actor_name'),
    subjectId: userRefOrNull('subject_id'),
    subjectName: text('subject_name'),
    details: jsonb('details').$type<FeedDetails>().notNull().default({}),
    /** The order entries were written in: several things one transaction tells at one instant keep the order they happened in. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [index('alliance_events_feed').on(t.allianceId, t.occurredAt, t.seq), oneOf('alliance_events', t.kind, FEED_KINDS)],
);

export type PlayerQuestRow = typeof playerQuests.$inferSelect;
export type AllianceRelationRow = typeof allianceRelations.$inferSelect;
export type AllianceApplicationRow = typeof allianceApplications.$inferSelect;
export type AllianceEventRow = typeof allianceEvents.$inferSelect;
export type AllianceRow = typeof alliances.$inferSelect;
export type AllianceMemberRow = typeof allianceMembers.$inferSelect;

/** A player's hero, recruited in one of their villages (its home). */
export const heroes = pgTable(
  'heroes',
  {
    id: uuidPk<HeroId>(),
    userId: userRef(),
    villageId: villageRef(),
    name: text('name').notNull(),
    type: text('type', { enum: HERO_TYPES }).notNull(),
    rarity: text('rarity', { enum: HERO_RARITIES }).notNull(),
    level: integer('level').notNull().default(1),
    experience: integer('experience').notNull().default(0),
    attack: integer('attack').notNull(),
    defense: integer('defense').notNull(),
    speed: integer('speed').notNull(),
    leadership: integer('leadership').notNull(),
    victories: integer('victories').notNull().default(0),
    defeats: integer('defeats').notNull().default(0),
    /** Set while the hero marches with an army. */
    onMission: boolean('on_mission').notNull().default(false),
    /** After a lost battle the hero rests until then. */
    restingUntil: timestamptz('resting_until'),
    createdAt: createdAt(),
  },
  (t) => [index('heroes_user').on(t.userId), oneOf('heroes', t.type, HERO_TYPES), oneOf('heroes', t.rarity, HERO_RARITIES)],
);

/**
 * A world wonder, one of each type per world. `invested*` are the resources given towards the next level
 * still to be paid for; the level under construction has been paid already.
 */
export const wonders = pgTable(
  'wonders',
  {
    id: uuidPk<WonderId>(),
    worldId: worldRef(),
    type: text('type', { enum: WONDER_TYPES }).notNull(),
    name: text('name').notNull(),
    villageId: villageRef(),
    /** The builder; null once that account is gone (the wonder stays with its village). */
    ownerId: userRefOrNull('owner_id'),
    level: integer('level').notNull().default(0),
    status: text('status', { enum: WONDER_STATUSES }).notNull().default('planned'),
    investedTimber: doublePrecision('invested_timber').notNull().default(0),
    investedStone: doublePrecision('invested_stone').notNull().default(0),
    investedIron: doublePrecision('invested_iron').notNull().default(0),
    investedMead: doublePrecision('invested_mead').notNull().default(0),
    constructionFinishesAt: timestamptz('construction_finishes_at'),
    /**
     * When each level was finished (ms), oldest first: a village settled later earns each level's bonus
     * from the moment it stood. Levels the history does not cover count as always there.
     */
    levelHistory: jsonb('level_history').$type<number[]>().notNull().default([]),
    completedAt: timestamptz('completed_at'),
    /** The builder's alliance when level 100 was reached: the alliance that won with it. */
    completedAllianceId: reference<AllianceId>('completed_alliance_id', () => alliances.id, 'set null'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('wonders_world_type').on(t.worldId, t.type),
    uniqueIndex('wonders_village').on(t.villageId),
    index('wonders_construction').on(t.constructionFinishesAt),
    oneOf('wonders', t.type, WONDER_TYPES),
    oneOf('wonders', t.status, WONDER_STATUSES),
  ],
);

/** Every contribution to a wonder, so totals can be checked to the unit and contributors named. */
export const wonderContributions = pgTable(
  'wonder_contributions',
  {
    id: uuidPk(),
    wonderId: reference<WonderId>('wonder_id', () => wonders.id, 'cascade').notNull(),
    userId: userRefOrNull('user_id'),
    villageId: reference<VillageId>('village_id', () => villages.id, 'set null'),
    timber: integer('timber').notNull(),
    stone: integer('stone').notNull(),
    iron: integer('iron').notNull(),
    mead: integer('mead').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('wonder_contributions_wonder').on(t.wonderId)],
);

export type HeroRow = typeof heroes.$inferSelect;
export type WonderRow = typeof wonders.$inferSelect;

/**
 * Troops on the march. A movement is applied once, at `arrivesAt`, by whoever settles its destination
 * village first (a read, an action or the sweeper) under that village's row lock; `resolvedAt` marks it done.
 */
export const movements = pgTable(
  'movements',
  {
    id: uuidPk<MovementId>(),
    worldId: worldRef(),
    type: text('type', { enum: MOVEMENT_TYPES }).notNull(),
    /** Whose troops these are. */
    ownerId: reference<PlayerId>('owner_id', () => users.id, 'cascade'),
    fromVillageId: villageRef('from_village_id'),
    /** Null for an attack or raid on an oasis (`oasisId`): no village is its target. */
    toVillageId: reference<VillageId>('to_village_id', (): AnyPgColumn => villages.id, 'cascade'),
    /** The oasis an attack or raid marches to, or a return comes from; null for every other movement. */
    oasisId: reference<OasisId>('oasis_id', (): AnyPgColumn => oases.id, 'cascade'),
    units: unitCounts('units').notNull(),
    heroId: reference<HeroId>('hero_id', () => heroes.id, 'set null'),
    /** What a returning army carries home. */
    loot: resourceAmounts('loot'),
    /** What merchants carry to the target on a delivery (null for armies and merchants walking home). */
    cargo: resourceAmounts('cargo'),
    /** Merchants on a delivery or walking home; 0 for armies. */
    merchants: integer('merchants').notNull().default(0),
    /** What an attack's catapults aim at; null: a building drawn at random (and for every other movement). */
    catapultTarget: text('catapult_target', { enum: CATAPULT_TARGETS }),
    departedAt: timestamptz('departed_at').notNull(),
    arrivesAt: timestamptz('arrives_at').notNull(),
    /**
     * When it took effect: its arrival, or later for one made after its village had already been settled past its
     * arrival (an army home from a battle resolved late), which joins the village as it stands. Null until applied.
     */
    resolvedAt: timestamptz('resolved_at'),
  },
  (t) => [
    index('movements_due').on(t.arrivesAt).where(sql`${t.resolvedAt} is null`),
    index('movements_to').on(t.toVillageId, t.arrivesAt).where(sql`${t.resolvedAt} is null`),
    index('movements_owner').on(t.ownerId).where(sql`${t.resolvedAt} is null`),
    oneOf('movements', t.type, MOVEMENT_TYPES),
    keysIn('movements', t.units, UNIT_TYPES),
    keysIn('movements', t.loot, RESOURCE_TYPES),
    keysIn('movements', t.cargo, RESOURCE_TYPES),
    index('movements_merchants_from').on(t.fromVillageId).where(sql`${t.resolvedAt} is null and ${t.merchants} > 0`),
    index('movements_to_oasis').on(t.oasisId, t.arrivesAt).where(sql`${t.resolvedAt} is null and ${t.toVillageId} is null`),
    check('movements_target_check', sql`${t.toVillageId} is not null or (${t.oasisId} is not null and ${t.type} in ('attack', 'raid'))`),
    oneOf('movements', t.catapultTarget, CATAPULT_TARGETS),
  ],
);

/** Reinforcements standing in an ally's village: they defend it with its own troops until recalled. */
export const stationedTroops = pgTable(
  'stationed_troops',
  {
    id: uuidPk(),
    villageId: villageRef(),
    ownerId: userRef('owner_id'),
    homeVillageId: villageRef('home_village_id'),
    units: unitCounts('units').notNull(),
    arrivedAt: timestamptz('arrived_at').notNull(),
  },
  (t) => [index('stationed_troops_village').on(t.villageId), index('stationed_troops_owner').on(t.ownerId), keysIn('stationed_troops', t.units, UNIT_TYPES)],
);

/** A battle as both sides see it; names and places are kept as they were that day. */
export const battleReports = pgTable(
  'battle_reports',
  {
    id: uuidPk<ReportId>(),
    worldId: worldRef(),
    type: text('type', { enum: REPORT_TYPES }).notNull(),
    occurredAt: timestamptz('occurred_at').notNull(),
    attackerId: userRefOrNull('attacker_id'),
    attackerName: text('attacker_name').notNull(),
    attackerVillage: jsonb('attacker_village').$type<ReportPlace>().notNull(),
    defenderId: userRefOrNull('defender_id'),
    defenderName: text('defender_name').notNull(),
    defenderVillage: jsonb('defender_village').$type<ReportPlace>().notNull(),
    attackerUnits: unitCounts('attacker_units').notNull(),
    attackerLosses: unitCounts('attacker_losses').notNull(),
    defenderUnits: unitCounts('defender_units').notNull(),
    defenderLosses: unitCounts('defender_losses').notNull(),
    winner: text('winner', { enum: BATTLE_SIDES }).notNull(),
    loot: resourceAmounts('loot').notNull(),
    wallDamage: integer('wall_damage').notNull().default(0),
    loyaltyChange: doublePrecision('loyalty_change').notNull().default(0),
    villageConquered: boolean('village_conquered').notNull().default(false),
    /** The animals of an oasis battle and whether the oasis changed hands; null for a battle at a village. */
    oasis: jsonb('oasis').$type<OasisBattleNote>(),
    /** The building the catapults hit, its level before and after; null when they hit none. */
    buildingHit: jsonb('building_hit').$type<Omit<CatapultHit, 'id'>>(),
    /** What surviving scouts saw (a scouting report only); the scouting side alone reads it. */
    intel: jsonb('intel').$type<ScoutIntel>(),
    /** Whether the defender knows of it: false for scouts nobody met, a report the defender never sees. */
    detected: boolean('detected').notNull().default(true),
    attackerRead: boolean('attacker_read').notNull().default(false),
    defenderRead: boolean('defender_read').notNull().default(false),
  },
  (t) => [
    index('battle_reports_attacker').on(t.attackerId, t.occurredAt),
    index('battle_reports_defender').on(t.defenderId, t.occurredAt),
    oneOf('battle_reports', t.type, REPORT_TYPES),
    oneOf('battle_reports', t.winner, BATTLE_SIDES),
    keysIn('battle_reports', t.attackerUnits, UNIT_TYPES),
    keysIn('battle_reports', t.attackerLosses, UNIT_TYPES),
    keysIn('battle_reports', t.defenderUnits, UNIT_TYPES),
    keysIn('battle_reports', t.defenderLosses, UNIT_TYPES),
    keysIn('battle_reports', t.loot, RESOURCE_TYPES),
    keysIn('battle_reports', t.oasis, ['x', 'y', 'animals', 'animalLosses', 'annexed', 'notAnnexed', 'takenFrom']),
    keysIn('battle_reports', t.buildingHit, ['type', 'levelBefore', 'levelAfter']),
    keysIn('battle_reports', t.intel, ['resources', 'troops', 'stationed', 'defences']),
  ],
);

export type MovementRow = typeof movements.$inferSelect;
export type StationedRow = typeof stationedTroops.$inferSelect;
export type BattleReportRow = typeof battleReports.$inferSelect;

/** What admins and game masters did, for the admin page: who, what, to whom, when. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuidPk(),
    actorId: userRefOrNull('actor_id'),
    /** Names as they were, so the log still reads after an account is gone. */
    actorName: text('actor_name').notNull(),
    action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
    targetId: uuid('target_id'),
    targetName: text('target_name'),
    detail: text('detail').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created').on(t.createdAt), oneOf('audit_log', t.action, AUDIT_ACTIONS)],
);

/**
 * A game master's world event. It holds while active and inside its window; `periods` records each
 * activation (from, to), so a village settled later still earns exactly what the event gave while it held.
 */
export const worldEvents = pgTable(
  'world_events',
  {
    id: uuidPk(),
    worldId: worldRef(),
    name: text('name').notNull(),
    kind: text('kind', { enum: WORLD_EVENT_KINDS }).notNull(),
    percent: doublePrecision('percent').notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    active: boolean('active').notNull().default(false),
    /** Activations as [from, to] in ms; `to` null while active. */
    periods: jsonb('periods').$type<Activation[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('world_events_world').on(t.worldId), oneOf('world_events', t.kind, WORLD_EVENT_KINDS)],
);

/** A message shown as a banner to every player of a world until it ends. */
export const announcements = pgTable(
  'announcements',
  {
    id: uuidPk(),
    worldId: worldRef(),
    message: text('message').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    authorId: userRefOrNull('author_id'),
    createdAt: createdAt(),
  },
  (t) => [index('announcements_world').on(t.worldId, t.endsAt)],
);

/** One distribution of rewards per idempotency key: a retried request finds its first answer here. */
export const rewardGrants = pgTable('reward_grants', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  worldId: worldRef(),
  result: jsonb('result').$type<RewardGrantResult>().notNull(),
  createdBy: userRefOrNull('created_by'),
  createdAt: createdAt(),
});

/** The days on which a player played (one row a day), for the analytics of active players. */
export const playerDays = pgTable(
  'player_days',
  {
    userId: userRef(),
    day: text('day').notNull(),
  },
  (t) => [uniqueIndex('player_days_user_day').on(t.userId, t.day), index('player_days_day').on(t.day)],
);

export type WorldEventRow = typeof worldEvents.$inferSelect;
export type AnnouncementRow = typeof announcements.$inferSelect;

/**
 * Tries counted by the sign-in limits, shared by every server process and kept across restarts: one row per
 * key (an address or an account) with the start of its current window.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamptz('window_start').notNull(),
  hits: integer('hits').notNull(),
});

/**
 * A Discord sign-in or link in progress, named by the hash of the state in the browser's cookie. A login
 * ends with a one-time code (its hash here) that only that browser, holding the cookie, can redeem.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    purpose: text('purpose', { enum: OAUTH_PURPOSES }).notNull(),
    /** For a link: the signed-in player who asked; for a login: who it signed in, once known. */
    userId: reference<PlayerId>('user_id', () => users.id, 'cascade'),
    codeHash: text('code_hash'),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [oneOf('oauth_states', t.purpose, OAUTH_PURPOSES)],
);

/**
 * A trade offer: `offerAmount` of one resource for `wantAmount` of another. While open, the resources are already
 * taken from the village and `merchants` of its merchants are held; taking it (once: the status moves from open under
 * the row's lock) sends both shipments, withdrawing gives both back.
 */
export const tradeOffers = pgTable(
  'trade_offers',
  {
    id: uuidPk<OfferId>(),
    worldId: worldRef(),
    villageId: villageRef(),
    ownerId: userRef('owner_id'),
    offerResource: text('offer_resource', { enum: RESOURCE_TYPES }).notNull(),
    offerAmount: integer('offer_amount').notNull(),
    wantResource: text('want_resource', { enum: RESOURCE_TYPES }).notNull(),
    wantAmount: integer('want_amount').notNull(),
    merchants: integer('merchants').notNull(),
    status: text('status', { enum: OFFER_STATUSES }).notNull().default('open'),
    createdAt: createdAt(),
    closedAt: timestamptz('closed_at'),
    /** The village that took the offer. */
    takenByVillageId: reference<VillageId>('taken_by_village_id', () => villages.id, 'set null'),
  },
  (t) => [
    index('trade_offers_open').on(t.worldId, t.offerResource).where(sql`${t.status} = 'open'`),
    index('trade_offers_village').on(t.villageId).where(sql`${t.status} = 'open'`),
    oneOf('trade_offers', t.offerResource, RESOURCE_TYPES),
    oneOf('trade_offers', t.wantResource, RESOURCE_TYPES),
    oneOf('trade_offers', t.status, OFFER_STATUSES),
  ],
);

export type TradeOfferRow = typeof tradeOffers.$inferSelect;

/** When a village last used the market's merchant exchange (one row per village that ever did). */
export const marketExchanges = pgTable('market_exchanges', {
  villageId: villageRef().primaryKey(),
  exchangedAt: timestamptz('exchanged_at').notNull(),
});

/**
 * A message between two players. Each side deletes only their own copy (`senderDeletedAt`, `recipientDeletedAt`); a
 * message from a player the recipient has blocked is stored for the sender only (`blocked`: the recipient never sees it).
 */
export const messages = pgTable(
  'messages',
  {
    id: uuidPk<MessageId>(),
    senderId: userRefOrNull('sender_id'),
    recipientId: userRefOrNull('recipient_id'),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** A battle report the sender shared. */
    reportId: reference<ReportId>('report_id', () => battleReports.id, 'set null'),
    /** An alliance invitation the sender shared with its invitee; emptied once the invitation is answered or ends. */
    invitationId: reference<InvitationId>('invitation_id', () => allianceInvitations.id, 'set null'),
    sentAt: timestamptz('sent_at').notNull(),
    readAt: timestamptz('read_at'),
    blocked: boolean('blocked').notNull().default(false),
    senderDeletedAt: timestamptz('sender_deleted_at'),
    recipientDeletedAt: timestamptz('recipient_deleted_at'),
  },
  (t) => [
    index('messages_inbox').on(t.recipientId, t.sentAt).where(sql`${t.recipientDeletedAt} is null and not ${t.blocked}`),
    index('messages_sent').on(t.senderId, t.sentAt).where(sql`${t.senderDeletedAt} is null`),
    // Answering an invitation deletes it, which empties the messages sharing it: found by this index, not a scan.
    index('messages_invitation').on(t.invitationId).where(sql`${t.invitationId} is not null`),
  ],
);

export type MessageRow = typeof messages.$inferSelect;

/** A player whose messages another no longer receives. */
export const playerBlocks = pgTable(
  'player_blocks',
  {
    blockerId: userRef('blocker_id'),
    blockedId: userRef('blocked_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] })],
);

/** A message its recipient reported to the game masters; one report per message and reporter. */
export const messageReports = pgTable(
  'message_reports',
  {
    id: uuidPk(),
    messageId: reference<MessageId>('message_id', () => messages.id, 'cascade').notNull(),
    reporterId: userRefOrNull('reporter_id'),
    reason: text('reason').notNull(),
    reportedAt: timestamptz('reported_at').notNull(),
    resolvedAt: timestamptz('resolved_at'),
    resolvedBy: userRefOrNull('resolved_by'),
  },
  (t) => [uniqueIndex('message_reports_once').on(t.messageId, t.reporterId), index('message_reports_open').on(t.resolvedAt, t.reportedAt)],
);

/**
 * The players of a world ranked by population as last computed (a background job replaces a world's rows every few
 * minutes, so a ranking page reads one indexed page instead of adding up every village).
 */
export const playerStandings = pgTable(
  'player_standings',
  {
    worldId: worldRef(),
    userId: userRef(),
    rank: integer('rank').notNull(),
    population: integer('population').notNull(),
    villages: integer('villages').notNull(),
    allianceId: reference<AllianceId>('alliance_id', () => alliances.id, 'set null'),
    computedAt: timestamptz('computed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.worldId, t.userId] }), index('player_standings_rank').on(t.worldId, t.rank)],
);

/** The alliances of a world ranked by their members' population there, computed with playerStandings. */
export const allianceStandings = pgTable(
  'alliance_standings',
  {
    worldId: worldRef(),
    allianceId: allianceRef(),
    rank: integer('rank').notNull(),
    population: integer('population').notNull(),
    members: integer('members').notNull(),
    computedAt: timestamptz('computed_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.worldId, t.allianceId] }), index('alliance_standings_rank').on(t.worldId, t.rank)],
);

/**
 * The final standing of an ended world, computed once in the transaction that closed it and never again, so its hall of
 * fame stays as it was at the close whatever happens to the players and alliances later (names are kept as they were).
 */
export const worldHallOfFame = pgTable(
  'world_hall_of_fame',
  {
    worldId: worldRef().primaryKey(),
    reason: text('reason', { enum: WORLD_END_REASONS }).notNull(),
    endedAt: timestamptz('ended_at').notNull(),
    /** The winning alliance at a victory, or the alliance leading the rankings at an end date; null when none. */
    winner: jsonb('winner').$type<Schema<'AllianceRef'>>(),
    /** How the world was won (a victory only). */
    victory: jsonb('victory').$type<Schema<'HallOfFameVictory'>>(),
    /** The top of each list at the close. */
    standing: jsonb('standing').$type<Schema<'HallOfFameStanding'>>().notNull(),
  },
  (t) => [oneOf('world_hall_of_fame', t.reason, WORLD_END_REASONS)],
);

export type HallOfFameRow = typeof worldHallOfFame.$inferSelect;

/** When each world's standings were last computed (a world with no players has a row too, so the page can say when). */
export const rankingRuns = pgTable('ranking_runs', {
  worldId: worldRef().primaryKey(),
  computedAt: timestamptz('computed_at').notNull(),
});

/**
 * Points from enemy units killed, added as each battle is fought: one row per player, world and week (`weekStart`,
 * Monday 00:00 UTC), and one all-time row per player and world whose `weekStart` is ALL_TIME (the epoch).
 */
export const combatPoints = pgTable(
  'combat_points',
  {
    worldId: worldRef(),
    userId: userRef(),
    weekStart: timestamptz('week_start').notNull(),
    attack: integer('attack').notNull().default(0),
    defence: integer('defence').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.worldId, t.weekStart, t.userId] }),
    index('combat_points_attack').on(t.worldId, t.weekStart, t.attack),
    index('combat_points_defence').on(t.worldId, t.weekStart, t.defence),
  ],
);

/**
 * One level of the blacksmith's research: `level` of one track (attack or defence) of one unit type in a village. It is
 * paid when it starts and counts from `finishesAt` on (the levels at an instant are the highest finished by then), so
 * nothing needs to apply it. One research at a time: a village starts one only when none of its steps is still running,
 * checked under the village's row lock.
 */
export const unitResearch = pgTable(
  'unit_research',
  {
    id: uuidPk(),
    villageId: villageRef(),
    unitType: text('unit_type', { enum: UNIT_TYPES }).notNull(),
    track: text('track', { enum: SMITHY_TRACKS }).notNull(),
    level: integer('level').notNull(),
    startedAt: timestamptz('started_at').notNull(),
    finishesAt: timestamptz('finishes_at').notNull(),
  },
  (t) => [
    uniqueIndex('unit_research_step').on(t.villageId, t.unitType, t.track, t.level),
    index('unit_research_running').on(t.villageId, t.finishesAt),
    oneOf('unit_research', t.unitType, UNIT_TYPES),
    oneOf('unit_research', t.track, SMITHY_TRACKS),
    check('unit_research_level_check', sql`${t.level} between 1 and ${sql.raw(String(MAX_SMITHY_LEVEL))}`),
  ],
);

export type UnitResearchRow = typeof unitResearch.$inferSelect;

/**
 * An oasis a player's army has marched to: its tile, its wild animals as counted at `animalsAt` (they regrow lazily from
 * there while nobody holds it) and the village holding it since `annexedAt`. Made the first time an army sets out for it
 * (insert ... on conflict do nothing, animals at their cap); an oasis without a row is free and full.
 */
export const oases = pgTable(
  'oases',
  {
    id: uuidPk<OasisId>(),
    worldId: worldRef(),
    x: integer('x').notNull(),
    y: integer('y').notNull(),
    animals: jsonb('animals').$type<AnimalCounts>().notNull(),
    animalsAt: timestamptz('animals_at').notNull(),
    /** The village holding it (its production gains the oasis's bonus from `annexedAt`); null while free. */
    villageId: reference<VillageId>('village_id', (): AnyPgColumn => villages.id, 'set null'),
    annexedAt: timestamptz('annexed_at'),
  },
  (t) => [
    uniqueIndex('oases_world_tile').on(t.worldId, t.x, t.y),
    index('oases_village').on(t.villageId),
    keysIn('oases', t.animals, ANIMAL_TYPES),
  ],
);

export type OasisRow = typeof oases.$inferSelect;

// ------------------------------------------------------------------------------------------------
// A game that respects players' time and plays fair: vacation, sitters, farm lists, alerts, fair play.

/** A player's vacation in one world while it holds: their villages there cannot be attacked and they cannot act there. */
export const vacations = pgTable(
  'vacations',
  {
    userId: userRef(),
    worldId: worldRef(),
    startedAt: timestamptz('started_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    /** From then on the player may end it, and their next sign-in ends it. */
    earliestEndAt: timestamptz('earliest_end_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.worldId] }), index('vacations_world').on(t.worldId, t.endsAt)],
);

export type VacationRow = typeof vacations.$inferSelect;

/** The players an owner trusts to sit for them (two at most, counted under the owner's row lock). */
export const sitters = pgTable(
  'sitters',
  {
    ownerId: userRef('owner_id'),
    sitterId: userRef('sitter_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.sitterId] }), index('sitters_sitter').on(t.sitterId), check('sitters_not_self', sql`${t.ownerId} <> ${t.sitterId}`)],
);

/** What sitters did in an owner's account, for the owner: one row per successful change a sitting session made. */
export const sitterActions = pgTable(
  'sitter_actions',
  {
    id: uuidPk(),
    ownerId: userRef('owner_id'),
    /** Null once the sitter's account is deleted; the row stays for the owner. */
    sitterId: userRefOrNull('sitter_id'),
    sitterName: text('sitter_name').notNull(),
    operation: text('operation').notNull(),
    summary: text('summary').notNull(),
    at: timestamptz('at').notNull(),
  },
  (t) => [index('sitter_actions_owner').on(t.ownerId, t.at)],
);

/** A saved set of raids from one of the owner's villages. */
export const farmLists = pgTable(
  'farm_lists',
  {
    id: uuidPk(),
    ownerId: userRef('owner_id'),
    villageId: villageRef(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('farm_lists_owner').on(t.ownerId)],
);

/** A row of a farm list: a target village and the units to raid it with; its last raid's movement, once sent. */
export const farmTargets = pgTable(
  'farm_targets',
  {
    id: uuidPk(),
    listId: reference('list_id', (): AnyPgColumn => farmLists.id, 'cascade').notNull(),
    villageId: villageRef(),
    units: unitCounts('units').notNull(),
    lastMovementId: reference<MovementId>('last_movement_id', (): AnyPgColumn => movements.id, 'set null'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('farm_targets_list_village').on(t.listId, t.villageId), keysIn('farm_targets', t.units, UNIT_TYPES)],
);

/** A list sent under a client's key: the same key again answers this reply and sends nothing more. */
export const farmListSends = pgTable(
  'farm_list_sends',
  {
    listId: reference('list_id', (): AnyPgColumn => farmLists.id, 'cascade').notNull(),
    key: text('key').notNull(),
    /** The rows asked for, sorted and joined: the same key with other rows is refused. */
    fingerprint: text('fingerprint').notNull(),
    reply: jsonb('reply').$type<Schema<'FarmListSendResult'>>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.key] })],
);

/** A browser's push subscription (the standard Push API) and the alerts it wants. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuidPk(),
    userId: userRef(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    kinds: jsonb('kinds').$type<AlertKind[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint').on(t.endpoint), index('push_subscriptions_user').on(t.userId)],
);

/** An alert for a player: listed in the game, and pushed to their subscriptions once (`pushedAt`) unless they were looking. */
export const alerts = pgTable(
  'alerts',
  {
    id: uuidPk(),
    userId: userRef(),
    kind: text('kind', { enum: ALERT_KINDS }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    url: text('url').notNull(),
    createdAt: createdAt(),
    /** Set once the push step handled it (sent, or not sent because the player was looking or has no subscription). */
    pushedAt: timestamptz('pushed_at'),
  },
  (t) => [index('alerts_user').on(t.userId, t.createdAt), index('alerts_unpushed').on(t.createdAt).where(sql`${t.pushedAt} is null`), oneOf('alerts', t.kind, ALERT_KINDS)],
);

/** Settings the server makes for itself at first start and keeps (the VAPID keys of web push). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, string>>().notNull(),
});

/** Which server process holds live streams of which player, refreshed while they stay open (push skips players who look). */
export const livePresence = pgTable(
  'live_presence',
  {
    processId: text('process_id').notNull(),
    userId: userRef(),
    streams: integer('streams').notNull(),
    seenAt: timestamptz('seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.processId, t.userId] }), index('live_presence_user').on(t.userId, t.seenAt)],
);

/** Every sign-in's signals for fair play: the device cookie and the address. */
export const signIns = pgTable(
  'sign_ins',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef(),
    device: text('device'),
    address: text('address').notNull(),
    at: timestamptz('at').notNull(),
  },
  (t) => [index('sign_ins_device').on(t.device), index('sign_ins_address').on(t.address, t.at), index('sign_ins_user').on(t.userId, t.at)],
);

/** What links two accounts (the lower id first), how often and when, and what a game master decided. */
export interface LinkEvidenceCounts {
  device?: { count: number; lastSeenAt: string };
  address?: { count: number; lastSeenAt: string };
}

export const accountLinks = pgTable(
  'account_links',
  {
    id: uuidPk(),
    userA: userRef('user_a'),
    userB: userRef('user_b'),
    status: text('status', { enum: LINK_STATUSES }).notNull(),
    evidence: jsonb('evidence').$type<LinkEvidenceCounts>().notNull(),
    firstSeenAt: timestamptz('first_seen_at').notNull(),
    lastSeenAt: timestamptz('last_seen_at').notNull(),
    decidedBy: userRefOrNull('decided_by'),
    note: text('note'),
    decidedAt: timestamptz('decided_at'),
  },
  (t) => [
    uniqueIndex('account_links_pair').on(t.userA, t.userB),
    index('account_links_b').on(t.userB),
    index('account_links_open').on(t.status, t.lastSeenAt),
    oneOf('account_links', t.status, LINK_STATUSES),
    check('account_links_ordered', sql`${t.userA} < ${t.userB}`),
  ],
);

/** Resources one player passed another on a day (shipments and trades taken), for the pushing limit. */
export const resourceTransfers = pgTable(
  'resource_transfers',
  {
    fromUser: userRef('from_user'),
    toUser: userRef('to_user'),
    day: text('day').notNull(),
    amount: integer('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fromUser, t.toUser, t.day] })],
);
