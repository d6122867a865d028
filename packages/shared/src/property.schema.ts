import { z } from 'zod';
import { ID_MAX, idSchema, pageQuerySchema } from './api.schema';
import {
  addressInputSchema,
  addressSchema,
  addressUpdateSchema,
  latitudeField,
  longitudeField,
  placeText,
} from './address.schema';
import { archivedFilterSchema, archiveReadShape } from './archive';
import { AREA_KEYS, AREA_SIZE_TYPES, areaBoundIssues, areaValueSchema, type AreaKey } from './areas';
import { CURRENCY_CODES } from './currencies';
import { isoDateSchema, optionalIsoDateSchema } from './dates';
import { REASONS } from './enums';
import { leaseTermsInputShape, leaseTermsReadShape } from './lease.schema';
import { optionalMoneySchema } from './money';
import { PAGE_SIZE_SEARCH } from './constants';

/* ───────────────────────────── parties ───────────────────────────── */

/** A company as a party of a property, scheme or deal (spec B §3 "Company"). */
export const partyCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  core_id: z.string().nullable(),
  is_verified: z.boolean(),
  verified_at: z.string().nullable(),
});
export type PartyCompany = z.infer<typeof partyCompanySchema>;

/** A contact as a party (spec B §3 "Contact": id, name, company_id, company). */
export const partyContactSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  company_id: z.number().int().nullable(),
  company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type PartyContact = z.infer<typeof partyContactSchema>;

/**
 * The party lists of a property. Company lists hold company ids, contact lists user ids; `role`
 * is the row's role in property_parties / scheme_parties.
 */
export const PROPERTY_PARTY_LISTS = {
  landlords: { role: 'landlord', kind: 'company' },
  landlord_contacts: { role: 'landlord_contact', kind: 'user' },
  landlord_agents: { role: 'landlord_agent', kind: 'company' },
  landlord_agent_contacts: { role: 'landlord_agent_contact', kind: 'user' },
  tenant_agents: { role: 'tenant_agent', kind: 'company' },
  tenant_agent_contacts: { role: 'tenant_agent_contact', kind: 'user' },
  tenant_contacts: { role: 'tenant_contact', kind: 'user' },
} as const;
export type PropertyPartyList = keyof typeof PROPERTY_PARTY_LISTS;
export const PROPERTY_PARTY_LIST_NAMES = Object.keys(PROPERTY_PARTY_LISTS) as PropertyPartyList[];

/** A scheme carries the four landlord-side lists; its units inherit them by default. */
export const SCHEME_PARTY_LIST_NAMES = [
  'landlords',
  'landlord_contacts',
  'landlord_agents',
  'landlord_agent_contacts',
] as const satisfies readonly PropertyPartyList[];
export type SchemePartyList = (typeof SCHEME_PARTY_LIST_NAMES)[number];

export const PROPERTY_MESSAGES = {
  partyMissing: 'The selected party does not exist.',
  companyMissing: 'The selected company is invalid.',
  contactMissing: 'The selected contact is invalid.',
  schemeMissing: 'The selected scheme is invalid.',
  currencyUnknown: 'The currency must be an ISO 4217 code, e.g. GBP.',
  reasonUnknown: 'The selected reason is invalid.',
  areaSizeType: 'The area unit must be sqft or sqm.',
  filterDateOrder: 'The end of the range must not be before its start.',
} as const;

/** A list of ids (duplicates are dropped by the server, order kept). */
export const idListSchema = z.array(idSchema).max(200);
const optionalIdList = idListSchema.optional();
const optionalId = z.preprocess((v) => (v === '' ? null : v), idSchema.nullable().optional());

export const currencyCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((c) => CURRENCY_CODES.includes(c), PROPERTY_MESSAGES.currencyUnknown);

/* ─────────────────────────── property read ────────────────────────── */

const money = z.string().nullable();
const areaRead = z.number().nullable();
const day = z.string().nullable();

export const propertyAreasShape = Object.fromEntries(AREA_KEYS.map((k) => [k, areaRead])) as Record<
  AreaKey,
  typeof areaRead
>;

/** The slim scheme carried by a property ("scheme name"). */
export const schemeRefSchema = z.object({ id: z.number().int(), name: z.string(), type: z.string() });
export const companyRefSchema = z.object({ id: z.number().int(), name: z.string() });
/** A company with its verification fields, for the retailer indicator beside its name. */
export const verifiableCompanyRefSchema = companyRefSchema.extend({
  is_verified: z.boolean().optional(),
  verified_at: z.string().nullable().optional(),
});

/**
 * A property as read (spec B §3). The columns are always present; relations appear with
 * `include` on lists and always on GET /api/properties/{id}: address, scheme, tenant,
 * legal_tenant, the seven party lists, files (none yet: []), unverified_history_count,
 * unverified_history_columns (fields with unverified changes), import_property (null) and
 * is_subscription_exists (false).
 */
