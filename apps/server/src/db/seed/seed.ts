import { count, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { companies, companyCategories, companyCategory, notifications, userSettings, users } from '../schema';
import { DEFAULT_SCRYPT_COST, hashPassword } from '../../lib/password';
import { SEED_STEPS, type SeedContext } from './steps';
import {
  AGENCIES,
  COMPANY_CATEGORIES,
  CONTACT_COUNT,
  DEMO_ADMIN,
  DEMO_AGENT,
  DEMO_NOTIFICATIONS,
  FIRST_NAMES,
  LANDLORDS,
  LAST_NAMES,
  RETAILERS,
  type SeedCompany,
} from './data';

/** mulberry32: a small deterministic PRNG so every seed run produces the same data. */
export const prng = (seed: number) => {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
};

export interface SeedOptions {
  scryptCost?: number;
  now?: Date;
  log?: (line: string) => void;
}

export const usersTableIsEmpty = async (db: Db): Promise<boolean> => {
  const rows = await db.select({ n: count() }).from(users);
  return Number(rows[0]?.n ?? 0) === 0;
};

const publicTables = async (db: Db): Promise<string[]> => {
  const res = (await db.execute(
    sql.raw(`select tablename from pg_tables where schemaname = 'public' order by tablename`),
  )) as unknown as { rows: Array<{ tablename: string }> };
  return res.rows.map((r) => `"${r.tablename}"`);
};

/**
 * Keeps every other session's ANALYZE — autovacuum's — off the tables until the seed's transaction
 * ends. An ANALYZE from outside counts none of a transaction's uncommitted rows: it stores
 * reltuples 0 over the pages they fill, the seed's later statements (the deal engine's triggers)
 * are then planned for one row per table, and the seed ran for minutes (CI's PostgreSQL pass,
 * seed.test.ts, reseeding after a wipe). SHARE UPDATE EXCLUSIVE is ANALYZE's own lock: autovacuum
 * skips a table it cannot take it on, and no read or write of another session waits on it. The
 * seed's own ANALYZE (reminders.ts) counts its rows.
 */
const keepAnalyzeOff = async (tx: Db): Promise<void> => {
  const tables = await publicTables(tx);
  if (tables.length)
    await tx.execute(sql.raw(`lock table ${tables.join(', ')} in share update exclusive mode`));
};

/** Empties every application table (ids restart at 1); drizzle's migration journal stays. */
export const wipeDemoData = async (db: Db): Promise<void> => {
  const tables = await publicTables(db);
  if (tables.length) await db.execute(sql.raw(`truncate ${tables.join(', ')} restart identity cascade`));
};

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

const pad3 = (n: number) => String(n).padStart(3, '0');

/**
 * Inserts the demo data set in one transaction: categories, ~270 companies, 600 contacts, the two
 * demo accounts and their notifications. Deterministic (seeded PRNG).
 */
export const seedDemo = async (db: Db, opts: SeedOptions = {}): Promise<Record<string, number>> => {
  const log = opts.log ?? (() => undefined);
  const now = opts.now ?? new Date();
  const rand = prng(20260101);
  const cost = opts.scryptCost ?? DEFAULT_SCRYPT_COST;
  const [adminHash, agentHash] = await Promise.all([
    hashPassword(DEMO_ADMIN.password, cost),
    hashPassword(DEMO_AGENT.password, cost),
  ]);
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
  // The demo accounts recorded deals up to five years back: they were made before them (and so
  // the reminders' "no catch-up from before the account" rule leaves their last week, ADR 0089).
  const accountsMade = daysAgo(6 * 365);

  return db.transaction(async (tx) => {
    await keepAnalyzeOff(tx);
    log(`categories: ${COMPANY_CATEGORIES.length}`);
    const cats = await tx
      .insert(companyCategories)
      .values(COMPANY_CATEGORIES.map((name) => ({ name })))
      .returning();
    const catId = new Map(cats.map((r) => [r.name, r.id]));

    const all: SeedCompany[] = [DEMO_ADMIN.company, ...RETAILERS, ...LANDLORDS, ...AGENCIES];
    log(`companies: ${all.length}`);
    let phoneSeq = 0;
    const companyRows = await tx
      .insert(companies)
      .values(
        all.map((co, i) => {
          const roll = i === 0 ? 0 : rand.next();
          // ~45% verified, ~20% verified once but not currently, the rest never verified.
          const verified = roll < 0.45;
          const lapsed = !verified && roll < 0.65;
          return {
            name: co.name,
            domain: co.domain,
            phone: `020 7946 0${pad3(phoneSeq++ % 1000)}`,
            core_id: `FR-${String(1000 + i)}`,
            is_verified: verified,
            verified_at: verified || lapsed ? daysAgo(rand.int(3, 400)) : null,
          };
        }),
      )
      .returning({ id: companies.id, name: companies.name, domain: companies.domain });
    await tx
      .insert(companyCategory)
      .values(
        all.flatMap((co, i) =>
          co.categories.map((name) => ({ company_id: companyRows[i]!.id, category_id: catId.get(name)! })),
        ),
      );

    const frontage = companyRows[0]!;
    const agency = companyRows.find((r) => r.name === DEMO_AGENT.companyName)!;
    const others = companyRows.slice(1);
    const usedEmails = new Set<string>([DEMO_ADMIN.email, DEMO_AGENT.email]);
    let mobileSeq = 0;
    let ddSeq = 500;

    log(`contacts: ${CONTACT_COUNT}`);
    const contacts = Array.from({ length: CONTACT_COUNT }, () => {
      const first = rand.pick(FIRST_NAMES);
      const last = rand.pick(LAST_NAMES);
      const company = rand.pick(others);
      const domain = company.domain ?? 'example.com';
      let local = `${slug(first)}.${slug(last)}`;
      for (let n = 2; usedEmails.has(`${local}@${domain}`); n++) local = `${slug(first)}.${slug(last)}${n}`;
      const email = `${local}@${domain}`;
      usedEmails.add(email);
      return {
        name: `${first} ${last}`,
        email,
        company_id: company.id,
        direct_dial: rand.next() < 0.7 ? `020 7946 0${pad3(ddSeq++ % 1000)}` : null,
        mobile: rand.next() < 0.6 ? `07700 900${pad3(mobileSeq++ % 1000)}` : null,
        type: 'user' as const,
        currency: 'GBP',
      };
    });

    const inserted = await tx
      .insert(users)
      .values([
        {
          name: DEMO_ADMIN.name,
          email: DEMO_ADMIN.email,
          company_id: frontage.id,
          type: DEMO_ADMIN.type,
          password_hash: adminHash,
          direct_dial: '020 7946 0001',
          mobile: '07700 900001',
          created_at: accountsMade,
        },
        {
          name: DEMO_AGENT.name,
          email: DEMO_AGENT.email,
          company_id: agency.id,
          type: DEMO_AGENT.type,
          password_hash: agentHash,
          direct_dial: '020 7946 0002',
          mobile: '07700 900002',
          created_at: accountsMade,
        },
        ...contacts,
      ])
      .returning({ id: users.id });
    await tx.insert(userSettings).values(inserted.map((u) => ({ user_id: u.id })));

    const accounts = inserted.slice(0, 2);
    await tx.insert(notifications).values(
      accounts.flatMap((u) =>
        DEMO_NOTIFICATIONS.map((n) => {
          const created = new Date(now.getTime() - n.ageHours * 3_600_000);
          return {
            user_id: u.id,
            type: n.type,
            message: n.message,
            url: n.url,
            created_at: created,
            read_at: n.read ? new Date(created.getTime() + 3_600_000) : null,
          };
        }),
      ),
    );
    log(`notifications: ${accounts.length * DEMO_NOTIFICATIONS.length}`);

    // The domains added by later issues (places, properties, comments …) seed on top, in order.
    const kinds = all.map((co) =>
      RETAILERS.includes(co)
        ? 'retailer'
        : LANDLORDS.includes(co)
          ? 'landlord'
          : AGENCIES.includes(co)
            ? 'agency'
            : 'platform',
    );
    const ctx: SeedContext = {
      tx,
      rand,
      now,
      log,
      companies: companyRows.map((r, i) => ({ id: r.id, name: r.name, kind: kinds[i]! })),
      contactIds: inserted.slice(2).map((u) => u.id),
      contactCompany: new Map(inserted.slice(2).map((u, i) => [u.id, contacts[i]!.company_id])),
      adminId: accounts[0]!.id,
      agentId: accounts[1]!.id,
    };
    const counts: Record<string, number> = { companies: companyRows.length, users: inserted.length };
    // The map's grid (migration 0016) is derived once at the end: a per-unit update of 13 grid
    // levels for thousands of demo units costs seconds on PGlite (the setting is transaction-local).
    await tx.execute(sql.raw(`select set_config('frontage.map_grid_paused', 'on', true)`));
    for (const step of SEED_STEPS) Object.assign(counts, await step(ctx));
    await tx.execute(sql.raw(`select set_config('frontage.map_grid_paused', 'off', true)`));
    await tx.execute(sql.raw('select map_grid_rebuild()'));
    return counts;
  });
};
