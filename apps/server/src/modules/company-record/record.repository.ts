/** Whether the company or contact a record page reads exists (a merged-away company does not). */
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

export const companyExists = async (db: Db, id: number): Promise<boolean> =>
  (await queryRows(db, sql`select 1 from companies where id = ${id}`)).length > 0;

export const contactExists = async (db: Db, id: number): Promise<boolean> =>
  (await queryRows(db, sql`select 1 from users where id = ${id}`)).length > 0;
