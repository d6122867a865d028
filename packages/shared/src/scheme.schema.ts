import { z } from 'zod';
import { pageQuerySchema, idSchema } from './api.schema';
import {
  addressInputSchema,
  addressSchema,
  countryField,
  latitudeField,
  longitudeField,
  placeText,
} from './address.schema';
import { archivedFilterSchema, archiveReadShape } from './archive';
import { REASONS, SCHEME_TYPES } from './enums';
import {
  idListSchema,
  partyCompanySchema,
  partyContactSchema,
  SCHEME_PARTY_LIST_NAMES,
  verifiableCompanyRefSchema,
  type SchemePartyList,
} from './property.schema';

export const SCHEME_MESSAGES = {
  nameRequired: 'The scheme name field is required.',
  typeRequired: 'The type field is required.',
  typeInvalid: 'The type must be Leisure, Out of town or Shopping centres.',
  openedYear: 'Opened must be a four-digit year.',
  carSpaces: 'Car spaces must be a whole number of at least 0.',
} as const;

/** The years "Opened" accepts (spec B §5: a 4-digit year). */
export const SCHEME_OPENED_MIN = 1800;
export const SCHEME_OPENED_MAX = 2200;

/** A unit as listed on its scheme. */
export const schemeUnitSchema = z.object({
  id: z.number().int(),
  building_num: z.string().nullable(),
  /** With the retailer's verification fields, for its indicator. */
  tenant: verifiableCompanyRefSchema.nullable(),
  address: z.object({ full_address: z.string() }),
  lease_end_date: z.string().nullable(),
  rent_pa: z.string().nullable(),
  currency: z.string(),
});
export type SchemeUnit = z.infer<typeof schemeUnitSchema>;

/**
 * A scheme as read (spec B §3): opened is read as opened_at, under_construction as
 * is_under_construction. Relations appear with `include` on lists and always on
 * GET /api/schemes/{id}: address, the four landlord lists, files ([]), properties (its units).
 */
export const schemeSchema = z.object({
  id: z.number().int(),
  entity_type: z.literal('scheme'),
  name: z.string(),
  type: z.string(),
  opened_at: z.number().int().nullable(),
  car_spaces: z.number().int().nullable(),
  is_under_construction: z.boolean(),
  reason: z.string().nullable(),
  address_id: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Single-record reads: the version an edit names in If-Match (ADR 0060). */
  version: z.string().optional(),
  address: addressSchema.optional(),
  landlords: z.array(partyCompanySchema).optional(),
  landlord_contacts: z.array(partyContactSchema).optional(),
  landlord_agents: z.array(partyCompanySchema).optional(),
  landlord_agent_contacts: z.array(partyContactSchema).optional(),
  files: z.array(z.object({ id: z.number().int(), name: z.string(), url: z.string() })).optional(),
  properties: z.array(schemeUnitSchema).optional(),
  properties_count: z.number().int().optional(),
  unverified_history_count: z.number().int().optional(),
  unverified_history_columns: z.array(z.string()).optional(),
  /** Archived (ADR 0078): always on GET /api/schemes/{id}; on lists only with the admins' Archived filter. */
  ...archiveReadShape,
});
export type Scheme = z.infer<typeof schemeSchema>;

/**
 * Relations GET /api/schemes understands. The spec's scheme load also sends `agents` (the
 * landlord agents), `contacts` (both contact lists) and `tenant` (units with their tenant).
 */
export const SCHEME_INCLUDES = [
  'address',
  ...SCHEME_PARTY_LIST_NAMES,
  'agents',
  'contacts',
  'files',
  'properties',
  'tenant',
  'properties_count',
] as const;

