/**
 * Tracked retailers on the 10^6 dataset, in bulk SQL over what the companies and
 * properties steps wrote (it runs alone on a database that already holds them):
 *
 * - 2,000 of the 100,000 bench companies become tracked retailers (core_id 'TR' + id), each in one
 *   or two bench categories; one of them, 'Bench Gap Retailer' (Fashion), holds exactly 2,000 stores,
 *   the others from about 1,800 down to a handful (a Zipf-like curve), together the tenants of
 *   roughly two fifths of the units (taken over from the random bench tenants, so the vacancy rate is
 *   unchanged);
 * - companies.store_count, store_events (an opening per tenanted unit dated its lease start, and
 *   closures in the last year of tracked retailers' former units, now vacant), store_changed_at and
 *   a realistic verified / lapsed / never mix, as migration 0018's trigger would have kept them (the
 *   bulk writes run with the triggers off);
 * - match_units.tenant_id follows the new tenants when that step already ran.
 *
 * A second step writes the verification queue's waiting work: 20,000 unverified field changes over
 * properties, schemes and addresses by several users, the new value the record's current one.
 */
import type { DatasetStep } from './index';

export const BENCH_TRACKED_RETAILERS = 2_000;
export const BENCH_GAP_RETAILER = 'Bench Gap Retailer';
export const BENCH_GAP_RETAILER_STORES = 2_000;
export const BENCH_QUEUE_CHANGES = 20_000;
const BENCH_CATEGORIES = [
  'Fashion',
  'Footwear',
  'Health & Beauty',
  'Food & Beverage',
  'Grocery',
  'Convenience',
  'Homewares',
  'Electricals',
  'Jewellery & Watches',
  'Sports & Outdoor',
  'Discount & Variety',
  'Opticians',
];
/** The store count of the retailer of rank r (2..2000): ~8,000 / r^0.6, at most 1,800, at least 3. */
const storesOfRank = (r: number): number => Math.max(3, Math.min(1_800, Math.round(8_000 / r ** 0.6)));
/** A deterministic shuffle key of an id (the same on every run). */
const HASH = (col: string) => `(((${col})::bigint * 2654435761) % 4294967291)`;

