-- Correct and void deals (issue 28, ADR 0077). Voiding moves a deal out of "deals" into
-- "voided_deals" (its record as read, who, when, why, the fields left), so it leaves every list,
-- count, comparable and derived table through their existing delete triggers. Its history stays
-- under the same deal id: field_history.deal_id and store_events.deal_id lose their foreign keys.
CREATE TABLE "voided_deals" (
	"id" integer PRIMARY KEY NOT NULL,
	"deal_type" text NOT NULL,
	"property_id" integer,
	"scheme_id" integer,
	"record" jsonb NOT NULL,
	"left_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"void_reason" text NOT NULL,
	"voided_by" integer,
	"voided_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "field_history" DROP CONSTRAINT "field_history_deal_id_deals_id_fk";
--> statement-breakpoint
ALTER TABLE "store_events" DROP CONSTRAINT "store_events_deal_id_deals_id_fk";
--> statement-breakpoint
ALTER TABLE "voided_deals" ADD CONSTRAINT "voided_deals_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voided_deals" ADD CONSTRAINT "voided_deals_scheme_id_schemes_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."schemes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voided_deals" ADD CONSTRAINT "voided_deals_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voided_deals_property_idx" ON "voided_deals" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "voided_deals_scheme_idx" ON "voided_deals" USING btree ("scheme_id");