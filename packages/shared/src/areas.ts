import { z } from 'zod';

/** The ten area fields of a property, in the spec's order, with the labels users know (spec B §3). */
export const AREA_FIELDS = [
  { key: 'nia_sqrt', label: 'NIA' },
  { key: 'itza_area', label: 'ITZA' },
  { key: 'mezzanine', label: 'Mezz/FF' },
  { key: 'garden_centre', label: 'GC' },
  { key: 'ground_floor_area', label: 'Ground' },
  { key: 'first_floor_area', label: 'First' },
  { key: 'second_floor_area', label: 'Second' },
  { key: 'third_floor_area', label: 'Third' },
  { key: 'basement_area', label: 'Basement' },
  { key: 'frontage_area', label: 'Frontage' },
] as const;

export type AreaKey = (typeof AREA_FIELDS)[number]['key'];
export const AREA_KEYS = AREA_FIELDS.map((a) => a.key) as unknown as readonly [AreaKey, ...AreaKey[]];
export const AREA_LABELS: Readonly<Record<AreaKey, string>> = Object.fromEntries(
  AREA_FIELDS.map((a) => [a.key, a.label]),
) as Record<AreaKey, string>;

export const AREA_SIZE_TYPES = ['sqft', 'sqm'] as const;
export type AreaSizeType = (typeof AREA_SIZE_TYPES)[number];
export const AREA_SIZE_TYPE_DEFAULT: AreaSizeType = 'sqft';
export const AREA_UNIT_LABELS: Readonly<Record<AreaSizeType, string>> = { sqft: 'sq ft', sqm: 'sq m' };

/** Areas are numeric(12,2): at most 10 digits before the point and two after. */
export const AREA_MAX = 9_999_999_999.99;
export const AREA_MESSAGES = {
  invalid: 'The area must be a number with at most two decimals.',
  negative: 'The area may not be negative.',
  tooLarge: 'The area is too large.',
} as const;

/**
 * One area on the wire: a number (or numeric string), ≥ 0, two decimals at most. Areas travel as
 * JSON numbers (money travels as strings).
 */
export const areaValueSchema = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d+(\.\d+)?$/, AREA_MESSAGES.invalid)
      .transform(Number),
  ])
  .pipe(
    z
      .number({ error: AREA_MESSAGES.invalid })
      .min(0, AREA_MESSAGES.negative)
      .max(AREA_MAX, AREA_MESSAGES.tooLarge)
      .refine(
        (n) => Math.abs(n * 100 - Math.round(n * 100)) <= 1e-9 * Math.max(1, n * 100),
        AREA_MESSAGES.invalid,
      ),
  );

/** Which areas a property shows: those with a value are the ticked ones (spec B §3). */
export const tickedAreas = (p: Partial<Record<AreaKey, number | string | null>>): AreaKey[] =>
  AREA_KEYS.filter((k) => p[k] !== null && p[k] !== undefined && p[k] !== '');
