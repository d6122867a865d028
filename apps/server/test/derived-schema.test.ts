import { sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { DERIVED_TABLES } from '../src/db/derived';
import * as schema from '../src/db/schema';
import { testDb } from './helpers';

/**
 * The trigger-kept tables (the inventory of src/db/derived) are created by SQL migrations and
 * declared in the Drizzle schema too, so the schema shows every table: the declarations must
 * describe the tables as they are.
 */
const drizzleTables = new Map(
  (Object.values(schema) as unknown[])
    .filter((t): t is PgTable => t instanceof PgTable)
    .map((t) => [getTableConfig(t).name, t]),
);
const DERIVED = DERIVED_TABLES.flatMap((name) => drizzleTables.get(name) ?? []);

/** A Drizzle SQL type as PostgreSQL's format_type spells it (char(3) is character(3); no space in numeric(14,2)). */
const spelled = (type: string) => type.replace(/^char\(/, 'character(').replace(/, /g, ',');

interface Column {
  column_name: string;
  type: string;
  not_null: boolean;
}

describe('the derived tables in the Drizzle schema', () => {
  // The file's database is opened before the tests, not inside the first one.
  beforeAll(() => testDb());

  it('declares every derived table of the inventory', () => {
    expect(DERIVED_TABLES.filter((name) => !drizzleTables.has(name))).toEqual([]);
  });

  it.each(DERIVED.map((t) => [getTableConfig(t).name, t] as const))(
    '%s: every column, its type, collation and nullability as the migrations made it',
    async (name, table) => {
      const db = await testDb();
      const actual = await queryRows<Column>(
        db,
        sql`select a.attname as column_name,
                format_type(a.atttypid, a.atttypmod)
                  || case when a.attcollation <> 0 and a.attcollation <> t.typcollation
                          then ' COLLATE "' || c.collname || '"' else '' end as type,
                a.attnotnull as not_null
           from pg_attribute a
           join pg_type t on t.oid = a.atttypid
           left join pg_collation c on c.oid = a.attcollation
          where a.attrelid = ('public.' || quote_ident(${name}))::regclass and a.attnum > 0 and not a.attisdropped
          order by a.attname collate "C"`,
      );
      const declared = getTableConfig(table)
        .columns.map((c) => ({ column_name: c.name, type: spelled(c.getSQLType()), not_null: c.notNull }))
        .sort((a, b) => (a.column_name < b.column_name ? -1 : 1));
      expect(actual).toEqual(declared);
    },
  );
});
