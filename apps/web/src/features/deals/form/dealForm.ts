import {
  DEFAULT_COUNTRY,
  defaultCurrency,
  formatDate,
  parseTypedDate,
  rentSqftConsistent,
  type DealCreate,
  type DealType,
  type Property,
  type Scheme,
} from '@frontage/shared';
import type { CompanyRef } from '../../../entities/companies/api';
import type { ContactRef } from '../../../entities/contacts/api';
import type { AddressFormValues } from '../../../entities/properties/propertyForm';
import { areasFrom, areasPayload, emptyAreas, type AreasValue } from '../../../components/fields/areas';
import { isValidDateText } from '../../../components/fields/DateField';
import { emptySchemeInfo, type SchemeInfoValues } from '../../../entities/schemes/SchemeInfoSection';
import * as terms from '../../../entities/properties/leaseTerms';
import { copyTenantSide, SALE_TENANCY_KEYS, saleWithTenancy } from './dealRules';

/** What a wizard records a deal on: a property, or (a sale) a whole scheme. */
export type PlaceKind = 'property' | 'scheme';
export interface DealPlace {
  kind: PlaceKind;
  id: number;
}

/*
 * One react-hook-form per wizard: the values every deal wizard edits. Pickers hold
 * records (for their chips), dates the typed dd/mm/yyyy text, money the canonical string. The
 * payload of each deal type is built from them by `toDealPayload`.
 */

export const DEAL_DATE_FIELDS = [
  'effective_date',
  'lease_start_date',
  'lease_end_date',
  'next_review_date',
  'break_date',
] as const;
export const DEAL_MONEY_FIELDS = [
  'prev_rent_pa',
  'prev_rent_sqft',
  'rent_pa',
  'rent_sqft',
  'rateable_value',
  'service_charge',
  'price_paid',
] as const;
export const DEAL_COMPANY_LISTS = [
  'landlords',
  'landlord_agents',
  'tenant_agents',
  'prev_tenant_agents',
  'prev_landlords',
  'prev_landlord_agents',
] as const;
export const DEAL_CONTACT_LISTS = [
  'landlord_contacts',
  'landlord_agent_contacts',
  'tenant_agent_contacts',
  'tenant_contacts',
  'prev_tenant_agent_contacts',
  'prev_tenant_contacts',
  'prev_landlord_contacts',
  'prev_landlord_agent_contacts',
] as const;
export const DEAL_COMPANY_FIELDS = ['tenant', 'legal_tenant', 'prev_tenant', 'prev_legal_tenant'] as const;

type DateName = (typeof DEAL_DATE_FIELDS)[number];
type MoneyName = (typeof DEAL_MONEY_FIELDS)[number];
type CompanyListName = (typeof DEAL_COMPANY_LISTS)[number];
type ContactListName = (typeof DEAL_CONTACT_LISTS)[number];
type CompanyName = (typeof DEAL_COMPANY_FIELDS)[number];

export type DealFormValues = {
  building_num: string;
  address: AddressFormValues;
  planning: string;
  areas: AreasValue;
  reason: string;
  currency: string;
  incentive: string;
  rent_review_clause: string;
  break_clause: string;
  links: string[];
  /** A sale's type (spec B §3 values) and the price paid (sent as sale_price). */
  sale_type: string;
  /** A scheme sale's own fields (step 2 in scheme mode), as typed. */
  scheme: SchemeInfoValues;
} & Record<DateName, string> &
  Record<MoneyName, string | null> &
  Record<CompanyName, CompanyRef | null> &
  Record<CompanyListName, CompanyRef[]> &
  Record<ContactListName, ContactRef[]> &
  terms.LeaseTermsFormValues;

const emptyAddress = (): AddressFormValues => ({
  street: '',
  street2: '',
  city: '',
  region: '',
  post_code: '',
  country: DEFAULT_COUNTRY,
  latitude: null,
  longitude: null,
});

