CREATE TABLE "battle_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"world_id" uuid NOT NULL,
	"type" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"attacker_id" uuid,
	"attacker_name" text NOT NULL,
	"attacker_village" jsonb NOT NULL,
	"defender_id" uuid,
	"defender_name" text NOT NULL,
	"defender_village" jsonb NOT NULL,
	"attacker_units" jsonb NOT NULL,
	"attacker_losses" jsonb NOT NULL,
	"defender_units" jsonb NOT NULL,
	"defender_losses" jsonb NOT NULL,
	"winner" text NOT NULL,
	"loot" jsonb NOT NULL,
	"wall_damage" integer DEFAULT 0 NOT NULL,
	"loyalty_change" double precision DEFAULT 0 NOT NULL,
	"village_conquered" boolean DEFAULT false NOT NULL,
	"attacker_read" boolean DEFAULT false NOT NULL,
	"defender_read" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"world_id" uuid NOT NULL,
	"type" text NOT NULL,
	"owner_id" uuid,
	"from_village_id" uuid NOT NULL,
	"to_village_id" uuid NOT NULL,
	"units" jsonb NOT NULL,
	"hero_id" uuid,
	"loot" jsonb,
	"departed_at" timestamp with time zone NOT NULL,
	"arrives_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "stationed_troops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"village_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"home_village_id" uuid NOT NULL,
	"units" jsonb NOT NULL,
	"arrived_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "battle_reports" ADD CONSTRAINT "battle_reports_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battle_reports" ADD CONSTRAINT "battle_reports_attacker_id_users_id_fk" FOREIGN KEY ("attacker_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "battle_reports" ADD CONSTRAINT "battle_reports_defender_id_users_id_fk" FOREIGN KEY ("defender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_from_village_id_villages_id_fk" FOREIGN KEY ("from_village_id") REFERENCES "public"."villages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_to_village_id_villages_id_fk" FOREIGN KEY ("to_village_id") REFERENCES "public"."villages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_hero_id_heroes_id_fk" FOREIGN KEY ("hero_id") REFERENCES "public"."heroes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stationed_troops" ADD CONSTRAINT "stationed_troops_village_id_villages_id_fk" FOREIGN KEY ("village_id") REFERENCES "public"."villages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stationed_troops" ADD CONSTRAINT "stationed_troops_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stationed_troops" ADD CONSTRAINT "stationed_troops_home_village_id_villages_id_fk" FOREIGN KEY ("home_village_id") REFERENCES "public"."villages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "battle_reports_attacker" ON "battle_reports" USING btree ("attacker_id","occurred_at");--> statement-breakpoint
CREATE INDEX "battle_reports_defender" ON "battle_reports" USING btree ("defender_id","occurred_at");--> statement-breakpoint
CREATE INDEX "movements_due" ON "movements" USING btree ("arrives_at") WHERE "movements"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "movements_to" ON "movements" USING btree ("to_village_id","arrives_at") WHERE "movements"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "movements_owner" ON "movements" USING btree ("owner_id") WHERE "movements"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "stationed_troops_village" ON "stationed_troops" USING btree ("village_id");--> statement-breakpoint
CREATE INDEX "stationed_troops_owner" ON "stationed_troops" USING btree ("owner_id");