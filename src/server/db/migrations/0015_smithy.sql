CREATE TABLE "unit_research" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"village_id" uuid NOT NULL,
	"unit_type" text NOT NULL,
	"track" text NOT NULL,
	"level" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finishes_at" timestamp with time zone NOT NULL,
	CONSTRAINT "unit_research_unit_type_check" CHECK ("unit_research"."unit_type" in ('bondi', 'viking_raider', 'berserker', 'shieldmaiden', 'huscarl', 'mounted_jarl', 'longship', 'drakkar', 'battering_ram', 'catapult', 'jarl')),
	CONSTRAINT "unit_research_track_check" CHECK ("unit_research"."track" in ('attack', 'defense')),
	CONSTRAINT "unit_research_level_check" CHECK ("unit_research"."level" between 1 and 20)
);
--> statement-breakpoint
ALTER TABLE "movements" DROP CONSTRAINT "movements_type_check";--> statement-breakpoint
ALTER TABLE "unit_research" ADD CONSTRAINT "unit_research_village_id_villages_id_fk" FOREIGN KEY ("village_id") REFERENCES "public"."villages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "unit_research_step" ON "unit_research" USING btree ("village_id","unit_type","track","level");--> statement-breakpoint
CREATE INDEX "unit_research_running" ON "unit_research" USING btree ("village_id","finishes_at");--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_type_check" CHECK ("movements"."type" in ('attack', 'raid', 'reinforce', 'return', 'delivery', 'merchants_return', 'scout'));