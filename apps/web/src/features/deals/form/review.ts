import {
  AREA_KEYS,
  AREA_LABELS,
  LEASE_TERM_KEYS,
  LEASE_TERM_LABELS,
  dealWarnings,
  formatDate,
  formatMoney,
  rentPerSqft,
  type DealWarning,
  type Property,
  type Scheme,
} from '@frontage/shared';
import {
  copyRent,
  toDealPayload,
  type DealFormValues,
  type DealPlace,
  type WizardDealType,
} from './dealForm';
import { copyTenantSide } from './dealRules';
import { leaseTermText } from '../../../entities/properties/leaseTerms';

/*
 * The Review step's reading of a wizard (ADR 0081): what Finish will change on the
 * property (or, a scheme sale, on the scheme), before → after, worked out from the payload the
 * wizard will send and the place as it was read, by the deal engine's rules (ADR 0043, 0046): a
 * field the payload carries becomes the value, an omitted one stays; a new letting and a tracked
 * retailer replace the whole tenant side, a sale the whole landlord side; rent per sqft not sent
 * is rent ÷ NIA when the rent or the NIA changes (Build 4).
 */

/** One line of the Review's table: a field, as it is and as it will be. */
export interface ReviewRow {
  label: string;
  before: string;
  after: string;
}

type Body = Record<string, unknown>;
type Named = { id: number; name: string };
const names = (list: readonly Named[] | null | undefined): string =>
  (list ?? []).map((x) => x.name).join(', ');
const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const num = (v: unknown): number | null => {
  const n = v === null || v === undefined || v === '' ? NaN : Number(v);
  return Number.isFinite(n) ? n : null;
};

/** The values as the payload is built from them: the rent-copy and sub-letting copy rules applied. */
const prepared = (type: WizardDealType, v: DealFormValues): DealFormValues =>
  type === 'subletting' ? copyTenantSide(copyRent(v)) : copyRent(v);

const TENANT_LISTS = [
  ['Tenant Agents', 'tenant_agents'],
  ['Tenant Agent Contacts', 'tenant_agent_contacts'],
  ['Tenant Contacts', 'tenant_contacts'],
] as const;
const LANDLORD_LISTS = [
  ['Landlords', 'landlords'],
  ['Landlord Contacts', 'landlord_contacts'],
  ['Landlord Agents', 'landlord_agents'],
  ['Landlord Agent Contacts', 'landlord_agent_contacts'],
] as const;
const ADDRESS_ROWS = [
  ['Street', 'street'],
  ['Street 2', 'street2'],
  ['Town', 'city'],
  ['Region', 'region'],
  ['Post Code', 'post_code'],
  ['Country', 'country'],
] as const;
const MONEY_ROWS = [
  ['Rent Pa', 'rent_pa'],
  ['Rateable Value', 'rateable_value'],
  ['Service Charge', 'service_charge'],
] as const;
const DATE_ROWS = [
  ['Lease Start Date', 'lease_start_date'],
  ['Lease End Date', 'lease_end_date'],
  ['Next Review Date', 'next_review_date'],
  ['Next Break Date', 'break_date'],
] as const;
const TEXT_ROWS = [
  ['Rent Review Clause', 'rent_review_clause'],
  ['Break Clause', 'break_clause'],
  ['Incentive', 'incentive'],
  ['Planning', 'planning'],
] as const;

/** Only the rows that change. */
const changed = (rows: ReviewRow[]): ReviewRow[] => rows.filter((r) => r.before !== r.after);

