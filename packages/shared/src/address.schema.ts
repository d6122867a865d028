import { z } from 'zod';
import { countryOf, DEFAULT_COUNTRY } from './countries';

export const ADDRESS_MESSAGES = {
  countryUnknown: 'The selected country is invalid.',
  latitude: 'The latitude must be a number between -90 and 90.',
  longitude: 'The longitude must be a number between -180 and 180.',
  coordinatesPair: 'Latitude and longitude must be given together.',
} as const;

/** An address as read (spec B §3): `full_address` is built by the database from the parts. */
export const addressSchema = z.object({
  id: z.number().int(),
  street: z.string().nullable(),
  street2: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  post_code: z.string().nullable(),
  country: z.string(),
  notes: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  full_address: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

/** Optional free text: trimmed; '' and null both mean "no value"; absent = unchanged. */
export const placeText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

/** A country name from COUNTRIES (a two-letter code is accepted and stored as the name). */
export const countryField = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const c = countryOf(v);
    if (!c) {
      ctx.addIssue({ code: 'custom', message: ADDRESS_MESSAGES.countryUnknown });
      return z.NEVER;
    }
    return c.name;
  });

const coord = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (v === '' ? null : typeof v === 'string' ? Number(v) : v),
    z.number({ error: message }).min(min, message).max(max, message).nullable().optional(),
  );
export const latitudeField = coord(-90, 90, ADDRESS_MESSAGES.latitude);
export const longitudeField = coord(-180, 180, ADDRESS_MESSAGES.longitude);

/**
 * The address object of a create payload (spec B §3): street, street2, city, region, post_code,
 * country (a name from the list, default United Kingdom), notes, latitude, longitude.
 */
export const addressInputSchema = z.object({
  street: placeText(255),
  street2: placeText(255),
  city: placeText(120),
  region: placeText(120),
  post_code: placeText(20),
  country: countryField.optional().default(DEFAULT_COUNTRY),
  notes: placeText(2000),
  latitude: latitudeField,
  longitude: longitudeField,
});
export type AddressInput = z.input<typeof addressInputSchema>;
export type AddressInputParsed = z.output<typeof addressInputSchema>;

/**
 * PUT /api/addresses/{id} (spec B §7, sent after every deal): country, unit, street, street2,
 * city, post_code; region, notes, latitude and longitude are accepted too. Absent fields are left
 * alone. `unit` is not part of an address: it updates the `building_num` of every property that
 * uses this address (a deal's address step edits the unit together with the street).
 */
export const addressUpdateSchema = z.object({
  country: countryField.optional(),
  unit: placeText(50),
  street: placeText(255),
  street2: placeText(255),
  city: placeText(120),
  region: placeText(120),
  post_code: placeText(20),
  notes: placeText(2000),
  latitude: latitudeField,
  longitude: longitudeField,
});
export type AddressUpdate = z.input<typeof addressUpdateSchema>;

/** The fields of an address that history and updates track, in display order. */
export const ADDRESS_FIELDS = [
  'street',
  'street2',
  'city',
  'region',
  'post_code',
  'country',
  'notes',
  'lat',
  'lng',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/**
 * A property saved without an address: no street, no post code and no town —
 * it could not be found by its address or placed by it. The server accepts it (spec B: no required
 * fields); the New and Edit Property dialogs ask first (ADDRESSLESS_QUESTION).
 */
export const addressIsMissing = (a: {
  street?: string | null;
  post_code?: string | null;
  city?: string | null;
}): boolean => ![a.street, a.post_code, a.city].some((v) => (v ?? '').trim() !== '');

export const ADDRESSLESS_QUESTION = {
  title: 'Save a property without an address?',
  message:
    'It has no street, post code or town, so nobody will find it by its address or see it placed on the map.',
  confirmLabel: 'Save anyway',
  cancelLabel: 'Cancel',
} as const;
