import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { DERIVED, allFunctions, allTriggers, allViews, fanOut, type Derived } from '../src/db/derived';
import { dealOrderMarks } from '../src/db/derived/deal-order-marks';
import { derivedDrift, type Drift } from '../src/db/derived/drift';
import { propertyOrderMarks } from '../src/db/derived/property-order-marks';
import { DEAL_WRITES } from './derived.fixtures';
import { testDb } from './helpers';

/**
 * The declarations of src/db/derived are the current definitions of the derived layer: the
 * migrated database holds exactly them (a migration that disagrees, or a trigger nobody declared,
 * fails here), and the inventory is whole. `npm run db:derived-sql -w @frontage/server` prints the
 * migration that makes the database match (docs/derived-data.md).
 */
const names = (list: Array<{ name: string }>) => list.map((x) => x.name);
const describeDrift = (list: Drift[]) => list.map((d) => `${d.problem} ${d.kind} ${d.name}`);

class Rollback extends Error {}

/** Runs `body` in a transaction that is always rolled back. */
const rolledBack = async <T>(body: (tx: Db) => Promise<T>): Promise<T> => {
  let out: T | undefined;
  await (
    await testDb()
  )
    .transaction(async (tx) => {
      out = await body(tx);
      throw new Rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Rollback)) throw err;
    });
  return out as T;
};

describe('db/derived: the declarations and the migrated database', () => {
  let drift: Drift[];
  beforeAll(async () => {
    drift = await derivedDrift(await testDb());
  });

  it('every declared view, function and trigger is in the database as declared', () => {
    expect(drift.filter((d) => d.problem !== 'undeclared')).toEqual([]);
  });

  it('no trigger, function or view of the schema is left undeclared', () => {
    expect(describeDrift(drift.filter((d) => d.problem === 'undeclared'))).toEqual([]);
  });

  it('reports a changed function, a dropped trigger and an undeclared trigger', async () => {
    const drift = await rolledBack(async (tx) => {
      await tx.execute(
        sql.raw(`create or replace function map_mx(lng double precision) returns double precision
                 language sql immutable parallel safe as $$ select (lng + 180) / 361 $$`),
      );
      await tx.execute(sql.raw(`drop trigger contact_words_on_user on users`));
      await tx.execute(
        sql.raw(
          `create trigger stray after insert on users for each row execute function contact_words_refresh()`,
        ),
      );
      return derivedDrift(tx);
    });
    expect(describeDrift(drift).sort()).toEqual([
      'differs function map_mx',
      'missing trigger contact_words_on_user',
      'undeclared trigger stray',
    ]);
  });
});

describe('db/derived: the inventory', () => {
  it('holds the twelve derived tables and the four derived columns', () => {
    const of = (kind: Derived['kind']) => names(DERIVED.filter((d) => d.kind === kind)).sort();
    expect(of('table')).toEqual([
      'company_words',
      'contact_words',
      'deal_comparables',
      'deal_order_marks',
      'enquiry_stage_counts',
      'lease_events',
      'map_grid',
      'match_units',
      'place_summary',
      'property_order_marks',
      'property_words',
      'row_counts',
    ]);
    expect(of('column')).toEqual([
      'companies.store_changed_at',
      'companies.store_count',
      'deals.town_key',
      'enquiries.town_key',
    ]);
  });

  it('declares each view, function and trigger once; every trigger runs a declared function', () => {
    const dupes = (list: string[]) => list.filter((x, i) => list.indexOf(x) !== i);
    expect(dupes(names(allViews()))).toEqual([]);
    expect(dupes(names(allFunctions()))).toEqual([]);
    expect(dupes(names(allTriggers()))).toEqual([]);
    const functions = new Set(names(allFunctions()));
    expect(allTriggers().filter((t) => !functions.has(t.function))).toEqual([]);
  });

  it('gives every entry a declared rebuild, or a reason and the column it moves with', () => {
    const functions = new Set(names(allFunctions()));
    const entries = DERIVED.map((d) => ({
      name: d.name,
      ok: d.rebuild ? functions.has(d.rebuild) : Boolean(d.unrebuildable && d.stamps),
    }));
    expect(entries.filter((e) => !e.ok)).toEqual([]);
  });

  it('names its readers, its ADRs and its migrations', () => {
    const bare = DERIVED.filter((d) => !d.readers.length || !d.adrs.length || !d.migrations.length);
    expect(names(bare)).toEqual([]);
  });

  it('has one counted index: the property and deal marks differ only in their table, key and names', () => {
    const shape = (d: Derived, prefix: string, table: string) =>
      [
        ...d.functions.map((f) => f.name),
        ...d.triggers.map((t) => `${t.name} on ${t.table} runs ${t.function}`),
      ].map((x) => x.replaceAll(table, 'T').replaceAll(prefix, 'P'));
    expect(shape(dealOrderMarks, 'deal', 'deals')).toEqual(
      shape(propertyOrderMarks, 'property', 'properties'),
    );
  });

  it('recording a deal fires the triggers of these derived tables and columns', () => {
    expect(names(fanOut(DEAL_WRITES)).sort()).toEqual([
      'companies.store_changed_at',
      'companies.store_count',
      'deal_comparables',
      'deal_order_marks',
      'deals.town_key',
      'enquiries.town_key',
      'enquiry_stage_counts',
      'lease_events',
      'map_grid',
      'match_units',
      'place_summary',
      'property_order_marks',
      'property_words',
      'row_counts',
    ]);
  });
});