export const propertySchema = z.object({
  id: z.number().int(),
  entity_type: z.literal('property'),
  building_num: z.string().nullable(),
  planning: z.string().nullable(),
  reason: z.string().nullable(),
  address_id: z.number().int(),
  scheme_id: z.number().int().nullable(),
  tenant_id: z.number().int().nullable(),
  legal_tenant_id: z.number().int().nullable(),
  currency: z.string(),
  rent_pa: money,
  rent_sqft: money,
  rateable_value: money,
  service_charge: money,
  incentive: z.string().nullable(),
  lease_start_date: day,
  lease_end_date: day,
  next_review_date: day,
  rent_review_clause: z.string().nullable(),
  break_date: day,
  break_clause: z.string().nullable(),
  ...leaseTermsReadShape,
  area_size_type: z.enum(AREA_SIZE_TYPES),
  ...propertyAreasShape,
  created_at: z.string(),
  updated_at: z.string(),
  /** Single-record reads: the version an edit names in If-Match (ADR 0060). */
  version: z.string().optional(),
  address: addressSchema.optional(),
  scheme: schemeRefSchema.nullable().optional(),
  tenant: partyCompanySchema.nullable().optional(),
  legal_tenant: partyCompanySchema.nullable().optional(),
  landlords: z.array(partyCompanySchema).optional(),
  landlord_contacts: z.array(partyContactSchema).optional(),
  landlord_agents: z.array(partyCompanySchema).optional(),
  landlord_agent_contacts: z.array(partyContactSchema).optional(),
  tenant_agents: z.array(partyCompanySchema).optional(),
  tenant_agent_contacts: z.array(partyContactSchema).optional(),
  tenant_contacts: z.array(partyContactSchema).optional(),
  files: z.array(z.object({ id: z.number().int(), name: z.string(), url: z.string() })).optional(),
  unverified_history_count: z.number().int().optional(),
  unverified_history_columns: z.array(z.string()).optional(),
  import_property: z.null().optional(),
  is_subscription_exists: z.boolean().optional(),
  /** Archived (ADR 0078): always on GET /api/properties/{id}; on lists only with the admins' Archived filter. */
  ...archiveReadShape,
});
export type Property = z.infer<typeof propertySchema>;

/** Relations GET /api/properties understands in `include` (others are ignored). */
export const PROPERTY_INCLUDES = [
  'address',
  'scheme',
  'tenant',
  'legal_tenant',
  ...PROPERTY_PARTY_LIST_NAMES,
  'files',
  'unverified_history_count',
  'unverified_history_columns',
  'import_property',
  'is_subscription_exists',
] as const;

/** A row of GET /api/properties/simple (the typeahead): just enough to pick a unit. */
export const propertySimpleSchema = z.object({
  id: z.number().int(),
  building_num: z.string().nullable(),
  scheme_id: z.number().int().nullable(),
  scheme: companyRefSchema.nullable(),
  /** With the retailer's verification fields, for its indicator in the typeahead. */
  tenant: verifiableCompanyRefSchema.nullable(),
  address: z.object({ full_address: z.string() }),
});
export type PropertySimple = z.infer<typeof propertySimpleSchema>;

/* ─────────────────────────── payloads ────────────────────────── */

const areaInput = z.preprocess((v) => (v === '' ? null : v), areaValueSchema.nullable().optional());
const areaInputs = Object.fromEntries(AREA_KEYS.map((k) => [k, areaInput])) as Record<
  AreaKey,
  typeof areaInput
>;

const partyLists = Object.fromEntries(PROPERTY_PARTY_LIST_NAMES.map((k) => [k, optionalIdList])) as Record<
  PropertyPartyList,
  typeof optionalIdList
>;

/** Fields a property payload may carry, shared by create (both kinds) and update. */
const propertyFields = {
  building_num: placeText(50),
  planning: placeText(255),
  reason: z.preprocess(
    (v) => (v === '' ? null : v),
    z.enum(REASONS, { error: PROPERTY_MESSAGES.reasonUnknown }).nullable().optional(),
  ),
  /** The tenant (trading name). The spec sends it as company_id; tenant_id is accepted too. */
  company_id: optionalId,
  tenant_id: optionalId,
  legal_tenant_id: optionalId,
  currency: currencyCodeSchema.optional(),
  rent_pa: optionalMoneySchema,
  rent_sqft: optionalMoneySchema,
  rateable_value: optionalMoneySchema,
  service_charge: optionalMoneySchema,
  incentive: placeText(1000),
  lease_start_date: optionalIsoDateSchema,
  lease_end_date: optionalIsoDateSchema,
  next_review_date: optionalIsoDateSchema,
  rent_review_clause: placeText(2000),
  break_date: optionalIsoDateSchema,
  break_clause: placeText(2000),
  ...leaseTermsInputShape,
  ...partyLists,
};

/**
 * POST /api/properties — a standalone property (spec B §3): the property fields, the areas
 * (only ticked ones are sent), the seven party lists and the address object. Nothing is required.
 */
export const propertyCreateSchema = z
  .object({
    ...propertyFields,
    area_size_type: z.enum(AREA_SIZE_TYPES, { error: PROPERTY_MESSAGES.areaSizeType }).optional(),
    ...areaInputs,
    address: addressInputSchema.prefault({}),
  })
  .superRefine((b, ctx) => areaBoundIssues(b, ctx));
