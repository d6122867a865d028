import { derived, fn, trigger } from './define';

/**
 * companies.store_count (ADR 0056): a tracked retailer's units, kept by the one trigger function on
 * properties.tenant_id. A unit's tenant changing is a store closing for the old tenant and opening
 * for the new one: the same function also stamps companies.store_changed_at, writes the store_events
 * log (its opening and closure, dated by the transaction-local frontage.event_date and linked to
 * frontage.deal_id, both set by recordDeal) and turns a verified tenant's indicator orange
 * (is_verified false, verified_at kept), telling the webhooks when it was verified (ADR 0098).
 * frontage.store_events = 'off' (a company merge) moves the
 * count only. A deleted unit's closure has no event (its events go with it); nor has a deleted
 * company's. An address change is not an event.
 */
export const companyStoreCount = derived({
  name: 'companies.store_count',
  kind: 'column',
  what: 'The number of units whose tenant the company is.',
  sources: { properties: ['tenant_id'] },
  functions: [
    // A verified company whose units changed is verified no longer: its webhook subscribers are told
    // (company.updated naming is_verified, in the change's transaction, as the API's own edits do;
    // the message id made as db/webhook-message-id.ts makes it).
    fn({
      name: 'verification_lapsed',
      args: 'company_ids integer[]',
      returns: 'void',
      language: 'sql',
      body: `
  INSERT INTO webhook_events (message_id, type, data, created_at)
  SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), 'company.updated',
         jsonb_build_object('id', id, 'fields', jsonb_build_array('is_verified')), now()
    FROM unnest(company_ids) AS id ORDER BY id;`,
    }),
    fn({
      name: 'store_events_on_tenant',
      returns: 'trigger',
      language: 'plpgsql',
      body: `
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
END`,
    }),
    // A statement's new units at once (ADR 0103): each tenant's count moved once by its number of
    // new units, an opening per unit — what the row function does for each, in one statement each.
    fn({
      name: 'store_events_on_new_units',
      returns: 'trigger',
      language: 'plpgsql',
      body: `
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
END`,
    }),
    // Every company's count again; only the companies whose count differs are written.
    fn({
      name: 'company_store_count_rebuild',
      returns: 'void',
      language: 'sql',
      body: `
  UPDATE companies c SET store_count = t.n
  FROM (SELECT x.id, (SELECT count(*)::integer FROM properties p WHERE p.tenant_id = x.id) AS n FROM companies x) t
  WHERE t.id = c.id AND c.store_count <> t.n;`,
    }),
  ],
  triggers: [
    trigger({
      name: 'store_events_on_property_insert',
      table: 'properties',
      timing: 'AFTER',
      events: ['INSERT'],
      forEach: 'STATEMENT',
      newTable: 'new_rows',
      function: 'store_events_on_new_units',
    }),
    trigger({
      name: 'store_events_on_property_update',
      table: 'properties',
      timing: 'AFTER',
      events: ['UPDATE'],
      columns: ['tenant_id'],
      forEach: 'ROW',
      when: 'OLD.tenant_id IS DISTINCT FROM NEW.tenant_id',
      function: 'store_events_on_tenant',
    }),
    trigger({
      name: 'store_events_on_property_delete',
      table: 'properties',
      timing: 'AFTER',
      events: ['DELETE'],
      forEach: 'ROW',
      when: 'OLD.tenant_id IS NOT NULL',
      function: 'store_events_on_tenant',
    }),
  ],
  rebuild: 'company_store_count_rebuild',
  content: `SELECT id || ' ' || store_count AS r FROM companies ORDER BY 1`,
  readers: [
    'modules/tracked-retailers/tracked-retailers.repository.ts: GET /api/tracked-retailers (stores, sort), its export, GET /api/tracked-retailers/{id}',
  ],
  adrs: ['0056', '0059'],
  migrations: ['0018', '0024', '0042', '0043'],
});
