ALTER TABLE "field_history" ADD COLUMN "rejected_by" integer;--> statement-breakpoint
ALTER TABLE "field_history" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "field_history" ADD CONSTRAINT "field_history_rejected_by_users_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "field_history_queue_idx" ON "field_history" USING btree ("created_at","id") WHERE not "field_history"."verified";