/** A property's rows: the tenant and landlord sides, the rent, the lease, the address and the areas. */
const propertyRows = (type: WizardDealType, p: Property, v: DealFormValues, body: Body): ReviewRow[] => {
  const has = (k: string) => body[k] !== undefined;
  const wholeTenant = type === 'new_letting' || type === 'tracked_retailer';
  const currency = str(body.currency) || p.currency;
  const money = (m: unknown) => (m === null || m === undefined ? '' : formatMoney(m as string, currency));
  const rows: ReviewRow[] = [];
  const one = (label: string, key: string, before: Named | null | undefined, after: Named | null) =>
    rows.push({
      label,
      before: before?.name ?? '',
      after: has(key) ? (after?.name ?? '') : wholeTenant ? '' : (before?.name ?? ''),
    });
  one('Tenant', 'tenant_id', p.tenant, v.tenant);
  one(
    'Tenant (Legal)',
    type === 'new_letting' ? 'tenant_legal_id' : 'legal_tenant_id',
    p.legal_tenant,
    v.legal_tenant,
  );
  const list = (
    label: string,
    key: (typeof TENANT_LISTS | typeof LANDLORD_LISTS)[number][1],
    whole: boolean,
  ) =>
    rows.push({
      label,
      before: names(p[key]),
      after: has(key) ? names(v[key]) : whole ? '' : names(p[key]),
    });
  for (const [label, key] of TENANT_LISTS) list(label, key, wholeTenant);
  for (const [label, key] of LANDLORD_LISTS) list(label, key, type === 'sale');

  for (const [label, key] of MONEY_ROWS)
    rows.push({ label, before: money(p[key]), after: money(has(key) ? body[key] : p[key]) });
  const areas = body.areas as Record<string, unknown> | undefined;
  const rentAfter = has('rent_pa') ? body.rent_pa : p.rent_pa;
  const niaAfter = areas ? (areas.nia_sqrt ?? null) : p.nia_sqrt;
  const unitAfter = str(areas?.area_size_type) || p.area_size_type;
  const recomputed =
    num(rentAfter) !== num(p.rent_pa) || num(niaAfter) !== num(p.nia_sqrt) || unitAfter !== p.area_size_type;
  const computed = rentPerSqft(rentAfter as string | null, niaAfter as number | null, unitAfter);
  rows.push({
    label: 'Rent per sqft',
    before: money(p.rent_sqft),
    after: has('rent_sqft')
      ? money(body.rent_sqft)
      : recomputed
        ? computed === null
          ? ''
          : `${money(computed)} (rent ÷ NIA)`
        : money(p.rent_sqft),
  });
  for (const [label, key] of DATE_ROWS)
    rows.push({ label, before: formatDate(p[key]), after: formatDate(has(key) ? str(body[key]) : p[key]) });
  for (const [label, key] of TEXT_ROWS)
    rows.push({ label, before: str(p[key]), after: has(key) ? str(body[key]) : str(p[key]) });
  for (const key of LEASE_TERM_KEYS)
    rows.push({
      label: LEASE_TERM_LABELS[key],
      before: leaseTermText(key, p[key]),
      after: leaseTermText(key, has(key) ? body[key] : p[key]),
    });
  rows.push({ label: 'Currency', before: p.currency, after: currency });

  const address = body.address as Record<string, unknown> | undefined;
  rows.push({
    label: 'Unit',
    before: str(p.building_num),
    after: address?.unit !== undefined ? str(address.unit) : str(p.building_num),
  });
  for (const [label, key] of ADDRESS_ROWS) {
    const before = str(p.address?.[key]);
    rows.push({ label, before, after: address?.[key] !== undefined ? str(address[key]) : before });
  }
  if (areas) {
    rows.push({ label: 'Area Unit', before: p.area_size_type, after: unitAfter });
    const area = (x: unknown) => str(num(x));
    for (const key of AREA_KEYS)
      rows.push({ label: AREA_LABELS[key], before: area(p[key]), after: area(areas[key]) });
  }
  return changed(rows);
};

/** A scheme sale's rows: the scheme's own fields, its address and its landlord side. */
const schemeRows = (s: Scheme, v: DealFormValues, body: Body): ReviewRow[] => {
  const update = (body.scheme ?? {}) as Body;
  const address = (update.address ?? {}) as Record<string, unknown>;
  const yesNo = (b: unknown) => (b ? 'Yes' : 'No');
  const kept = (k: string, before: unknown) => str(update[k] !== undefined ? update[k] : before);
  const rows: ReviewRow[] = [
    { label: 'Scheme Name', before: s.name, after: kept('name', s.name) },
    { label: 'Type', before: str(s.type), after: kept('type', s.type) },
    { label: 'Opened (Year)', before: str(s.opened_at), after: kept('opened', s.opened_at) },
    { label: 'Car Spaces', before: str(s.car_spaces), after: kept('car_spaces', s.car_spaces) },
    {
      label: 'Under Construction?',
      before: yesNo(s.is_under_construction),
      after: yesNo(update.is_under_construction ?? s.is_under_construction),
    },
  ];
  for (const [label, key] of ADDRESS_ROWS) {
    const before = str(s.address?.[key]);
    rows.push({ label, before, after: address[key] !== undefined ? str(address[key]) : before });
  }
  for (const [label, key] of LANDLORD_LISTS)
    rows.push({ label, before: names(s[key]), after: body[key] !== undefined ? names(v[key]) : '' });
  return changed(rows);
};

/** What the Review reads: the loaded place, and what the wizard would send. */
export interface ReviewInput {
  type: WizardDealType;
  place: DealPlace;
  property: Property | null;
  scheme: Scheme | null;
  values: DealFormValues;
}

/** The fields Finish will change on the place, before → after (the unchanged ones left out). */
export const reviewRows = ({ type, place, property, scheme, values }: ReviewInput): ReviewRow[] => {
  const body = toDealPayload(type, place, values) as Body;
  const v = prepared(type, values);
  if (place.kind === 'scheme') return scheme ? schemeRows(scheme, v, body) : [];
  return property ? propertyRows(type, property, v, body) : [];
};

/** The warnings of what the wizard would send (packages/shared `dealWarnings`), against today. */
export const reviewWarnings = (
  { type, place, property, values }: ReviewInput,
  today: string,
): DealWarning[] =>
  dealWarnings(
    toDealPayload(type, place, values),
    place.kind === 'property' && property
      ? { rent_pa: property.rent_pa, nia_sqrt: property.nia_sqrt, area_size_type: property.area_size_type }
      : null,
    today,
  );
