import { z } from 'zod';
import { pageQuerySchema } from './api.schema';
import { ENQUIRY_STAGES } from './enums';
import { verifiableCompanyRefSchema } from './property.schema';

/*
 * Matching (ADR 0053): for an enquiry, the units that fit it —
 * GET /api/enquiries/{id}/matches — and for a property, the live enquiries it would satisfy —
 * GET /api/properties/{id}/enquiry-matches. Areas are in sq ft (a unit measured in sq m is
 * converted), rents are 2-decimal strings.
 */

/** The area a size range is compared with: NIA (default), ITZA or the ground floor. */
export const MATCH_MEASURES = ['nia_sqrt', 'itza_area', 'ground_floor_area'] as const;
export type MatchMeasure = (typeof MATCH_MEASURES)[number];
export const MATCH_MEASURE_LABELS: Readonly<Record<MatchMeasure, string>> = {
  nia_sqrt: 'NIA',
  itza_area: 'ITZA',
  ground_floor_area: 'Ground',
};

/** Where the units are looked for: the enquiry's scheme, its town, or around its place. */
export const MATCH_SCOPES = ['scheme', 'town', 'radius'] as const;
export type MatchScope = (typeof MATCH_SCOPES)[number];
export const MATCH_SCOPE_LABELS: Readonly<Record<MatchScope, string>> = {
  scheme: 'Scheme',
  town: 'Town',
  radius: 'Radius',
};

export const MATCH_RADIUS_MIN = 0.1;
export const MATCH_RADIUS_MAX = 25;
export const MATCH_RADIUS_DEFAULT = 1;
export const MATCH_PER_PAGE_DEFAULT = 25;
/** A unit is "available" when vacant or its lease ends / it can be broken within this many months. */
export const MATCH_WINDOW_MONTHS = 12;

export const MATCH_MESSAGES = {
  noScheme: 'This enquiry is not on a scheme.',
  noTown: 'The enquiry’s place has no town.',
  noPosition: 'The enquiry’s place has no map position.',
  radius: `The radius must be between ${MATCH_RADIUS_MIN} and ${MATCH_RADIUS_MAX} miles.`,
} as const;

const radiusSchema = z.coerce
  .number({ error: MATCH_MESSAGES.radius })
  .min(MATCH_RADIUS_MIN, { error: MATCH_MESSAGES.radius })
  .max(MATCH_RADIUS_MAX, { error: MATCH_MESSAGES.radius });

/**
 * GET /api/enquiries/{id}/matches. `scope` defaults from the enquiry: a scheme enquiry looks in
 * its scheme, an enquiry on a property in its town.
 */
export const enquiryMatchQuerySchema = pageQuerySchema.extend({
  per_page: pageQuerySchema.shape.per_page.default(MATCH_PER_PAGE_DEFAULT),
  scope: z.enum(MATCH_SCOPES).optional(),
  radius_miles: radiusSchema.default(MATCH_RADIUS_DEFAULT),
  measure: z.enum(MATCH_MEASURES).default('nia_sqrt'),
});
export type EnquiryMatchQuery = z.input<typeof enquiryMatchQuerySchema>;
export type EnquiryMatchQueryParsed = z.output<typeof enquiryMatchQuerySchema>;

const ref = z.object({ id: z.number().int(), name: z.string() });

/** One unit that fits an enquiry (the web links it to /properties?id=). */
export const enquiryMatchSchema = z.object({
  id: z.number().int(),
  building_num: z.string().nullable(),
  full_address: z.string().nullable(),
  town: z.string().nullable(),
  scheme: ref.nullable(),
  /** The unit's area on the chosen measure, in sq ft. */
  area: z.number().nullable(),
  rent_pa: z.string().nullable(),
  currency: z.string(),
  /** With the retailer's verification fields, for its indicator. */
  tenant: verifiableCompanyRefSchema.nullable(),
  vacant: z.boolean(),
  lease_end_date: z.string().nullable(),
  break_date: z.string().nullable(),
  /** Miles from the enquiry's place (radius scope only). */
  distance_miles: z.number().nullable(),
});
export type EnquiryMatch = z.infer<typeof enquiryMatchSchema>;

/** What the matches were computed over (the defaults resolved). */
export const enquiryMatchMetaSchema = z.object({
  scope: z.enum(MATCH_SCOPES),
  measure: z.enum(MATCH_MEASURES),
  radius_miles: z.number().nullable(),
});

/** GET /api/properties/{id}/enquiry-matches: newest first. */
export const propertyEnquiryMatchQuerySchema = pageQuerySchema.extend({
  per_page: pageQuerySchema.shape.per_page.default(MATCH_PER_PAGE_DEFAULT),
  measure: z.enum(MATCH_MEASURES).default('nia_sqrt'),
});
export type PropertyEnquiryMatchQuery = z.input<typeof propertyEnquiryMatchQuerySchema>;

/** One live enquiry a property would satisfy. */
export const propertyEnquiryMatchSchema = z.object({
  id: z.number().int(),
  company: ref.nullable(),
  contact: ref.nullable(),
  stage: z.enum(ENQUIRY_STAGES),
  size_from: z.number().nullable(),
  size_to: z.number().nullable(),
  rent_from: z.string().nullable(),
  rent_to: z.string().nullable(),
  received_at: z.string(),
  /** What the enquiry is on: the property's label (number and address) or the scheme's name. */
  subject: z.string(),
});
export type PropertyEnquiryMatch = z.infer<typeof propertyEnquiryMatchSchema>;
