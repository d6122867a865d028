CREATE TABLE "watches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"property_id" integer,
	"scheme_id" integer,
	"company_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watches_one_record" CHECK (num_nonnulls("watches"."property_id", "watches"."scheme_id", "watches"."company_id") = 1)
);
--> statement-breakpoint
ALTER TABLE "watches" ADD CONSTRAINT "watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watches" ADD CONSTRAINT "watches_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watches" ADD CONSTRAINT "watches_scheme_id_schemes_id_fk" FOREIGN KEY ("scheme_id") REFERENCES "public"."schemes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watches" ADD CONSTRAINT "watches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "watches_user_property_unique" ON "watches" USING btree ("user_id","property_id");--> statement-breakpoint
CREATE UNIQUE INDEX "watches_user_scheme_unique" ON "watches" USING btree ("user_id","scheme_id");--> statement-breakpoint
CREATE UNIQUE INDEX "watches_user_company_unique" ON "watches" USING btree ("user_id","company_id");--> statement-breakpoint
CREATE INDEX "watches_property_idx" ON "watches" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "watches_scheme_idx" ON "watches" USING btree ("scheme_id");--> statement-breakpoint
CREATE INDEX "watches_company_idx" ON "watches" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "watches_user_idx" ON "watches" USING btree ("user_id","created_at");