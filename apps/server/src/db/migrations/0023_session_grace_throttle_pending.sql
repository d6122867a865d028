-- Issue 26 defect 8. login_throttle.pending: failures counted in advance for attempts still being
-- checked, so an attempt refused by a delay they set waits for them (ADR 0035). sessions: the
-- token before the last refresh stays valid for a short grace and a repeated refresh answers the
-- same new token (ADR 0074).
ALTER TABLE "login_throttle" ADD COLUMN "pending" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "previous_token_hash" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "rotated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "rotation_key" text;--> statement-breakpoint
CREATE INDEX "sessions_previous_token_hash_idx" ON "sessions" USING btree ("previous_token_hash");