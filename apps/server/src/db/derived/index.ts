/**
 * The derived-data layer (docs/derived-data.md, ADR 0075): every table and column the database
 * keeps itself from other tables, by triggers, declared once with its current SQL. Application
 * code never writes them; repositories read them. Migrations are written from these declarations
 * (`npm run db:derived-sql -w @frontage/server`); test/derived-definitions.test.ts fails when the
 * migrated database differs from them, test/derived-rebuild.test.ts when a series of writes leaves
 * any of them different from its rebuild.
 */
import { companyStoreChangedAt } from './company-store-changed-at';
import { companyStoreCount } from './company-store-count';
import { companyWords } from './company-words';
import { contactWords } from './contact-words';
import { dealComparables } from './deal-comparables';
import { dealOrderMarks } from './deal-order-marks';
import { dealTown } from './deal-town';
import type { Derived, SqlFunction, SqlTrigger, SqlView } from './define';
import { enquiryStageCounts } from './enquiry-stage-counts';
import { enquiryTown } from './enquiry-town';
import { leaseEvents } from './lease-events';
import { mapGeometry } from './map-geometry';
import { mapGrid } from './map-grid';
import { matchUnits } from './match-units';
import { placeSummary } from './place-summary';
import { propertyOrderMarks } from './property-order-marks';
import { propertyWords } from './property-words';
import { rowCounts } from './row-counts';

export type { Derived, SqlFunction, SqlTrigger, SqlView } from './define';

/** Every derived table and column, in the order a rebuild of all should run (match_units before map_grid). */
export const DERIVED: readonly Derived[] = [
  propertyWords,
  companyWords,
  contactWords,
  rowCounts,
  propertyOrderMarks,
  dealOrderMarks,
  dealComparables,
  enquiryStageCounts,
  matchUnits,
  mapGrid,
  placeSummary,
  dealTown,
  enquiryTown,
  companyStoreCount,
  companyStoreChangedAt,
  leaseEvents,
];

/** Functions several derived tables call (not a table's own). */
export const SHARED_FUNCTIONS: readonly SqlFunction[] = mapGeometry;

/** The derived tables' names (what backups and "is the database empty" treat as the database's own). */
export const DERIVED_TABLES: readonly string[] = DERIVED.filter((d) => d.kind === 'table').flatMap((d) => [
  d.name,
  ...(d.beside ?? []),
]);

export const allViews = (): SqlView[] => DERIVED.flatMap((d) => d.views ?? []);
export const allFunctions = (): SqlFunction[] => [
  ...SHARED_FUNCTIONS,
  ...DERIVED.flatMap((d) => d.functions),
];
export const allTriggers = (): SqlTrigger[] => DERIVED.flatMap((d) => d.triggers);

/**
 * What a write makes the database write besides: the derived tables and columns whose triggers
 * fire on it, and in turn on what they write (match_units → map_grid). A write is a table (rows
 * inserted, updated or deleted: every trigger on it fires) or `table.column` (that column updated:
 * only the triggers on any update or an update of that column fire). A derived column's write is
 * such a column update; a stamp follows the column it stamps.
 */
export const fanOut = (writes: readonly string[]): Derived[] => {
  const pending = [...writes];
  const out: Derived[] = [];
  const fires = (t: SqlTrigger, write: string) => {
    const [table, column] = write.split('.') as [string, string | undefined];
    if (t.table !== table) return false;
    if (column === undefined) return true;
    return t.events.includes('UPDATE') && (!t.columns || t.columns.includes(column));
  };
  for (let write = pending.shift(); write !== undefined; write = pending.shift()) {
    for (const d of DERIVED) {
      if (out.includes(d)) continue;
      const w = write;
      if (!d.triggers.some((t) => fires(t, w)) && d.stamps !== w) continue;
      out.push(d);
      pending.push(d.name);
    }
  }
  return out;
};