export const trackedRetailersStep: DatasetStep = {
  name: 'tracked-retailers-2k',
  run: async (client, progress) => {
    const total = 8;
    let done = 0;
    const tick = () => progress(++done, total);
    await client.query('begin');
    try {
      // 1. Which companies: every 50th bench company (by id), the first of them the gap retailer.
      await client.query(
        `update companies set core_id = null where core_id like 'TR%' and domain like '%.bench.example'`,
      );
      await client.query(`
        create temp table tr_pick on commit drop as
        select id as company_id, (row_number() over (order by id))::int as rank
        from (select id, row_number() over (order by id) as k from companies where domain like '%.bench.example') c
        where k % 50 = 0 order by id limit ${BENCH_TRACKED_RETAILERS}`);
      const picked = Number((await client.query('select count(*) as n from tr_pick')).rows[0].n);
      if (picked < BENCH_TRACKED_RETAILERS)
        throw new Error('tracked-retailers-2k needs the companies-100k step first');
      const sizes = Array.from({ length: BENCH_TRACKED_RETAILERS }, (_, i) =>
        i === 0 ? BENCH_GAP_RETAILER_STORES : storesOfRank(i + 1),
      );
      await client.query(
        `create temp table tr_sizes on commit drop as
         select p.company_id, p.rank, s.lo, s.hi from tr_pick p
         join (select ordinality::int as rank, (sum(n) over (order by ordinality) - n + 1)::int as lo,
                      (sum(n) over (order by ordinality))::int as hi
               from unnest($1::int[]) with ordinality as n) s on s.rank = p.rank`,
        [sizes],
      );
      await client.query(`
        update companies c set core_id = 'TR' || lpad(c.id::text, 7, '0'),
          name = case when p.rank = 1 then '${BENCH_GAP_RETAILER}' else c.name end
        from tr_pick p where p.company_id = c.id`);
      tick();

      // 2. Categories: one or two each; the gap retailer is Fashion only.
      await client.query(
        `insert into company_categories (name) select unnest($1::text[]) on conflict (name) do nothing`,
        [BENCH_CATEGORIES],
      );
      await client.query(`delete from company_category where company_id in (select company_id from tr_pick)`);
      await client.query(
        `with cats as (select id, (row_number() over (order by id) - 1)::int as k from company_categories where name = any($1::text[])),
              n as (select count(*)::int as n from cats)
         insert into company_category (company_id, category_id)
         select distinct p.company_id, c.id from tr_pick p, n, lateral (values
             (case when p.rank = 1 then (select k from cats join company_categories cc using (id) where cc.name = 'Fashion')
                   else ${HASH('p.company_id')} % n.n end),
             (case when p.rank > 1 and ${HASH('p.company_id + 7')} % 10 < 4 then ${HASH('p.company_id + 13')} % n.n end)) v(k)
         join cats c on c.k = v.k`,
        [BENCH_CATEGORIES],
      );
      tick();

      // 3. Their stores: tenanted bench units in a fixed shuffled order, cut into the sizes' ranges.
      await client.query('set local session_replication_role = replica');
      await client.query(`
        create temp table tr_units on commit drop as
        select p.id, (row_number() over (order by ${HASH('p.id')}, p.id))::int as rn
        from properties p join companies c on c.id = p.tenant_id
        where c.domain like '%.bench.example'`);
      await client.query(`
        update properties p set tenant_id = s.company_id
        from tr_units u join tr_sizes s on u.rn between s.lo and s.hi
        where p.id = u.id and p.tenant_id is distinct from s.company_id`);
      await client.query(`
        update match_units m set tenant_id = p.tenant_id from properties p
        where p.id = m.property_id and m.tenant_id is distinct from p.tenant_id`);
      tick();

      // 4. store_count for every company.
      await client.query(`
        update companies c set store_count = coalesce(t.n, 0)
        from companies c2 left join (select tenant_id, count(*)::int as n from properties
                                     where tenant_id is not null group by tenant_id) t on t.tenant_id = c2.id
        where c2.id = c.id and c.store_count is distinct from coalesce(t.n, 0)`);
      tick();

      // 5. store_events: an opening per tenanted bench unit; 15,000 closures in the last year of
      //    tracked retailers' former units, now vacant (each opened 2–8 years before).
      await client.query(`
        delete from store_events e using companies c where c.id = e.company_id and c.domain like '%.bench.example'`);
      await client.query(`
        insert into store_events (company_id, property_id, kind, on_date)
        select p.tenant_id, p.id, 'opening', coalesce(p.lease_start_date, p.created_at::date)
        from properties p join companies c on c.id = p.tenant_id
        where c.domain like '%.bench.example' order by p.tenant_id, p.id`);
      tick();
      const assigned = sizes.reduce((a, b) => a + b, 0);
      await client.query(`
        create temp table tr_closed on commit drop as
        select v.id, s.company_id, (current_date - (${HASH('v.id')} % 365)::int) as closed_on
        from (select id from properties where tenant_id is null order by ${HASH('id')}, id limit 15000) v
        join tr_sizes s on 1 + ${HASH('v.id + 3')} % ${assigned} between s.lo and s.hi`);
      await client.query(`
        insert into store_events (company_id, property_id, kind, on_date)
        select company_id, id, 'opening', closed_on - (730 + ${HASH('id')} % 2190)::int from tr_closed
        union all
        select company_id, id, 'closure', closed_on from tr_closed`);
      tick();

      // 6. Verification: store_changed_at = the latest event; a third verified since, two fifths
      //    lapsed (verified before it: orange), the rest never verified.
      await client.query(`
        update companies c set store_changed_at = e.last_on::timestamptz + interval '10 hours',
          is_verified = (${HASH('c.id + 1')} % 10 < 3),
          verified_at = case
            when ${HASH('c.id + 1')} % 10 < 3 then least(now(), e.last_on::timestamptz + interval '10 hours' + (1 + ${HASH('c.id')} % 60) * interval '1 day')
            when ${HASH('c.id + 1')} % 10 < 7 then e.last_on::timestamptz - (1 + ${HASH('c.id')} % 200) * interval '1 day'
          end
        from tr_pick p, (select company_id, max(on_date) as last_on from store_events
                         where company_id in (select company_id from tr_pick) group by company_id) e
        where p.company_id = c.id and e.company_id = c.id`);
      tick();
      await client.query('commit');
    } catch (e) {
      await client.query('rollback');
      throw e;
    }
    await client.query('vacuum analyze companies, company_category, properties, store_events, match_units');
    tick();
    return BENCH_TRACKED_RETAILERS;
  },
};

