/**
 * Deals for the generated properties, written with COPY: every property without
 * a deal gets one or two — a let unit its latest deal (rent review, lease renewal or tracked
 * retailer) and often an older rent review before it, a vacant unit the tracked retailer that left
 * it — with their tenant parties, some evidence links and the field_history rows the engine would
 * have written (source 'deal', deal_id, by the demo admin, verified). The rows agree with the
 * properties: a property's latest deal holds its current rent, tenant and lease; each deal's
 * prev_rent_pa and history old values are the state the deal before left. The engine is not
 * replayed per row (deal-only party lists such as landlords are not copied into deal_parties).
 *
 * Incremental: it only reads properties that have no deal yet, so adding it to a database that
 * holds the properties (bench_dataset records each step) writes the deals alone.
 */
import type pg from 'pg';
import { copyRows, line, pickFrom, prng } from '../lib/copy';
import type { DatasetStep } from './index';

const DAY = 86_400_000;
/** Share of let units whose latest deal follows an older rent review. */
const TWO_DEALS = 0.45;
const READ_CHUNK = 100_000;
const RENT_REVIEW_CLAUSES = [
  'Upward only, open market, 5-yearly',
  'RPI-linked, collar 1%, cap 4%',
  'Fixed uplifts',
];

/** The properties' state the deals must agree with, as typed arrays (1,000,000 rows). */
interface Loaded {
  n: number;
  id: Int32Array;
  tenant: Int32Array;
  legal: Int32Array;
  rentPence: Float64Array;
  start: Int32Array;
  end: Int32Array;
}

const dayNumber = (d: string | null) => (d ? Math.round(Date.parse(`${d}T00:00:00Z`) / DAY) : 0);
const isoDay = (n: number) => new Date(n * DAY).toISOString().slice(0, 10);
const pounds = (pence: number) => (Math.round(pence) / 100).toFixed(2);

const loadProperties = async (client: pg.Client, progress: (n: number) => void): Promise<Loaded> => {
  const { rows: count } = await client.query<{ n: string }>(
    'select count(*) as n from properties p where not exists (select 1 from deals d where d.property_id = p.id)',
  );
  const n = Number(count[0]!.n);
  const out: Loaded = {
    n,
    id: new Int32Array(n),
    tenant: new Int32Array(n),
    legal: new Int32Array(n),
    rentPence: new Float64Array(n),
    start: new Int32Array(n),
    end: new Int32Array(n),
  };
  let k = 0;
  let after = 0;
  while (k < n) {
    const { rows } = await client.query<{
      id: number;
      tenant_id: number | null;
      legal_tenant_id: number | null;
      rent_pa: string | null;
      lease_start_date: string | null;
      lease_end_date: string | null;
    }>(
      `select id, tenant_id, legal_tenant_id, rent_pa, to_char(lease_start_date, 'YYYY-MM-DD') as lease_start_date,
              to_char(lease_end_date, 'YYYY-MM-DD') as lease_end_date
         from properties p
        where id > $1 and not exists (select 1 from deals d where d.property_id = p.id)
        order by id limit $2`,
      [after, READ_CHUNK],
    );
    if (!rows.length) break;
    for (const r of rows) {
      out.id[k] = r.id;
      out.tenant[k] = r.tenant_id ?? 0;
      out.legal[k] = r.legal_tenant_id ?? 0;
      out.rentPence[k] = r.rent_pa ? Math.round(Number(r.rent_pa) * 100) : 0;
      out.start[k] = dayNumber(r.lease_start_date);
      out.end[k] = dayNumber(r.lease_end_date);
      k++;
    }
    after = rows[rows.length - 1]!.id;
    progress(k);
  }
  out.n = k;
  return out;
};

/** One generated deal, with what its rows need. */
interface GenDeal {
  id: number;
  property: number;
  type: 'rent_review' | 'lease_renewal' | 'tracked_retailer';
  effective: number;
  createdAt: string;
  tenant: number;
  legal: number;
  prevTenant: number;
  prevLegal: number;
  rent: number;
  prevRent: number;
  start: number;
  end: number;
  history: Array<[field: string, oldValue: string | null, newValue: string | null]>;
  link: boolean;
}

const json = (v: string | number | null) => (v === null ? null : JSON.stringify(v));

