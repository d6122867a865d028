import { sql } from 'drizzle-orm';
import type { WatchType } from '@frontage/shared';
import { queryRows, type Db } from '../../db/client';

/** The column of `watches` that names a record of this type. */
const COLUMN = {
  property: sql.raw('property_id'),
  scheme: sql.raw('scheme_id'),
  company: sql.raw('company_id'),
} as const satisfies Record<WatchType, unknown>;

const TABLE = {
  property: sql.raw('properties'),
  scheme: sql.raw('schemes'),
  company: sql.raw('companies'),
} as const satisfies Record<WatchType, unknown>;

export const recordExists = async (db: Db, type: WatchType, id: number): Promise<boolean> =>
  (await queryRows(db, sql`select 1 from ${TABLE[type]} where id = ${id}`)).length > 0;

/** When this user started watching the record, or undefined. */
export const watchedSince = async (
  db: Db,
  userId: number,
  type: WatchType,
  id: number,
): Promise<Date | undefined> => {
  const [row] = await queryRows<{ created_at: string | Date }>(
    db,
    sql`select created_at from watches where user_id = ${userId} and ${COLUMN[type]} = ${id}`,
  );
  return row ? new Date(row.created_at) : undefined;
};

/**
 * Takes the user's row lock: one user's watch writes run one after the other, so the count that
 * WATCHES_MAX checks cannot be passed by two at once.
 */
export const lockUser = async (db: Db, userId: number): Promise<void> => {
  await queryRows(db, sql`select id from users where id = ${userId} for update`);
};

export const countOf = async (db: Db, userId: number): Promise<number> =>
  (
    await queryRows<{ n: number }>(db, sql`select count(*)::int as n from watches where user_id = ${userId}`)
  )[0]!.n;

/** Adds the watch and answers its first day (the caller has checked there is none yet). */
export const insertWatch = async (db: Db, userId: number, type: WatchType, id: number): Promise<Date> => {
  const [row] = await queryRows<{ created_at: string | Date }>(
    db,
    sql`insert into watches (user_id, ${COLUMN[type]}) values (${userId}, ${id}) returning created_at`,
  );
  return new Date(row!.created_at);
};

export const deleteWatch = async (db: Db, userId: number, type: WatchType, id: number): Promise<void> => {
  await queryRows(db, sql`delete from watches where user_id = ${userId} and ${COLUMN[type]} = ${id}`);
};

export interface WatchListRow {
  entity_type: WatchType;
  entity_id: number;
  label: string;
  created_at: string | Date;
}

/** Everything the user watches, newest first, with each record's label. */
export const listOf = async (db: Db, userId: number): Promise<WatchListRow[]> =>
  queryRows<WatchListRow>(
    db,
    sql`select case when w.property_id is not null then 'property'
                    when w.scheme_id is not null then 'scheme' else 'company' end as entity_type,
               coalesce(w.property_id, w.scheme_id, w.company_id) as entity_id,
               coalesce(concat_ws(', ', nullif(btrim(p.building_num), ''), a.full_address), s.name, c.name, '') as label,
               w.created_at
          from watches w
          left join properties p on p.id = w.property_id
          left join addresses a on a.id = p.address_id
          left join schemes s on s.id = w.scheme_id
          left join companies c on c.id = w.company_id
         where w.user_id = ${userId}
         order by w.created_at desc, w.id desc`,
  );
