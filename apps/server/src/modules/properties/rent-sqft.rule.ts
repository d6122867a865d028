/**
 * Rent per sq ft stays true (ADR 0079): a write that changes rent pa, the NIA or the area
 * unit without sending rent per sq ft gets rent ÷ NIA (sq m converted) when it can be worked out,
 * else no figure; a sent figure is kept as sent; a figure sent blank is worked out the same way.
 * The rule itself is packages/shared's rentPerSqft, which the forms show live.
 */
import { areaBoundErrors, MONEY_MAX, rentPerSqft } from '@frontage/shared';
import { ValidationError } from '../../lib/errors';
import type { NewProperty, PropertyRow } from './properties.repository';

type RentState = Pick<PropertyRow, 'rent_pa' | 'rent_sqft' | 'nia_sqrt' | 'area_size_type'>;
const MOVERS = ['rent_pa', 'nia_sqrt', 'area_size_type'] as const;

const same = (a: unknown, b: unknown): boolean => {
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  const x = Number(a);
  const y = Number(b);
  return Number.isFinite(x) && Number.isFinite(y) ? x === y : a === b;
};

/** rent ÷ NIA for a state, or null (also when the quotient is beyond what money holds). */
export const derivedRentSqft = (s: Partial<RentState>): string | null => {
  const v = rentPerSqft(s.rent_pa, s.nia_sqrt, s.area_size_type);
  return v !== null && Number(v) > MONEY_MAX ? null : v;
};

/**
 * The columns a write sets, with rent_sqft as the rule makes it. `current` is the property before
 * the write (null for a new one, whose every field is "changed").
 */
export const withRentSqft = <T extends Partial<NewProperty>>(
  current: Partial<RentState> | null,
  cols: T,
): T => {
  const sent = cols.rent_sqft;
  if (sent !== undefined && sent !== null) return cols;
  const moved =
    current === null ||
    sent === null ||
    MOVERS.some((k) => cols[k] !== undefined && !same(cols[k], current[k]));
  if (!moved) return cols;
  const next: Partial<RentState> = { ...current };
  for (const k of MOVERS) if (cols[k] !== undefined) (next as Record<string, unknown>)[k] = cols[k];
  return { ...cols, rent_sqft: derivedRentSqft(next) };
};

/**
 * An edit that sends areas without their unit is bounded in the stored unit (the payload schema
 * checks them when the unit is sent): a 422 on each area above its bound.
 */
export const checkAreaBounds = (
  unit: string | null | undefined,
  areas: Partial<NewProperty>,
  prefix = '',
): void => {
  const errors = areaBoundErrors(unit, areas as Partial<Record<string, string | null | undefined>>);
  const entries = Object.entries(errors);
  if (entries.length)
    throw new ValidationError(Object.fromEntries(entries.map(([k, m]) => [`${prefix}${k}`, [m as string]])));
};
