// Drizzle schema: every table the game stores. Terrain is not stored; it is a pure function of the world seed.
import { sql } from 'drizzle-orm';
import { pgTable, uuid, text, timestamp, integer, doublePrecision, index, uniqueIndex } from 'drizzle-orm/pg-core';

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
