CREATE TABLE "alliance_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alliance_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"message" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alliance_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"alliance_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"subject_id" uuid,
	"subject_name" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"seq" bigserial NOT NULL,
	CONSTRAINT "alliance_events_kind_check" CHECK ("alliance_events"."kind" in ('founded', 'joined', 'left', 'dismissed', 'rank_changed', 'leader_changed', 'announcement', 'diplomacy_proposed', 'diplomacy_accepted', 'diplomacy_declined', 'diplomacy_ended', 'village_conquered', 'village_lost', 'village_founded', 'wonder_level', 'battle'))
);
--> statement-breakpoint
CREATE TABLE "alliance_relations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"from_alliance_id" uuid NOT NULL,
	"to_alliance_id" uuid NOT NULL,
	"proposed_by" uuid,
	"proposed_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "alliance_relations_kind_check" CHECK ("alliance_relations"."kind" in ('confederation', 'nap', 'war')),
	CONSTRAINT "alliance_relations_status_check" CHECK ("alliance_relations"."status" in ('proposed', 'active')),
	CONSTRAINT "alliance_relations_two_sides" CHECK ("alliance_relations"."from_alliance_id" <> "alliance_relations"."to_alliance_id")
);
--> statement-breakpoint
ALTER TABLE "alliances" ADD COLUMN "announcement" text;--> statement-breakpoint
ALTER TABLE "alliances" ADD COLUMN "announcement_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alliances" ADD COLUMN "announcement_by" uuid;--> statement-breakpoint
ALTER TABLE "alliance_applications" ADD CONSTRAINT "alliance_applications_alliance_id_alliances_id_fk" FOREIGN KEY ("alliance_id") REFERENCES "public"."alliances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alliance_applications" ADD CONSTRAINT "alliance_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alliance_events" ADD CONSTRAINT "alliance_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alliance_events" ADD CONSTRAINT "alliance_events_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alliance_relations" ADD CONSTRAINT "alliance_relations_from_alliance_id_alliances_id_fk" FOREIGN KEY ("from_alliance_id") REFERENCES "public"."alliances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alliance_relations" ADD CONSTRAINT "alliance_relations_to_alliance_id_alliances_id_fk" FOREIGN KEY ("to_alliance_id") REFERENCES "public"."alliances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alliance_relations" ADD CONSTRAINT "alliance_relations_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alliance_applications_pair" ON "alliance_applications" USING btree ("alliance_id","user_id");--> statement-breakpoint
CREATE INDEX "alliance_applications_user" ON "alliance_applications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "alliance_events_feed" ON "alliance_events" USING btree ("alliance_id","occurred_at","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "alliance_relations_pair" ON "alliance_relations" USING btree (least("from_alliance_id", "to_alliance_id"),greatest("from_alliance_id", "to_alliance_id"));--> statement-breakpoint
CREATE INDEX "alliance_relations_from" ON "alliance_relations" USING btree ("from_alliance_id");--> statement-breakpoint
CREATE INDEX "alliance_relations_to" ON "alliance_relations" USING btree ("to_alliance_id");--> statement-breakpoint
ALTER TABLE "alliances" ADD CONSTRAINT "alliances_announcement_by_users_id_fk" FOREIGN KEY ("announcement_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alliances_name_lower" ON "alliances" USING btree (lower("name"));