/**
 * De-duplication quality of the import preview (the budget: precision ≥ 0.98, recall ≥ 0.95; ADR
 * 0099). A fresh database (PGlite in a temporary directory, or DATABASE_URL) gets 500 companies and
 * 500 units; then a 10,000-row companies file and a 10,000-row properties file, each with 1,000
 * planted duplicates — 500 of existing records, 500 of rows earlier or later in the same file —
 * written as people write them: case, punctuation, "Ltd" / "Limited", "The", "PLC", web addresses,
 * post code spacing, "Unit 4" / "4" / "Shop 4", "Street" / "St". The distinct records are close
 * on purpose (one word apart, "4" beside "4A" and "14", the same unit on the next street) so a
 * matcher that over-reaches loses precision. Each file is uploaded through the imports service
 * (staging and whole-file validation as POST /api/imports does), and the preview's duplicate
 * groups are scored against the truth: a row counts as found when it is flagged a duplicate of
 * the right record (the existing one it matched, or the first row of its group).
 * Run: `npm run bench:import-dedup` (BENCH_SEED fixes the random choices; default 31).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Import, ImportReadyEntity } from '@frontage/shared';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createDb, queryRows, type DbHandle } from '../apps/server/src/db/client';
import { runMigrations } from '../apps/server/src/db/migrate';
import { createAccount } from '../apps/server/src/modules/auth/account.service';
import { ensureDatabase } from './lib/database';

const ROWS = 10_000;
const EXISTING = 500;
const PLANTED_EXISTING = 500;
const PLANTED_IN_FILE = 500;

/** A small seeded generator (mulberry32), so a run can be repeated. */
let seed = Number(process.env.BENCH_SEED ?? 31) >>> 0;
const random = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
const shuffle = <T>(list: T[]): T[] => {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
};
const csvCell = (s: string) => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/* ───────────────────────────── companies ───────────────────────────── */

const A = `Northern Southern Royal Central Premier Metro Coastal Heritage Highland Urban Grand Golden Silver
  Blue Green Red Oak Cedar Harbour Summit Atlas Beacon Crown Castle Bridge Meadow River Stone Park Union`.split(
  /\s+/,
);
const B = `Retail Foods Fashion Leisure Estates Properties Pharmacy Bakery Outfitters Stores Trading Holdings
  Homes Books Coffee Optics Jewellers Motors Sports Toys Beauty Garden Gifts Kitchens Interiors Travel Mobile Music
  Pets Print`.split(/\s+/);
/** The third word: none, or one of these ("& Sons" is one word here). */
const C = [
  '',
  ...'Group|UK|International|Partners|Brothers|& Sons|Company|Collective|Direct|Europe|Services'.split('|'),
];
const SUFFIX = ['Ltd', 'Limited', 'PLC', 'LLP', ''];

interface CompanyTruth {
  name: string;
  domain: string | null;
}

/** Every distinct company: three words (each combination once), a legal suffix, a domain for some. */
const companyUniverse = (n: number): CompanyTruth[] => {
  const combos = shuffle(
    A.flatMap((a) => B.flatMap((b) => C.map((c) => [a, b, c].filter(Boolean).join(' ')))),
  );
  if (combos.length < n) throw new Error('not enough company names');
  return combos.slice(0, n).map((base) => ({
    name: `${base} ${pick(SUFFIX)}`.trim(),
    domain: random() < 0.4 ? `${base.toLowerCase().replace(/[^a-z0-9]/g, '')}.co.uk` : null,
  }));
};

/** A company as another spreadsheet writes it (one or two of the ways people do). */
const companyVariant = (c: CompanyTruth): CompanyTruth => {
  const ways: Array<(s: string) => string> = [
    (s) => s.toUpperCase(),
    (s) => s.toLowerCase(),
    (s) => s.replace(/\bLtd\b/, 'Limited').replace(/\bLimited$/, 'Ltd'),
    (s) => s.replace(/\bLtd$/, 'Ltd.').replace(/\bPLC$/, 'plc.'),
    (s) => (s.startsWith('The ') ? s : `The ${s}`),
    (s) => s.replace(/&/, 'and').replace(/ and /, ' & '),
    (s) => s.replace(/\bPLC$/, 'Public Limited Company'),
    (s) => s.replace(/ /, '  '),
    (s) => s.replace(/ (Ltd|Limited|PLC|LLP)$/, ', $1'),
  ];
  let name = c.name;
  for (let k = 0; k < 1 + Math.floor(random() * 2); k++) name = pick(ways)(name);
  const domain = c.domain
    ? pick([
        (d: string) => `www.${d}`,
        (d: string) => `https://${d}/`,
        (d: string) => d.toUpperCase(),
        (d: string) => d,
      ])(c.domain)
    : null;
  return { name, domain };
};

/* ───────────────────────────── properties ───────────────────────────── */

