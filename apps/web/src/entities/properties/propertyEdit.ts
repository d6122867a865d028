/**
 * The Edit Property form: the create dialogs' form values filled from a stored
 * property, and the PUT /api/properties/{id} payload of what the user changed (ADR 0066).
 */
import {
  ADDRESS_FIELDS,
  AREA_KEYS,
  DEFAULT_COUNTRY,
  PROPERTY_PARTY_LIST_NAMES,
  formatDate,
  parseTypedDate,
  type Property,
  type PropertyUpdate,
} from '@frontage/shared';
import { areasFrom, areasPayload } from '../../components/fields/areas';
import type { ContactRef } from '../contacts/api';
import { leaseTermsChanges, leaseTermsFrom } from './leaseTerms';
import { DATE_FIELDS, MONEY_FIELDS, type PropertyFormValues } from './propertyForm';

const str = (v: string | null | undefined) => v ?? '';

/** The form as the dialog opens it: every field the standalone dialog has, from the record. */
export const formFromProperty = (p: Property): PropertyFormValues => {
  const a = p.address;
  const contacts = (list: Property['landlord_contacts']) => (list ?? []) as ContactRef[];
  return {
    building_num: str(p.building_num),
    address: {
      street: str(a?.street),
      street2: str(a?.street2),
      city: str(a?.city),
      region: str(a?.region),
      post_code: str(a?.post_code),
      country: a?.country ?? DEFAULT_COUNTRY,
      latitude: a?.lat ?? null,
      longitude: a?.lng ?? null,
      notes: str(a?.notes),
    },
    tenant: p.tenant ?? null,
    legal_tenant: p.legal_tenant ?? null,
    landlords: p.landlords ?? [],
    landlord_contacts: contacts(p.landlord_contacts),
    landlord_agents: p.landlord_agents ?? [],
    landlord_agent_contacts: contacts(p.landlord_agent_contacts),
    tenant_agents: p.tenant_agents ?? [],
    tenant_agent_contacts: contacts(p.tenant_agent_contacts),
    tenant_contacts: contacts(p.tenant_contacts),
    areas: areasFrom(p),
    lease_start_date: formatDate(p.lease_start_date),
    lease_end_date: formatDate(p.lease_end_date),
    next_review_date: formatDate(p.next_review_date),
    break_date: formatDate(p.break_date),
    rent_review_clause: str(p.rent_review_clause),
    break_clause: str(p.break_clause),
    ...leaseTermsFrom(p),
    currency: p.currency,
    rent_pa: p.rent_pa,
    rent_sqft: p.rent_sqft,
    rateable_value: p.rateable_value,
    service_charge: p.service_charge,
    incentive: str(p.incentive),
    planning: str(p.planning),
  };
};

/** Trimmed text, '' as null: what a cleared free-text field is sent as. */
const text = (s: string | null | undefined): string | null => s?.trim() || null;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const ids = (list: { id: number }[]) => list.map((r) => r.id);

const FREE_TEXT = ['building_num', 'rent_review_clause', 'break_clause', 'incentive', 'planning'] as const;
const ADDRESS_TEXT = ['street', 'street2', 'city', 'region', 'post_code', 'notes'] as const;

/**
 * PUT /api/properties/{id} with only what differs from `base` (the form as opened): a cleared
 * field is sent as null, a changed party list as its ids, changed areas as the unit and every
 * ticked area (the server clears those not sent), changed address fields under `address` —
 * unless `addressEditable` is false (a scheme unit's address is the scheme's).
 */
export const toUpdatePayload = (
  base: PropertyFormValues,
  v: PropertyFormValues,
  addressEditable: boolean,
): PropertyUpdate => {
  const out: Record<string, unknown> = {};
  for (const f of FREE_TEXT) if (text(base[f]) !== text(v[f])) out[f] = text(v[f]);
  for (const f of DATE_FIELDS) {
    const next = parseTypedDate(v[f]);
    if (parseTypedDate(base[f]) !== next) out[f] = next;
  }
  for (const f of MONEY_FIELDS) if ((base[f] ?? null) !== (v[f] ?? null)) out[f] = v[f] ?? null;
  Object.assign(out, leaseTermsChanges(base, v));
  if (base.currency !== v.currency) out.currency = v.currency;
  if (base.tenant?.id !== v.tenant?.id) out.company_id = v.tenant?.id ?? null;
  if (base.legal_tenant?.id !== v.legal_tenant?.id) out.legal_tenant_id = v.legal_tenant?.id ?? null;
  for (const list of PROPERTY_PARTY_LIST_NAMES) {
    const next = ids(v[list] as { id: number }[]);
    if (!same(ids(base[list] as { id: number }[]), next)) out[list] = next;
  }
  const areas = areasPayload(v.areas);
  if (!same(areasPayload(base.areas), areas)) Object.assign(out, areas);
  if (addressEditable) {
    const a = v.address;
    const was = base.address;
    const address: Record<string, unknown> = {};
    for (const f of ADDRESS_TEXT) if (text(was[f]) !== text(a[f])) address[f] = text(a[f]);
    if (was.country !== a.country) address.country = a.country || DEFAULT_COUNTRY;
    // The point travels as a pair (the server refuses half of one).
    if (was.latitude !== a.latitude || was.longitude !== a.longitude) {
      address.latitude = a.latitude;
      address.longitude = a.longitude;
    }
    if (Object.keys(address).length) out.address = address;
  }
  return out as PropertyUpdate;
};

/**
 * Record columns with unverified history → the form fields that show them: the tenant pickers for
 * tenant_id / legal_tenant_id, the Areas block for the unit and any area, the address fields
 * (their history is the address's, reported by bare name) under `address.`. Columns the dialog
 * has no field for (reason, scheme_id, the point) are left out.
 */
export const unverifiedFieldPaths = (columns: readonly string[] | undefined): Set<string> => {
  const out = new Set<string>();
  for (const c of columns ?? []) {
    if (c === 'tenant_id') out.add('tenant');
    else if (c === 'legal_tenant_id') out.add('legal_tenant');
    else if (c === 'area_size_type' || (AREA_KEYS as readonly string[]).includes(c)) out.add('areas');
    else if ((ADDRESS_FIELDS as readonly string[]).includes(c)) {
      if (c !== 'lat' && c !== 'lng') out.add(`address.${c}`);
    } else if (c !== 'reason' && c !== 'scheme_id') out.add(c);
  }
  return out;
};
