CREATE TABLE "map_chunk_versions" (
	"world_id" uuid NOT NULL,
	"cx" integer NOT NULL,
	"cy" integer NOT NULL,
	"version" integer NOT NULL,
	CONSTRAINT "map_chunk_versions_world_id_cx_cy_pk" PRIMARY KEY("world_id","cx","cy")
);
--> statement-breakpoint
ALTER TABLE "map_chunk_versions" ADD CONSTRAINT "map_chunk_versions_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Map chunk versions: whatever changes a village as the map area shows it (founded, renamed, conquered, abandoned, moved,
-- deleted, its population through its buildings, its owner's name or alliance) bumps the version of the chunk it stands
-- in, in the same transaction. Row triggers only note the chunks in a transaction-local setting; one deferred trigger
-- writes them at commit in sorted order, so two transactions never wait on each other's chunks in opposite orders.
-- The chunk side (17) is CHUNK_SIDE of src/server/services/map-chunks.ts.
CREATE FUNCTION map_chunk_touch(p_world uuid, p_x integer, p_y integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  entry text := p_world::text || ':' || floor(p_x::numeric / 17)::int || ':' || floor(p_y::numeric / 17)::int || ';';
  pending text := coalesce(current_setting('vikings.map_chunks', true), '');
BEGIN
  IF position(';' || entry IN ';' || pending) = 0 THEN
    PERFORM set_config('vikings.map_chunks', pending || entry, true);
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION map_chunk_flush() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  pending text := coalesce(current_setting('vikings.map_chunks', true), '');
BEGIN
  IF pending <> '' THEN
    PERFORM set_config('vikings.map_chunks', '', true);
    INSERT INTO map_chunk_versions (world_id, cx, cy, version)
      SELECT DISTINCT split_part(e, ':', 1)::uuid, split_part(e, ':', 2)::int, split_part(e, ':', 3)::int, 1
      FROM regexp_split_to_table(rtrim(pending, ';'), ';') AS e
      -- A world deleted in this transaction takes its chunks with it.
      WHERE EXISTS (SELECT 1 FROM worlds w WHERE w.id = split_part(e, ':', 1)::uuid)
      ORDER BY 1, 2, 3
      ON CONFLICT (world_id, cx, cy) DO UPDATE SET version = map_chunk_versions.version + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION villages_map_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM map_chunk_touch(OLD.world_id, OLD.x, OLD.y); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM map_chunk_touch(NEW.world_id, NEW.x, NEW.y); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION buildings_map_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A building deleted with its village finds no village: the village's own trigger noted the chunk.
  IF TG_OP <> 'INSERT' THEN PERFORM map_chunk_touch(v.world_id, v.x, v.y) FROM villages v WHERE v.id = OLD.village_id; END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM map_chunk_touch(v.world_id, v.x, v.y) FROM villages v WHERE v.id = NEW.village_id; END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION users_map_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM map_chunk_touch(v.world_id, v.x, v.y) FROM villages v WHERE v.owner_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION alliance_members_map_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM map_chunk_touch(v.world_id, v.x, v.y) FROM villages v WHERE v.owner_id = OLD.user_id; END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM map_chunk_touch(v.world_id, v.x, v.y) FROM villages v WHERE v.owner_id = NEW.user_id; END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION alliances_map_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM map_chunk_touch(v.world_id, v.x, v.y) FROM alliance_members m JOIN villages v ON v.owner_id = m.user_id WHERE m.alliance_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER villages_map_insert_delete AFTER INSERT OR DELETE ON villages FOR EACH ROW EXECUTE FUNCTION villages_map_touch();
--> statement-breakpoint
CREATE TRIGGER villages_map_update AFTER UPDATE ON villages FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.owner_id IS DISTINCT FROM NEW.owner_id OR OLD.is_capital IS DISTINCT FROM NEW.is_capital
        OR OLD.x IS DISTINCT FROM NEW.x OR OLD.y IS DISTINCT FROM NEW.y OR OLD.world_id IS DISTINCT FROM NEW.world_id)
  EXECUTE FUNCTION villages_map_touch();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER villages_map_flush AFTER INSERT OR DELETE ON villages DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION map_chunk_flush();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER villages_map_update_flush AFTER UPDATE ON villages DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.owner_id IS DISTINCT FROM NEW.owner_id OR OLD.is_capital IS DISTINCT FROM NEW.is_capital
        OR OLD.x IS DISTINCT FROM NEW.x OR OLD.y IS DISTINCT FROM NEW.y OR OLD.world_id IS DISTINCT FROM NEW.world_id)
  EXECUTE FUNCTION map_chunk_flush();
--> statement-breakpoint
CREATE TRIGGER buildings_map_insert_delete AFTER INSERT OR DELETE ON buildings FOR EACH ROW EXECUTE FUNCTION buildings_map_touch();
--> statement-breakpoint
CREATE TRIGGER buildings_map_update AFTER UPDATE ON buildings FOR EACH ROW
  WHEN (OLD.level IS DISTINCT FROM NEW.level OR OLD.type IS DISTINCT FROM NEW.type OR OLD.village_id IS DISTINCT FROM NEW.village_id)
  EXECUTE FUNCTION buildings_map_touch();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER buildings_map_flush AFTER INSERT OR DELETE ON buildings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION map_chunk_flush();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER buildings_map_update_flush AFTER UPDATE ON buildings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.level IS DISTINCT FROM NEW.level OR OLD.type IS DISTINCT FROM NEW.type OR OLD.village_id IS DISTINCT FROM NEW.village_id)
  EXECUTE FUNCTION map_chunk_flush();
--> statement-breakpoint
CREATE TRIGGER users_map_update AFTER UPDATE ON users FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username) EXECUTE FUNCTION users_map_touch();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_map_update_flush AFTER UPDATE ON users DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.username IS DISTINCT FROM NEW.username) EXECUTE FUNCTION map_chunk_flush();
--> statement-breakpoint
CREATE TRIGGER alliance_members_map AFTER INSERT OR DELETE OR UPDATE OF alliance_id, user_id ON alliance_members FOR EACH ROW EXECUTE FUNCTION alliance_members_map_touch();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER alliance_members_map_flush AFTER INSERT OR DELETE OR UPDATE OF alliance_id, user_id ON alliance_members DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION map_chunk_flush();
--> statement-breakpoint
CREATE TRIGGER alliances_map_update AFTER UPDATE ON alliances FOR EACH ROW WHEN (OLD.tag IS DISTINCT FROM NEW.tag OR OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION alliances_map_touch();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER alliances_map_update_flush AFTER UPDATE ON alliances DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.tag IS DISTINCT FROM NEW.tag OR OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION map_chunk_flush();
