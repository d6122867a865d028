import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { shapedStatement, staticSql } from '../src/db/prepared';
import { companies } from '../src/db/schema';
import { testDb } from './helpers';

/**
 * shapedStatement renders a statement once per shape with placeholders (on PostgreSQL) and binds
 * each call's values by name; on PGlite it builds with the values. Both must answer the same.
 */
describe('shapedStatement', () => {
  const sums = shapedStatement(
    (terms: number, value) =>
      sql`select ${sql.join(
        Array.from({ length: terms }, (_, i) => sql`${value(`t${i}`)}::int`),
        sql` + `,
      )} + ${value('base')}::int as total`,
  );

  it('binds every call’s values by name, for each shape', async () => {
    const db = await testDb();
    expect(await sums<{ total: number }>(db, 2, { t0: 1, t1: 2, base: 10 })).toEqual([{ total: 13 }]);
    // The same shape again, other values: the statement rendered first is reused, not its values.
    expect(await sums<{ total: number }>(db, 2, { t0: 5, t1: 7, base: 100 })).toEqual([{ total: 112 }]);
    expect(await sums<{ total: number }>(db, 3, { t0: 1, t1: 1, t2: 1, base: 0 })).toEqual([{ total: 3 }]);
    expect(await sums<{ total: number }>(db, 1, { t0: -4, base: 4 })).toEqual([{ total: 0 }]);
  });

  it('refuses a call that leaves a value out', async () => {
    const db = await testDb();
    await expect(sums(db, 2, { t0: 1, base: 1 })).rejects.toThrow(/no value for t1/);
  });
});

describe('staticSql', () => {
  it('renders a fragment without values once, and refuses one with values', () => {
    expect(staticSql(sql`${companies.name}`).queryChunks).toHaveLength(1);
    expect(() => staticSql(sql`${companies.name} = ${'x'}`)).toThrow(/holds values/);
  });
});
