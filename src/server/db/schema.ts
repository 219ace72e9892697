// Drizzle schema: every table the game stores. Terrain is not stored; it is a pure function of the world seed.
import { sql } from 'drizzle-orm';
import { pgTable, uuid, text, timestamp, integer, doublePrecision, boolean, index, uniqueIndex, jsonb, bigserial, primaryKey } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    /** argon2id hash; null for accounts that only ever signed in with Discord. */
    passwordHash: text('password_hash'),
    role: text('role').notNull().default('user'),
    discordId: text('discord_id'),
    discordAvatar: text('discord_avatar'),
    /** Set by an admin: the account cannot sign in, and its sessions ended at once. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true, mode: 'date' }),
    suspensionReason: text('suspension_reason'),
    /** An admin set a temporary password: the player must choose their own before playing on. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** The last signed-in request, to the minute or so (admin figures). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower').on(sql`lower(${t.username})`),
    uniqueIndex('users_discord_id').on(t.discordId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the opaque bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

export const worlds = pgTable('worlds', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  status: text('status').notNull().default('online'),
  maxPlayers: integer('max_players').notNull().default(500),
  speed: doublePrecision('speed').notNull().default(1),
  seed: integer('seed').notNull(),
  /** Half the side of the square world: tiles run from -size to size on both axes. */
  size: integer('size').notNull().default(200),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
export type WorldRow = typeof worlds.$inferSelect;

/**
 * A village. Resources are stored as amounts at `resourcesAt`; the current amount is computed on read
 * from production rates, so a read costs the same after a minute or a month.
 */
export const villages = pgTable(
  'villages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id, { onDelete: 'cascade' }),
    /** Null for an abandoned village (its player's account was deleted): it stays on the map. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    x: integer('x').notNull(),
    y: integer('y').notNull(),
    isCapital: boolean('is_capital').notNull().default(false),
    loyalty: doublePrecision('loyalty').notNull().default(100),
    timber: doublePrecision('timber').notNull(),
    stone: doublePrecision('stone').notNull(),
    iron: doublePrecision('iron').notNull(),
    mead: doublePrecision('mead').notNull(),
    resourcesAt: timestamp('resources_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Earliest instant at which something in this village falls due (upgrade, training); the sweeper's index. */
    nextEventAt: timestamp('next_event_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('villages_world_tile').on(t.worldId, t.x, t.y),
    index('villages_owner').on(t.ownerId),
    index('villages_next_event').on(t.nextEventAt),
    index('villages_world_name').on(t.worldId, sql`lower(${t.name})`),
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
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id, { onDelete: 'cascade' }),
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
    id: uuid('id').primaryKey().defaultRandom(),
    villageId: uuid('village_id')
      .notNull()
      .references(() => villages.id, { onDelete: 'cascade' }),
    slot: integer('slot').notNull(),
    type: text('type').notNull(),
    level: integer('level').notNull().default(0),
    upgradeStartedAt: timestamp('upgrade_started_at', { withTimezone: true, mode: 'date' }),
    upgradeFinishesAt: timestamp('upgrade_finishes_at', { withTimezone: true, mode: 'date' }),
    /** When the building last changed, for the "recent buildings" list. */
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('buildings_village_slot').on(t.villageId, t.slot)],
);

