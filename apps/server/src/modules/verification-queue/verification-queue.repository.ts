import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { idArray } from '../../db/id-array';
import { addresses, deals, fieldHistory, properties, schemes, users, voidedDeals } from '../../db/schema';
import type { HistoryRow } from '../history/history.repository';

export interface QueueFilters {
  user_id?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  entity_type?: 'property' | 'scheme' | 'address' | undefined;
}

export interface QueueGroupRow {
  entity_type: 'property' | 'scheme' | 'address';
  entity_id: number;
  oldest_at: Date;
  total: number;
}

const UK = 'Europe/London';

/** The waiting changes under the filters (dates are UK days, both ends inclusive). */
const where = (f: QueueFilters): SQL => {
  const parts: SQL[] = [
    sql`not ${fieldHistory.verified}`,
    f.entity_type
      ? sql`${fieldHistory.entity_type} = ${f.entity_type}`
      : sql`${fieldHistory.entity_type} in ('property', 'scheme', 'address')`,
  ];
  if (f.user_id !== undefined) parts.push(sql`${fieldHistory.user_id} = ${f.user_id}`);
  if (f.from) parts.push(sql`${fieldHistory.created_at} >= (${f.from}::date::timestamp at time zone ${UK})`);
  if (f.to) parts.push(sql`${fieldHistory.created_at} < ((${f.to}::date + 1)::timestamp at time zone ${UK})`);
  return sql.join(parts, sql` and `);
};

type Rows<T> = { rows: T[] };

/** One page of records with waiting changes, the longest waiting first (the bench's twin too). */
export const queueGroupsSql = (f: QueueFilters, limit: number, offset: number): SQL => sql`
  select entity_type, entity_id, min(created_at) as oldest_at, count(*)::int as total
  from ${fieldHistory} where ${where(f)}
  group by entity_type, entity_id
  order by min(created_at), min(id)
  limit ${limit} offset ${offset}`;

/** How many records have waiting changes under the filters. */
export const queueCountSql = (f: QueueFilters): SQL => sql`
  select count(*)::int as n from (select 1 from ${fieldHistory} where ${where(f)} group by entity_type, entity_id) g`;

/** The ids of the first `perGroup` waiting changes (oldest first) of each record. */
export const queueChangeIdsSql = (
  f: QueueFilters,
  groups: Array<Pick<QueueGroupRow, 'entity_type' | 'entity_id'>>,
  perGroup: number,
): SQL => {
  const keys = sql.join(
    groups.map((g) => sql`(${g.entity_type}, ${g.entity_id}::int)`),
    sql`, `,
  );
  return sql`
    select id from (
      select id, row_number() over (partition by entity_type, entity_id order by created_at, id) as rn
      from ${fieldHistory}
      where ${where(f)} and (entity_type, entity_id) in (${keys})
    ) t where rn <= ${perGroup}`;
};

/** One page of records with waiting changes, and how many records. */
export const listGroups = async (
  db: Db,
  f: QueueFilters,
  limit: number,
  offset: number,
): Promise<{ groups: QueueGroupRow[]; total: number }> => {
  const [page, count] = await Promise.all([
    db.execute(queueGroupsSql(f, limit, offset)) as unknown as Promise<
      Rows<{
        entity_type: QueueGroupRow['entity_type'];
        entity_id: number;
        oldest_at: Date | string;
        total: number;
      }>
    >,
    db.execute(queueCountSql(f)) as unknown as Promise<Rows<{ n: number }>>,
  ]);
  return {
    groups: page.rows.map((r) => ({
      entity_type: r.entity_type,
      entity_id: Number(r.entity_id),
      oldest_at: new Date(r.oldest_at),
      total: Number(r.total),
    })),
    total: Number(count.rows[0]?.n ?? 0),
  };
};

export const changeIdsOf = async (
  db: Db,
  f: QueueFilters,
  groups: QueueGroupRow[],
  perGroup: number,
): Promise<number[]> => {
  if (!groups.length) return [];
  const res = (await db.execute(queueChangeIdsSql(f, groups, perGroup))) as unknown as Rows<{
    id: number | string;
  }>;
  return res.rows.map((r) => Number(r.id));
};

const verifier = alias(users, 'verifier');

