/**
 * The scheme form both the New Scheme page and the Edit Scheme dialog hold: its values, its
 * client checks, its payloads (create; update of what changed, ADR 0066) and its 422 keys.
 */
import type { Resolver } from 'react-hook-form';
import {
  ADDRESS_FIELDS,
  DEFAULT_COUNTRY,
  SCHEME_MESSAGES,
  SCHEME_PARTY_LIST_NAMES,
  schemeCreateSchema,
  schemeUpdateSchema,
  type Scheme,
  type SchemeCreate,
  type SchemeUpdate,
} from '@frontage/shared';
import { flatResolver, payloadIssues } from '../../lib/flatResolver';
import type { CompanyRef } from '../companies/api';
import type { ContactRef } from '../contacts/api';
import { emptyAddress, type AddressFormValues } from '../properties/propertyForm';
import { emptySchemeInfo, type SchemeInfoValues } from './SchemeInfoSection';

export type SchemeFormValues = SchemeInfoValues & {
  address: AddressFormValues;
  landlords: CompanyRef[];
  landlord_contacts: ContactRef[];
  landlord_agents: CompanyRef[];
  landlord_agent_contacts: ContactRef[];
};

export const emptySchemeForm = (): SchemeFormValues => ({
  ...emptySchemeInfo(),
  address: emptyAddress(),
  landlords: [],
  landlord_contacts: [],
  landlord_agents: [],
  landlord_agent_contacts: [],
});

const clientErrors = (v: SchemeFormValues): Record<string, string> => {
  const e: Record<string, string> = {};
  if (!v.name.trim()) e.name = SCHEME_MESSAGES.nameRequired;
  if (!v.type) e.type = SCHEME_MESSAGES.typeRequired;
  if (v.opened && v.opened.length !== 4) e.opened = SCHEME_MESSAGES.openedYear;
  if (v.car_spaces && !/^\d+$/.test(v.car_spaces)) e.car_spaces = SCHEME_MESSAGES.carSpaces;
  return e;
};

/** POST /api/schemes: empty values and empty lists are left out. */
export const toSchemeCreatePayload = (v: SchemeFormValues): SchemeCreate => {
  const t = (s: string) => (s.trim() ? s.trim() : undefined);
  const a = v.address;
  const ids = (list: { id: number }[]) => (list.length ? list.map((x) => x.id) : undefined);
  return {
    name: v.name.trim(),
    type: v.type as SchemeCreate['type'],
    opened: v.opened ? Number(v.opened) : undefined,
    car_spaces: v.car_spaces ? Number(v.car_spaces) : undefined,
    is_under_construction: v.is_under_construction,
    address: {
      street: t(a.street),
      street2: t(a.street2),
      city: t(a.city),
      region: t(a.region),
      post_code: t(a.post_code),
      country: a.country,
      latitude: a.latitude ?? undefined,
      longitude: a.longitude ?? undefined,
    },
    landlords: ids(v.landlords),
    landlord_contacts: ids(v.landlord_contacts),
    landlord_agents: ids(v.landlord_agents),
    landlord_agent_contacts: ids(v.landlord_agent_contacts),
  };
};

/** A server key (or a schema issue path) → the form's field. */
export const schemeFieldOf = (k: string) =>
  k.startsWith('address.') ? k : (k.split('.')[0] ?? k).replace(/^opened_at$/, 'opened');

/** The form's validation: the client checks, then the payload against the shared schema. */
export const schemeResolver = (
  mode: 'create' | 'update',
  toPayload: (v: SchemeFormValues) => unknown,
): Resolver<SchemeFormValues> =>
  flatResolver<SchemeFormValues>((v) => {
    const local = clientErrors(v);
    const schema = mode === 'create' ? schemeCreateSchema : schemeUpdateSchema;
    return Object.keys(local).length ? local : payloadIssues(schema, toPayload(v), schemeFieldOf);
  });

const str = (v: string | null | undefined) => v ?? '';

/** The Edit Scheme form as it opens: every field of the New Scheme page, from the record. */
export const schemeFormFrom = (s: Scheme): SchemeFormValues => ({
  name: s.name,
  type: s.type,
  opened: s.opened_at === null ? '' : String(s.opened_at),
  car_spaces: s.car_spaces === null ? '' : String(s.car_spaces),
  is_under_construction: s.is_under_construction,
  address: {
    street: str(s.address?.street),
    street2: str(s.address?.street2),
    city: str(s.address?.city),
    region: str(s.address?.region),
    post_code: str(s.address?.post_code),
    country: s.address?.country ?? DEFAULT_COUNTRY,
    latitude: s.address?.lat ?? null,
    longitude: s.address?.lng ?? null,
  },
  landlords: s.landlords ?? [],
  landlord_contacts: (s.landlord_contacts ?? []) as ContactRef[],
  landlord_agents: s.landlord_agents ?? [],
  landlord_agent_contacts: (s.landlord_agent_contacts ?? []) as ContactRef[],
});

const text = (s: string | null | undefined): string | null => s?.trim() || null;
const ids = (list: { id: number }[]) => list.map((r) => r.id);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const ADDRESS_TEXT = ['street', 'street2', 'city', 'region', 'post_code'] as const;

/** PUT /api/schemes/{id} with only what differs from `base` (the form as opened); cleared = null. */
export const toSchemeUpdatePayload = (base: SchemeFormValues, v: SchemeFormValues): SchemeUpdate => {
  const out: Record<string, unknown> = {};
  if (base.name.trim() !== v.name.trim()) out.name = v.name.trim();
  if (base.type !== v.type) out.type = v.type;
  if (base.opened !== v.opened) out.opened = v.opened ? Number(v.opened) : null;
  if (base.car_spaces !== v.car_spaces) out.car_spaces = v.car_spaces ? Number(v.car_spaces) : null;
  if (base.is_under_construction !== v.is_under_construction)
    out.is_under_construction = v.is_under_construction;
  for (const list of SCHEME_PARTY_LIST_NAMES) {
    const next = ids(v[list]);
    if (!same(ids(base[list]), next)) out[list] = next;
  }
  const a = v.address;
  const was = base.address;
  const address: Record<string, unknown> = {};
  for (const f of ADDRESS_TEXT) if (text(was[f]) !== text(a[f])) address[f] = text(a[f]);
  if (was.country !== a.country) address.country = a.country || DEFAULT_COUNTRY;
  if (was.latitude !== a.latitude || was.longitude !== a.longitude) {
    address.latitude = a.latitude;
    address.longitude = a.longitude;
  }
  if (Object.keys(address).length) out.address = address;
  return out as SchemeUpdate;
};

/** A scheme's columns with unverified history → its form fields (opened_at is Opened (Year)). */
export const unverifiedSchemeFieldPaths = (columns: readonly string[] | undefined): Set<string> => {
  const out = new Set<string>();
  for (const c of columns ?? []) {
    if (c === 'opened_at') out.add('opened');
    else if ((ADDRESS_FIELDS as readonly string[]).includes(c)) {
      if (c !== 'lat' && c !== 'lng') out.add(`address.${c}`);
    } else if (c !== 'reason') out.add(c);
  }
  return out;
};
