CREATE TABLE "store_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"kind" text NOT NULL,
	"on_date" date NOT NULL,
	"deal_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_events_kind" CHECK ("store_events"."kind" in ('opening', 'closure'))
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "store_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "store_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_events" ADD CONSTRAINT "store_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_events" ADD CONSTRAINT "store_events_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_events" ADD CONSTRAINT "store_events_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_events_company_date_idx" ON "store_events" USING btree ("company_id","on_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "store_events_property_idx" ON "store_events" USING btree ("property_id");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_core_id_key" ON "companies" USING btree ("core_id") WHERE "companies"."core_id" is not null;
--> statement-breakpoint
-- Tracked retailers (issue 16): a unit's tenant changing is a store closing for the old tenant and
-- opening for the new one. One function behind the three events of properties keeps
-- companies.store_count and store_changed_at, writes store_events, and turns a verified tenant's
-- indicator orange (is_verified false, verified_at kept). The transaction-local settings
-- frontage.event_date and frontage.deal_id (set by recordDeal) date the event and link its deal;
-- frontage.store_events = 'off' (a company merge) moves the count only. A deleted unit's closure
-- has no row (its events go with it, property_id cascades); nor has a deleted company's. An address change is not an event.
CREATE FUNCTION "store_events_on_tenant"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	old_tenant integer := CASE WHEN TG_OP IN ('UPDATE', 'DELETE') THEN OLD.tenant_id END;
	new_tenant integer := CASE WHEN TG_OP IN ('INSERT', 'UPDATE') THEN NEW.tenant_id END;
	quiet boolean := coalesce(current_setting('frontage.store_events', true), '') = 'off';
	on_day date;
	deal integer;
BEGIN
	IF old_tenant IS NOT DISTINCT FROM new_tenant THEN
		RETURN NULL;
	END IF;
	IF quiet THEN
		UPDATE companies SET store_count = store_count - 1 WHERE id = old_tenant;
		UPDATE companies SET store_count = store_count + 1 WHERE id = new_tenant;
		RETURN NULL;
	END IF;
	on_day := coalesce(nullif(current_setting('frontage.event_date', true), '')::date, current_date);
	deal := nullif(current_setting('frontage.deal_id', true), '')::integer;
	IF old_tenant IS NOT NULL THEN
		UPDATE companies SET store_count = store_count - 1, store_changed_at = now(), is_verified = false
			WHERE id = old_tenant;
		-- Not found: the tenant itself is being deleted (the FK's set null), nothing to record.
		IF FOUND AND TG_OP = 'UPDATE' THEN
			INSERT INTO store_events (company_id, property_id, kind, on_date, deal_id)
				VALUES (old_tenant, NEW.id, 'closure', on_day, deal);
		END IF;
	END IF;
	IF new_tenant IS NOT NULL THEN
		UPDATE companies SET store_count = store_count + 1, store_changed_at = now(), is_verified = false
			WHERE id = new_tenant;
		INSERT INTO store_events (company_id, property_id, kind, on_date, deal_id)
			VALUES (new_tenant, NEW.id, 'opening', on_day, deal);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "store_events_on_property_insert" AFTER INSERT ON "properties" FOR EACH ROW
	WHEN (NEW.tenant_id IS NOT NULL) EXECUTE FUNCTION store_events_on_tenant();
--> statement-breakpoint
CREATE TRIGGER "store_events_on_property_update" AFTER UPDATE OF tenant_id ON "properties" FOR EACH ROW
	WHEN (OLD.tenant_id IS DISTINCT FROM NEW.tenant_id) EXECUTE FUNCTION store_events_on_tenant();
--> statement-breakpoint
CREATE TRIGGER "store_events_on_property_delete" AFTER DELETE ON "properties" FOR EACH ROW
	WHEN (OLD.tenant_id IS NOT NULL) EXECUTE FUNCTION store_events_on_tenant();
--> statement-breakpoint
-- Backfill: every company's store count; one opening per tenanted unit, dated its lease start
-- (else the day the unit was created). store_changed_at stays null: nothing was observed changing.
UPDATE companies c SET store_count = t.n FROM (
	SELECT tenant_id, count(*)::integer AS n FROM properties WHERE tenant_id IS NOT NULL GROUP BY tenant_id
) t WHERE t.tenant_id = c.id;
--> statement-breakpoint
INSERT INTO store_events (company_id, property_id, kind, on_date)
	SELECT tenant_id, id, 'opening', coalesce(lease_start_date, created_at::date)
	FROM properties WHERE tenant_id IS NOT NULL ORDER BY id;
--> statement-breakpoint