/** A wizard before a property is chosen; the currency follows the chain (the user's, else GBP). */
export const emptyDealForm = (userCurrency?: string | null): DealFormValues => ({
  building_num: '',
  address: emptyAddress(),
  planning: '',
  areas: emptyAreas(),
  reason: '',
  currency: defaultCurrency(null, userCurrency),
  incentive: '',
  rent_review_clause: '',
  break_clause: '',
  ...terms.emptyLeaseTerms(),
  links: [],
  sale_type: '',
  scheme: emptySchemeInfo(),
  effective_date: '',
  lease_start_date: '',
  lease_end_date: '',
  next_review_date: '',
  break_date: '',
  prev_rent_pa: null,
  prev_rent_sqft: null,
  rent_pa: null,
  rent_sqft: null,
  rateable_value: null,
  service_charge: null,
  price_paid: null,
  tenant: null,
  legal_tenant: null,
  prev_tenant: null,
  prev_legal_tenant: null,
  landlords: [],
  landlord_agents: [],
  tenant_agents: [],
  prev_tenant_agents: [],
  landlord_contacts: [],
  landlord_agent_contacts: [],
  tenant_agent_contacts: [],
  tenant_contacts: [],
  prev_tenant_agent_contacts: [],
  prev_tenant_contacts: [],
  prev_landlords: [],
  prev_landlord_agents: [],
  prev_landlord_contacts: [],
  prev_landlord_agent_contacts: [],
});

const addressOf = (a: Property['address'] | Scheme['address'] | undefined): AddressFormValues => ({
  street: a?.street ?? '',
  street2: a?.street2 ?? '',
  city: a?.city ?? '',
  region: a?.region ?? '',
  post_code: a?.post_code ?? '',
  country: a?.country ?? DEFAULT_COUNTRY,
  latitude: a?.lat ?? null,
  longitude: a?.lng ?? null,
});

/** Deal types whose wizard records a change of tenant: the current one becomes the previous. */
const TENANT_CHANGES: readonly DealType[] = ['tracked_retailer', 'subletting', 'new_letting'];

/**
 * Spec B §4's prefill on selecting a property (the form is cleared first):
 * - a sale: the landlords and their agents as they stand are the Vendor's (prev_landlord lists)
 *   and the Purchasor column starts empty; the tenancy (tenant side, rent, lease) as it stands;
 * - the address, planning, areas, landlords and their agents as they stand;
 * - the current tenant, legal tenant, tenant agents and contacts become the previous-tenant fields;
 *   a rent review or renewal keeps the same tenant, so they also fill the current ones, while a
 *   tenant change starts the new tenant side empty;
 * - the stored rent becomes the old rent (a rent review's and renewal's "old rent"), the lease
 *   dates and clauses, rateable value, service charge and incentive as they stand;
 * - a new letting's new lease starts empty: no rent, old rent, incentive, lease dates
 *   or clauses (nor lease terms) from the lease it replaces, which its Lease Information step shows read-only;
 *   the rateable value and service charge are the property's and stay;
 * - currency = the property's, else the user's, else GBP.
 */
export const fillFromProperty = (
  type: DealType,
  p: Property,
  userCurrency?: string | null,
): DealFormValues => {
  const change = TENANT_CHANGES.includes(type);
  const sale = type === 'sale';
  const newLease = type === 'new_letting';
  const landlordSide = {
    landlords: p.landlords ?? [],
    landlord_contacts: (p.landlord_contacts ?? []) as ContactRef[],
    landlord_agents: p.landlord_agents ?? [],
    landlord_agent_contacts: (p.landlord_agent_contacts ?? []) as ContactRef[],
  };
  const tenantSide = {
    tenant: p.tenant ?? null,
    legal_tenant: p.legal_tenant ?? null,
    tenant_agents: p.tenant_agents ?? [],
    tenant_agent_contacts: (p.tenant_agent_contacts ?? []) as ContactRef[],
    tenant_contacts: (p.tenant_contacts ?? []) as ContactRef[],
  };
  return {
    ...emptyDealForm(userCurrency),
    building_num: p.building_num ?? '',
    address: addressOf(p.address),
    planning: p.planning ?? '',
    areas: areasFrom(p),
    currency: defaultCurrency(p.currency, userCurrency),
    ...(sale ? vendorOf(landlordSide) : landlordSide),
    prev_tenant: tenantSide.tenant,
    prev_legal_tenant: tenantSide.legal_tenant,
    prev_tenant_agents: tenantSide.tenant_agents,
    prev_tenant_agent_contacts: tenantSide.tenant_agent_contacts,
    prev_tenant_contacts: tenantSide.tenant_contacts,
    ...(change ? {} : tenantSide),
    prev_rent_pa: p.rent_pa,
    prev_rent_sqft: p.rent_sqft,
    ...(sale ? { rent_pa: p.rent_pa, rent_sqft: p.rent_sqft } : {}),
    rateable_value: p.rateable_value,
    service_charge: p.service_charge,
    incentive: p.incentive ?? '',
    lease_start_date: formatDate(p.lease_start_date),
    lease_end_date: formatDate(p.lease_end_date),
    next_review_date: formatDate(p.next_review_date),
    break_date: formatDate(p.break_date),
    rent_review_clause: p.rent_review_clause ?? '',
    break_clause: p.break_clause ?? '',
    ...terms.leaseTermsFrom(p),
    ...(newLease ? emptyLease() : {}),
  };
};

