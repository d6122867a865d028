-- Deals (issue 12, ADR 0043): deals, their parties and links, the Idempotency-Key store, and
-- field_history.deal_id as a real foreign key. No deal existed before this migration, so a deal_id
-- already in field_history names nothing: it is cleared before the key is added.
CREATE TABLE "deal_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"deal_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"url" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deal_parties" (
	"id" serial PRIMARY KEY NOT NULL,
	"deal_id" integer NOT NULL,
	"role" text NOT NULL,
	"company_id" integer,
	"user_id" integer,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "deal_parties_one_party" CHECK (("deal_parties"."company_id" is null) <> ("deal_parties"."user_id" is null)),
	CONSTRAINT "deal_parties_role" CHECK ("deal_parties"."role" in ('tenant', 'legal_tenant', 'prev_tenant', 'prev_legal_tenant', 'landlord', 'landlord_contact', 'landlord_agent', 'landlord_agent_contact', 'tenant_agent', 'tenant_agent_contact', 'tenant_contact', 'prev_tenant_agent', 'prev_tenant_agent_contact', 'prev_tenant_contact', 'prev_landlord', 'prev_landlord_contact', 'prev_landlord_agent', 'prev_landlord_agent_contact'))
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" serial PRIMARY KEY NOT NULL,
	"deal_type" text NOT NULL,
	"property_id" integer,
	"scheme_id" integer,
	"effective_date" date,
	"reason" text,
	"sale_type" text,
	"sale_price" numeric(14, 2),
	"prev_rent_pa" numeric(14, 2),
	"prev_rent_sqft" numeric(14, 2),
	"rent_pa" numeric(14, 2),
	"rent_sqft" numeric(14, 2),
	"rateable_value" numeric(14, 2),
	"service_charge" numeric(14, 2),
	"incentive" text,
	"currency" char(3),
	"planning" text,
	"lease_start_date" date,
	"lease_end_date" date,
	"next_review_date" date,
	"break_date" date,
	"rent_review_clause" text,
	"break_clause" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deals_deal_type" CHECK ("deals"."deal_type" in ('sale', 'new_letting', 'subletting', 'rent_review', 'lease_renewal', 'tracked_retailer')),
	CONSTRAINT "deals_one_place" CHECK (("deals"."property_id" is null) <> ("deals"."scheme_id" is null))
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" smallint,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "deal_links" ADD CONSTRAINT "deal_links_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_parties" ADD CONSTRAINT "deal_parties_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_parties" ADD CONSTRAINT "deal_parties_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deal_parties" ADD CONSTRAINT "deal_parties_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_scheme_id_schemes_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."schemes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deals" ADD CONSTRAINT "deals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_links_deal_idx" ON "deal_links" USING btree ("deal_id","position");--> statement-breakpoint
CREATE INDEX "deal_parties_deal_idx" ON "deal_parties" USING btree ("deal_id","role","position");--> statement-breakpoint
CREATE INDEX "deal_parties_company_idx" ON "deal_parties" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "deal_parties_user_idx" ON "deal_parties" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "deals_property_idx" ON "deals" USING btree ("property_id","effective_date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deals_scheme_idx" ON "deals" USING btree ("scheme_id","effective_date" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deals_created_at_idx" ON "deals" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deals_created_by_idx" ON "deals" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
UPDATE "field_history" SET "deal_id" = NULL WHERE "deal_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "field_history" ADD CONSTRAINT "field_history_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "field_history_deal_idx" ON "field_history" USING btree ("deal_id") WHERE "field_history"."deal_id" is not null;