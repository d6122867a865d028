import { sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import {
  companyWords,
  contactWords,
  dealOrderMarks,
  propertyOrderMarks,
  propertyWords,
  rowCounts,
} from '../src/db/schema';
import { testDb } from './helpers';

/**
 * The trigger-kept tables are created by SQL migrations and declared in db/schema/derived.ts for
 * the schema's sake (issue 11): the declarations must describe the tables as they are.
 */
const DERIVED: PgTable[] = [
  propertyWords,
  companyWords,
  contactWords,
  rowCounts,
  propertyOrderMarks,
  dealOrderMarks,
];

interface Column {
  column_name: string;
  type: string;
  not_null: boolean;
}

describe('db/schema/derived.ts', () => {
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
        .columns.map((c) => ({ column_name: c.name, type: c.getSQLType(), not_null: c.notNull }))
        .sort((a, b) => (a.column_name < b.column_name ? -1 : 1));
      expect(actual).toEqual(declared);
    },
  );
});
