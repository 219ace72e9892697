ALTER TABLE "battle_reports" DROP CONSTRAINT "battle_reports_type_check";--> statement-breakpoint
ALTER TABLE "battle_reports" ADD COLUMN "building_hit" jsonb;--> statement-breakpoint
ALTER TABLE "battle_reports" ADD COLUMN "intel" jsonb;--> statement-breakpoint
ALTER TABLE "battle_reports" ADD COLUMN "detected" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "movements" ADD COLUMN "catapult_target" text;--> statement-breakpoint
ALTER TABLE "battle_reports" ADD CONSTRAINT "battle_reports_building_hit_check" CHECK (case when jsonb_typeof("battle_reports"."building_hit") <> 'object' then false else ("battle_reports"."building_hit" - '{type,levelBefore,levelAfter}'::text[]) = '{}'::jsonb end);--> statement-breakpoint
ALTER TABLE "battle_reports" ADD CONSTRAINT "battle_reports_intel_check" CHECK (case when jsonb_typeof("battle_reports"."intel") <> 'object' then false else ("battle_reports"."intel" - '{resources,troops,stationed,defences}'::text[]) = '{}'::jsonb end);--> statement-breakpoint
ALTER TABLE "battle_reports" ADD CONSTRAINT "battle_reports_type_check" CHECK ("battle_reports"."type" in ('attack', 'raid', 'scout'));--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_catapult_target_check" CHECK ("movements"."catapult_target" in ('timber_camp', 'stone_quarry', 'iron_mine', 'mead_hall', 'warehouse', 'granary', 'barracks', 'stable', 'shipyard', 'blacksmith', 'longhouse', 'marketplace', 'embassy', 'academy', 'great_hall'));