/** A lease with nothing in it: a new letting's new lease. */
const emptyLease = (): Partial<DealFormValues> => {
  const { prev_rent_pa, prev_rent_sqft, rent_pa, rent_sqft, incentive, rent_review_clause, break_clause } =
    emptyDealForm();
  const dates = { lease_start_date: '', lease_end_date: '', next_review_date: '', break_date: '' };
  return {
    prev_rent_pa,
    prev_rent_sqft,
    rent_pa,
    rent_sqft,
    incentive,
    rent_review_clause,
    break_clause,
    ...dates,
    ...terms.emptyLeaseTerms(),
  };
};

/** A letting's new tenant given by the caller (a completed enquiry's company). */
export const withNewTenant = (v: DealFormValues, tenant: CompanyRef | null): DealFormValues =>
  tenant ? { ...v, tenant } : v;

type LandlordSide = Pick<
  DealFormValues,
  'landlords' | 'landlord_contacts' | 'landlord_agents' | 'landlord_agent_contacts'
>;
/** A sale's Vendor column: the landlord side as it stands. */
const vendorOf = (l: LandlordSide) => ({
  prev_landlords: l.landlords,
  prev_landlord_contacts: l.landlord_contacts,
  prev_landlord_agents: l.landlord_agents,
  prev_landlord_agent_contacts: l.landlord_agent_contacts,
});

/**
 * A sale of a whole scheme, on loading it (GET /api/schemes/{id}): its address and own fields,
 * its landlord lists as the Vendor's (the Purchasor column starts empty); currency = the user's,
 * else GBP (a scheme stores none).
 */
export const fillFromScheme = (s: Scheme, userCurrency?: string | null): DealFormValues => ({
  ...emptyDealForm(userCurrency),
  address: addressOf(s.address),
  scheme: {
    name: s.name,
    type: s.type,
    opened: s.opened_at === null ? '' : String(s.opened_at),
    car_spaces: s.car_spaces === null ? '' : String(s.car_spaces),
    is_under_construction: s.is_under_construction,
  },
  ...vendorOf({
    landlords: s.landlords ?? [],
    landlord_contacts: (s.landlord_contacts ?? []) as ContactRef[],
    landlord_agents: s.landlord_agents ?? [],
    landlord_agent_contacts: (s.landlord_agent_contacts ?? []) as ContactRef[],
  }),
});

/**
 * Spec B §4, before submit: a previous rent with no new rent means the rent did not change, so
 * the new rent is the previous one (the same for rent per sqft — only when the rent did not change
 * and the old figure still agrees with rent ÷ the NIA of step 2: otherwise the server works it out,
 * ADR 0079).
 */
export const copyRent = (v: DealFormValues): DealFormValues => {
  const rent_pa = v.rent_pa ?? v.prev_rent_pa;
  const nia = v.areas.ticked.includes('nia_sqrt') ? (v.areas.values.nia_sqrt ?? null) : null;
  const keepOld =
    v.rent_pa === null && rentSqftConsistent(v.prev_rent_sqft, rent_pa, nia, v.areas.area_size_type);
  return { ...v, rent_pa, rent_sqft: v.rent_sqft ?? (keepOld ? v.prev_rent_sqft : null) };
};

