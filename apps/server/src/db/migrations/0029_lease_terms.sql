ALTER TABLE "properties" ADD COLUMN "security_of_tenure" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "break_party" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "break_kind" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "break_notice_months" smallint;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "review_interval_years" smallint;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "review_basis" text;--> statement-breakpoint
ALTER TABLE "properties" ADD COLUMN "lease_notes" text;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "security_of_tenure" text;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "break_party" text;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "break_kind" text;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "break_notice_months" smallint;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "review_interval_years" smallint;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "review_basis" text;--> statement-breakpoint
ALTER TABLE "deals" ADD COLUMN "lease_notes" text;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_security_of_tenure" CHECK ("properties"."security_of_tenure" in ('inside_act', 'contracted_out'));--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_break_party" CHECK ("properties"."break_party" in ('tenant', 'landlord', 'mutual'));--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_break_kind" CHECK ("properties"."break_kind" in ('fixed', 'rolling'));--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_break_notice_months" CHECK ("properties"."break_notice_months" between 0 and 60);--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_review_interval_years" CHECK ("properties"."review_interval_years" between 1 and 25);--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_security_of_tenure" CHECK ("deals"."security_of_tenure" in ('inside_act', 'contracted_out'));--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_break_party" CHECK ("deals"."break_party" in ('tenant', 'landlord', 'mutual'));--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_break_kind" CHECK ("deals"."break_kind" in ('fixed', 'rolling'));--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_break_notice_months" CHECK ("deals"."break_notice_months" between 0 and 60);--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_review_interval_years" CHECK ("deals"."review_interval_years" between 1 and 25);