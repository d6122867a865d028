import { asc, getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldHistory } from '../src/db/schema';
import { insertRows, type NewHistoryRow } from '../src/modules/history/history.repository';
import { buildTestApp, buildUser, resetData, type TestApp } from './helpers';

/**
 * The history rows' one write (a JSON parameter read back by jsonb_to_recordset): every column
 * arrives as given, in order, a left-out column takes its default, and values keep their JSON.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await resetData();
});
afterAll(() => t.close());

describe('history rows written in one statement', () => {
  it('writes every column of every row as given, in the order given, with defaults for the rest', async () => {
    const user = await buildUser({ name: 'Hana History' });
    const at = new Date('2026-03-29T01:30:00.123Z');
    const full: NewHistoryRow = {
      entity_type: 'property',
      entity_id: 7,
      field: 'rent_pa',
      old_value: '1000.00',
      new_value: { amount: '12000.50', list: [1, 'two', null] },
      source: 'import',
      deal_id: 11,
      import_id: 13,
      user_id: user.id,
      verified: true,
      verified_by: user.id,
      verified_at: at,
      rejected_by: user.id,
      rejected_at: at,
      created_at: at,
    };
    // Every column but the id is written: a column added to the table must be added to the write.
    expect(Object.keys(full).sort()).toEqual(
      Object.keys(getTableColumns(fieldHistory))
        .filter((c) => c !== 'id')
        .sort(),
    );
    const bare: NewHistoryRow = {
      entity_type: 'address',
      entity_id: 3,
      field: 'street',
      old_value: null,
      new_value: 'High Street',
      source: 'update',
    };
    const many = Array.from({ length: 6001 }, (_, i) => ({ ...bare, entity_id: i }));
    const before = Date.now();
    await insertRows(t.db, [full, bare, ...many]);
    // The JSON read as text: the driver's jsonb mapping would turn "1000.00" into 1000 on the way back.
    const rows = (
      await t.db
        .select({
          row: fieldHistory,
          old_text: sql<string | null>`${fieldHistory.old_value}::text`,
          new_text: sql<string | null>`${fieldHistory.new_value}::text`,
        })
        .from(fieldHistory)
        .orderBy(asc(fieldHistory.id))
    ).map(({ row, old_text, new_text }) => ({
      ...row,
      old_value: old_text === null ? null : JSON.parse(old_text),
      new_value: new_text === null ? null : JSON.parse(new_text),
    }));
    expect(rows).toHaveLength(6003);
    expect(rows[0]).toEqual({ id: rows[0]!.id, ...full });
    expect(rows[1]).toMatchObject({
      ...bare,
      deal_id: null,
      import_id: null,
      user_id: null,
      verified: false,
      verified_by: null,
      verified_at: null,
      rejected_by: null,
      rejected_at: null,
    });
    // The default stamp is the database's now(), this transaction's.
    expect(rows[1]!.created_at.getTime()).toBeGreaterThanOrEqual(before - 60_000);
    // In the order given, across the statements a long list is cut into.
    expect(rows.slice(2).map((r) => r.entity_id)).toEqual(many.map((r) => r.entity_id));
  });
});