const text = (s: string) => (s.trim() ? s.trim() : undefined);
const ids = (list: { id: number }[]) => (list.length ? list.map((r) => r.id) : undefined);
const defined = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** The address update the wizard's step 2 sends with the deal (spec B §3: country, unit, street …). */
const addressPart = (v: DealFormValues) =>
  defined({
    country: v.address.country || DEFAULT_COUNTRY,
    unit: text(v.building_num),
    street: text(v.address.street),
    street2: text(v.address.street2),
    city: text(v.address.city),
    region: text(v.address.region),
    post_code: text(v.address.post_code),
    latitude: v.address.latitude ?? undefined,
    longitude: v.address.longitude ?? undefined,
  });

const previousTenant = (v: DealFormValues) => ({
  prev_tenant_agents: ids(v.prev_tenant_agents),
  prev_tenant_agent_contacts: ids(v.prev_tenant_agent_contacts),
  prev_tenant_contacts: ids(v.prev_tenant_contacts),
});

/** The typed text of a number field as a number (the schema names a bad one). */
const num = (s: string) => (s.trim() ? Number(s.trim()) : undefined);

/** A scheme sale's update of the scheme (spec B §3 "Scheme update payload"). */
const schemeUpdate = (v: DealFormValues) => {
  const { unit: _unit, latitude: _lat, longitude: _lng, ...address } = addressPart(v);
  return defined({
    name: v.scheme.name.trim(),
    type: v.scheme.type || undefined,
    opened: num(v.scheme.opened),
    car_spaces: num(v.scheme.car_spaces),
    is_under_construction: v.scheme.is_under_construction,
    address,
    // The purchaser's lists become the scheme's landlords.
    landlords: ids(v.landlords),
    landlord_contacts: ids(v.landlord_contacts),
    landlord_agents: ids(v.landlord_agents),
    landlord_agent_contacts: ids(v.landlord_agent_contacts),
  });
};

/** The fields each deal type sends besides the common ones (spec B §3). */
const EXTRA: Record<WizardDealType, (v: DealFormValues, place: DealPlace) => object> = {
  rent_review: (v) => ({
    effective_date: parseTypedDate(v.effective_date) ?? undefined,
    prev_rent_pa: v.prev_rent_pa ?? undefined,
    prev_rent_sqft: v.prev_rent_sqft ?? undefined,
  }),
  lease_renewal: (v) => ({
    effective_date: parseTypedDate(v.effective_date) ?? undefined,
    prev_rent_pa: v.prev_rent_pa ?? undefined,
    prev_rent_sqft: v.prev_rent_sqft ?? undefined,
  }),
  tracked_retailer: (v) => ({
    // Sent even when empty so that the server names the missing date (Finish is disabled anyway).
    effective_date: parseTypedDate(v.effective_date) ?? '',
    prev_tenant_id: v.prev_tenant?.id,
    prev_legal_tenant_id: v.prev_legal_tenant?.id,
    ...previousTenant(v),
  }),
  subletting: (v) => ({
    effective_date: parseTypedDate(v.effective_date) ?? undefined,
    prev_tenant_id: v.prev_tenant?.id,
    prev_legal_tenant_id: v.prev_legal_tenant?.id,
    ...previousTenant(v),
  }),
  // New letting names the legal tenants tenant_legal_id / prev_tenant_legal_id (spec B §3).
  new_letting: (v) => ({
    effective_date: parseTypedDate(v.effective_date) ?? undefined,
    legal_tenant_id: undefined,
    tenant_legal_id: v.legal_tenant?.id,
    prev_tenant_id: v.prev_tenant?.id,
    prev_tenant_legal_id: v.prev_legal_tenant?.id,
    ...previousTenant(v),
  }),
  sale: (v, place) => ({
    effective_date: parseTypedDate(v.effective_date) ?? undefined,
    sale_type: v.sale_type || undefined,
    sale_price: v.price_paid ?? undefined,
    prev_landlords: ids(v.prev_landlords),
    prev_landlord_contacts: ids(v.prev_landlord_contacts),
    prev_landlord_agents: ids(v.prev_landlord_agents),
    prev_landlord_agent_contacts: ids(v.prev_landlord_agent_contacts),
    ...(place.kind === 'scheme' ? { scheme_id: place.id, scheme: schemeUpdate(v) } : {}),
  }),
};
export type WizardDealType = DealType;

