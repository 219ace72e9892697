CREATE TABLE "account_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_a" uuid NOT NULL,
	"user_b" uuid NOT NULL,
	"status" text NOT NULL,
	"evidence" jsonb NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"decided_by" uuid,
	"note" text,
	"decided_at" timestamp with time zone,
	CONSTRAINT "account_links_status_check" CHECK ("account_links"."status" in ('flagged', 'confirmed', 'cleared')),
	CONSTRAINT "account_links_ordered" CHECK ("account_links"."user_a" < "account_links"."user_b")
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"pushed_at" timestamp with time zone,
	CONSTRAINT "alerts_kind_check" CHECK ("alerts"."kind" in ('incoming_attack', 'village_lost', 'construction_finished', 'message_received', 'battle_report'))
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "farm_list_sends" (
	"list_id" uuid NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"reply" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "farm_list_sends_list_id_key_pk" PRIMARY KEY("list_id","key")
);
--> statement-breakpoint
CREATE TABLE "farm_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"village_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "farm_targets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"village_id" uuid NOT NULL,
	"units" jsonb NOT NULL,
	"last_movement_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "farm_targets_units_check" CHECK (case when jsonb_typeof("farm_targets"."units") <> 'object' then false else ("farm_targets"."units" - '{bondi,viking_raider,berserker,shieldmaiden,huscarl,mounted_jarl,longship,drakkar,battering_ram,catapult,jarl}'::text[]) = '{}'::jsonb end)
);
--> statement-breakpoint
CREATE TABLE "live_presence" (
	"process_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"streams" integer NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "live_presence_process_id_user_id_pk" PRIMARY KEY("process_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"kinds" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_transfers" (
	"from_user" uuid NOT NULL,
	"to_user" uuid NOT NULL,
	"day" text NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "resource_transfers_from_user_to_user_day_pk" PRIMARY KEY("from_user","to_user","day")
);
--> statement-breakpoint
CREATE TABLE "sign_ins" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"device" text,
	"address" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sitter_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"sitter_id" uuid,
	"sitter_name" text NOT NULL,
	"operation" text NOT NULL,
	"summary" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sitters" (
	"owner_id" uuid NOT NULL,
	"sitter_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sitters_owner_id_sitter_id_pk" PRIMARY KEY("owner_id","sitter_id"),
	CONSTRAINT "sitters_not_self" CHECK ("sitters"."owner_id" <> "sitters"."sitter_id")
);
--> statement-breakpoint
CREATE TABLE "vacations" (
	"user_id" uuid NOT NULL,
	"world_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"earliest_end_at" timestamp with time zone NOT NULL,
	CONSTRAINT "vacations_user_id_world_id_pk" PRIMARY KEY("user_id","world_id")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "sitter_id" uuid;--> statement-breakpoint
ALTER TABLE "worlds" ADD COLUMN "truce" jsonb;--> statement-breakpoint
ALTER TABLE "account_links" ADD CONSTRAINT "account_links_user_a_users_id_fk" FOREIGN KEY ("user_a") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_links" ADD CONSTRAINT "account_links_user_b_users_id_fk" FOREIGN KEY ("user_b") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_links" ADD CONSTRAINT "account_links_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farm_list_sends" ADD CONSTRAINT "farm_list_sends_list_id_farm_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."farm_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farm_lists" ADD CONSTRAINT "farm_lists_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farm_lists" ADD CONSTRAINT "farm_lists_village_id_villages_id_fk" FOREIGN KEY ("village_id") REFERENCES "public"."villages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farm_targets" ADD CONSTRAINT "farm_targets_list_id_farm_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."farm_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farm_targets" ADD CONSTRAINT "farm_targets_village_id_villages_id_fk" FOREIGN KEY ("village_id") REFERENCES "public"."villages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farm_targets" ADD CONSTRAINT "farm_targets_last_movement_id_movements_id_fk" FOREIGN KEY ("last_movement_id") REFERENCES "public"."movements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_presence" ADD CONSTRAINT "live_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_transfers" ADD CONSTRAINT "resource_transfers_from_user_users_id_fk" FOREIGN KEY ("from_user") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_transfers" ADD CONSTRAINT "resource_transfers_to_user_users_id_fk" FOREIGN KEY ("to_user") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_ins" ADD CONSTRAINT "sign_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitter_actions" ADD CONSTRAINT "sitter_actions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitter_actions" ADD CONSTRAINT "sitter_actions_sitter_id_users_id_fk" FOREIGN KEY ("sitter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitters" ADD CONSTRAINT "sitters_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sitters" ADD CONSTRAINT "sitters_sitter_id_users_id_fk" FOREIGN KEY ("sitter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacations" ADD CONSTRAINT "vacations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vacations" ADD CONSTRAINT "vacations_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_links_pair" ON "account_links" USING btree ("user_a","user_b");--> statement-breakpoint
CREATE INDEX "account_links_b" ON "account_links" USING btree ("user_b");--> statement-breakpoint
CREATE INDEX "account_links_open" ON "account_links" USING btree ("status","last_seen_at");--> statement-breakpoint
CREATE INDEX "alerts_user" ON "alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "alerts_unpushed" ON "alerts" USING btree ("created_at") WHERE "alerts"."pushed_at" is null;--> statement-breakpoint
CREATE INDEX "farm_lists_owner" ON "farm_lists" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "farm_targets_list_village" ON "farm_targets" USING btree ("list_id","village_id");--> statement-breakpoint
CREATE INDEX "live_presence_user" ON "live_presence" USING btree ("user_id","seen_at");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sign_ins_device" ON "sign_ins" USING btree ("device");--> statement-breakpoint
CREATE INDEX "sign_ins_address" ON "sign_ins" USING btree ("address","at");--> statement-breakpoint
CREATE INDEX "sign_ins_user" ON "sign_ins" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "sitter_actions_owner" ON "sitter_actions" USING btree ("owner_id","at");--> statement-breakpoint
CREATE INDEX "sitters_sitter" ON "sitters" USING btree ("sitter_id");--> statement-breakpoint
CREATE INDEX "vacations_world" ON "vacations" USING btree ("world_id","ends_at");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_sitter_id_users_id_fk" FOREIGN KEY ("sitter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;