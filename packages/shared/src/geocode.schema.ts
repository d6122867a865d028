import { z } from 'zod';

/** GET /api/geocode/reverse?lat=&lng= */
export const geocodeReverseQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
});
export type GeocodeReverseQuery = z.input<typeof geocodeReverseQuerySchema>;

/** GET /api/geocode/search?q= (the place-search autofill box). */
export const geocodeSearchQuerySchema = z.object({
  q: z.string().trim().min(2).max(200),
  limit: z.coerce.number().int().min(1).max(10).default(5),
});
export type GeocodeSearchQuery = z.input<typeof geocodeSearchQuerySchema>;

/**
 * One geocoder answer in the address picker's terms (spec B §2): line1 = street, state = region,
 * zip = post code. The picker allows "Select Address" only when line1, city, state and zip are all
 * present; a town-only answer has line1 and zip null. `label` is a one-line display text.
 */
export const geocodeCandidateSchema = z.object({
  line1: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  country: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  label: z.string(),
});
export type GeocodeCandidate = z.infer<typeof geocodeCandidateSchema>;

/** Reverse: one candidate, or null ('Invalid Location': sea, abroad, or the geocoder failed). */
export const geocodeReverseResponseSchema = z.object({ data: geocodeCandidateSchema.nullable() });
export const geocodeSearchResponseSchema = z.object({ data: z.array(geocodeCandidateSchema) });

/** True when the picker may select this address (spec B §2). */
export const isSelectableAddress = (c: GeocodeCandidate | null | undefined): boolean =>
  !!c && !!c.line1 && !!c.city && !!c.state && !!c.zip;