const schemeType = z.enum(SCHEME_TYPES, { error: SCHEME_MESSAGES.typeInvalid });
const openedYear = z.preprocess(
  (v) => (v === '' ? null : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: SCHEME_MESSAGES.openedYear })
    .int(SCHEME_MESSAGES.openedYear)
    .min(SCHEME_OPENED_MIN, SCHEME_MESSAGES.openedYear)
    .max(SCHEME_OPENED_MAX, SCHEME_MESSAGES.openedYear)
    .nullable()
    .optional(),
);
const carSpaces = z.preprocess(
  (v) => (v === '' ? null : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: SCHEME_MESSAGES.carSpaces })
    .int(SCHEME_MESSAGES.carSpaces)
    .min(0, SCHEME_MESSAGES.carSpaces)
    .max(1_000_000, SCHEME_MESSAGES.carSpaces)
    .nullable()
    .optional(),
);

const landlordLists = Object.fromEntries(
  SCHEME_PARTY_LIST_NAMES.map((k) => [k, idListSchema.optional()]),
) as Record<SchemePartyList, ReturnType<typeof idListSchema.optional>>;

const schemeName = z
  .string({ error: SCHEME_MESSAGES.nameRequired })
  .trim()
  .min(1, SCHEME_MESSAGES.nameRequired)
  .max(255);

/**
 * POST /api/schemes: name and type required; opened (year; `opened_at` accepted), car_spaces,
 * is_under_construction (`under_construction` accepted), reason, address, the landlord lists.
 */
export const schemeCreateSchema = z.object({
  name: schemeName,
  type: z.enum(SCHEME_TYPES, { error: SCHEME_MESSAGES.typeRequired }),
  opened: openedYear,
  opened_at: openedYear,
  car_spaces: carSpaces,
  is_under_construction: z.boolean().optional(),
  under_construction: z.boolean().optional(),
  reason: z.preprocess((v) => (v === '' ? null : v), z.enum(REASONS).nullable().optional()),
  address: addressInputSchema.prefault({}),
  ...landlordLists,
});
export type SchemeCreate = z.input<typeof schemeCreateSchema>;

/**
 * PUT /api/schemes/{id} (spec B §3): address (country, unit, street, street2, city, post_code,
 * region), name, type, opened, car_spaces, is_under_construction and the four landlord lists.
 * Absent = unchanged. A scheme has no unit number: `address.unit` is accepted and ignored. The
 * Edit Scheme dialog also sends the address's notes and its point (Fill From Map), in the same
 * call and transaction (ADR 0066).
 */
export const schemeUpdateSchema = z.object({
  name: schemeName.optional(),
  type: schemeType.optional(),
  opened: openedYear,
  opened_at: openedYear,
  car_spaces: carSpaces,
  is_under_construction: z.boolean().optional(),
  under_construction: z.boolean().optional(),
  reason: z.preprocess((v) => (v === '' ? null : v), z.enum(REASONS).nullable().optional()),
  address: z
    .object({
      country: countryField.optional(),
      unit: placeText(50),
      street: placeText(255),
      street2: placeText(255),
      city: placeText(120),
      region: placeText(120),
      post_code: placeText(20),
      // Optional in the output too: a scheme sale builds this object without notes.
      notes: placeText(2000).optional(),
      latitude: latitudeField,
      longitude: longitudeField,
    })
    .optional(),
  ...landlordLists,
});
export type SchemeUpdate = z.input<typeof schemeUpdateSchema>;

export const SCHEME_SORTS = [
  'name',
  '-name',
  '-updated_at',
  'updated_at',
  '-created_at',
  'created_at',
  'opened_at',
  '-opened_at',
  'town',
  '-town',
] as const;

/**
 * GET /api/schemes: q (name or address), type ('all' or one scheme type), town, landlord_id,
 * sort, include. An empty q returns a normal page (showing nothing until typed is the client's).
 */
export const schemeListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(200).optional(),
  type: z
    .union([z.literal('all'), schemeType])
    .optional()
    .default('all'),
  town: z.string().trim().max(120).optional(),
  landlord_id: idSchema.optional(),
  /** Admins only (ADR 0078): `only` archived schemes, or `include` them; absent, live ones. */
  archived: archivedFilterSchema,
  sort: z.enum(SCHEME_SORTS).optional().default('name'),
  include: z.string().optional(),
});
export type SchemeListQuery = z.input<typeof schemeListQuerySchema>;
