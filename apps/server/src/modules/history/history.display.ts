import {
  AREA_KEYS,
  HISTORY_MONEY_FIELDS,
  historyDisplay,
  historyRefIds,
  type HistoryNames,
  type HistoryRefKind,
} from '@frontage/shared';
import type { Db } from '../../db/client';
import * as repo from './history.repository';
import type { HistoryRow, HistoryScope } from './history.repository';

/**
 * Display strings for a page of history (ADR 0044): the ids the page refers to are named with one
 * query per kind (companies, users, schemes), and a property's money and areas are shown in the
 * currency and unit they had when the change was made — read from the record's own currency and
 * area-unit history (one query), falling back to its current values.
 */

export interface ParsedRow {
  h: HistoryRow;
  old_value: unknown;
  new_value: unknown;
}

export interface Display {
  old_display: string | null;
  new_display: string | null;
}

const KINDS: HistoryRefKind[] = ['company', 'user', 'scheme'];
const AREA_FIELDS: ReadonlySet<string> = new Set(AREA_KEYS);
const UNIT_FIELDS = ['currency', 'area_size_type'] as const;
type UnitField = (typeof UNIT_FIELDS)[number];

interface UnitChange {
  old_value: string | null;
  new_value: string | null;
  at: number;
}

const parseText = (text: string | null): string | null => {
  const v: unknown = text === null ? null : JSON.parse(text);
  return typeof v === 'string' ? v : null;
};

/**
 * The value of a unit field just before and just after the change made at `at`: a change of the
 * unit in the same batch (same instant) gives both; otherwise the latest earlier change's new
 * value, or, before any recorded change, the first later change's old value, or the current one.
 */
export const unitAt = (
  changes: readonly UnitChange[],
  at: number,
  current: string | null,
): { before: string | null; after: string | null } => {
  const same = changes.find((c) => c.at === at);
  if (same) return { before: same.old_value ?? same.new_value, after: same.new_value };
  const earlier = changes.filter((c) => c.at < at).at(-1);
  const later = changes.find((c) => c.at > at);
  const v = earlier ? earlier.new_value : later ? (later.old_value ?? current) : current;
  return { before: v, after: v };
};

const namesFor = async (db: Db, rows: readonly ParsedRow[]): Promise<HistoryNames> => {
  const ids: Record<HistoryRefKind, Set<number>> = { company: new Set(), user: new Set(), scheme: new Set() };
  for (const r of rows)
    for (const v of [r.old_value, r.new_value]) {
      const ref = historyRefIds(r.h.field, v);
      if (ref) for (const id of ref.ids) ids[ref.kind].add(id);
    }
  const [company, user, scheme] = await Promise.all(KINDS.map((k) => repo.namesOf(db, k, [...ids[k]])));
  return { company: company!, user: user!, scheme: scheme! };
};

type Units = Record<UnitField, { changes: UnitChange[]; current: string | null }>;

const needsUnits = (scope: HistoryScope, rows: readonly ParsedRow[]): boolean =>
  scope.entity_type === 'property' &&
  rows.some(
    (r) =>
      r.h.entity_type === 'property' && (HISTORY_MONEY_FIELDS.has(r.h.field) || AREA_FIELDS.has(r.h.field)),
  );

/** The unit context of every property among the records that need one: two queries in all. */
const unitsFor = async (db: Db, propertyIds: number[]): Promise<Map<number, Units>> => {
  const [current, changes] = await Promise.all([
    repo.propertyUnitsOf(db, propertyIds),
    repo.changesOfFields(db, 'property', propertyIds, [...UNIT_FIELDS]),
  ]);
  const out = new Map<number, Units>();
  for (const id of propertyIds) {
    const now = current.find((c) => c.id === id);
    const of = (field: UnitField) => ({
      current: now?.[field] ?? null,
      changes: changes
        .filter((c) => c.entity_id === id && c.field === field)
        .map((c) => ({
          old_value: parseText(c.old_text),
          new_value: parseText(c.new_text),
          at: c.created_at.getTime(),
        })),
    });
    out.set(id, { currency: of('currency'), area_size_type: of('area_size_type') });
  }
  return out;
};

const presenter =
  (names: HistoryNames, units: Units | null) =>
  (r: ParsedRow): Display => {
    const at = r.h.created_at.getTime();
    const currency = units ? unitAt(units.currency.changes, at, units.currency.current) : null;
    const area = units ? unitAt(units.area_size_type.changes, at, units.area_size_type.current) : null;
    const ctx = (when: 'before' | 'after') => ({
      names,
      currency: currency?.[when] ?? null,
      area_unit: area?.[when] ?? null,
    });
    return {
      old_display: historyDisplay(r.h.field, r.old_value, ctx('before')),
      new_display: historyDisplay(r.h.field, r.new_value, ctx('after')),
    };
  };

/**
 * Presenters for the history of many records at once (the verification queue's page): names and
 * unit contexts are resolved for all of them together, so the queries do not grow with the records.
 */
export const displayers = async (
  db: Db,
  records: ReadonlyArray<{ scope: HistoryScope; rows: readonly ParsedRow[] }>,
): Promise<Array<(r: ParsedRow) => Display>> => {
  const propertyIds = [
    ...new Set(records.filter((g) => needsUnits(g.scope, g.rows)).map((g) => g.scope.entity_id)),
  ];
  const [names, units] = await Promise.all([
    namesFor(
      db,
      records.flatMap((g) => g.rows),
    ),
    unitsFor(db, propertyIds),
  ]);
  return records.map((g) =>
    presenter(names, needsUnits(g.scope, g.rows) ? (units.get(g.scope.entity_id) ?? null) : null),
  );
};

/** Resolves what a page of one record's history needs (a bounded number of queries) and returns its presenter. */
export const displayer = async (
  db: Db,
  scope: HistoryScope,
  rows: readonly ParsedRow[],
): Promise<(r: ParsedRow) => Display> => (await displayers(db, [{ scope, rows }]))[0]!;
