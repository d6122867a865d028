import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dealLinks, dealParties, deals, fieldHistory, users, voidedDeals } from '../../db/schema';
import type { NewDeal, NewDealParty } from './deals.repository';

/*
 * Correcting and voiding a deal (ADR 0077): the voided deals' table, the deal's own history rows,
 * and the rewrites of a deal row in place.
 */

export type VoidedDealRow = typeof voidedDeals.$inferSelect;
export type NewVoidedDeal = typeof voidedDeals.$inferInsert;
export type HistoryInsert = typeof fieldHistory.$inferInsert;

/** A voided deal with the name of who voided it. */
export const findVoided = async (db: Db, id: number) =>
  (
    await db
      .select({ v: voidedDeals, voider_name: users.name })
      .from(voidedDeals)
      .leftJoin(users, eq(users.id, voidedDeals.voided_by))
      .where(eq(voidedDeals.id, id))
  )[0];
export type LoadedVoidedDeal = NonNullable<Awaited<ReturnType<typeof findVoided>>>;

export const isVoided = async (db: Db, id: number): Promise<boolean> =>
  (await db.select({ id: voidedDeals.id }).from(voidedDeals).where(eq(voidedDeals.id, id))).length > 0;

/**
 * Moves a deal out of `deals`: its voided record is kept, then its row deleted — its parties,
 * links and comparable go with it (cascade) and the derived data's delete triggers take it out of
 * the counts, the counted index and the lists.
 */
export const moveToVoided = async (db: Db, values: NewVoidedDeal): Promise<void> => {
  await db.insert(voidedDeals).values(values);
  await db.delete(deals).where(eq(deals.id, values.id));
};

/** The recorder of a deal and the recorder's company (who may change it). */
export const ownerOf = async (db: Db, id: number) =>
  (
    await db
      .select({ deal_type: deals.deal_type, created_by: deals.created_by, company_id: users.company_id })
      .from(deals)
      .leftJoin(users, eq(users.id, deals.created_by))
      .where(eq(deals.id, id))
  )[0];

export const dealRow = async (db: Db, id: number) =>
  (await db.select().from(deals).where(eq(deals.id, id)))[0];

/** The changes a deal made and its corrections re-made, oldest first (values as JSON text). */
export const effectRows = (db: Db, dealId: number) =>
  db
    .select({
      id: fieldHistory.id,
      entity_type: fieldHistory.entity_type,
      entity_id: fieldHistory.entity_id,
      field: fieldHistory.field,
      old_text: sql<string | null>`${fieldHistory.old_value}::text`,
      new_text: sql<string | null>`${fieldHistory.new_value}::text`,
    })
    .from(fieldHistory)
    .where(and(eq(fieldHistory.deal_id, dealId), inArray(fieldHistory.source, ['deal', 'deal_correction'])))
    .orderBy(asc(fieldHistory.id));
export type EffectRow = Awaited<ReturnType<typeof effectRows>>[number];

/** The newest history row's id: a correction's own rows come after it. */
export const lastHistoryId = async (db: Db): Promise<number> => {
  const [row] = await db.select({ id: sql<string | null>`max(${fieldHistory.id})` }).from(fieldHistory);
  return Number(row?.id ?? 0);
};

/** The rows a correction of the deal wrote after `afterId`, oldest first. */
export const correctionRows = (db: Db, dealId: number, afterId: number) =>
  db
    .select({
      h: fieldHistory,
      old_text: sql<string | null>`${fieldHistory.old_value}::text`,
      new_text: sql<string | null>`${fieldHistory.new_value}::text`,
    })
    .from(fieldHistory)
    .where(
      and(
        eq(fieldHistory.deal_id, dealId),
        eq(fieldHistory.source, 'deal_correction'),
        gt(fieldHistory.id, afterId),
      ),
    )
    .orderBy(asc(fieldHistory.id));

/** Replaces history rows by others (a correction's steps by its net change), in one transaction. */
export const replaceHistoryRows = async (db: Db, ids: number[], rows: HistoryInsert[]): Promise<void> => {
  if (ids.length) await db.delete(fieldHistory).where(inArray(fieldHistory.id, ids));
  if (rows.length) await db.insert(fieldHistory).values(rows);
};

/** Rewrites a deal's row, its parties and its links (a correction). */
export const rewriteDeal = async (
  db: Db,
  id: number,
  values: Partial<NewDeal>,
  parties: NewDealParty[],
  links: string[],
): Promise<void> => {
  await db.update(deals).set(values).where(eq(deals.id, id));
  await db.delete(dealParties).where(eq(dealParties.deal_id, id));
  if (parties.length) await db.insert(dealParties).values(parties.map((r) => ({ ...r, deal_id: id })));
  await db.delete(dealLinks).where(eq(dealLinks.deal_id, id));
  if (links.length)
    await db.insert(dealLinks).values(links.map((url, position) => ({ deal_id: id, position, url })));
};