export const dealsStep: DatasetStep = {
  name: 'deals-1m',
  run: async (client, progress) => {
    const rand = prng(20260512);
    const pick = pickFrom(rand);
    const admin = (
      await client.query<{ id: number }>(`select id from users where email = 'admin@example.com'`)
    ).rows[0]?.id;
    if (!admin) throw new Error('deals-1m needs the demo admin (the server seeds it)');
    const companyIds = (
      await client.query<{ id: number }>(
        `select id from companies where domain like '%.bench.example' order by id`,
      )
    ).rows.map((r) => r.id);
    if (!companyIds.length) throw new Error('deals-1m needs the companies-100k step first');
    const company = () => companyIds[Math.floor(rand() * companyIds.length)]!;

    process.stdout.write('  deals-1m: reading the properties without deals …\n');
    const p = await loadProperties(client, () => undefined);
    const today = Math.floor(Date.now() / DAY);
    const dealBase = Number(
      (await client.query<{ n: string }>('select coalesce(max(id), 0) + 1 as n from deals')).rows[0]!.n,
    );

    // Deals in id order, property by property, older first (as the engine would have recorded them).
    const deals: GenDeal[] = [];
    const stamp = (day: number) => new Date((day + 1 + rand() * 10) * DAY).toISOString();
    for (let i = 0; i < p.n; i++) {
      const id = p.id[i]!;
      const tenant = p.tenant[i]!;
      if (!tenant) {
        // A vacant unit: the retailer that was there left (a tracked retailer with no tenant).
        const gone = company();
        const effective = today - 30 - Math.floor(rand() * 1500);
        deals.push({
          id: 0,
          property: id,
          type: 'tracked_retailer',
          effective,
          createdAt: stamp(effective),
          tenant: 0,
          legal: 0,
          prevTenant: gone,
          prevLegal: 0,
          rent: 0,
          prevRent: 0,
          start: 0,
          end: 0,
          history: [['tenant_id', json(gone), null]],
          link: rand() < 0.2,
        });
        continue;
      }
      const rent = p.rentPence[i]!;
      const start = p.start[i]! || today - 365;
      const end = p.end[i]! || start + 10 * 365;
      const roll = rand();
      const type = roll < 0.5 ? 'rent_review' : roll < 0.8 ? 'lease_renewal' : 'tracked_retailer';
      // The rent before the latest deal, and (two deals) before the older rent review.
      const before = Math.round(rent / (1 + 0.02 + rand() * 0.13) / 5000) * 5000 || rent - 5000;
      const older = rand() < TWO_DEALS;
      const earliest = Math.round(before / (1 + 0.02 + rand() * 0.13) / 5000) * 5000 || before - 5000;
      const latestDay =
        type === 'rent_review' ? Math.min(today - 1, start + 365 + Math.floor(rand() * 1500)) : start;
      const prevTenant = type === 'tracked_retailer' ? company() : tenant;
      const prevLegal = type === 'tracked_retailer' ? 0 : p.legal[i]!;
      if (older) {
        const effective = latestDay - 200 - Math.floor(rand() * 1200);
        deals.push({
          id: 0,
          property: id,
          type: 'rent_review',
          effective,
          createdAt: stamp(effective),
          tenant: prevTenant,
          legal: prevLegal,
          prevTenant,
          prevLegal,
          rent: before,
          prevRent: earliest,
          start: 0,
          end: 0,
          history: [['rent_pa', json(pounds(earliest)), json(pounds(before))]],
          link: rand() < 0.2,
        });
      }
      const history: GenDeal['history'] = [['rent_pa', json(pounds(before)), json(pounds(rent))]];
      if (type === 'tracked_retailer') history.unshift(['tenant_id', json(prevTenant), json(tenant)]);
      if (type !== 'rent_review') {
        const prevStart = start - 5 * 365;
        history.push(['lease_start_date', json(isoDay(prevStart)), json(isoDay(start))]);
        history.push(['lease_end_date', json(isoDay(start - 1)), json(isoDay(end))]);
      }
      deals.push({
        id: 0,
        property: id,
        type,
        effective: latestDay,
        createdAt: stamp(Math.min(latestDay, today - 12)),
        tenant,
        legal: p.legal[i]!,
        prevTenant,
        prevLegal,
        rent,
        prevRent: before,
        start: type === 'rent_review' ? 0 : start,
        end: type === 'rent_review' ? 0 : end,
        history,
        link: rand() < 0.2,
      });
    }
    deals.forEach((d, k) => (d.id = dealBase + k));
    const total = deals.length;
    const historyTotal = deals.reduce((n, d) => n + d.history.length, 0);
    process.stdout.write(
      `  deals-1m: ${total.toLocaleString('en-GB')} deals, ${historyTotal.toLocaleString('en-GB')} history rows for ${p.n.toLocaleString('en-GB')} properties\n`,
    );
    let done = 0;
    const grand = total * 4;
    const report = (n: number) => progress((done += n), grand);

    await client.query("set maintenance_work_mem = '512MB'");
    await client.query('set session_replication_role = replica');
    const tables = ['deals', 'deal_parties', 'deal_links', 'field_history'];
    const { rows: idx } = await client.query<{ name: string; def: string }>(
      `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
         from pg_index i
        where i.indrelid = any($1::regclass[]) and not i.indisprimary
          and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
      [tables],
    );
    for (const r of idx) await client.query(`drop index ${r.name}`);
    try {
      const step = (n: number) => n % 50_000 === 0 && report(50_000);
      await copyRows(
        client,
        `COPY deals (id, deal_type, property_id, effective_date, prev_rent_pa, rent_pa, currency, lease_start_date,
                     lease_end_date, rent_review_clause, created_by, created_at) FROM STDIN`,
        total,
        (k) => {
          const d = deals[k]!;
          return line([
            d.id,
            d.type,
            d.property,
            isoDay(d.effective),
            d.prevRent ? pounds(d.prevRent) : null,
            d.rent ? pounds(d.rent) : null,
            'GBP',
            d.start ? isoDay(d.start) : null,
            d.end ? isoDay(d.end) : null,
            d.tenant ? pick(RENT_REVIEW_CLAUSES) : null,
            admin,
            d.createdAt,
          ]);
        },
        step,
      );
      // COPY under session_replication_role skipped the trigger that fills each deal's town
      // (migration 0012); set it here, before the indexes come back.
      await client.query(
        `update deals d set town_key = lower(a.city) from properties p join addresses a on a.id = p.address_id
          where d.property_id = p.id and d.id >= $1`,
        [dealBase],
      );
      await copyRows(
        client,
        'COPY deal_parties (deal_id, role, company_id, position) FROM STDIN',
        total,
        (k) => {
          const d = deals[k]!;
          let out = '';
          if (d.tenant) out += line([d.id, 'tenant', d.tenant, 0]);
          if (d.legal) out += line([d.id, 'legal_tenant', d.legal, 0]);
          if (d.prevTenant) out += line([d.id, 'prev_tenant', d.prevTenant, 0]);
          if (d.prevLegal) out += line([d.id, 'prev_legal_tenant', d.prevLegal, 0]);
          return out;
        },
        step,
      );
      await copyRows(
        client,
        'COPY deal_links (deal_id, position, url) FROM STDIN',
        total,
        (k) => {
          const d = deals[k]!;
          return d.link ? line([d.id, 0, `https://www.example.com/deals/${d.id}`]) : '';
        },
        step,
      );
      await copyRows(
        client,
        `COPY field_history (entity_type, entity_id, field, old_value, new_value, source, deal_id, user_id, verified,
                             verified_by, verified_at, created_at) FROM STDIN`,
        total,
        (k) => {
          const d = deals[k]!;
          return d.history
            .map(([field, oldValue, newValue]) =>
              line([
                'property',
                d.property,
                field,
                oldValue,
                newValue,
                'deal',
                d.id,
                admin,
                true,
                admin,
                d.createdAt,
                d.createdAt,
              ]),
            )
            .join('');
        },
        step,
      );
    } finally {
      await client.query('set session_replication_role = origin');
      process.stdout.write(`  deals-1m: rebuilding ${idx.length} indexes …\n`);
      for (const r of idx) await client.query(r.def);
    }
    await client.query(
      `select setval(pg_get_serial_sequence('deals', 'id'), greatest($1::int, (select max(id) from deals)))`,
      [dealBase],
    );
    // The counting and order-mark triggers (migrations 0003, 0012) were skipped by COPY as well.
    await client.query(
      `with gone as (delete from row_count_deltas where table_name = 'deals')
       insert into row_counts (table_name, n) select 'deals', count(*) from deals
       on conflict (table_name) do update set n = excluded.n`,
    );
    process.stdout.write('  deals-1m: rebuilding the list order marks …\n');
    await client.query('select deal_marks_rebuild()');
    // COPY bypassed the trigger that keeps deal_comparables (migration 0013, ADR 0047).
    await client.query('select deal_comparables_rebuild()');
    await client.query('vacuum analyze deals, deal_parties, deal_links, field_history, deal_comparables');
    return total;
  },
};
