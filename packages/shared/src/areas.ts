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

/** 1 m² in sq ft. Every figure compared across units is in sq ft. */
export const SQFT_PER_SQM = 10.7639104;
/** 1 ft in m, exactly (so 1 sq ft is 0.09290304 m²). */
export const M_PER_FT = 0.3048;

/**
 * Frontage is a length, not an area (ADR 0079): it is shown and entered in ft, or in m
 * when the property's areas are in sq m.
 */
export const LENGTH_AREA_KEYS: readonly AreaKey[] = ['frontage_area'];
export const LENGTH_UNIT_LABELS: Readonly<Record<AreaSizeType, string>> = { sqft: 'ft', sqm: 'm' };
export const isLengthArea = (key: string): boolean => (LENGTH_AREA_KEYS as readonly string[]).includes(key);

/** The unit an area field is shown in: "sq ft" / "sq m", or "ft" / "m" for the frontage. */
export const areaUnitLabel = (key: string, unit: AreaSizeType | string | null | undefined): string => {
  const u: AreaSizeType = unit === 'sqm' ? 'sqm' : 'sqft';
  return isLengthArea(key) ? LENGTH_UNIT_LABELS[u] : AREA_UNIT_LABELS[u];
};

/**
 * Bounds (ADR 0079): an area at most 10,000,000 sq ft (929,030 sq m), a frontage at most
 * 10,000 ft (3,048 m); none negative. The column (numeric(12,2)) would hold far more: the bound is
 * what a real unit can measure, so a typo of a few digits too many is refused with a message.
 */
export const AREA_MAX_SQFT = 10_000_000;
export const FRONTAGE_MAX_FT = 10_000;
/** What the column holds (numeric(12,2)); a value beyond it is refused before its unit is known. */
export const AREA_COLUMN_MAX = 9_999_999_999.99;

const grouped = (n: number) => n.toLocaleString('en-GB', { maximumFractionDigits: 0 });

/** The largest value an area field takes in a unit. */
const areaMax = (key: string, unit: AreaSizeType | string | null | undefined): number => {
  const sqm = unit === 'sqm';
  if (isLengthArea(key)) return sqm ? Math.floor(FRONTAGE_MAX_FT * M_PER_FT) : FRONTAGE_MAX_FT;
  return sqm ? Math.floor(AREA_MAX_SQFT * M_PER_FT * M_PER_FT) : AREA_MAX_SQFT;
};

/** The bound of an area field in a unit: [the largest value, its message]. */
export const areaBound = (key: string, unit: AreaSizeType | string | null | undefined): [number, string] => {
  const max = areaMax(key, unit);
  const what = isLengthArea(key) ? 'The frontage' : 'The area';
  return [max, `${what} may not be more than ${grouped(max)} ${areaUnitLabel(key, unit)}.`];
};

export const AREA_MESSAGES = {
  invalid: 'The area must be a number with at most two decimals.',
  negative: 'The area may not be negative.',
  tooLarge: areaBound('nia_sqrt', 'sqft')[1],
} as const;

/**
 * One area on the wire: a number (or numeric string), ≥ 0, two decimals at most, within what the
 * column holds; the bound of its unit is checked with the unit (areaBoundIssues), or as sq ft
 * (sqftAreaSchema). Areas travel as JSON numbers (money travels as strings).
 */
export const areaValueSchema = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d+(\.\d+)?$/, AREA_MESSAGES.invalid)
        .transform(Number),
    ],
    { error: AREA_MESSAGES.invalid },
  )
  .pipe(
    z
      .number({ error: AREA_MESSAGES.invalid })
      .min(0, AREA_MESSAGES.negative)
      .max(AREA_COLUMN_MAX, AREA_MESSAGES.tooLarge)
      .refine(
        (n) => Math.abs(n * 100 - Math.round(n * 100)) <= 1e-9 * Math.max(1, n * 100),
        AREA_MESSAGES.invalid,
      ),
  );

/** An area in sq ft (an enquiry's size): at most AREA_MAX_SQFT. */
export const sqftAreaSchema = areaValueSchema.refine((n) => n <= AREA_MAX_SQFT, AREA_MESSAGES.tooLarge);

/**
 * Each area above its bound in the unit, with the message: field → message. One beyond what the
 * column holds has had its message from areaValueSchema already.
 */
export const areaBoundErrors = (
  unit: AreaSizeType | string | null | undefined,
  values: Partial<Record<string, number | string | null | undefined>>,
): Partial<Record<AreaKey, string>> => {
  const out: Partial<Record<AreaKey, string>> = {};
  for (const key of AREA_KEYS) {
    const v = values[key];
    if (v === null || v === undefined || v === '') continue;
    // The message only for an area over its bound: formatting the figure costs more than the check.
    if (Number(v) > areaMax(key, unit) && Number(v) <= AREA_COLUMN_MAX) out[key] = areaBound(key, unit)[1];
  }
  return out;
};

/** A refinement for a body with area_size_type and the areas: each area within its unit's bound. */
export const areaBoundIssues = (
  body: Partial<Record<string, unknown>>,
  ctx: z.RefinementCtx,
  prefix: (string | number)[] = [],
): void => {
  if (!body || typeof body !== 'object') return;
  const errors = areaBoundErrors(
    typeof body.area_size_type === 'string' ? body.area_size_type : 'sqft',
    body as Partial<Record<string, number | null | undefined>>,
  );
  for (const [key, message] of Object.entries(errors))
    ctx.addIssue({ code: 'custom', message, path: [...prefix, key] });
};

/** Which areas a property shows: those with a value are the ticked ones (spec B §3). */
export const tickedAreas = (p: Partial<Record<AreaKey, number | string | null>>): AreaKey[] =>
  AREA_KEYS.filter((k) => p[k] !== null && p[k] !== undefined && p[k] !== '');
