import { sql, type SQL } from 'drizzle-orm';
import { PROPERTY_PARTY_LISTS, PROPERTY_PARTY_LIST_NAMES } from '@frontage/shared';
import type { Db } from '../../db/client';
import { newWebhookMessageId } from '../../db/webhook-message-id';

/** Runs a data-changing statement and returns how many rows it touched (both drivers). */
const affected = async (db: Db, query: SQL): Promise<number> => {
  const res = (await db.execute(query)) as unknown as {
    rowCount?: number | null;
    affectedRows?: number;
    rows?: unknown[];
  };
  return Number(res.rowCount ?? res.affectedRows ?? res.rows?.length ?? 0);
};

/** The property lists that hold companies, with the role their rows carry. */
const companyLists = PROPERTY_PARTY_LIST_NAMES.filter((n) => PROPERTY_PARTY_LISTS[n].kind === 'company').map(
  (n) => ({ name: n, role: PROPERTY_PARTY_LISTS[n].role }),
);

/**
 * The webhook events (ADR 0098) of every property that names company `from` — as tenant, legal
 * tenant or in a company list — and is about to name `to` instead (a merge) or nothing (`to` null:
 * the company is deleted, the foreign keys clear it). Call it before the references move: it reads
 * them as they are. Each such property gets `property.updated` with the fields that change and,
 * when `from` is its tenant, `property.tenant_changed` — the events `recordPropertyChange` writes
 * for an edit, in the same shape. One statement for all of them, however many properties a
 * retailer's merge touches;
 */
export const recordLinkEvents = async (tx: Db, from: number, to: number | null, now: Date): Promise<void> => {
  const listFields = companyLists.map(
    (l) => sql`, case when ${l.role} = any(l.roles) then ${l.name}::text end`,
  );
  await tx.execute(sql`
    with hit as (
      select id from properties where tenant_id = ${from}
      union select id from properties where legal_tenant_id = ${from}
      union select property_id from property_parties where company_id = ${from}
    ), changed as (
      select p.id, p.tenant_id = ${from} as tenant,
        array_remove(array[
          case when p.tenant_id = ${from} then 'tenant_id' end,
          case when p.legal_tenant_id = ${from} then 'legal_tenant_id' end
          ${sql.join(listFields, sql``)}
        ]::text[], null) as fields
      from hit join properties p on p.id = hit.id
      left join lateral (
        select array_agg(pp.role) as roles from property_parties pp
        where pp.property_id = p.id and pp.company_id = ${from}
      ) l on true
    )
    insert into webhook_events (message_id, type, data, created_at)
    select ${newWebhookMessageId}, e.type, e.data, ${now.toISOString()}::timestamptz
    from changed c cross join lateral (values
      (1, 'property.updated', jsonb_build_object('id', c.id, 'fields', to_jsonb(c.fields))),
      (2, 'property.tenant_changed', case when c.tenant then
        jsonb_build_object('id', c.id, 'from_tenant_id', ${from}::int, 'to_tenant_id', ${to}::int) end)
    ) e(k, type, data)
    where e.data is not null
    order by c.id, e.k`);
};

/**
 * Moves every reference to company `from` onto company `to` (inside the caller's transaction).
 * Party rows and mention links that `to` already has are dropped instead of duplicated. Returns
 * how many references moved, per kind. The comment text itself is not rewritten: mentions render
 * from `comment_links`.
 */
export const moveReferences = async (tx: Db, from: number, to: number): Promise<Record<string, number>> => {
  const moved: Record<string, number> = {};
  moved.contacts = await affected(
    tx,
    sql`update users set company_id = ${to}, updated_at = now() where company_id = ${from}`,
  );

  moved.categories = await affected(
    tx,
    sql`insert into company_category (company_id, category_id)
        select ${to}, category_id from company_category where company_id = ${from}
        on conflict do nothing`,
  );
  await tx.execute(sql`delete from company_category where company_id = ${from}`);

  const owners = { property_parties: 'property_id', scheme_parties: 'scheme_id', deal_parties: 'deal_id' };
  for (const table of ['property_parties', 'scheme_parties', 'deal_parties'] as const) {
    const t = sql.raw(table);
    const owner = sql.raw(owners[table]);
    await tx.execute(sql`
      delete from ${t} d where d.company_id = ${from} and exists (
        select 1 from ${t} k where k.${owner} = d.${owner} and k.role = d.role and k.company_id = ${to})`);
    moved[table] = await affected(tx, sql`update ${t} set company_id = ${to} where company_id = ${from}`);
  }

  // A merge moves stores between two names of one retailer: no opening or closure (migration 0018).
  await tx.execute(sql`select set_config('frontage.store_events', 'off', true)`);
  moved.tenants = await affected(tx, sql`update properties set tenant_id = ${to} where tenant_id = ${from}`);
  await tx.execute(sql`select set_config('frontage.store_events', '', true)`);
  await tx.execute(sql`update store_events set company_id = ${to} where company_id = ${from}`);
  moved.legal_tenants = await affected(
    tx,
    sql`update properties set legal_tenant_id = ${to} where legal_tenant_id = ${from}`,
  );
  moved.enquiries = await affected(
    tx,
    sql`update enquiries set company_id = ${to} where company_id = ${from}`,
  );

  await tx.execute(sql`
    delete from comment_links d where d.entity_type = 'company' and d.entity_id = ${from} and exists (
      select 1 from comment_links k where k.comment_id = d.comment_id and k.entity_type = 'company' and k.entity_id = ${to})`);
  moved.comment_links = await affected(
    tx,
    sql`update comment_links set entity_id = ${to} where entity_type = 'company' and entity_id = ${from}`,
  );
  // A watcher of both keeps their first watch; the rest move with the company.
  await tx.execute(sql`
    delete from watches d where d.company_id = ${from} and exists (
      select 1 from watches k where k.user_id = d.user_id and k.company_id = ${to})`);
  moved.watches = await affected(tx, sql`update watches set company_id = ${to} where company_id = ${from}`);
  moved.notifications = await affected(
    tx,
    sql`update notifications set entity_id = ${to} where entity_type = 'company' and entity_id = ${from}`,
  );
  // The duplicate's edits stay in the merged company's Activity timeline (ADR 0091).
  await tx.execute(
    sql`update field_history set entity_id = ${to} where entity_type = 'company' and entity_id = ${from}`,
  );
  return moved;
};
