ALTER TABLE "enquiries" ADD COLUMN "town_key" text;--> statement-breakpoint
CREATE INDEX "enquiries_stage_updated_idx" ON "enquiries" USING btree ("stage","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "enquiries_town_stage_updated_idx" ON "enquiries" USING btree ("town_key","stage","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "enquiries_updated_idx" ON "enquiries" USING btree ("updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "enquiries_created_by_idx" ON "enquiries" USING btree ("created_by","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "enquiries_received_idx" ON "enquiries" USING btree ("received_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- GET /api/enquiries (issue 14, ADR 0050). enquiries.town_key: lower(city) of the property's
-- address, else of the scheme's, filled on insert and kept when an enquiry's subject, a place's
-- address or an address's city changes, so the town filter is one index range, not a join.
CREATE FUNCTION "enquiry_town"(pid integer, sid integer) RETURNS text LANGUAGE sql STABLE AS $$
	SELECT coalesce(
		(SELECT lower(a.city) FROM properties p JOIN addresses a ON a.id = p.address_id WHERE p.id = pid),
		(SELECT lower(a.city) FROM schemes s JOIN addresses a ON a.id = s.address_id WHERE s.id = sid)
	)
$$;
--> statement-breakpoint
UPDATE "enquiries" SET "town_key" = enquiry_town("property_id", "scheme_id");
--> statement-breakpoint
CREATE FUNCTION "enquiry_town_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.town_key := enquiry_town(NEW.property_id, NEW.scheme_id);
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "enquiries_town_fill" BEFORE INSERT OR UPDATE OF "property_id", "scheme_id" ON "enquiries"
FOR EACH ROW EXECUTE FUNCTION "enquiry_town_fill"();
--> statement-breakpoint
-- A property or scheme moved to another address: its enquiries take that address's town.
CREATE FUNCTION "enquiry_town_of_place"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'properties' THEN
		UPDATE enquiries e SET town_key = enquiry_town(e.property_id, e.scheme_id) WHERE e.property_id = NEW.id;
	ELSE
		UPDATE enquiries e SET town_key = enquiry_town(e.property_id, e.scheme_id) WHERE e.scheme_id = NEW.id;
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "properties_enquiry_town" AFTER UPDATE OF "address_id" ON "properties"
FOR EACH ROW WHEN (OLD.address_id IS DISTINCT FROM NEW.address_id) EXECUTE FUNCTION "enquiry_town_of_place"();
--> statement-breakpoint
CREATE TRIGGER "schemes_enquiry_town" AFTER UPDATE OF "address_id" ON "schemes"
FOR EACH ROW WHEN (OLD.address_id IS DISTINCT FROM NEW.address_id) EXECUTE FUNCTION "enquiry_town_of_place"();
--> statement-breakpoint
-- An address's town edited: the enquiries on every property and scheme at it (each found by index).
CREATE FUNCTION "enquiry_town_of_address"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE enquiries e SET town_key = enquiry_town(e.property_id, e.scheme_id) FROM properties p
	WHERE p.address_id = NEW.id AND e.property_id = p.id;
	UPDATE enquiries e SET town_key = enquiry_town(e.property_id, e.scheme_id) FROM schemes s
	WHERE s.address_id = NEW.id AND e.scheme_id = s.id;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "addresses_enquiry_town" AFTER UPDATE OF "city" ON "addresses"
FOR EACH ROW WHEN (lower(OLD.city) IS DISTINCT FROM lower(NEW.city)) EXECUTE FUNCTION "enquiry_town_of_address"();