/**
 * The POST /api/deals body of a wizard: spec B §3's fields of its type with empty values and
 * empty lists left out, plus the address and areas of step 2 so that the submit is one call. The
 * rent-copy rule applies first (and a sub-letting's tenant copy rule); a sale then drops what
 * spec B §4 clears: the tenancy unless a property is sold with it, the property's planning,
 * address and areas for a scheme (whose address goes in the scheme update), and the scheme's
 * fields for a property (they are only built for a scheme).
 */
export const toDealPayload = (type: WizardDealType, place: DealPlace, values: DealFormValues): DealCreate => {
  const v = type === 'subletting' ? copyTenantSide(copyRent(values)) : copyRent(values);
  const body: Record<string, unknown> = {
    deal_type: type,
    property_id: place.kind === 'property' ? place.id : undefined,
    reason: text(v.reason),
    tenant_id: v.tenant?.id,
    legal_tenant_id: v.legal_tenant?.id,
    landlords: ids(v.landlords),
    landlord_contacts: ids(v.landlord_contacts),
    landlord_agents: ids(v.landlord_agents),
    landlord_agent_contacts: ids(v.landlord_agent_contacts),
    tenant_agents: ids(v.tenant_agents),
    tenant_agent_contacts: ids(v.tenant_agent_contacts),
    tenant_contacts: ids(v.tenant_contacts),
    lease_start_date: parseTypedDate(v.lease_start_date) ?? undefined,
    lease_end_date: parseTypedDate(v.lease_end_date) ?? undefined,
    rent_review_clause: text(v.rent_review_clause),
    next_review_date: parseTypedDate(v.next_review_date) ?? undefined,
    break_clause: text(v.break_clause),
    break_date: parseTypedDate(v.break_date) ?? undefined,
    ...terms.leaseTermsPayload(v),
    rent_pa: v.rent_pa ?? undefined,
    rent_sqft: v.rent_sqft ?? undefined,
    rateable_value: v.rateable_value ?? undefined,
    service_charge: v.service_charge ?? undefined,
    incentive: text(v.incentive),
    currency: v.currency || undefined,
    planning: text(v.planning),
    links: v.links.length ? v.links : undefined,
    ...EXTRA[type](v, place),
    address: addressPart(v),
    areas: areasPayload(v.areas),
  };
  if (type === 'sale') {
    if (!saleWithTenancy(place.kind, v.sale_type)) for (const k of SALE_TENANCY_KEYS) delete body[k];
    if (place.kind === 'scheme') for (const k of ['planning', 'address', 'areas']) delete body[k];
  }
  return defined(body) as DealCreate;
};

/** The typed dates must be real days before anything is sent. */
export const dateErrors = (v: DealFormValues): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const f of DEAL_DATE_FIELDS)
    if (!isValidDateText(v[f])) out[f] = 'The date must be a valid date (dd/mm/yyyy).';
  return out;
};

/** A server 422 key (or a schema issue path) → the wizard's field. */
export const dealFieldOf = (key: string): string => {
  if (key.startsWith('scheme.')) {
    const rest = key.slice('scheme.'.length);
    const [field] = rest.split('.');
    if (field === 'address') return dealFieldOf(rest);
    if (field === 'opened_at') return 'scheme.opened';
    if (field === 'under_construction') return 'scheme.is_under_construction';
    if (field?.startsWith('landlord')) return field;
    return `scheme.${field}`;
  }
  const [head, second] = key.split('.');
  if (head === 'sale_price') return 'price_paid';
  if (head === 'scheme_id') return 'scheme';
  if (head === 'tenant_id') return 'tenant';
  if (head === 'legal_tenant_id' || head === 'tenant_legal_id') return 'legal_tenant';
  if (head === 'prev_tenant_id') return 'prev_tenant';
  if (head === 'prev_legal_tenant_id' || head === 'prev_tenant_legal_id') return 'prev_legal_tenant';
  if (head === 'address') return second === 'unit' ? 'building_num' : `address.${second ?? 'street'}`;
  if (head === 'areas') return `areas.${second ?? 'area_size_type'}`;
  return head ?? key;
};
