/**
 * The embedded default's property typeahead (ADR 0023): 100,000 properties in an in-memory PGlite,
 * then the bench's terms one user at a time. Run: `node --import tsx bench/lib/pglite-typeahead.ts`
 * (about a minute; PGLITE_PROPERTIES changes the size).
 */
import { sql } from 'drizzle-orm';
import { HIGH_STREETS, SEED_TOWNS } from '../../apps/server/src/db/seed/places-data';
import { createDb } from '../../apps/server/src/db/client';
import { runMigrations } from '../../apps/server/src/db/migrate';
import { simpleSearch } from '../../apps/server/src/bench-twins';
import { PROPERTY_TERMS } from '../scenarios/properties';
import { summarise } from './stats';

const total = Number(process.env.PGLITE_PROPERTIES ?? 100_000);
const ROOTS = [
  'Mill',
  'Oak',
  'Elm',
  'Church',
  'Station',
  'Victoria',
  'Market',
  'London',
  'Queen',
  'King',
  'Park',
  'Bridge',
];
const TYPES = ['Road', 'Lane', 'Street', 'Avenue', 'Way', 'Close'];
const streets = [...HIGH_STREETS, ...ROOTS.flatMap((r) => TYPES.map((t) => `${r} ${t}`))];
/** One text[] parameter (drizzle would spread a JS array into a row). */
const textArray = (xs: string[]) => `{${xs.map((x) => `"${x.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

const h = await createDb({});
await runMigrations(h);
const t0 = performance.now();
await h.db.execute(sql`set session_replication_role = replica`);
await h.db.execute(sql`insert into addresses (street, city, region, post_code)
  select (${textArray(streets)}::text[])[1 + (i::bigint * 7919) % ${streets.length}],
         (${textArray(SEED_TOWNS.map((t) => t.name))}::text[])[1 + (i::bigint * 104729) % ${SEED_TOWNS.length}],
         (${textArray(SEED_TOWNS.map((t) => t.region))}::text[])[1 + (i::bigint * 104729) % ${SEED_TOWNS.length}],
         (${textArray(SEED_TOWNS.map((t) => t.district))}::text[])[1 + (i::bigint * 104729) % ${SEED_TOWNS.length}] || ' ' || (1 + i % 9) || 'AB'
    from generate_series(1, ${total}) i`);
await h.db.execute(sql`insert into properties (building_num, address_id, updated_at)
  select (1 + i % 250)::text, a.id, now() - (i % 1000) * interval '1 day' from addresses a, lateral (select a.id as i) x`);
await h.db.execute(sql`insert into property_words (word, rank, property_id, standalone, doc)
  select word, rank, property_id, standalone, doc from property_word_rows`);
await h.db.execute(sql`set session_replication_role = origin`);
await h.db.execute(sql`analyze`);
process.stdout.write(
  `PGlite: ${total.toLocaleString('en-GB')} properties loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`,
);

const latencies: number[] = [];
for (let round = 0; round < 5; round++) {
  for (const q of PROPERTY_TERMS) {
    const t = performance.now();
    await simpleSearch(h.db, { q, type: 'all' }, 50, 0);
    if (round > 0) latencies.push(performance.now() - t);
  }
}
const s = summarise(latencies, 0, latencies.reduce((a, b) => a + b, 0) / 1000);
process.stdout.write(
  `typeahead, single user: ${s.requests} searches, p50 ${s.p50.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms\n`,
);
await h.close();
