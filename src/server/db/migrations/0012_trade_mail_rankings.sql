CREATE TABLE "alliance_standings" (
	"world_id" uuid NOT NULL,
	"alliance_id" uuid NOT NULL,
	"rank" integer NOT NULL,
	"population" integer NOT NULL,
	"members" integer NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alliance_standings_world_id_alliance_id_pk" PRIMARY KEY("world_id","alliance_id")
);
--> statement-breakpoint
CREATE TABLE "combat_points" (
	"world_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"week_start" timestamp with time zone NOT NULL,
	"attack" integer DEFAULT 0 NOT NULL,
	"defence" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "combat_points_world_id_week_start_user_id_pk" PRIMARY KEY("world_id","week_start","user_id")
);
--> statement-breakpoint
CREATE TABLE "market_exchanges" (
	"village_id" uuid PRIMARY KEY NOT NULL,
	"exchanged_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"reporter_id" uuid,
	"reason" text NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" uuid
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_id" uuid,
	"recipient_id" uuid,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"report_id" uuid,
	"sent_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"blocked" boolean DEFAULT false NOT NULL,
	"sender_deleted_at" timestamp with time zone,
	"recipient_deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "player_blocks" (
	"blocker_id" uuid NOT NULL,
	"blocked_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "player_blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id")
);
--> statement-breakpoint
CREATE TABLE "player_standings" (
	"world_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"rank" integer NOT NULL,
	"population" integer NOT NULL,
	"villages" integer NOT NULL,
	"alliance_id" uuid,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "player_standings_world_id_user_id_pk" PRIMARY KEY("world_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "ranking_runs" (
	"world_id" uuid PRIMARY KEY NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"world_id" uuid NOT NULL,
	"village_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"offer_resource" text NOT NULL,
	"offer_amount" integer NOT NULL,
	"want_resource" text NOT NULL,
	"want_amount" integer NOT NULL,
	"merchants" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"taken_by_village_id" uuid,
	CONSTRAINT "trade_offers_offer_resource_check" CHECK ("trade_offers"."offer_resource" in ('timber', 'stone', 'iron', 'mead')),
	CONSTRAINT "trade_offers_want_resource_check" CHECK ("trade_offers"."want_resource" in ('timber', 'stone', 'iron', 'mead')),
	CONSTRAINT "trade_offers_status_check" CHECK ("trade_offers"."status" in ('open', 'taken', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "movements" DROP CONSTRAINT "movements_type_check";--> statement-breakpoint
ALTER TABLE "movements" ADD COLUMN "cargo" jsonb;--> statement-breakpoint
ALTER TABLE "movements" ADD COLUMN "merchants" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "profile_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "alliance_standings" ADD CONSTRAINT "alliance_standings_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alliance_standings" ADD CONSTRAINT "alliance_standings_alliance_id_alliances_id_fk" FOREIGN KEY ("alliance_id") REFERENCES "public"."alliances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combat_points" ADD CONSTRAINT "combat_points_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "combat_points" ADD CONSTRAINT "combat_points_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "market_exchanges" ADD CONSTRAINT "market_exchanges_village_id_villages_id_fk" FOREIGN KEY ("village_id") REFERENCES "public"."villages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_report_id_battle_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."battle_reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_blocks" ADD CONSTRAINT "player_blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_blocks" ADD CONSTRAINT "player_blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_standings" ADD CONSTRAINT "player_standings_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_standings" ADD CONSTRAINT "player_standings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_standings" ADD CONSTRAINT "player_standings_alliance_id_alliances_id_fk" FOREIGN KEY ("alliance_id") REFERENCES "public"."alliances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranking_runs" ADD CONSTRAINT "ranking_runs_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_offers" ADD CONSTRAINT "trade_offers_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_offers" ADD CONSTRAINT "trade_offers_village_id_villages_id_fk" FOREIGN KEY ("village_id") REFERENCES "public"."villages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_offers" ADD CONSTRAINT "trade_offers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_offers" ADD CONSTRAINT "trade_offers_taken_by_village_id_villages_id_fk" FOREIGN KEY ("taken_by_village_id") REFERENCES "public"."villages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alliance_standings_rank" ON "alliance_standings" USING btree ("world_id","rank");--> statement-breakpoint
CREATE INDEX "combat_points_attack" ON "combat_points" USING btree ("world_id","week_start","attack");--> statement-breakpoint
CREATE INDEX "combat_points_defence" ON "combat_points" USING btree ("world_id","week_start","defence");--> statement-breakpoint
CREATE UNIQUE INDEX "message_reports_once" ON "message_reports" USING btree ("message_id","reporter_id");--> statement-breakpoint
CREATE INDEX "message_reports_open" ON "message_reports" USING btree ("resolved_at","reported_at");--> statement-breakpoint
CREATE INDEX "messages_inbox" ON "messages" USING btree ("recipient_id","sent_at") WHERE "messages"."recipient_deleted_at" is null and not "messages"."blocked";--> statement-breakpoint
CREATE INDEX "messages_sent" ON "messages" USING btree ("sender_id","sent_at") WHERE "messages"."sender_deleted_at" is null;--> statement-breakpoint
CREATE INDEX "player_standings_rank" ON "player_standings" USING btree ("world_id","rank");--> statement-breakpoint
CREATE INDEX "trade_offers_open" ON "trade_offers" USING btree ("world_id","offer_resource") WHERE "trade_offers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "trade_offers_village" ON "trade_offers" USING btree ("village_id") WHERE "trade_offers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "movements_merchants_from" ON "movements" USING btree ("from_village_id") WHERE "movements"."resolved_at" is null and "movements"."merchants" > 0;--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_cargo_check" CHECK (case when jsonb_typeof("movements"."cargo") <> 'object' then false else ("movements"."cargo" - '{timber,stone,iron,mead}'::text[]) = '{}'::jsonb end);--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_type_check" CHECK ("movements"."type" in ('attack', 'raid', 'reinforce', 'return', 'delivery', 'merchants_return'));--> statement-breakpoint
-- Writing one's profile description is not a change to the account's sign-in: it must not end the cached sessions.
DROP TRIGGER users_auth_changed ON users;--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE ON users FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'last_seen_at' - 'profile_description') IS DISTINCT FROM (to_jsonb(NEW) - 'last_seen_at' - 'profile_description'))
  EXECUTE FUNCTION vikings_auth_changed();
