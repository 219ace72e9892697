CREATE TABLE "world_hall_of_fame" (
	"world_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"winner" jsonb,
	"victory" jsonb,
	"standing" jsonb NOT NULL,
	CONSTRAINT "world_hall_of_fame_reason_check" CHECK ("world_hall_of_fame"."reason" in ('victory', 'end_date'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_check";--> statement-breakpoint
ALTER TABLE "worlds" DROP CONSTRAINT "worlds_status_check";--> statement-breakpoint
ALTER TABLE "worlds" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "world_hall_of_fame" ADD CONSTRAINT "world_hall_of_fame_world_id_worlds_id_fk" FOREIGN KEY ("world_id") REFERENCES "public"."worlds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" in ('set_role', 'suspend', 'unsuspend', 'temporary_password', 'delete_user', 'create_world', 'set_world_status', 'create_event', 'edit_event', 'activate_event', 'deactivate_event', 'announce', 'distribute_rewards', 'confirm_link', 'clear_link', 'set_world_end'));--> statement-breakpoint
ALTER TABLE "worlds" ADD CONSTRAINT "worlds_status_check" CHECK ("worlds"."status" in ('online', 'maintenance', 'ended'));