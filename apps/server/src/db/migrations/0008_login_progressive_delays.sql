-- Login throttling by (account, address) pair with progressive delays (ADR 0035). The old rows
-- (account and address locks) mean nothing under the new keys: start empty.
DELETE FROM "login_throttle";--> statement-breakpoint
ALTER TABLE "login_throttle" ADD COLUMN "first_failure_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_throttle" ADD COLUMN "last_failure_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_throttle" ADD COLUMN "blocked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_throttle" ADD COLUMN "last_success_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_throttle" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_throttle" ADD COLUMN "expires_at" timestamp with time zone NOT NULL;--> statement-breakpoint
CREATE INDEX "login_throttle_expires_at_idx" ON "login_throttle" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "login_throttle" DROP COLUMN "window_started_at";--> statement-breakpoint
ALTER TABLE "login_throttle" DROP COLUMN "locked_until";