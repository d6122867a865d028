import { AREA_KEYS, AREA_UNIT_LABELS, areaUnitLabel, type AreaSizeType } from './areas';
import { formatDate } from './dates';
import {
  DEAL_TYPE_LABELS,
  REASON_LABELS,
  SALE_TYPE_LABELS,
  type DealType,
  type Reason,
  type SaleType,
} from './enums';
import { HISTORY_SOURCE_LABELS, type HistorySource } from './history.schema';
import {
  BREAK_KIND_LABELS,
  BREAK_PARTY_LABELS,
  REVIEW_BASIS_LABELS,
  SECURITY_OF_TENURE_LABELS,
} from './lease.schema';
import { formatMoney } from './money';
import { PROPERTY_PARTY_LISTS, type PropertyPartyList } from './property.schema';

/**
 * A recorded value as a user reads it (ADR 0044): names for ids, en-GB dates,
 * money with its currency, areas with their unit, Yes/No, enum labels. The server presents every
 * history entry through `historyDisplay`, so each client shows the same words.
 */

/** Which table an id-valued field points at. */
export type HistoryRefKind = 'company' | 'user' | 'scheme';

const COMPANY_FIELDS = new Set(['tenant_id', 'legal_tenant_id', 'company_id', 'tenant_legal_id']);

export const HISTORY_MONEY_FIELDS: ReadonlySet<string> = new Set([
  'rent_pa',
  'rent_sqft',
  'rateable_value',
  'service_charge',
  'sale_price',
  'price_paid',
]);

export const HISTORY_DATE_FIELDS: ReadonlySet<string> = new Set([
  'lease_start_date',
  'lease_end_date',
  'next_review_date',
  'break_date',
  'effective_date',
]);

const AREA_FIELD_SET: ReadonlySet<string> = new Set(AREA_KEYS);

/** The lease terms stored as codes, shown by their labels. */
const LEASE_TERM_VALUE_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  security_of_tenure: SECURITY_OF_TENURE_LABELS,
  break_party: BREAK_PARTY_LABELS,
  break_kind: BREAK_KIND_LABELS,
  review_basis: REVIEW_BASIS_LABELS,
};

/** The kind of record an id field or party list of a history entry refers to, or null. */
export const historyRefKind = (field: string): HistoryRefKind | null => {
  if (COMPANY_FIELDS.has(field)) return 'company';
  if (field === 'scheme_id') return 'scheme';
  const list = PROPERTY_PARTY_LISTS[field as PropertyPartyList] as { kind: 'company' | 'user' } | undefined;
  return list?.kind ?? null;
};

/** Names of the records a page of history refers to, by kind and id. */
export type HistoryNames = Readonly<Record<HistoryRefKind, ReadonlyMap<number, string>>>;

export interface HistoryDisplayContext {
  names: HistoryNames;
  /** The currency money values were recorded in (ISO code). */
  currency: string | null;
  /** The unit areas were recorded in. */
  area_unit: string | null;
}

/** Every id a value refers to, by kind (for one batched look-up per kind). */
export const historyRefIds = (
  field: string,
  value: unknown,
): { kind: HistoryRefKind; ids: number[] } | null => {
  const kind = historyRefKind(field);
  if (!kind) return null;
  const ids = (Array.isArray(value) ? value : [value]).filter(
    (v): v is number => typeof v === 'number' && Number.isInteger(v),
  );
  return { kind, ids };
};

const isEmpty = (v: unknown): boolean =>
  v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

const nameOf = (names: HistoryNames, kind: HistoryRefKind, id: unknown): string =>
  typeof id === 'number' ? (names[kind].get(id) ?? `#${id}`) : String(id);

const byName = (a: string, b: string): number => a.localeCompare(b, 'en-GB', { sensitivity: 'base' });

/** An area with its unit ("1,200 sq ft"); the frontage is a length ("20 ft", ADR 0079). */
const formatArea = (field: string, v: number, unit: string | null): string => {
  const label = unit ? (unit === 'sqft' || unit === 'sqm' ? areaUnitLabel(field, unit) : unit) : '';
  const n = v.toLocaleString('en-GB', { maximumFractionDigits: 2 });
  return label ? `${n} ${label}` : n;
};

/** One recorded value as display text; null when there is no value (the UI shows a dash). */
export const historyDisplay = (field: string, value: unknown, ctx: HistoryDisplayContext): string | null => {
  if (isEmpty(value)) return null;
  const kind = historyRefKind(field);
  if (kind) {
    if (!Array.isArray(value)) return nameOf(ctx.names, kind, value);
    // A party list is a set: its names in alphabetical order (as the view's chips), unknown ids last.
    const known = value.filter((id) => typeof id === 'number' && ctx.names[kind].has(id));
    const unknown = value.filter((id) => !known.includes(id));
    return [
      ...known.map((id) => nameOf(ctx.names, kind, id)).sort(byName),
      ...unknown.map((id) => nameOf(ctx.names, kind, id)),
    ].join(', ');
  }
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (HISTORY_MONEY_FIELDS.has(field) && (typeof value === 'string' || typeof value === 'number'))
    return formatMoney(value, ctx.currency ?? undefined) || String(value);
  if (HISTORY_DATE_FIELDS.has(field) && typeof value === 'string') return formatDate(value) || value;
  if (AREA_FIELD_SET.has(field) && (typeof value === 'number' || typeof value === 'string')) {
    const n = Number(value);
    return Number.isFinite(n) ? formatArea(field, n, ctx.area_unit) : String(value);
  }
  if (field === 'area_size_type') return AREA_UNIT_LABELS[value as AreaSizeType] ?? String(value);
  if (field === 'reason') return REASON_LABELS[value as Reason] ?? String(value);
  if (field === 'sale_type') return SALE_TYPE_LABELS[value as SaleType] ?? String(value);
  if (field === 'car_spaces' && typeof value === 'number') return value.toLocaleString('en-GB');
  const termLabels = LEASE_TERM_VALUE_LABELS[field];
  if (termLabels) return termLabels[String(value)] ?? String(value);
  if (field === 'break_notice_months' && typeof value === 'number')
    return `${value} ${value === 1 ? 'month' : 'months'}`;
  if (field === 'review_interval_years' && typeof value === 'number')
    return `${value} ${value === 1 ? 'year' : 'years'}`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
};

/** What a history entry needs to name where it came from. */
export interface HistorySourceOf {
  source: string;
  deal_id: number | null;
  deal_type?: DealType | null | undefined;
}

/** The deal that made a change as users name it: its type ("Rent Review"), else "Deal #id"; null for none. */
export const historyDealLabel = (entry: Pick<HistorySourceOf, 'deal_id' | 'deal_type'>): string | null => {
  if (entry.deal_type) return DEAL_TYPE_LABELS[entry.deal_type];
  return entry.deal_id !== null ? `Deal #${entry.deal_id}` : null;
};

/**
 * Where a change came from, as every screen shows it: a deal by its type ("New Letting"), its
 * correction or void naming it ("New Letting corrected", "New Letting voided", ADR 0077), any other
 * source by its label.
 */
export const historySourceLabel = (entry: HistorySourceOf): string => {
  const deal = historyDealLabel(entry);
  if (deal !== null && entry.source === 'deal_correction') return `${deal} corrected`;
  if (deal !== null && entry.source === 'deal_void') return `${deal} voided`;
  return deal ?? HISTORY_SOURCE_LABELS[entry.source as HistorySource] ?? entry.source;
};