/** The changes with what the history presenter needs (values read as text, ADR 0014). */
export const changesByIds = (db: Db, ids: number[]) =>
  db
    .select({
      h: fieldHistory,
      old_text: sql<string | null>`${fieldHistory.old_value}::text`,
      new_text: sql<string | null>`${fieldHistory.new_value}::text`,
      user_name: users.name,
      verifier_name: verifier.name,
      // A voided deal keeps its type in voided_deals (ADR 0077).
      deal_type: sql<string | null>`coalesce(${deals.deal_type}, ${voidedDeals.deal_type})`,
    })
    .from(fieldHistory)
    .leftJoin(users, eq(users.id, fieldHistory.user_id))
    .leftJoin(verifier, eq(verifier.id, fieldHistory.verified_by))
    .leftJoin(deals, eq(deals.id, fieldHistory.deal_id))
    .leftJoin(voidedDeals, eq(voidedDeals.id, fieldHistory.deal_id))
    .where(sql`${fieldHistory.id} = any(${idArray(ids)})`)
    .orderBy(asc(fieldHistory.created_at), asc(fieldHistory.id));

/** Labels and links: properties' and addresses' full address, schemes' names, an address's owner. */
export const propertiesOf = async (db: Db, ids: number[]) =>
  ids.length
    ? db
        .select({ id: properties.id, address_id: properties.address_id, label: addresses.full_address })
        .from(properties)
        .innerJoin(addresses, eq(addresses.id, properties.address_id))
        .where(inArray(properties.id, ids))
    : [];

export const schemesOf = async (db: Db, ids: number[]) =>
  ids.length
    ? db.select({ id: schemes.id, label: schemes.name }).from(schemes).where(inArray(schemes.id, ids))
    : [];

/** Addresses with the property (else scheme) they belong to. */
export const addressesOf = async (db: Db, ids: number[]) => {
  if (!ids.length) return [];
  const res = (await db.execute(sql`
    select a.id, a.full_address as label,
      (select p.id from ${properties} p where p.address_id = a.id order by p.id limit 1) as property_id,
      (select s.id from ${schemes} s where s.address_id = a.id order by s.id limit 1) as scheme_id
    from ${addresses} a where a.id = any(${idArray(ids)})`)) as unknown as Rows<{
    id: number;
    label: string | null;
    property_id: number | null;
    scheme_id: number | null;
  }>;
  return res.rows.map((r) => ({
    id: Number(r.id),
    label: r.label,
    property_id: r.property_id === null ? null : Number(r.property_id),
    scheme_id: r.scheme_id === null ? null : Number(r.scheme_id),
  }));
};

/** The changes with these ids that still wait, locked (newest first). */
export const waitingForUpdate = async (db: Db, ids: number[]): Promise<HistoryRow[]> =>
  db
    .select()
    .from(fieldHistory)
    .where(and(sql`${fieldHistory.id} = any(${idArray(ids)})`, eq(fieldHistory.verified, false)))
    .orderBy(sql`${fieldHistory.created_at} desc, ${fieldHistory.id} desc`)
    .for('update');

/** Values as text (ADR 0014) of these changes. */
export const valuesOf = async (db: Db, ids: number[]) =>
  db
    .select({
      id: fieldHistory.id,
      old_text: sql<string | null>`${fieldHistory.old_value}::text`,
      new_text: sql<string | null>`${fieldHistory.new_value}::text`,
    })
    .from(fieldHistory)
    .where(sql`${fieldHistory.id} = any(${idArray(ids)})`);

export const markVerified = async (db: Db, ids: number[], by: number, now: Date): Promise<number> =>
  (
    await db
      .update(fieldHistory)
      .set({ verified: true, verified_by: by, verified_at: now })
      .where(and(sql`${fieldHistory.id} = any(${idArray(ids)})`, eq(fieldHistory.verified, false)))
      .returning({ id: fieldHistory.id })
  ).length;

export const markRejected = async (db: Db, ids: number[], by: number, now: Date): Promise<void> => {
  await db
    .update(fieldHistory)
    .set({ verified: true, verified_by: by, verified_at: now, rejected_by: by, rejected_at: now })
    .where(sql`${fieldHistory.id} = any(${idArray(ids)})`);
};
