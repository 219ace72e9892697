// Drizzle schema: every table the game stores. Terrain is not stored; it is a pure function of the world seed.
import { sql } from 'drizzle-orm';
import { pgTable, uuid, text, timestamp, integer, doublePrecision, boolean, index, uniqueIndex } from 'drizzle-orm/pg-core';

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
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
