/**
 * The deals a company or a contact is a party to (deal_parties, any role, prev_ roles included),
 * newest first as the deals list orders by effective date (undated last), then id (ADR 0091). The
 * rows themselves are the deals list's (deals-list.service listItemsOf).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedRows } from '../../db/prepared';

/** A company's deal_parties rows (deal_parties_company_idx) or a contact's (deal_parties_user_idx). */
export type DealParty = 'company' | 'contact';

const partyColumn = (party: DealParty): SQL => sql.raw(party === 'company' ? 'dp.company_id' : 'dp.user_id');
const NEWEST = sql`coalesce(d.effective_date, '-infinity'::date) desc, d.id desc`;

/**
 * One page of deal ids with the party's roles on each, and the exact total, in one statement. A
 * voided deal has left `deals` (ADR 0077) and so every count and page. Past the last page: one
 * row with the total and a null id.
 */
export const recordDealIdsSql = (party: DealParty, id: number, limit: number, offset: number): SQL =>
  sql`with mine as (
      select dp.deal_id, array_agg(distinct dp.role) as roles from deal_parties dp
       where ${partyColumn(party)} = ${id} group by dp.deal_id
    ), t as (select count(*)::int as total from mine join deals d on d.id = mine.deal_id)
    select t.total, pg.id, pg.roles from t left join lateral (
      select d.id, mine.roles, row_number() over (order by ${NEWEST}) as ord
        from mine join deals d on d.id = mine.deal_id
       order by ${NEWEST} limit ${limit} offset ${offset}
    ) pg on true
    order by pg.ord`;

export interface RecordDealIdRow {
  total: number;
  id: number | null;
  roles: string[] | string | null;
}

export const recordDealIds = (
  db: Db,
  party: DealParty,
  id: number,
  limit: number,
  offset: number,
): Promise<RecordDealIdRow[]> =>
  preparedRows<RecordDealIdRow>(db, recordDealIdsSql(party, id, limit, offset));
