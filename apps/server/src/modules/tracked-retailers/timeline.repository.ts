import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

/** A closure and an opening of one retailer in one town this many days apart or less are a move. */
export const MOVE_WINDOW_DAYS = 90;

export interface TimelineRow {
  total: number;
  kind: 'opening' | 'closure' | 'move';
  on_date: string | Date;
  property_id: number;
  full_address: string | null;
  town: string | null;
  from_property_id: number | null;
  from_full_address: string | null;
  from_town: string | null;
  deal_id: number | null;
  deal_type: string | null;
  other_id: number | null;
  other_name: string | null;
}

/**
 * A retailer's openings, closures and moves, newest first, one page and the total in one
 * statement. A move pairs an opening with a closure of another unit in the same town within
 * MOVE_WINDOW_DAYS when each is the other's nearest such event (mutual nearest, so each event is
 * in one move at most). The other occupier: for an opening, the tenant whose closure at that unit
 * came just before; for a closure, the one whose opening came just after.
 */
export const timeline = (db: Db, companyId: number, limit: number, offset: number): Promise<TimelineRow[]> =>
  queryRows<TimelineRow>(
    db,
    sql`with ev as (
        select e.id, e.kind, e.on_date, e.property_id, e.deal_id, lower(a.city) as town
        from store_events e join properties p on p.id = e.property_id join addresses a on a.id = p.address_id
        where e.company_id = ${companyId}),
      cand as (
        select o.id as o_id, c.id as c_id,
          row_number() over (partition by o.id order by abs(o.on_date - c.on_date), c.id) as o_rank,
          row_number() over (partition by c.id order by abs(o.on_date - c.on_date), o.id) as c_rank
        from ev o join ev c on o.kind = 'opening' and c.kind = 'closure' and c.town = o.town
          and c.property_id <> o.property_id and abs(o.on_date - c.on_date) <= ${MOVE_WINDOW_DAYS}),
      pairs as (select o_id, c_id from cand where o_rank = 1 and c_rank = 1),
      items as (
        select case when pr.c_id is not null then 'move' else ev.kind end as kind, ev.id, ev.on_date,
          ev.property_id, ev.deal_id, pr.c_id
        from ev left join pairs pr on pr.o_id = ev.id
        where not exists (select 1 from pairs x where x.c_id = ev.id)),
      page as (select count(*) over ()::int as total, items.* from items order by on_date desc, id desc
        limit ${limit} offset ${offset})
      select page.total, page.kind, page.on_date, page.property_id, a.full_address, a.city as town,
        fe.property_id as from_property_id, fa.full_address as from_full_address, fa.city as from_town,
        d.id as deal_id, d.deal_type, oc.id as other_id, oc.name as other_name
      from page
        join properties p on p.id = page.property_id join addresses a on a.id = p.address_id
        left join store_events fe on fe.id = page.c_id
        left join properties fp on fp.id = fe.property_id left join addresses fa on fa.id = fp.address_id
        left join deals d on d.id = page.deal_id
        left join lateral (
          select e2.company_id from store_events e2, store_events me
          where me.id = page.id and e2.property_id = me.property_id and e2.company_id <> me.company_id
            and case when me.kind = 'closure'
              then e2.kind = 'opening' and (e2.on_date, e2.id) > (me.on_date, me.id)
              else e2.kind = 'closure' and (e2.on_date, e2.id) < (me.on_date, me.id) end
          order by case when me.kind = 'closure' then e2.on_date end asc,
                   case when me.kind = 'closure' then e2.id end asc,
                   e2.on_date desc, e2.id desc
          limit 1) other on true
        left join companies oc on oc.id = other.company_id
      order by page.on_date desc, page.id desc`,
  );
