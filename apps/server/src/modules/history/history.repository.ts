import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { companies, deals, fieldHistory, properties, schemes, users, voidedDeals } from '../../db/schema';

export type HistoryRow = typeof fieldHistory.$inferSelect;
export type NewHistoryRow = typeof fieldHistory.$inferInsert;

/** The history scope of one record: its own rows plus its address's. */
export interface HistoryScope {
  entity_type: 'property' | 'scheme';
  entity_id: number;
  address_id: number | null;
}

const scopeWhere = (s: HistoryScope): SQL =>
  s.address_id === null
    ? and(eq(fieldHistory.entity_type, s.entity_type), eq(fieldHistory.entity_id, s.entity_id))!
    : or(
        and(eq(fieldHistory.entity_type, s.entity_type), eq(fieldHistory.entity_id, s.entity_id)),
        and(eq(fieldHistory.entity_type, 'address'), eq(fieldHistory.entity_id, s.address_id)),
      )!;

/** Rows per statement: a 1,000-unit import batch writes ~25,000 history rows. */
const INSERT_CHUNK = 5000;

/**
 * The rows in one parameter, as JSON read back by jsonb_to_recordset, in their order (the ids
 * follow it). A multi-row VALUES list costs the server ~30 ms of CPU to build and bind per 500
 * rows × 15 columns, four times the insert itself: half of an import batch's time (docs/bench/
 * imports.md). JSON keeps the values' own JSON (a "1000.00" stays a string); a column left out
 * takes its default.
 */
export const insertRows = async (db: Db, rows: NewHistoryRow[]): Promise<void> => {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK)
    await db.execute(sql`
      insert into field_history (entity_type, entity_id, field, old_value, new_value, source, deal_id, import_id,
                                 user_id, verified, verified_by, verified_at, rejected_by, rejected_at, created_at)
      select entity_type, entity_id, field, old_value, new_value, source, deal_id, import_id,
             user_id, coalesce(verified, false), verified_by, verified_at, rejected_by, rejected_at,
             coalesce(created_at, now())
        from rows from (jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + INSERT_CHUNK))}::jsonb)
               as (entity_type text, entity_id integer, field text, old_value jsonb, new_value jsonb, source text,
                   deal_id integer, import_id integer, user_id integer, verified boolean, verified_by integer,
                   verified_at timestamptz, rejected_by integer, rejected_at timestamptz, created_at timestamptz))
             with ordinality as x(entity_type, entity_id, field, old_value, new_value, source, deal_id, import_id,
                                  user_id, verified, verified_by, verified_at, rejected_by, rejected_at, created_at, n)
       order by n`);
};

const verifier = alias(users, 'verifier');

