/**
 * 100,000 companies and 300,000 contacts for the typeahead benchmarks, written with COPY. Names
 * combine word lists (places, surnames, trades, suffixes) so a 2–6 letter search term matches a
 * realistic share of rows: some terms hit thousands of names, others a handful. Their search words
 * (company_words, contact_words) are derived after each COPY (withWordsAfter).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { DatasetStep } from './index';

export const BENCH_COMPANIES = 100_000;
export const BENCH_CONTACTS = 300_000;
/** Domains of generated companies end with this, so their rows are easy to tell from the demo's. */
const DOMAIN_SUFFIX = '.bench.example';

const PLACES = [
  'Oxford',
  'Cambridge',
  'Bristol',
  'Leeds',
  'York',
  'Bath',
  'Chester',
  'Durham',
  'Exeter',
  'Norwich',
  'Brighton',
  'Harrogate',
  'Kendal',
  'Ludlow',
  'Windsor',
  'Richmond',
  'Camden',
  'Islington',
  'Clifton',
  'Hove',
  'Whitby',
  'Buxton',
  'Marlow',
  'Henley',
  'Stamford',
  'Truro',
  'Kingston',
  'Surrey',
  'Mercia',
  'Wessex',
  'Albion',
  'Thames',
  'Severn',
  'Pennine',
  'Cotswold',
  'Highland',
  'Coastal',
  'Northern',
  'Southern',
  'Metro',
  'Royal',
  'Grand',
  'Union',
  'Crown',
];
const SURNAMES = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Wood',
  'Jackson',
  'Clarke',
  'Patel',
  'Khan',
  'Lewis',
  'Harris',
  'Martin',
  'Cooper',
  'King',
  'Baker',
  'Hughes',
  'Morgan',
  'Turner',
  'Hill',
  'Moore',
  'Ward',
  'Watson',
  'Marsh',
  'Fletcher',
  'Sinclair',
  'Ashworth',
  'Pemberton',
  'Holloway',
  'Winterbourne',
  'Oakley',
  'Fairbairn',
];
const TRADES = [
  'Bakery',
  'Butchers',
  'Fashion',
  'Footwear',
  'Shoes',
  'Jewellers',
  'Opticians',
  'Pharmacy',
  'Books',
  'Toys',
  'Gifts',
  'Cards',
  'Home',
  'Interiors',
  'Furniture',
  'Electricals',
  'Mobile',
  'Sports',
  'Outdoor',
  'Cycles',
  'Pets',
  'Garden',
  'Hardware',
  'Coffee',
  'Kitchen',
  'Deli',
  'Wines',
  'Florist',
  'Beauty',
  'Barbers',
  'Salon',
  'Boutique',
  'Tailors',
  'Vintage',
  'Records',
  'Games',
  'Stationers',
  'Grocers',
  'Foods',
  'Pizza',
  'Burgers',
];
const SUFFIXES = [
  '',
  '',
  '',
  ' Ltd',
  ' & Co',
  ' Group',
  ' UK',
  ' Stores',
  ' Retail',
  ' plc',
  ' Trading',
  ' Brothers',
];
const FIRST_NAMES = [
  'Oliver',
  'Amelia',
  'George',
  'Isla',
  'Harry',
  'Ava',
  'Noah',
  'Mia',
  'Jack',
  'Ivy',
  'Leo',
  'Lily',
  'Arthur',
  'Freya',
  'Muhammad',
  'Florence',
  'Oscar',
  'Grace',
  'Charlie',
  'Sophie',
  'Thomas',
  'Emily',
  'James',
  'Poppy',
  'William',
  'Ella',
  'Henry',
  'Evie',
  'Alfie',
  'Chloe',
  'Joshua',
  'Priya',
  'Aisha',
  'Ravi',
  'Sean',
  'Siobhan',
  'Rhys',
  'Megan',
  'Callum',
  'Eilidh',
  'Hamish',
  'Niamh',
  'Dylan',
  'Zara',
  'Yusuf',
  'Hannah',
  'Samuel',
  'Ruby',
];

const prng = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};
const pickFrom =
  (rand: () => number) =>
  <T>(list: readonly T[]): T =>
    list[Math.floor(rand() * list.length)]!;
const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');
/** COPY text format: backslash, tab and newline escaped; \N is NULL. */
const cell = (v: string | number | boolean | null): string =>
  v === null ? '\\N' : String(v).replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n');
const line = (cells: Array<string | number | boolean | null>) => `${cells.map(cell).join('\t')}\n`;

/** Streams `total` generated lines into COPY, reporting progress every 5,000 rows. */
const copyRows = async (
  client: pg.Client,
  statement: string,
  total: number,
  row: (i: number) => string,
  progress: (done: number, total: number) => void,
): Promise<void> => {
  async function* lines() {
    let chunk = '';
    for (let i = 0; i < total; i++) {
      chunk += row(i);
      if ((i + 1) % 5000 === 0 || i === total - 1) {
        yield chunk;
        chunk = '';
        progress(i + 1, total);
      }
    }
  }
  await pipeline(Readable.from(lines()), client.query(copyFrom(statement)));
};

