import type { Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';
import {
  AREA_KEYS,
  DEFAULT_COUNTRY,
  PROPERTY_PARTY_LIST_NAMES,
  defaultCurrency,
  parseTypedDate,
  type PropertyCreate,
  type PropertyPartyList,
  type Scheme,
  type SchemePropertyCreate,
} from '@frontage/shared';
import type { CompanyRef } from '../companies/api';
import type { ContactRef } from '../contacts/api';
import { areasPayload, emptyAreas, type AreasValue } from '../../components/fields/areas';
import { isValidDateText } from '../../components/fields/DateField';
import { flatResolver, payloadIssues } from '../../lib/flatResolver';
import { emptyLeaseTerms, leaseTermsPayload, type LeaseTermsFormValues } from './leaseTerms';

export const DATE_FIELDS = ['lease_start_date', 'lease_end_date', 'next_review_date', 'break_date'] as const;
export type DateFieldName = (typeof DATE_FIELDS)[number];
export const MONEY_FIELDS = ['rent_pa', 'rent_sqft', 'rateable_value', 'service_charge'] as const;
export type MoneyFieldName = (typeof MONEY_FIELDS)[number];

export const COMPANY_LISTS = ['landlords', 'landlord_agents', 'tenant_agents'] as const;
export const CONTACT_LISTS = [
  'landlord_contacts',
  'landlord_agent_contacts',
  'tenant_agent_contacts',
  'tenant_contacts',
] as const;
export type CompanyListName = (typeof COMPANY_LISTS)[number];
export type ContactListName = (typeof CONTACT_LISTS)[number];

export interface AddressFormValues {
  street: string;
  street2: string;
  city: string;
  region: string;
  post_code: string;
  country: string;
  latitude: number | null;
  longitude: number | null;
  /** Free notes about the address (spec B §3); the standalone property form has them. */
  notes?: string;
}

/** The property dialogs' form: pickers hold records (for chips), dates the typed text. */
export type PropertyFormValues = {
  building_num: string;
  address: AddressFormValues;
  tenant: CompanyRef | null;
  legal_tenant: CompanyRef | null;
  areas: AreasValue;
  rent_review_clause: string;
  break_clause: string;
  currency: string;
  incentive: string;
  planning: string;
} & Record<CompanyListName, CompanyRef[]> &
  Record<ContactListName, ContactRef[]> &
  Record<DateFieldName, string> &
  Record<MoneyFieldName, string | null> &
  LeaseTermsFormValues;

export const emptyAddress = (): AddressFormValues => ({
  street: '',
  street2: '',
  city: '',
  region: '',
  post_code: '',
  country: DEFAULT_COUNTRY,
  latitude: null,
  longitude: null,
  notes: '',
});

/** A fresh form; the currency follows the fallback chain (spec B §9: the user's, else GBP). */
export const emptyPropertyForm = (userCurrency?: string | null): PropertyFormValues => ({
  building_num: '',
  address: emptyAddress(),
  tenant: null,
  legal_tenant: null,
  landlords: [],
  landlord_contacts: [],
  landlord_agents: [],
  landlord_agent_contacts: [],
  tenant_agents: [],
  tenant_agent_contacts: [],
  tenant_contacts: [],
  areas: emptyAreas(),
  lease_start_date: '',
  lease_end_date: '',
  next_review_date: '',
  break_date: '',
  rent_review_clause: '',
  break_clause: '',
  ...emptyLeaseTerms(),
  currency: defaultCurrency(null, userCurrency),
  rent_pa: null,
  rent_sqft: null,
  rateable_value: null,
  service_charge: null,
  incentive: '',
  planning: '',
});

/** Client-side checks before a save: dates must be real (the server checks everything again). */
export const clientErrors = (v: PropertyFormValues): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const f of DATE_FIELDS)
    if (!isValidDateText(v[f])) out[f] = 'The date must be a valid date (dd/mm/yyyy).';
  return out;
};

const text = (s: string) => (s.trim() ? s.trim() : undefined);

