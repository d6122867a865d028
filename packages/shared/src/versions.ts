import { AREA_KEYS } from './areas';
import { DEAL_PARTY_LIST_NAMES } from './deal-read.schema';
import { LEASE_TERM_KEYS } from './lease.schema';
import { PROPERTY_PARTY_LIST_NAMES, SCHEME_PARTY_LIST_NAMES } from './property.schema';

/**
 * Lost updates (API.md "Writes that must not happen … over someone else's", ADR 0060).
 * A single-record read of an editable record carries `version` (and the `ETag` header): a digest
 * of the fields an edit can change, listed here. A PUT with `If-Match` naming another version is
 * refused with 412 and the current record. Only these fields count, so a change an edit cannot
 * make (a retailer's store count, a comment, a verification) never refuses anyone's edit.
 */
export const VERSIONED_FIELDS = {
  company: ['name', 'domain', 'phone', 'categories', 'logo'],
  // Not `type`: only admins and the user read it (ADR 0073), and a version everyone reads must not
  // betray it (anyone could digest both values and compare).
  contact: ['name', 'email', 'company_id', 'direct_dial', 'mobile'],
  property: [
    'building_num',
    'planning',
    'reason',
    'scheme_id',
    'tenant_id',
    'legal_tenant_id',
    'currency',
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
    ...LEASE_TERM_KEYS,
    'area_size_type',
    ...AREA_KEYS,
    'address',
    ...PROPERTY_PARTY_LIST_NAMES,
  ],
  scheme: [
    'name',
    'type',
    'opened_at',
    'car_spaces',
    'is_under_construction',
    'reason',
    'address',
    ...SCHEME_PARTY_LIST_NAMES,
  ],
  // A deal's facts (ADR 0077): what PUT /api/deals/{id} can correct.
  deal: [
    'deal_type',
    'property_id',
    'scheme_id',
    'effective_date',
    'reason',
    'sale_type',
    'sale_price',
    'prev_rent_pa',
    'prev_rent_sqft',
    'rent_pa',
    'rent_sqft',
    'rateable_value',
    'service_charge',
    'incentive',
    'currency',
    'planning',
    'lease_start_date',
    'lease_end_date',
    'next_review_date',
    'break_date',
    'rent_review_clause',
    'break_clause',
    ...LEASE_TERM_KEYS,
    'tenant',
    'legal_tenant',
    'prev_tenant',
    'prev_legal_tenant',
    ...DEAL_PARTY_LIST_NAMES,
    'links',
  ],
  enquiry: [
    'property_id',
    'scheme_id',
    'company_id',
    'user_id',
    'received_at',
    'size_from',
    'size_to',
    'rent_from',
    'rent_to',
    'stage',
    'reason',
  ],
} as const satisfies Record<string, readonly string[]>;
export type VersionedEntity = keyof typeof VERSIONED_FIELDS;

/** The address fields a person types; its id, point and composed line follow from them. */
const ADDRESS_FIELDS = ['street', 'street2', 'city', 'region', 'post_code', 'country', 'notes'] as const;

export const VERSION_MESSAGES = {
  stale: 'This record was changed by someone else after you opened it. Nothing was saved.',
  ifMatchInvalid: 'The If-Match header must be the version (ETag) of the record you read.',
} as const;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A related record counts by its id only: renaming a landlord is not a change to this unit. */
const canonical = (key: string, value: unknown): unknown => {
  if (value === undefined) return null;
  if (key === 'address' && isObject(value)) {
    return Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, value[f] ?? null]));
  }
  if (Array.isArray(value)) {
    return value
      .map((v) => (isObject(v) && 'id' in v ? v.id : v))
      .sort((a, b) => String(a).localeCompare(String(b)));
  }
  if (isObject(value) && 'id' in value) return value.id;
  return value;
};

/**
 * The part of `record` an edit can change, in a fixed order, or null when the record does not
 * carry every one of those fields (a list row without its party lists): such a record has no
 * version, and an edit made from it is refused nothing it could not see.
 */
export const editableProjection = (
  entity: VersionedEntity,
  record: Record<string, unknown>,
): Array<[string, unknown]> | null => {
  const out: Array<[string, unknown]> = [];
  for (const key of VERSIONED_FIELDS[entity]) {
    if (!(key in record)) return null;
    out.push([key, canonical(key, record[key])]);
  }
  return out;
};

/** The versioned fields whose values differ between two reads of the same record. */
export const changedFields = (
  entity: VersionedEntity,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): string[] =>
  VERSIONED_FIELDS[entity].filter(
    (key) => JSON.stringify(canonical(key, before[key])) !== JSON.stringify(canonical(key, after[key])),
  );

/** The `If-Match` header value for a version. */
export const ifMatch = (version: string): Record<string, string> => ({ 'If-Match': `"${version}"` });
