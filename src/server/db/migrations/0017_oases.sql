CREATE TABLE "oases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"world_id" uuid NOT NULL,
	"x" integer NOT NULL,
	"y" integer NOT NULL,
	"animals" jsonb NOT NULL,
	"animals_at" timestamp with time zone NOT NULL,
	"village_id" uuid,
	"annexed_at" timestamp with time zone,
	CONSTRAINT "oases_animals_check" CHECK (case when jsonb_typeof("oases"."animals") <> 'object' then false else ("oases"."animals" - '{rat,spider,wolf,boar,bear}'::text[]) = '{}'::jsonb end)
);
--> statement-breakpoint
ALTER TABLE "movements" ALTER COLUMN "to_village_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "battle_reports" ADD COLUMN "oasis" jsonb;--> statement-breakpoint
ALTER TABLE "movements" ADD COLUMN "oasis_id" uuid;--> statement-breakpoint
ALTER TABLE "oases" ADD CONSTRAINT "oases_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oases" ADD CONSTRAINT "oases_village_id_villages_id_fk" FOREIGN KEY ("village_id") REFERENCES "public"."villages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oases_world_tile" ON "oases" USING btree ("world_id","x","y");--> statement-breakpoint
CREATE INDEX "oases_village" ON "oases" USING btree ("village_id");--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_oasis_id_oases_id_fk" FOREIGN KEY ("oasis_id") REFERENCES "public"."oases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "movements_to_oasis" ON "movements" USING btree ("oasis_id","arrives_at") WHERE "movements"."resolved_at" is null and "movements"."to_village_id" is null;--> statement-breakpoint
ALTER TABLE "battle_reports" ADD CONSTRAINT "battle_reports_oasis_check" CHECK (case when jsonb_typeof("battle_reports"."oasis") <> 'object' then false else ("battle_reports"."oasis" - '{x,y,animals,animalLosses,annexed,notAnnexed,takenFrom}'::text[]) = '{}'::jsonb end);--> statement-breakpoint
ALTER TABLE "movements" ADD CONSTRAINT "movements_target_check" CHECK ("movements"."to_village_id" is not null or ("movements"."oasis_id" is not null and "movements"."type" in ('attack', 'raid')));--> statement-breakpoint
-- Map chunk versions learn oasis holders (migration 0008's pattern): an oasis changing hands bumps its chunk, and so do
-- its holder's new name, owner or owner's username, which the map's oasis tile shows.
CREATE FUNCTION oases_map_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM map_chunk_touch(NEW.world_id, NEW.x, NEW.y);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION held_oases_map_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM map_chunk_touch(o.world_id, o.x, o.y) FROM oases o JOIN villages v ON v.id = o.village_id WHERE v.owner_id = NEW.id;
  ELSE
    PERFORM map_chunk_touch(o.world_id, o.x, o.y) FROM oases o WHERE o.village_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER oases_map_update AFTER UPDATE ON oases FOR EACH ROW
  WHEN (OLD.village_id IS DISTINCT FROM NEW.village_id) EXECUTE FUNCTION oases_map_touch();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER oases_map_update_flush AFTER UPDATE ON oases DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.village_id IS DISTINCT FROM NEW.village_id) EXECUTE FUNCTION map_chunk_flush();
--> statement-breakpoint
CREATE TRIGGER villages_held_oases_map_update AFTER UPDATE ON villages FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.owner_id IS DISTINCT FROM NEW.owner_id) EXECUTE FUNCTION held_oases_map_touch();
--> statement-breakpoint
CREATE TRIGGER users_held_oases_map_update AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.username IS DISTINCT FROM NEW.username) EXECUTE FUNCTION held_oases_map_touch();