const STREETS = 'High Market Church Station Bridge King Queen Victoria Albion Castle Park Mill'.split(' ');
const KINDS = ['Street', 'Road', 'Avenue', 'Lane', 'Parade'];
/** Towns and their post code districts. */
const TOWNS =
  'Leeds LS1|York YO1|Bristol BS1|Bath BA1|Derby DE1|Exeter EX1|Hull HU1|Luton LU1|Truro TR1|Wigan WN1|Ripon HG4|Poole BH15'
    .split('|')
    .map((t) => t.split(' ') as [string, string]);

interface UnitTruth {
  unit: string;
  street: string;
  town: string;
  postCode: string;
}

/** Every distinct unit: numbers with neighbours that look alike (4, 4A, 14, 41) on streets that do too. */
const unitUniverse = (n: number): UnitTruth[] => {
  const out: UnitTruth[] = [];
  const seen = new Set<string>();
  while (out.length < n) {
    const [town, district] = pick(TOWNS);
    const street = `${pick(STREETS)} ${pick(KINDS)}`;
    // Two streets of a town may share a post code: the street tells them apart.
    const postCode = `${district} ${1 + Math.floor(random() * 3)}${pick(['AA', 'AB', 'BA'])}`;
    const num = 1 + Math.floor(random() * 60);
    const unit = random() < 0.15 ? `${num}${pick(['A', 'B'])}` : String(num);
    const key = `${unit}|${street}|${postCode}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ unit, street, town, postCode });
  }
  return out;
};

const unitVariant = (u: UnitTruth): UnitTruth => ({
  unit: pick([
    (s: string) => `Unit ${s}`,
    (s: string) => `Shop ${s}`,
    (s: string) => `Unit No. ${s}`,
    (s: string) => s.toLowerCase(),
  ])(u.unit),
  street: pick([
    (s: string) =>
      s
        .replace(/ Street$/, ' St')
        .replace(/ Road$/, ' Rd')
        .replace(/ Avenue$/, ' Ave'),
    (s: string) => s.toUpperCase(),
    (s: string) => `${s}.`,
    (s: string) => s,
  ])(u.street),
  town: pick([(s: string) => s.toUpperCase(), (s: string) => s])(u.town),
  postCode: pick([
    (s: string) => s.replace(' ', ''),
    (s: string) => s.toLowerCase(),
    (s: string) => s.replace(' ', '  '),
  ])(u.postCode),
});

/* ───────────────────────────── the run ───────────────────────────── */

interface Row {
  cells: string[];
  /** The record the row stands for (an index into the universe). */
  truth: number;
}

/** 10,000 rows: 9,000 distinct records' own rows and 1,000 planted duplicates, shuffled. */
const fileOf = <T>(
  universe: T[],
  existing: number,
  own: (t: T) => string[],
  variant: (t: T) => string[],
): Row[] => {
  const distinct = ROWS - PLANTED_EXISTING - PLANTED_IN_FILE;
  // Universe: [0, existing) are in the database; [existing, existing + distinct) are new.
  const rows: Row[] = [];
  for (let i = existing; i < existing + distinct; i++) rows.push({ cells: own(universe[i]!), truth: i });
  for (let k = 0; k < PLANTED_EXISTING; k++) {
    const i = Math.floor(random() * existing);
    rows.push({ cells: variant(universe[i]!), truth: i });
  }
  for (let k = 0; k < PLANTED_IN_FILE; k++) {
    const i = existing + Math.floor(random() * distinct);
    rows.push({ cells: variant(universe[i]!), truth: i });
  }
  return shuffle(rows);
};

const score = async (handle: DbHandle, importId: number, rows: Row[], truthOfRecord: Map<number, number>) => {
  const staged = await queryRows<{
    line: number;
    dup_group: string | null;
    target_id: number | null;
    outcome: string;
  }>(
    handle.db,
    sql`select line, dup_group, target_id, outcome from import_rows where import_id = ${importId} order by line`,
  );
  const truthOfLine = (line: number) => rows[line - 2]!.truth;
  const leader = new Map<string, number>();
  for (const s of staged)
    if (s.dup_group?.startsWith('key:') && !leader.has(s.dup_group)) leader.set(s.dup_group, s.line);
  const firstLine = new Map<number, number>();
  for (const s of staged) if (!firstLine.has(truthOfLine(s.line))) firstLine.set(truthOfLine(s.line), s.line);
  let flagged = 0;
  let planted = 0;
  let found = 0;
  let errors = 0;
  const recorded = new Set(truthOfRecord.values());
  for (const s of staged) {
    const truth = truthOfLine(s.line);
    if (s.outcome === 'error') errors++;
    // A duplicate: of a record in the database, or of an earlier row of the file.
    const isDuplicate = recorded.has(truth) || firstLine.get(truth) !== s.line;
    const matched =
      s.target_id !== null
        ? (truthOfRecord.get(s.target_id) ?? -1)
        : s.dup_group && leader.get(s.dup_group) !== s.line
          ? truthOfLine(leader.get(s.dup_group)!)
          : null;
    if (isDuplicate) planted++;
    if (matched !== null) flagged++;
    if (isDuplicate && matched === truth) found++;
    else if ((isDuplicate || matched !== null) && process.env.BENCH_VERBOSE)
      process.stdout.write(
        `  ${isDuplicate ? 'missed' : 'wrong'}: ${JSON.stringify(rows[s.line - 2]!.cells)} ` +
          `(truth ${truth}, matched ${matched}, group ${s.dup_group})\n`,
      );
  }
  return {
    rows: staged.length,
    planted,
    flagged,
    found,
    errors,
    precision: found / flagged,
    recall: found / planted,
  };
};

const openDatabase = async (): Promise<{ handle: DbHandle; cleanup: () => void }> => {
  const url = process.env.DATABASE_URL;
  if (url) {
    await ensureDatabase(url);
    const handle = await createDb({ databaseUrl: url });
    await runMigrations(handle);
    // A fresh database: the bench never clears one that holds records.
    const [held] = await queryRows<{ n: number }>(
      handle.db,
      sql`select (select count(*) from companies) + (select count(*) from properties) + (select count(*) from users) as n`,
    );
    if (Number(held!.n) > 0)
      throw new Error('DATABASE_URL must name an empty database (the bench seeds its own records).');
    return { handle, cleanup: () => undefined };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'frontage-import-dedup-'));
  const handle = await createDb({ pgliteDir: dir });
  await runMigrations(handle);
  return { handle, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
};

const { handle, cleanup } = await openDatabase();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'frontage-import-dedup-files-'));
const XHR = { 'x-requested-with': 'XMLHttpRequest' };
try {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    RATE_LIMIT_MAX: '0',
    SCRYPT_COST: '1024',
  });
  const password = 'bench-password-1';
  await createAccount(
    { db: handle.db, config, now: () => new Date() },
    { email: 'bench@example.com', name: 'Bench Admin', password, admin: true, temp: false },
  );
  // Everything through the API, as a user's upload is: records, upload, preview.
  const app = await buildApp({ config, db: handle });
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: XHR,
    payload: { email: 'bench@example.com', password },
  });
  const cookie = String(login.headers['set-cookie'] ?? '').split(';')[0]!;
  const call = async (url: string, payload: object): Promise<number> => {
    const res = await app.inject({ method: 'POST', url, headers: { ...XHR, cookie }, payload });
    if (res.statusCode !== 201) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    return res.json().data.id as number;
  };
  const upload = async (entity: ImportReadyEntity, csv: string): Promise<Import> => {
    const boundary = 'bench-import-dedup';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="entity"\r\n\r\n${entity}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${entity}.csv"\r\n` +
          `Content-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(csv),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/imports',
      headers: { ...XHR, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    if (res.statusCode !== 201) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
    return res.json().data as Import;
  };
  const run = async (
    entity: ImportReadyEntity,
    header: string[],
    rows: Row[],
    truthOfRecord: Map<number, number>,
  ) => {
    const csv = [header, ...rows.map((r) => r.cells)].map((l) => l.map(csvCell).join(',')).join('\n');
    const t0 = performance.now();
    const imp = await upload(entity, csv);
    const ms = performance.now() - t0;
    const s = await score(handle, imp.id, rows, truthOfRecord);
    const ok = s.precision >= 0.98 && s.recall >= 0.95;
    process.stdout.write(
      `${entity}: ${s.rows} rows, ${s.planted} duplicates planted, ${s.flagged} flagged, ${s.found} found; ` +
        `precision ${s.precision.toFixed(4)}, recall ${s.recall.toFixed(4)}; ${s.errors} error rows; ` +
        `upload + preview ${(ms / 1000).toFixed(1)} s — ${ok ? 'meets' : 'BELOW'} the targets (≥ 0.98 / ≥ 0.95)\n`,
    );
    return ok;
  };
  const only = process.env.BENCH_ONLY;

  const cu = companyUniverse(EXISTING + ROWS);
  const companyRecords = new Map<number, number>();
  for (let i = 0; i < EXISTING; i++)
    companyRecords.set(await call('/api/companies', { name: cu[i]!.name, domain: cu[i]!.domain }), i);
  const companyRows = fileOf(
    cu,
    EXISTING,
    (c) => [c.name, c.domain ?? ''],
    (c) => {
      const v = companyVariant(c);
      return [v.name, v.domain ?? ''];
    },
  );
  const companiesOk =
    only === 'properties' ||
    (await run('companies', ['Company name', 'Website'], companyRows, companyRecords));

  const uu = unitUniverse(EXISTING + ROWS);
  const unitRecords = new Map<number, number>();
  for (let i = 0; i < EXISTING; i++) {
    const u = uu[i]!;
    const id = await call('/api/properties', {
      building_num: u.unit,
      address: { street: u.street, city: u.town, post_code: u.postCode },
    });
    unitRecords.set(id, i);
  }
  const own = (u: UnitTruth) => [u.unit, u.street, u.town, u.postCode];
  const unitRows = fileOf(uu, EXISTING, own, (u) => own(unitVariant(u)));
  const unitsOk =
    only === 'companies' ||
    (await run('properties', ['Unit', 'Street', 'Town', 'Postcode'], unitRows, unitRecords));
  await app.close();
  process.exitCode = companiesOk && unitsOk ? 0 : 1;
} finally {
  await handle.close();
  fs.rmSync(work, { recursive: true, force: true });
  cleanup();
}
