CREATE TABLE "buildings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"village_id" uuid NOT NULL,
	"slot" integer NOT NULL,
	"type" text NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"upgrade_started_at" timestamp with time zone,
	"upgrade_finishes_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"village_id" uuid NOT NULL,
	"unit_type" text NOT NULL,
	"count" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"seconds_each" double precision NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finishes_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"village_id" uuid NOT NULL,
	"type" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"role" text DEFAULT 'user' NOT NULL,
	"discord_id" text,
	"discord_avatar" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "villages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"world_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"x" integer NOT NULL,
	"y" integer NOT NULL,
	"is_capital" boolean DEFAULT false NOT NULL,
	"loyalty" double precision DEFAULT 100 NOT NULL,
	"timber" double precision NOT NULL,
	"stone" double precision NOT NULL,
	"iron" double precision NOT NULL,
	"mead" double precision NOT NULL,
	"resources_at" timestamp with time zone NOT NULL,
	"next_event_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "worlds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'online' NOT NULL,
	"max_players" integer DEFAULT 500 NOT NULL,
	"speed" double precision DEFAULT 1 NOT NULL,
	"seed" integer NOT NULL,
	"size" integer DEFAULT 200 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "worlds_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_village_id_villages_id_fk" FOREIGN KEY ("village_id") REFERENCES "public"."villages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_orders" ADD CONSTRAINT "training_orders_village_id_villages_id_fk" FOREIGN KEY ("village_id") REFERENCES "public"."villages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "units" ADD CONSTRAINT "units_village_id_villages_id_fk" FOREIGN KEY ("village_id") REFERENCES "public"."villages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "villages" ADD CONSTRAINT "villages_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "villages" ADD CONSTRAINT "villages_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "buildings_village_slot" ON "buildings" USING btree ("village_id","slot");--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "training_orders_village" ON "training_orders" USING btree ("village_id");--> statement-breakpoint
CREATE UNIQUE INDEX "units_village_type" ON "units" USING btree ("village_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_discord_id" ON "users" USING btree ("discord_id");--> statement-breakpoint
CREATE UNIQUE INDEX "villages_world_tile" ON "villages" USING btree ("world_id","x","y");--> statement-breakpoint
CREATE INDEX "villages_owner" ON "villages" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "villages_next_event" ON "villages" USING btree ("next_event_at");--> statement-breakpoint
CREATE INDEX "villages_world_name" ON "villages" USING btree ("world_id",lower("name"));