CREATE TABLE "heroes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"village_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"rarity" text NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"experience" integer DEFAULT 0 NOT NULL,
	"attack" integer NOT NULL,
	"defense" integer NOT NULL,
	"speed" integer NOT NULL,
	"leadership" integer NOT NULL,
	"victories" integer DEFAULT 0 NOT NULL,
	"defeats" integer DEFAULT 0 NOT NULL,
	"on_mission" boolean DEFAULT false NOT NULL,
	"resting_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wonder_contributions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wonder_id" uuid NOT NULL,
	"user_id" uuid,
	"village_id" uuid,
	"timber" integer NOT NULL,
	"stone" integer NOT NULL,
	"iron" integer NOT NULL,
	"mead" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wonders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"world_id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"village_id" uuid NOT NULL,
	"owner_id" uuid,
	"level" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"invested_timber" double precision DEFAULT 0 NOT NULL,
	"invested_stone" double precision DEFAULT 0 NOT NULL,
	"invested_iron" double precision DEFAULT 0 NOT NULL,
	"invested_mead" double precision DEFAULT 0 NOT NULL,
	"construction_finishes_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"completed_alliance_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "heroes" ADD CONSTRAINT "heroes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "heroes" ADD CONSTRAINT "heroes_village_id_villages_id_fk" FOREIGN KEY ("village_id") REFERENCES "public"."villages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wonder_contributions" ADD CONSTRAINT "wonder_contributions_wonder_id_wonders_id_fk" FOREIGN KEY ("wonder_id") REFERENCES "public"."wonders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wonder_contributions" ADD CONSTRAINT "wonder_contributions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wonder_contributions" ADD CONSTRAINT "wonder_contributions_village_id_villages_id_fk" FOREIGN KEY ("village_id") REFERENCES "public"."villages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wonders" ADD CONSTRAINT "wonders_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wonders" ADD CONSTRAINT "wonders_village_id_villages_id_fk" FOREIGN KEY ("village_id") REFERENCES "public"."villages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wonders" ADD CONSTRAINT "wonders_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wonders" ADD CONSTRAINT "wonders_completed_alliance_id_alliances_id_fk" FOREIGN KEY ("completed_alliance_id") REFERENCES "public"."alliances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "heroes_user" ON "heroes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "wonder_contributions_wonder" ON "wonder_contributions" USING btree ("wonder_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wonders_world_type" ON "wonders" USING btree ("world_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "wonders_village" ON "wonders" USING btree ("village_id");--> statement-breakpoint
CREATE INDEX "wonders_construction" ON "wonders" USING btree ("construction_finishes_at");