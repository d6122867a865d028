/**
 * One enquiry's writes (ADR 0050): the references it names checked and locked, the row
 * inserted, read for an edit (locked, with its author's company), updated and deleted, and its
 * unverified history counted.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { comments, companies, enquiries, fieldHistory, properties, schemes, users } from '../../db/schema';

export type EnquiryRecord = typeof enquiries.$inferSelect;
export type NewEnquiry = typeof enquiries.$inferInsert;

/**
 * Whether each named record exists, read with `for key share` so that none of them can be deleted
 * before the caller's transaction commits (a reference is answered 422, never a foreign-key 500).
 * `property` is the property's scheme (null: standalone), undefined when it does not exist.
 */
export const lockReferences = async (
  tx: Db,
  ids: {
    property_id?: number | null;
    scheme_id?: number | null;
    company_id?: number | null;
    user_id?: number | null;
  },
): Promise<{ property?: { scheme_id: number | null }; scheme: boolean; company: boolean; user: boolean }> => {
  const out: { property?: { scheme_id: number | null }; scheme: boolean; company: boolean; user: boolean } = {
    scheme: false,
    company: false,
    user: false,
  };
  if (ids.property_id != null) {
    const p = await tx
      .select({ scheme_id: properties.scheme_id })
      .from(properties)
      .where(eq(properties.id, ids.property_id))
      .for('key share');
    if (p[0]) out.property = p[0];
  }
  if (ids.scheme_id != null)
    out.scheme = !!(
      await tx.select({ id: schemes.id }).from(schemes).where(eq(schemes.id, ids.scheme_id)).for('key share')
    )[0];
  if (ids.company_id != null)
    out.company = !!(
      await tx
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.id, ids.company_id))
        .for('key share')
    )[0];
  if (ids.user_id != null)
    out.user = !!(
      await tx.select({ id: users.id }).from(users).where(eq(users.id, ids.user_id)).for('key share')
    )[0];
  return out;
};

export const insertEnquiry = async (tx: Db, values: NewEnquiry): Promise<EnquiryRecord> =>
  (await tx.insert(enquiries).values(values).returning())[0]!;

/** The stored enquiry and its author's current company, locked for the caller's write. */
export const findForWrite = async (
  tx: Db,
  id: number,
): Promise<{ e: EnquiryRecord; creator_company_id: number | null } | undefined> => {
  const rows = await tx
    .select({ e: enquiries, creator_company_id: users.company_id })
    .from(enquiries)
    .leftJoin(users, eq(users.id, enquiries.created_by))
    .where(eq(enquiries.id, id))
    .for('update', { of: enquiries });
  return rows[0];
};

export const updateEnquiry = async (tx: Db, id: number, set: Partial<NewEnquiry>): Promise<void> => {
  await tx.update(enquiries).set(set).where(eq(enquiries.id, id));
};

/** Deletes the enquiry and the comments on it (their mentions go with them). */
export const deleteEnquiry = async (tx: Db, id: number): Promise<void> => {
  await tx.delete(comments).where(and(eq(comments.entity_type, 'enquiry'), eq(comments.entity_id, id)));
  await tx.delete(enquiries).where(eq(enquiries.id, id));
};

/** Changes of the enquiry an admin has not verified yet. */
export const unverifiedCount = async (db: Db, id: number): Promise<number> =>
  Number(
    (
      await db
        .select({ n: count() })
        .from(fieldHistory)
        .where(
          and(
            eq(fieldHistory.entity_type, 'enquiry'),
            eq(fieldHistory.entity_id, id),
            sql`not ${fieldHistory.verified}`,
          ),
        )
    )[0]?.n ?? 0,
  );
