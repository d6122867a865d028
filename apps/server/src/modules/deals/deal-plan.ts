/**
 * The deal engine's rules (ADR 0043) as plain functions: from a deal payload and the property's
 * (scheme's) state before it, what changes on the property and what the deal row keeps as its
 * before and after. No database here: deals.service.ts reads the state and writes the plan.
 */
import {
  PROPERTY_PARTY_LIST_NAMES,
  SALE_TYPES_WITH_TENANCY,
  SCHEME_PARTY_LIST_NAMES,
  type DealCreateParsed,
  type DealPartyList,
  type PropertyPartyList,
} from '@frontage/shared';
import { dedupe } from '../properties/property-payload';

/** The property columns a deal may set (spec B §3 "Common"). */
export const DEAL_PROPERTY_COLUMNS = [
  'tenant_id',
  'legal_tenant_id',
  'reason',
  'currency',
  'planning',
  'rent_pa',
  'rent_sqft',
  'rateable_value',
  'service_charge',
  'incentive',
  'lease_start_date',
  'lease_end_date',
  'next_review_date',
  'rent_review_clause',
  'break_date',
  'break_clause',
  // The lease terms (ADR 0086) travel with the dates: applied, kept, corrected and voided alike.
  'security_of_tenure',
  'break_party',
  'break_kind',
  'break_notice_months',
  'review_interval_years',
  'review_basis',
  'lease_notes',
] as const;
export type DealColumn = (typeof DEAL_PROPERTY_COLUMNS)[number];
export type ColumnValues = Partial<Record<DealColumn, string | number | null>>;
export type ListValues = Partial<Record<PropertyPartyList, number[]>>;

/** The tenancy: what a sale of a property carries only when sold with its tenants. */
const TENANCY_COLUMNS: readonly DealColumn[] = DEAL_PROPERTY_COLUMNS.filter(
  (c) => !['reason', 'currency', 'planning'].includes(c),
);
const TENANT_LISTS = ['tenant_agents', 'tenant_agent_contacts', 'tenant_contacts'] as const;
const LANDLORD_LISTS = SCHEME_PARTY_LIST_NAMES;
const PREV_TENANT_LISTS = [
  'prev_tenant_agents',
  'prev_tenant_agent_contacts',
  'prev_tenant_contacts',
] as const;
const PREV_LANDLORD_LISTS = [
  'prev_landlords',
  'prev_landlord_contacts',
  'prev_landlord_agents',
  'prev_landlord_agent_contacts',
] as const;

/** A payload read loosely: every member of the union, any of its fields. */
type Loose = Partial<Record<string, unknown>> & DealCreateParsed;
const field = (b: DealCreateParsed, k: string): unknown => (b as Loose)[k];
const present = (v: unknown): boolean => v !== undefined && v !== null && v !== '';
const ids = (v: unknown): number[] | undefined =>
  Array.isArray(v) && v.length ? dedupe(v as number[]) : undefined;

/** The place a deal happens on. */
export type DealPlace = { kind: 'property'; id: number } | { kind: 'scheme'; id: number };
export const placeOf = (b: DealCreateParsed): DealPlace =>
  b.deal_type === 'sale' && typeof b.scheme_id === 'number'
    ? { kind: 'scheme', id: b.scheme_id }
    : { kind: 'property', id: b.property_id! };

/** The payload's own name of a field (new letting says tenant_legal_id). */
export const payloadName = (b: DealCreateParsed, name: string): string =>
  b.deal_type === 'new_letting' && name === 'legal_tenant_id'
    ? 'tenant_legal_id'
    : b.deal_type === 'new_letting' && name === 'prev_legal_tenant_id'
      ? 'prev_tenant_legal_id'
      : name;

/** Whether the deal concerns the property's tenancy (all but a sale without its tenants or a scheme sale). */
export const carriesTenancy = (b: DealCreateParsed): boolean =>
  b.deal_type !== 'sale' ||
  (placeOf(b).kind === 'property' &&
    (SALE_TYPES_WITH_TENANCY as readonly string[]).includes(b.sale_type ?? ''));

/** The fields the payload carries (empties omitted), within what the deal concerns. */
export const carried = (b: DealCreateParsed): { columns: ColumnValues; lists: ListValues } => {
  const tenancy = carriesTenancy(b);
  const scheme = placeOf(b).kind === 'scheme';
  const columns: ColumnValues = {};
  for (const c of DEAL_PROPERTY_COLUMNS) {
    if (!tenancy && TENANCY_COLUMNS.includes(c)) continue;
    if (scheme && c !== 'reason' && c !== 'currency') continue;
    const v = field(b, payloadName(b, c));
    if (present(v)) columns[c] = v as string | number;
  }
  const lists: ListValues = {};
  for (const n of PROPERTY_PARTY_LIST_NAMES) {
    if (!tenancy && (TENANT_LISTS as readonly string[]).includes(n)) continue;
    const v =
      ids(field(b, n)) ?? (scheme && b.deal_type === 'sale' ? ids(b.scheme?.[n as 'landlords']) : undefined);
    if (v) lists[n] = v;
  }
  return { columns, lists };
};