export const verificationQueueStep: DatasetStep = {
  name: 'verification-queue-20k',
  run: async (client, progress) => {
    const users = (
      await client.query<{ id: number }>(
        `(select id from users where password_hash is not null order by id limit 3)
         union all (select id from users where password_hash is null order by id limit 5)`,
      )
    ).rows.map((r) => r.id);
    if (!users.length) throw new Error('verification-queue-20k needs users');
    const n = BENCH_QUEUE_CHANGES;
    // 60 % properties (rent, lease end, rateable value), 20 % schemes (car spaces), 20 % addresses
    // (post code): about 1.4 changes per record, over the last 90 days, the users in turn.
    const who = `($1::int[])[1 + (g % cardinality($1::int[]))]`;
    const when = `now() - ((${HASH('g')} % (90 * 24 * 60)) * interval '1 minute')`;
    await client.query(
      `insert into field_history (entity_type, entity_id, field, old_value, new_value, source, user_id, verified, created_at)
       select 'property', p.id, f.field, f.old_value, f.new_value, 'update', ${who}, false, ${when}
       from generate_series(1, ${Math.round(n * 0.6)}) g
       join lateral (select * from properties where id >= (select min(id) from properties) + ${HASH('g')} % (select greatest(max(id) - min(id), 1) from properties) order by id limit 1) p on true
       cross join lateral (values
         (case g % 3 when 0 then 'rent_pa' when 1 then 'lease_end_date' else 'rateable_value' end)) k(field)
       cross join lateral (select k.field,
         case k.field when 'rent_pa' then to_jsonb(round(coalesce(p.rent_pa, 20000) * 0.9, 2)::text)
                      when 'lease_end_date' then to_jsonb((coalesce(p.lease_end_date, current_date) - 365)::text)
                      else to_jsonb(round(coalesce(p.rateable_value, 10000) * 0.95, 2)::text) end as old_value,
         case k.field when 'rent_pa' then to_jsonb(p.rent_pa::text)
                      when 'lease_end_date' then to_jsonb(p.lease_end_date::text)
                      else to_jsonb(p.rateable_value::text) end as new_value) f`,
      [users],
    );
    progress(Math.round(n * 0.6), n);
    await client.query(
      `insert into field_history (entity_type, entity_id, field, old_value, new_value, source, user_id, verified, created_at)
       select 'scheme', s.id, 'car_spaces', to_jsonb(coalesce(s.car_spaces, 100) + 20), to_jsonb(s.car_spaces),
              'update', ${who}, false, ${when}
       from generate_series(1, ${Math.round(n * 0.2)}) g
       join lateral (select * from schemes where id >= (select min(id) from schemes) + ${HASH('g')} % (select greatest(max(id) - min(id), 1) from schemes) order by id limit 1) s on true`,
      [users],
    );
    progress(Math.round(n * 0.8), n);
    await client.query(
      `insert into field_history (entity_type, entity_id, field, old_value, new_value, source, user_id, verified, created_at)
       select 'address', a.id, 'post_code', to_jsonb(coalesce(a.post_code, '') || 'X'), to_jsonb(a.post_code),
              'address', ${who}, false, ${when}
       from generate_series(1, ${n - Math.round(n * 0.8)}) g
       join lateral (select * from addresses where id >= (select min(id) from addresses) + ${HASH('g')} % (select greatest(max(id) - min(id), 1) from addresses) order by id limit 1) a on true`,
      [users],
    );
    progress(n, n);
    await client.query('analyze field_history');
    return n;
  },
};
