import { SQFT_PER_SQM, type AreaSizeType } from './areas';

/**
 * Rent per sq ft is derived: rent pa ÷ NIA, the NIA converted to sq ft when the
 * property measures in sq m. The server applies it on every write that changes rent pa or the NIA
 * without sending rent per sq ft, the forms and wizards show it live, and the Review step flags a
 * sent figure that disagrees with it by more than RENT_SQFT_TOLERANCE. One rule, read by both.
 */
export const RENT_SQFT_TOLERANCE = 0.01;

const num = (v: number | string | null | undefined): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(String(v).replace(/,/g, ''));
  return Number.isFinite(n) ? n : null;
};

/** The NIA in sq ft, or null when unknown or not positive. */
export const niaInSqft = (
  nia: number | string | null | undefined,
  areaSizeType: AreaSizeType | string | null | undefined,
): number | null => {
  const n = num(nia);
  if (n === null || n <= 0) return null;
  return areaSizeType === 'sqm' ? Math.round(n * SQFT_PER_SQM * 100) / 100 : n;
};

/**
 * rent pa ÷ NIA (sq ft) as a 2-decimal money string ("5.35"), or null when the rent or the NIA is
 * unknown (or the NIA is 0): a figure that cannot be worked out is cleared, never left stale.
 */
export const rentPerSqft = (
  rentPa: number | string | null | undefined,
  nia: number | string | null | undefined,
  areaSizeType: AreaSizeType | string | null | undefined,
): string | null => {
  const rent = num(rentPa);
  const sqft = niaInSqft(nia, areaSizeType);
  if (rent === null || rent < 0 || sqft === null) return null;
  return (Math.round((rent / sqft) * 100) / 100).toFixed(2);
};

/**
 * Whether a rent per sq ft agrees with rent ÷ NIA within 1 % or a penny (true when either side cannot be
 * worked out: nothing to disagree with).
 */
export const rentSqftConsistent = (
  rentSqft: number | string | null | undefined,
  rentPa: number | string | null | undefined,
  nia: number | string | null | undefined,
  areaSizeType: AreaSizeType | string | null | undefined,
): boolean => {
  const given = num(rentSqft);
  const derived = num(rentPerSqft(rentPa, nia, areaSizeType));
  if (given === null || derived === null) return true;
  // A penny either way is rounding (both figures have two decimals), whatever the size.
  return Math.abs(given - derived) <= Math.max(derived * RENT_SQFT_TOLERANCE, 0.01);
};