/** The previous values the payload carries itself (spec B §3's prev_ fields). */
export const carriedPrevious = (b: DealCreateParsed) => {
  const lists: Partial<Record<DealPartyList, number[]>> = {};
  for (const n of [...PREV_TENANT_LISTS, ...PREV_LANDLORD_LISTS]) {
    const v = ids(field(b, n));
    if (v) lists[n] = v;
  }
  const one = (k: string) => {
    const v = field(b, payloadName(b, k));
    return present(v) ? (v as string | number) : undefined;
  };
  return {
    prev_rent_pa: one('prev_rent_pa') as string | undefined,
    prev_rent_sqft: one('prev_rent_sqft') as string | undefined,
    prev_tenant_id: one('prev_tenant_id') as number | undefined,
    prev_legal_tenant_id: one('prev_legal_tenant_id') as number | undefined,
    lists,
  };
};

/**
 * Spec B §4's copy rule for a sub-letting (ADR 0046), per field: a tenant, legal tenant or tenant
 * list the payload leaves empty takes the payload's previous value (its prev_ field); without one
 * it keeps the property's current value, as any omitted field does.
 */
const copyPrevious = (b: DealCreateParsed, columns: ColumnValues, lists: ListValues): void => {
  const given = carriedPrevious(b);
  if (columns.tenant_id === undefined && given.prev_tenant_id !== undefined)
    columns.tenant_id = given.prev_tenant_id;
  if (columns.legal_tenant_id === undefined && given.prev_legal_tenant_id !== undefined)
    columns.legal_tenant_id = given.prev_legal_tenant_id;
  for (const n of TENANT_LISTS) {
    const prev = given.lists[`prev_${n}`];
    if (lists[n] === undefined && prev) lists[n] = prev;
  }
};

/** The state a deal applies to: the property's columns and lists (a scheme: its landlord lists). */
export interface PlaceState {
  columns: ColumnValues;
  lists: Map<PropertyPartyList, number[]>;
}

export interface DealPlan {
  /** Columns and lists to apply to the property (or, for a scheme sale, reason and landlord lists). */
  columns: ColumnValues;
  lists: ListValues;
  /** The deal row's after side, for the fields it concerns (others null / empty). */
  after: ColumnValues;
  afterLists: ListValues;
  /** The deal row's before side. */
  prev: {
    prev_rent_pa: string | null;
    prev_rent_sqft: string | null;
    prev_tenant_id: number | null;
    prev_legal_tenant_id: number | null;
  };
  prevLists: Partial<Record<DealPartyList, number[]>>;
}

/**
 * ADR 0043, ADR 0046: a carried field becomes the current value, an omitted one stays; a
 * tracked retailer or a new letting replaces the whole tenant side (no tenant = vacant); a
 * sub-letting fills each empty tenant field from its previous value; a sale replaces the whole
 * landlord side with the purchaser's. The deal keeps the state after for the fields it concerns,
 * and every previous value the payload does not carry from the state before.
 */
export const planDeal = (b: DealCreateParsed, before: PlaceState): DealPlan => {
  const { columns, lists } = carried(b);
  const tenancy = carriesTenancy(b);
  const onScheme = placeOf(b).kind === 'scheme';
  if (b.deal_type === 'tracked_retailer' || b.deal_type === 'new_letting') {
    // ADR 0043, ADR 0046: the new side is the whole new side (none given = none).
    columns.tenant_id ??= null;
    columns.legal_tenant_id ??= null;
    for (const n of TENANT_LISTS) lists[n] ??= [];
  }
  if (b.deal_type === 'subletting') copyPrevious(b, columns, lists);
  if (b.deal_type === 'sale') for (const n of LANDLORD_LISTS) lists[n] ??= [];

  const after: ColumnValues = {};
  for (const c of DEAL_PROPERTY_COLUMNS) {
    const concerned = onScheme ? c === 'reason' || c === 'currency' : tenancy || !TENANCY_COLUMNS.includes(c);
    if (!concerned) continue;
    after[c] = columns[c] !== undefined ? columns[c] : (before.columns[c] ?? null);
  }
  const afterLists: ListValues = {};
  for (const n of PROPERTY_PARTY_LIST_NAMES) {
    const concerned = onScheme
      ? (LANDLORD_LISTS as readonly string[]).includes(n)
      : tenancy || !(TENANT_LISTS as readonly string[]).includes(n);
    if (concerned) afterLists[n] = lists[n] ?? before.lists.get(n) ?? [];
  }

  const given = carriedPrevious(b);
  const was = <T>(v: T | undefined, c: DealColumn): T | null =>
    v !== undefined ? v : tenancy && !onScheme ? ((before.columns[c] as T | null | undefined) ?? null) : null;
  const prevLists: Partial<Record<DealPartyList, number[]>> = {};
  for (const n of PREV_TENANT_LISTS) {
    const current = n.slice('prev_'.length) as PropertyPartyList;
    prevLists[n] = given.lists[n] ?? (tenancy && !onScheme ? (before.lists.get(current) ?? []) : []);
  }
  for (const n of PREV_LANDLORD_LISTS) {
    const current = n.slice('prev_'.length) as PropertyPartyList;
    prevLists[n] = given.lists[n] ?? before.lists.get(current) ?? [];
  }
  return {
    columns,
    lists,
    after,
    afterLists,
    prev: {
      prev_rent_pa: was(given.prev_rent_pa, 'rent_pa'),
      prev_rent_sqft: was(given.prev_rent_sqft, 'rent_sqft'),
      prev_tenant_id: was(given.prev_tenant_id, 'tenant_id'),
      prev_legal_tenant_id: was(given.prev_legal_tenant_id, 'legal_tenant_id'),
    },
    prevLists,
  };
};