/** The fields both create payloads share; empty values and empty lists are left out. */
const commonPayload = (v: PropertyFormValues) => {
  const out: Record<string, unknown> = {
    building_num: text(v.building_num),
    company_id: v.tenant?.id,
    legal_tenant_id: v.legal_tenant?.id,
    ...areasPayload(v.areas),
    rent_review_clause: text(v.rent_review_clause),
    break_clause: text(v.break_clause),
    ...leaseTermsPayload(v),
    incentive: text(v.incentive),
    planning: text(v.planning),
    currency: v.currency,
  };
  for (const f of DATE_FIELDS) out[f] = parseTypedDate(v[f]) ?? undefined;
  for (const f of MONEY_FIELDS) out[f] = v[f] ?? undefined;
  for (const list of PROPERTY_PARTY_LIST_NAMES) {
    const ids = (v[list] as { id: number }[]).map((r) => r.id);
    if (ids.length) out[list] = ids;
  }
  return Object.fromEntries(Object.entries(out).filter(([, val]) => val !== undefined));
};

/** POST /api/properties (spec B §3 standalone payload). */
export const toStandalonePayload = (v: PropertyFormValues): PropertyCreate => {
  const a = v.address;
  const address = Object.fromEntries(
    Object.entries({
      street: text(a.street),
      street2: text(a.street2),
      city: text(a.city),
      region: text(a.region),
      post_code: text(a.post_code),
      country: a.country || DEFAULT_COUNTRY,
      latitude: a.latitude ?? undefined,
      longitude: a.longitude ?? undefined,
      notes: text(a.notes ?? ''),
    }).filter(([, val]) => val !== undefined),
  );
  return { ...commonPayload(v), address } as PropertyCreate;
};

/**
 * POST /api/schemes/{id}/properties: the form with dates converted, the currency code and the
 * scheme's landlord id lists (spec B §3). The unit's position is left to the server (the scheme's
 * point with the spec's small offset).
 */
export const toSchemePropertyPayload = (v: PropertyFormValues): SchemePropertyCreate =>
  commonPayload(v) as SchemePropertyCreate;

/** The fields a scheme unit takes from its scheme (read-only in the dialog). */
export const SCHEME_FILLED = [
  'address',
  'landlords',
  'landlord_contacts',
  'landlord_agents',
  'landlord_agent_contacts',
] as const;

/** The scheme's address and landlord lists, copied into the (read-only) scheme dialog fields. */
export const fillFromScheme = (v: PropertyFormValues, s: Scheme): PropertyFormValues => ({
  ...v,
  address: {
    street: s.address?.street ?? '',
    street2: s.address?.street2 ?? '',
    city: s.address?.city ?? '',
    region: s.address?.region ?? '',
    post_code: s.address?.post_code ?? '',
    country: s.address?.country ?? DEFAULT_COUNTRY,
    latitude: s.address?.lat ?? null,
    longitude: s.address?.lng ?? null,
  },
  landlords: s.landlords ?? [],
  landlord_contacts: (s.landlord_contacts ?? []) as ContactRef[],
  landlord_agents: s.landlord_agents ?? [],
  landlord_agent_contacts: (s.landlord_agent_contacts ?? []) as ContactRef[],
});

/**
 * A server 422 key (or a shared-schema issue path) → the form's field: `company_id` is the Tenant
 * picker, `landlords.0` the Landlords list, `address.street` the Street field, an area key its
 * box in the Areas block.
 */
export const fieldOfErrorKey = (key: string): string => {
  if (key === 'company_id' || key === 'tenant_id') return 'tenant';
  if (key === 'legal_tenant_id') return 'legal_tenant';
  const [head, second] = key.split('.');
  if (head === 'address' && second)
    return `address.${second === 'latitude' || second === 'longitude' ? 'street' : second}`;
  if (head && (PROPERTY_PARTY_LIST_NAMES as string[]).includes(head)) return head as PropertyPartyList;
  if (head === 'area_size_type' || (AREA_KEYS as readonly string[]).includes(head ?? ''))
    return `areas.${head}`;
  return head ?? key;
};

/**
 * The property forms' validation: the typed dates must be real days, then the payload the form
 * would send must pass the shared zod schema the server checks it with (its issues land on the
 * fields through fieldOfErrorKey).
 */
export const propertyResolver = (
  schema: ZodType,
  toPayload: (v: PropertyFormValues) => unknown,
): Resolver<PropertyFormValues> =>
  flatResolver((values) => {
    const errors = clientErrors(values);
    return Object.keys(errors).length ? errors : payloadIssues(schema, toPayload(values), fieldOfErrorKey);
  });

/** The success notice of a create, like Company "…" created.: the unit and street it was saved as. */
export const propertyCreatedMessage = (v: PropertyFormValues): string => {
  const label = [v.building_num, v.address.street, v.address.city].map((x) => x?.trim()).filter(Boolean);
  return label.length ? `Property "${label.join(', ')}" created.` : 'Property created.';
};
