import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** The tables whose records carry a version (ADR 0060). */
const TABLES = {
  company: sql.raw('companies'),
  contact: sql.raw('users'),
  property: sql.raw('properties'),
  scheme: sql.raw('schemes'),
  enquiry: sql.raw('enquiries'),
  deal: sql.raw('deals'),
} as const;
export type LockedTable = keyof typeof TABLES;

/**
 * Locks the record's row for the rest of the transaction, so two edits of one record compare
 * their versions one after the other: the second reads what the first wrote, never the same
 * old state. False when there is no such row.
 */
export const lockRow = async (tx: Db, table: LockedTable, id: number): Promise<boolean> => {
  const res = (await tx.execute(
    sql`select 1 as one from ${TABLES[table]} where id = ${id} for update`,
  )) as unknown as {
    rows?: unknown[];
  };
  return (res.rows?.length ?? 0) > 0;
};
