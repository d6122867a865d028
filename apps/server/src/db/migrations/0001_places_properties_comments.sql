CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"street" text,
	"street2" text,
	"city" text,
	"region" text,
	"post_code" text,
	"country" text DEFAULT 'United Kingdom' NOT NULL,
	"notes" text,
	"lat" double precision,
	"lng" double precision,
	"full_address" text GENERATED ALWAYS AS (substr(coalesce(', ' || nullif(btrim(street), ''), '') || coalesce(', ' || nullif(btrim(street2), ''), '') || coalesce(', ' || nullif(btrim(city), ''), '') || coalesce(', ' || nullif(btrim(region), ''), '') || coalesce(', ' || nullif(btrim(post_code), ''), ''), 3)) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheme_parties" (
	"id" serial PRIMARY KEY NOT NULL,
	"scheme_id" integer NOT NULL,
	"role" text NOT NULL,
	"company_id" integer,
	"user_id" integer,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "scheme_parties_one_party" CHECK (("scheme_parties"."company_id" is null) <> ("scheme_parties"."user_id" is null))
);
--> statement-breakpoint
CREATE TABLE "schemes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"opened_at" smallint,
	"car_spaces" integer,
	"is_under_construction" boolean DEFAULT false NOT NULL,
	"reason" text,
	"address_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" serial PRIMARY KEY NOT NULL,
	"building_num" text,
	"address_id" integer NOT NULL,
	"scheme_id" integer,
	"planning" text,
	"reason" text,
	"tenant_id" integer,
	"legal_tenant_id" integer,
	"currency" char(3) DEFAULT 'GBP' NOT NULL,
	"rent_pa" numeric(14, 2),
	"rent_sqft" numeric(14, 2),
	"rateable_value" numeric(14, 2),
	"service_charge" numeric(14, 2),
	"incentive" text,
	"lease_start_date" date,
	"lease_end_date" date,
	"next_review_date" date,
	"rent_review_clause" text,
	"break_date" date,
	"break_clause" text,
	"area_size_type" text DEFAULT 'sqft' NOT NULL,
	"nia_sqrt" numeric(12, 2),
	"itza_area" numeric(12, 2),
	"mezzanine" numeric(12, 2),
	"garden_centre" numeric(12, 2),
	"ground_floor_area" numeric(12, 2),
	"first_floor_area" numeric(12, 2),
	"second_floor_area" numeric(12, 2),
	"third_floor_area" numeric(12, 2),
	"basement_area" numeric(12, 2),
	"frontage_area" numeric(12, 2),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "properties_area_size_type" CHECK ("properties"."area_size_type" in ('sqft', 'sqm'))
);
--> statement-breakpoint
CREATE TABLE "property_parties" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"role" text NOT NULL,
	"company_id" integer,
	"user_id" integer,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "property_parties_one_party" CHECK (("property_parties"."company_id" is null) <> ("property_parties"."user_id" is null))
);
--> statement-breakpoint
CREATE TABLE "field_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"field" text NOT NULL,
	"old_value" jsonb,
	"new_value" jsonb,
	"source" text NOT NULL,
	"deal_id" integer,
	"user_id" integer,
	"verified" boolean DEFAULT false NOT NULL,
	"verified_by" integer,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comment_links" (
	"comment_id" integer NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	CONSTRAINT "comment_links_comment_id_entity_type_entity_id_pk" PRIMARY KEY("comment_id","entity_type","entity_id")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"user_id" integer,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer,
	"scheme_id" integer,
	"company_id" integer,
	"user_id" integer,
	"received_at" date NOT NULL,
	"size_from" numeric(12, 2),
	"size_to" numeric(12, 2),
	"rent_from" numeric(14, 2),
	"rent_to" numeric(14, 2),
	"stage" text NOT NULL,
	"reason" text DEFAULT 'unknown' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enquiries_subject" CHECK ("enquiries"."property_id" is not null or "enquiries"."scheme_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "ui_state" (
	"user_id" integer NOT NULL,
	"screen" text NOT NULL,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ui_state_user_id_screen_pk" PRIMARY KEY("user_id","screen")
);
--> statement-breakpoint
ALTER TABLE "scheme_parties" ADD CONSTRAINT "scheme_parties_scheme_id_schemes_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."schemes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheme_parties" ADD CONSTRAINT "scheme_parties_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheme_parties" ADD CONSTRAINT "scheme_parties_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schemes" ADD CONSTRAINT "schemes_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schemes" ADD CONSTRAINT "schemes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_scheme_id_schemes_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."schemes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_tenant_id_companies_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_legal_tenant_id_companies_id_fk" FOREIGN KEY ("legal_tenant_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_parties" ADD CONSTRAINT "property_parties_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_parties" ADD CONSTRAINT "property_parties_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_parties" ADD CONSTRAINT "property_parties_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_history" ADD CONSTRAINT "field_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_history" ADD CONSTRAINT "field_history_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_links" ADD CONSTRAINT "comment_links_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_scheme_id_schemes_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."schemes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ui_state" ADD CONSTRAINT "ui_state_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_full_address_trgm_idx" ON "addresses" USING gin ("full_address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "addresses_point_idx" ON "addresses" USING gist (point("lng", "lat"));--> statement-breakpoint
CREATE INDEX "addresses_city_lower_idx" ON "addresses" USING btree (lower("city"));--> statement-breakpoint
CREATE UNIQUE INDEX "scheme_parties_unique" ON "scheme_parties" USING btree ("scheme_id","role","company_id","user_id");--> statement-breakpoint
CREATE INDEX "scheme_parties_company_idx" ON "scheme_parties" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "scheme_parties_user_idx" ON "scheme_parties" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "schemes_name_trgm_idx" ON "schemes" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "schemes_address_id_idx" ON "schemes" USING btree ("address_id");--> statement-breakpoint
CREATE INDEX "schemes_updated_at_idx" ON "schemes" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "properties_address_id_idx" ON "properties" USING btree ("address_id");--> statement-breakpoint
CREATE INDEX "properties_scheme_id_idx" ON "properties" USING btree ("scheme_id");--> statement-breakpoint
CREATE INDEX "properties_tenant_id_idx" ON "properties" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "properties_legal_tenant_id_idx" ON "properties" USING btree ("legal_tenant_id");--> statement-breakpoint
CREATE INDEX "properties_updated_at_idx" ON "properties" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "properties_lease_end_date_idx" ON "properties" USING btree ("lease_end_date");--> statement-breakpoint
CREATE UNIQUE INDEX "property_parties_unique" ON "property_parties" USING btree ("property_id","role","company_id","user_id");--> statement-breakpoint
CREATE INDEX "property_parties_company_idx" ON "property_parties" USING btree ("company_id","role");--> statement-breakpoint
CREATE INDEX "property_parties_user_idx" ON "property_parties" USING btree ("user_id","role");--> statement-breakpoint
CREATE INDEX "field_history_entity_idx" ON "field_history" USING btree ("entity_type","entity_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "field_history_unverified_idx" ON "field_history" USING btree ("entity_type","entity_id","field") WHERE not "field_history"."verified";--> statement-breakpoint
CREATE INDEX "comment_links_entity_idx" ON "comment_links" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "comments_entity_idx" ON "comments" USING btree ("entity_type","entity_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "comments_user_idx" ON "comments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "enquiries_property_idx" ON "enquiries" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "enquiries_scheme_idx" ON "enquiries" USING btree ("scheme_id");--> statement-breakpoint
CREATE INDEX "enquiries_company_idx" ON "enquiries" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "enquiries_user_idx" ON "enquiries" USING btree ("user_id");