/**
 * Runs a COPY with the table's search-words trigger off (per row it would cost more than the load
 * itself), then writes the new rows' words in one INSERT … SELECT from the database's own
 * derivation (migration 0006's views). The trigger is back on whatever happens.
 */
const withWordsAfter = async (
  client: pg.Client,
  t: { table: string; trigger: string; words: string; view: string; id: string },
  load: () => Promise<void>,
): Promise<void> => {
  const before = Number((await client.query(`select coalesce(max(id), 0) as n from ${t.table}`)).rows[0].n);
  await client.query(`alter table ${t.table} disable trigger ${t.trigger}`);
  try {
    await load();
  } finally {
    await client.query(`alter table ${t.table} enable trigger ${t.trigger}`);
  }
  process.stdout.write(`  ${t.words}: deriving the words of the new rows …\n`);
  const started = Date.now();
  const res = await client.query(
    `insert into ${t.words} (word, tier, sort_key, ${t.id}, doc)
     select word, tier, sort_key, ${t.id}, doc from ${t.view} where ${t.id} > $1`,
    [before],
  );
  process.stdout.write(
    `  ${t.words}: ${(res.rowCount ?? 0).toLocaleString('en-GB')} words in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
};

const companyName = (rand: () => number, pick: ReturnType<typeof pickFrom>): string => {
  const shape = rand();
  if (shape < 0.35) return `${pick(SURNAMES)} ${pick(TRADES)}${pick(SUFFIXES)}`;
  if (shape < 0.65) return `${pick(PLACES)} ${pick(TRADES)}${pick(SUFFIXES)}`;
  if (shape < 0.85) return `${pick(SURNAMES)} & ${pick(SURNAMES)}${pick(SUFFIXES)}`;
  return `${pick(FIRST_NAMES)}'s ${pick(TRADES)}`;
};

export const companiesStep: DatasetStep = {
  name: 'companies-100k',
  run: async (client, progress) => {
    const rand = prng(20260301);
    const pick = pickFrom(rand);
    const now = Date.now();
    const load = () =>
      copyRows(
        client,
        'COPY companies (name, domain, phone, is_verified, verified_at) FROM STDIN',
        BENCH_COMPANIES,
        (i) => {
          const name = companyName(rand, pick);
          const roll = rand();
          const verifiedAt =
            roll < 0.6 ? new Date(now - Math.floor(rand() * 400) * 86_400_000).toISOString() : null;
          return line([
            name,
            `${slug(name)}${i}${DOMAIN_SUFFIX}`,
            `020 7946 ${String(i % 10000).padStart(4, '0')}`,
            roll < 0.4,
            verifiedAt,
          ]);
        },
        progress,
      );
    await withWordsAfter(
      client,
      {
        table: 'companies',
        trigger: 'company_words_on_company',
        words: 'company_words',
        view: 'company_word_rows',
        id: 'company_id',
      },
      load,
    );
    // COPY leaves the visibility map empty: without a vacuum every index-only scan of the words
    // visits the heap (14–50 ms more per search on the typeahead's ranges) until autovacuum runs.
    await client.query('vacuum analyze companies, company_words');
    return BENCH_COMPANIES;
  },
};

export const contactsStep: DatasetStep = {
  name: 'contacts-300k',
  run: async (client, progress) => {
    const rand = prng(20260302);
    const pick = pickFrom(rand);
    const companies = (
      await client.query<{ id: number; domain: string }>(
        `select id, domain from companies where domain like $1 order by id`,
        [`%${DOMAIN_SUFFIX}`],
      )
    ).rows;
    if (!companies.length) throw new Error('contacts-300k needs the companies-100k step first');
    const load = () =>
      copyRows(
        client,
        'COPY users (name, email, company_id, direct_dial, mobile) FROM STDIN',
        BENCH_CONTACTS,
        (i) => {
          const first = pick(FIRST_NAMES);
          const last = pick(SURNAMES);
          const company = companies[Math.floor(rand() * companies.length)]!;
          return line([
            `${first} ${last}`,
            // The running number keeps e-mails unique (users_email_lower_unique).
            `${slug(first)}.${slug(last)}${i}@${company.domain}`,
            company.id,
            rand() < 0.7 ? `020 7946 ${String(i % 10000).padStart(4, '0')}` : null,
            rand() < 0.6 ? `07700 9${String(i % 100000).padStart(5, '0')}` : null,
          ]);
        },
        progress,
      );
    await withWordsAfter(
      client,
      {
        table: 'users',
        trigger: 'contact_words_on_user',
        words: 'contact_words',
        view: 'contact_word_rows',
        id: 'user_id',
      },
      load,
    );
    await client.query('vacuum analyze users, contact_words');
    return BENCH_CONTACTS;
  },
};
