-- A verified company whose units change is verified no longer: the store-count trigger now also
-- tells the webhooks (company.updated naming is_verified), per row and for a statement's new units.
CREATE OR REPLACE FUNCTION "verification_lapsed"(company_ids integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO webhook_events (message_id, type, data, created_at)
  SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), 'company.updated',
         jsonb_build_object('id', id, 'fields', jsonb_build_array('is_verified')), now()
    FROM unnest(company_ids) AS id ORDER BY id;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "store_events_on_tenant"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_tenant integer := CASE WHEN TG_OP IN ('UPDATE', 'DELETE') THEN OLD.tenant_id END;
  new_tenant integer := CASE WHEN TG_OP IN ('INSERT', 'UPDATE') THEN NEW.tenant_id END;
  quiet boolean := coalesce(current_setting('frontage.store_events', true), '') = 'off';
  on_day date;
  deal integer;
  lapsed boolean;
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
    -- Locked first, so that of two changes racing on one tenant only one finds it verified.
    SELECT is_verified INTO lapsed FROM companies WHERE id = old_tenant FOR UPDATE;
    UPDATE companies SET store_count = store_count - 1, store_changed_at = now(), is_verified = false
      WHERE id = old_tenant;
    -- Not found: the tenant itself is being deleted (the FK's set null), nothing to record.
    IF FOUND AND TG_OP = 'UPDATE' THEN
      INSERT INTO store_events (company_id, property_id, kind, on_date, deal_id)
        VALUES (old_tenant, NEW.id, 'closure', on_day, deal);
    END IF;
    IF lapsed THEN
      PERFORM verification_lapsed(ARRAY[old_tenant]);
    END IF;
  END IF;
  IF new_tenant IS NOT NULL THEN
    SELECT is_verified INTO lapsed FROM companies WHERE id = new_tenant FOR UPDATE;
    UPDATE companies SET store_count = store_count + 1, store_changed_at = now(), is_verified = false
      WHERE id = new_tenant;
    INSERT INTO store_events (company_id, property_id, kind, on_date, deal_id)
      VALUES (new_tenant, NEW.id, 'opening', on_day, deal);
    IF lapsed THEN
      PERFORM verification_lapsed(ARRAY[new_tenant]);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "store_events_on_new_units"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  quiet boolean := coalesce(current_setting('frontage.store_events', true), '') = 'off';
  on_day date := coalesce(nullif(current_setting('frontage.event_date', true), '')::date, current_date);
  deal integer := nullif(current_setting('frontage.deal_id', true), '')::integer;
  lapsed integer[];
BEGIN
  IF quiet THEN
    UPDATE companies c SET store_count = c.store_count + n.k
      FROM (SELECT tenant_id, count(*)::int AS k FROM new_rows WHERE tenant_id IS NOT NULL GROUP BY 1) n
      WHERE c.id = n.tenant_id;
    RETURN NULL;
  END IF;
  lapsed := ARRAY(SELECT id FROM companies WHERE is_verified AND id IN (SELECT tenant_id FROM new_rows)
                  ORDER BY id FOR UPDATE);
  UPDATE companies c SET store_count = c.store_count + n.k, store_changed_at = now(), is_verified = false
    FROM (SELECT tenant_id, count(*)::int AS k FROM new_rows WHERE tenant_id IS NOT NULL GROUP BY 1) n
    WHERE c.id = n.tenant_id;
  PERFORM verification_lapsed(lapsed);
  INSERT INTO store_events (company_id, property_id, kind, on_date, deal_id)
    SELECT tenant_id, id, 'opening', on_day, deal FROM new_rows WHERE tenant_id IS NOT NULL ORDER BY id;
  RETURN NULL;
END
$$;