/** Units at home in a village, one row per type. */
export const units = pgTable(
  'units',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    villageId: uuid('village_id')
      .notNull()
      .references(() => villages.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [uniqueIndex('units_village_type').on(t.villageId, t.type)],
);

/** A training order: `count` units of one type, finishing one by one every `secondsEach` from `startedAt`. */
export const trainingOrders = pgTable(
  'training_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    villageId: uuid('village_id')
      .notNull()
      .references(() => villages.id, { onDelete: 'cascade' }),
    unitType: text('unit_type').notNull(),
    count: integer('count').notNull(),
    done: integer('done').notNull().default(0),
    secondsEach: doublePrecision('seconds_each').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    finishesAt: timestamp('finishes_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('training_orders_village').on(t.villageId)],
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
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tutorialSkipped: boolean('tutorial_skipped').notNull().default(false),
  tutorialCompletedAt: timestamp('tutorial_completed_at', { withTimezone: true, mode: 'date' }),
  /** The events the player's quests could still count (eventsQuestsCount), written with the quests; null until first settled. */
  countedEvents: text('counted_events').array(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A player's copy of a quest of the catalog (src/rules/quest-catalog.ts); daily and weekly ones once per period. */
export const playerQuests = pgTable(
  'player_quests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questKey: text('quest_key').notNull(),
    type: text('type').notNull(),
    /** The day or week of a daily or weekly quest; empty for the others. */
    period: text('period').notNull().default(''),
    status: text('status').notNull(),
    progress: jsonb('progress').$type<Record<string, number>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    /** When the rewards landed in the capital; null while they wait for one (or for ever when skipped). */
    rewardedAt: timestamp('rewarded_at', { withTimezone: true, mode: 'date' }),
    /** Completed by skipping the tutorial: no rewards. */
    skipped: boolean('skipped').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('player_quests_key_period').on(t.userId, t.questKey, t.period), index('player_quests_user_status').on(t.userId, t.status)],
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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    amount: integer('amount').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('quest_events_user').on(t.userId, t.id)],
);

export const alliances = pgTable(
  'alliances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** 3-5 of A-Z and 0-9, unique across the game. */
    tag: text('tag').notNull(),
    description: text('description').notNull(),
    isPublic: boolean('is_public').notNull().default(true),
    foundedAt: timestamp('founded_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('alliances_tag').on(t.tag)],
);

/** A player belongs to at most one alliance (the unique user_id). */
export const allianceMembers = pgTable(
  'alliance_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    allianceId: uuid('alliance_id')
      .notNull()
      .references(() => alliances.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('alliance_members_user').on(t.userId), index('alliance_members_alliance').on(t.allianceId, t.joinedAt)],
);

export const allianceInvitations = pgTable(
  'alliance_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    allianceId: uuid('alliance_id')
      .notNull()
      .references(() => alliances.id, { onDelete: 'cascade' }),
    /** The invited player. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviterId: uuid('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('alliance_invitations_pair').on(t.allianceId, t.userId), index('alliance_invitations_user').on(t.userId)],
);

/** The alliance's message board, newest read first. */
export const allianceMessages = pgTable(
  'alliance_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    allianceId: uuid('alliance_id')
      .notNull()
      .references(() => alliances.id, { onDelete: 'cascade' }),
    /** Null once the author's account is deleted; the message stays. */
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('alliance_messages_alliance').on(t.allianceId, t.createdAt)],
);

export type PlayerQuestRow = typeof playerQuests.$inferSelect;
export type AllianceRow = typeof alliances.$inferSelect;
export type AllianceMemberRow = typeof allianceMembers.$inferSelect;

/** A player's hero, recruited in one of their villages (its home). */
export const heroes = pgTable(
  'heroes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    villageId: uuid('village_id')
      .notNull()
      .references(() => villages.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    rarity: text('rarity').notNull(),
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
    restingUntil: timestamp('resting_until', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('heroes_user').on(t.userId)],
);

/**
 * A world wonder, one of each type per world. `invested*` are the resources given towards the next level
 * still to be paid for; the level under construction has been paid already.
 */
export const wonders = pgTable(
  'wonders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    villageId: uuid('village_id')
      .notNull()
      .references(() => villages.id, { onDelete: 'cascade' }),
    /** The builder; null once that account is gone (the wonder stays with its village). */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    level: integer('level').notNull().default(0),
    status: text('status').notNull().default('planned'),
    investedTimber: doublePrecision('invested_timber').notNull().default(0),
    investedStone: doublePrecision('invested_stone').notNull().default(0),
    investedIron: doublePrecision('invested_iron').notNull().default(0),
    investedMead: doublePrecision('invested_mead').notNull().default(0),
    constructionFinishesAt: timestamp('construction_finishes_at', { withTimezone: true, mode: 'date' }),
    /**
     * When each level was finished (ms), oldest first: a village settled later earns each level's bonus
     * from the moment it stood. Levels the history does not cover count as always there.
     */
    levelHistory: jsonb('level_history').$type<number[]>().notNull().default([]),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    /** The builder's alliance when level 100 was reached: the alliance that won with it. */
    completedAllianceId: uuid('completed_alliance_id').references(() => alliances.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('wonders_world_type').on(t.worldId, t.type),
    uniqueIndex('wonders_village').on(t.villageId),
    index('wonders_construction').on(t.constructionFinishesAt),
  ],
);

/** Every contribution to a wonder, so totals can be checked to the unit and contributors named. */
export const wonderContributions = pgTable(
  'wonder_contributions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    wonderId: uuid('wonder_id')
      .notNull()
      .references(() => wonders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    villageId: uuid('village_id').references(() => villages.id, { onDelete: 'set null' }),
    timber: integer('timber').notNull(),
    stone: integer('stone').notNull(),
    iron: integer('iron').notNull(),
    mead: integer('mead').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
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
    id: uuid('id').primaryKey().defaultRandom(),
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** Whose troops these are. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    fromVillageId: uuid('from_village_id')
      .notNull()
      .references(() => villages.id, { onDelete: 'cascade' }),
    toVillageId: uuid('to_village_id')
      .notNull()
      .references(() => villages.id, { onDelete: 'cascade' }),
    units: jsonb('units').$type<Record<string, number>>().notNull(),
    heroId: uuid('hero_id').references(() => heroes.id, { onDelete: 'set null' }),
    /** What a returning army carries home. */
    loot: jsonb('loot').$type<Record<string, number>>(),
    departedAt: timestamp('departed_at', { withTimezone: true, mode: 'date' }).notNull(),
    arrivesAt: timestamp('arrives_at', { withTimezone: true, mode: 'date' }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('movements_due').on(t.arrivesAt).where(sql`${t.resolvedAt} is null`),
    index('movements_to').on(t.toVillageId, t.arrivesAt).where(sql`${t.resolvedAt} is null`),
    index('movements_owner').on(t.ownerId).where(sql`${t.resolvedAt} is null`),
  ],
);

/** Reinforcements standing in an ally's village: they defend it with its own troops until recalled. */
export const stationedTroops = pgTable(
  'stationed_troops',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    villageId: uuid('village_id')
      .notNull()
      .references(() => villages.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    homeVillageId: uuid('home_village_id')
      .notNull()
      .references(() => villages.id, { onDelete: 'cascade' }),
    units: jsonb('units').$type<Record<string, number>>().notNull(),
    arrivedAt: timestamp('arrived_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('stationed_troops_village').on(t.villageId), index('stationed_troops_owner').on(t.ownerId)],
);

/** A battle as both sides see it; names and places are kept as they were that day. */
export const battleReports = pgTable(
  'battle_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
    attackerId: uuid('attacker_id').references(() => users.id, { onDelete: 'set null' }),
    attackerName: text('attacker_name').notNull(),
    attackerVillage: jsonb('attacker_village').$type<{ id: string; name: string; x: number; y: number }>().notNull(),
    defenderId: uuid('defender_id').references(() => users.id, { onDelete: 'set null' }),
    defenderName: text('defender_name').notNull(),
    defenderVillage: jsonb('defender_village').$type<{ id: string; name: string; x: number; y: number }>().notNull(),
    attackerUnits: jsonb('attacker_units').$type<Record<string, number>>().notNull(),
    attackerLosses: jsonb('attacker_losses').$type<Record<string, number>>().notNull(),
    defenderUnits: jsonb('defender_units').$type<Record<string, number>>().notNull(),
    defenderLosses: jsonb('defender_losses').$type<Record<string, number>>().notNull(),
    winner: text('winner').notNull(),
    loot: jsonb('loot').$type<Record<string, number>>().notNull(),
    wallDamage: integer('wall_damage').notNull().default(0),
    loyaltyChange: doublePrecision('loyalty_change').notNull().default(0),
    villageConquered: boolean('village_conquered').notNull().default(false),
    attackerRead: boolean('attacker_read').notNull().default(false),
    defenderRead: boolean('defender_read').notNull().default(false),
  },
  (t) => [index('battle_reports_attacker').on(t.attackerId, t.occurredAt), index('battle_reports_defender').on(t.defenderId, t.occurredAt)],
);

export type MovementRow = typeof movements.$inferSelect;
export type StationedRow = typeof stationedTroops.$inferSelect;
export type BattleReportRow = typeof battleReports.$inferSelect;

/** What admins and game masters did, for the admin page: who, what, to whom, when. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Names as they were, so the log still reads after an account is gone. */
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    targetId: uuid('target_id'),
    targetName: text('target_name'),
    detail: text('detail').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('audit_log_created').on(t.createdAt)],
);

/**
 * A game master's world event. It holds while active and inside its window; `periods` records each
 * activation (from, to), so a village settled later still earns exactly what the event gave while it held.
 */
export const worldEvents = pgTable(
  'world_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    percent: doublePrecision('percent').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    active: boolean('active').notNull().default(false),
    /** Activations as [from, to] in ms; `to` null while active. */
    periods: jsonb('periods').$type<[number, number | null][]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('world_events_world').on(t.worldId)],
);

/** A message shown as a banner to every player of a world until it ends. */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    worldId: uuid('world_id')
      .notNull()
      .references(() => worlds.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('announcements_world').on(t.worldId, t.endsAt)],
);

/** One distribution of rewards per idempotency key: a retried request finds its first answer here. */
export const rewardGrants = pgTable('reward_grants', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  worldId: uuid('world_id')
    .notNull()
    .references(() => worlds.id, { onDelete: 'cascade' }),
  result: jsonb('result').$type<Record<string, unknown>>().notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** The days on which a player played (one row a day), for the analytics of active players. */
export const playerDays = pgTable(
  'player_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
  windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
  hits: integer('hits').notNull(),
});

/**
 * A Discord sign-in or link in progress, named by the hash of the state in the browser's cookie. A login
 * ends with a one-time code (its hash here) that only that browser, holding the cookie, can redeem.
 */
export const oauthStates = pgTable('oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  purpose: text('purpose').notNull(),
  /** For a link: the signed-in player who asked; for a login: who it signed in, once known. */
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash'),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});
