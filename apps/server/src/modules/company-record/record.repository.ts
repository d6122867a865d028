/** Whether the company or contact a record page reads exists (a merged-away company does not). */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedRows } from '../../db/prepared';

/** The first statement of every company page read (exported for the bench's twins). */
export const companyExistsSql = (id: number): SQL => sql`select 1 as found from companies where id = ${id}`;

export const companyExists = async (db: Db, id: number): Promise<boolean> =>
  (await preparedRows(db, companyExistsSql(id))).length > 0;

export const contactExists = async (db: Db, id: number): Promise<boolean> =>
  (await preparedRows(db, sql`select 1 as found from users where id = ${id}`)).length > 0;