export type PropertyCreate = z.input<typeof propertyCreateSchema>;

/**
 * POST /api/schemes/{id}/properties — a unit inside a scheme. The address is the scheme's (copied
 * into a new address row); `address.position` ({lat, lng}) places the unit, else the scheme's
 * point is used, offset by up to 0.0002° (spec B §4). The landlord lists default to the scheme's.
 */
export const schemePropertyCreateSchema = z
  .object({
    ...propertyFields,
    area_size_type: z.enum(AREA_SIZE_TYPES, { error: PROPERTY_MESSAGES.areaSizeType }).optional(),
    ...areaInputs,
    address: z
      .object({
        position: z.object({ lat: latitudeField, lng: longitudeField }).nullable().optional(),
      })
      .optional(),
  })
  .superRefine((b, ctx) => areaBoundIssues(b, ctx));
export type SchemePropertyCreate = z.input<typeof schemePropertyCreateSchema>;

/**
 * PUT /api/properties/{id}: any of the property fields and party lists; absent = unchanged,
 * null = cleared. `scheme_id` moves the unit into (or, with null, out of) a scheme. The Edit
 * Property dialog saves in this one call (ADR 0066): `address` carries the property's address
 * fields (absent = unchanged), and the areas follow PUT …/areas' rule when `area_size_type` is
 * sent (every area not sent is cleared); without it, only the areas sent change.
 */
export const propertyUpdateSchema = z
  .object({
    ...propertyFields,
    scheme_id: optionalId,
    area_size_type: z.enum(AREA_SIZE_TYPES, { error: PROPERTY_MESSAGES.areaSizeType }).optional(),
    ...areaInputs,
    address: addressUpdateSchema.omit({ unit: true }).optional(),
  })
  // Without the unit the stored one decides: the service checks the bounds then (ADR 0079).
  .superRefine((b, ctx) => {
    if (b.area_size_type !== undefined) areaBoundIssues(b, ctx);
  });
export type PropertyUpdate = z.input<typeof propertyUpdateSchema>;

/**
 * PUT /api/properties/{id}/areas — area_size_type and the ticked areas (spec B §2/§5). Every area
 * not present in the body is stored as null: unticking an area removes it.
 */
export const propertyAreasSchema = z
  .object({
    area_size_type: z.enum(AREA_SIZE_TYPES, { error: PROPERTY_MESSAGES.areaSizeType }),
    ...areaInputs,
  })
  .superRefine((b, ctx) => areaBoundIssues(b, ctx));
export type PropertyAreas = z.input<typeof propertyAreasSchema>;

/* ─────────────────────────── queries ────────────────────────── */

const boolFlag = z
  .enum(['1', '0', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .optional();

export const PROPERTY_SORTS = [
  '-updated_at',
  'updated_at',
  '-created_at',
  'created_at',
  'lease_end_date',
  '-lease_end_date',
  'rent_pa',
  '-rent_pa',
  'town',
  '-town',
  'street',
  '-street',
  'tenant',
  '-tenant',
  'scheme',
  '-scheme',
] as const;
export type PropertySort = (typeof PROPERTY_SORTS)[number];

/**
 * GET /api/properties — search and filters (town, scheme, tenant, landlord, vacant, lease end
 * between), `mine=1` for My Properties (the user or the user's company holds any party role),
 * sort from the allowlist (default -updated_at), include from PROPERTY_INCLUDES.
 */
export const propertyListQuerySchema = pageQuerySchema
  .extend({
    q: z.string().trim().max(200).optional(),
    town: z.string().trim().max(120).optional(),
    scheme_id: idSchema.optional(),
    tenant_id: idSchema.optional(),
    landlord_id: idSchema.optional(),
    vacant: boolFlag,
    lease_end_from: isoDateSchema.optional(),
    lease_end_to: isoDateSchema.optional(),
    mine: boolFlag,
    /** Admins only (ADR 0078): `only` archived properties, or `include` them; absent, live ones. */
    archived: archivedFilterSchema,
    sort: z.enum(PROPERTY_SORTS).optional().default('-updated_at'),
    include: z.string().optional(),
  })
  .refine((q) => !q.lease_end_from || !q.lease_end_to || q.lease_end_from <= q.lease_end_to, {
    message: PROPERTY_MESSAGES.filterDateOrder,
    path: ['lease_end_to'],
  });
export type PropertyListQuery = z.input<typeof propertyListQuerySchema>;

/** GET /api/properties/simple — the typeahead (spec B §7: per_page 50, type=standalone in sales). */
export const propertySimpleQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(ID_MAX).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE_SEARCH),
  include: z.string().optional(),
  type: z.enum(['standalone', 'scheme', 'all']).optional().default('all'),
  /** Only the units of this scheme (a letting or sub-letting wizard opened on a scheme). */
  scheme_id: z.coerce.number().int().min(1).max(ID_MAX).optional(),
});
export type PropertySimpleQuery = z.input<typeof propertySimpleQuerySchema>;
