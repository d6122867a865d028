import type { DatasetStep } from './index';

/**
 * Lease terms for the 10^6 units (ADR 0087), then their lease events. The properties step's COPY
 * gives let units a start and an end only; this gives them, from the unit's id alone, a tenure
 * (about 70 % inside the 1954 Act, 20 % contracted out, 10 % unknown), a break on a third of them
 * (3, 6 or 12 months' notice; some rolling) and reviews every 5 years from the start — one
 * statement under session_replication_role = replica (no trigger per row), then the derived
 * tables that read those columns are rebuilt: match_units (the break date; it rebuilds the map's
 * grid) and lease_events.
 */
export const leaseEventsStep: DatasetStep = {
  name: 'lease-events',
  run: async (client, progress) => {
    await client.query('set session_replication_role = replica');
    try {
      await client.query(`update properties set
          security_of_tenure = case when id % 10 < 7 then 'inside_act' when id % 10 < 9 then 'contracted_out' end,
          break_date = case when id % 3 = 0 and lease_end_date - lease_start_date > 1100
                            then lease_start_date + ((lease_end_date - lease_start_date) / 2) end,
          break_party = case when id % 3 = 0 and lease_end_date - lease_start_date > 1100
                             then (array['tenant', 'tenant', 'mutual', 'landlord'])[1 + id % 4] end,
          break_kind = case when id % 3 = 0 and lease_end_date - lease_start_date > 1100
                            then case when id % 27 = 0 then 'rolling' else 'fixed' end end,
          break_notice_months = case when id % 3 = 0 and lease_end_date - lease_start_date > 1100
                                     then (array[6, 3, 12, 6])[1 + id % 4] end,
          review_interval_years = 5,
          review_basis = (array['open_market_upward_only', 'index_linked_collared', 'open_market'])[1 + id % 3]
        where tenant_id is not null and lease_end_date is not null`);
    } finally {
      await client.query('set session_replication_role = origin');
    }
    await client.query('analyze properties');
    await client.query('select match_units_rebuild()');
    await client.query('select lease_events_rebuild()');
    await client.query('vacuum analyze lease_events');
    await client.query('vacuum analyze lease_event_log');
    const n = Number(
      (await client.query<{ n: string }>('select count(*) as n from lease_events')).rows[0]!.n,
    );
    progress(n, n);
    return n;
  },
};
