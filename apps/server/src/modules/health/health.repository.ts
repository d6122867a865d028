import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export const ping = async (db: Db): Promise<void> => {
  await db.execute(sql`select 1`);
};