export const listForScope = async (
  db: Db,
  s: HistoryScope,
  unverifiedOnly: boolean,
  limit: number,
  offset: number,
) => {
  const where = unverifiedOnly ? and(scopeWhere(s), eq(fieldHistory.verified, false))! : scopeWhere(s);
  const [rows, totals] = await Promise.all([
    db
      .select({
        h: fieldHistory,
        // Read as text and parsed once: the driver's jsonb mapping would turn "1000.00" into 1000.
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
      .where(where)
      .orderBy(desc(fieldHistory.created_at), desc(fieldHistory.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(fieldHistory).where(where),
  ]);
  return { rows, total: Number(totals[0]?.n ?? 0) };
};

/** Unverified changes of a record: how many, and which fields (sorted). */
export const unverifiedSummary = async (
  db: Db,
  s: HistoryScope,
): Promise<{ count: number; columns: string[] }> => {
  const rows = await db
    .select({ field: fieldHistory.field, n: count() })
    .from(fieldHistory)
    .where(and(scopeWhere(s), eq(fieldHistory.verified, false)))
    .groupBy(fieldHistory.field)
    .orderBy(fieldHistory.field);
  return { count: rows.reduce((a, r) => a + Number(r.n), 0), columns: rows.map((r) => r.field) };
};

/** The same summary for many records of one type at once (lists with the include). */
export const unverifiedSummaries = async (
  db: Db,
  entityType: 'property' | 'scheme',
  ids: number[],
): Promise<Map<number, { count: number; columns: string[] }>> => {
  const out = new Map<number, { count: number; columns: string[] }>();
  if (!ids.length) return out;
  const rows = await db
    .select({ id: fieldHistory.entity_id, field: fieldHistory.field, n: count() })
    .from(fieldHistory)
    .where(
      and(
        eq(fieldHistory.entity_type, entityType),
        inArray(fieldHistory.entity_id, ids),
        eq(fieldHistory.verified, false),
      ),
    )
    .groupBy(fieldHistory.entity_id, fieldHistory.field)
    .orderBy(fieldHistory.field);
  for (const r of rows) {
    const e = out.get(r.id) ?? { count: 0, columns: [] };
    e.count += Number(r.n);
    e.columns.push(r.field);
    out.set(r.id, e);
  }
  return out;
};

export const findById = async (db: Db, id: number): Promise<HistoryRow | undefined> =>
  (await db.select().from(fieldHistory).where(eq(fieldHistory.id, id)).limit(1))[0];

export const verifyById = async (db: Db, id: number, by: number, now: Date): Promise<number> =>
  (
    await db
      .update(fieldHistory)
      .set({ verified: true, verified_by: by, verified_at: now })
      .where(and(eq(fieldHistory.id, id), eq(fieldHistory.verified, false)))
      .returning({ id: fieldHistory.id })
  ).length;

export const verifyScope = async (
  db: Db,
  s: HistoryScope,
  fields: string[] | undefined,
  by: number,
  now: Date,
): Promise<number> =>
  (
    await db
      .update(fieldHistory)
      .set({ verified: true, verified_by: by, verified_at: now })
      .where(
        and(
          scopeWhere(s),
          eq(fieldHistory.verified, false),
          fields?.length ? inArray(fieldHistory.field, fields) : sql`true`,
        ),
      )
      .returning({ id: fieldHistory.id })
  ).length;

/** The history scope of a property or scheme (with its address), or undefined when it does not exist. */
export const scopeOf = async (
  db: Db,
  entityType: 'property' | 'scheme',
  id: number,
): Promise<HistoryScope | undefined> => {
  const table = entityType === 'property' ? properties : schemes;
  const row = (
    await db.select({ address_id: table.address_id }).from(table).where(eq(table.id, id)).limit(1)
  )[0];
  return row ? { entity_type: entityType, entity_id: id, address_id: row.address_id } : undefined;
};

/** Names of records by id: one query per table, none for an empty list (deleted ids are absent). */
export const namesOf = async (
  db: Db,
  kind: 'company' | 'user' | 'scheme',
  ids: number[],
): Promise<Map<number, string>> => {
  if (!ids.length) return new Map();
  const table = kind === 'company' ? companies : kind === 'user' ? users : schemes;
  const rows = await db.select({ id: table.id, name: table.name }).from(table).where(inArray(table.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
};

/** Properties' current currency and area unit (the fallback context of their money and areas). */
export const propertyUnitsOf = (db: Db, ids: number[]) =>
  ids.length
    ? db
        .select({
          id: properties.id,
          currency: properties.currency,
          area_size_type: properties.area_size_type,
        })
        .from(properties)
        .where(inArray(properties.id, ids))
    : Promise.resolve([]);

/** Every recorded change of some fields of some records, oldest first (values read as text). */
export const changesOfFields = (db: Db, entityType: string, entityIds: number[], fields: string[]) =>
  entityIds.length
    ? db
        .select({
          entity_id: fieldHistory.entity_id,
          field: fieldHistory.field,
          old_text: sql<string | null>`${fieldHistory.old_value}::text`,
          new_text: sql<string | null>`${fieldHistory.new_value}::text`,
          created_at: fieldHistory.created_at,
        })
        .from(fieldHistory)
        .where(
          and(
            eq(fieldHistory.entity_type, entityType),
            inArray(fieldHistory.entity_id, entityIds),
            inArray(fieldHistory.field, fields),
          ),
        )
        .orderBy(asc(fieldHistory.created_at), asc(fieldHistory.id))
    : Promise.resolve([]);
