/**
 * Rent per sq ft stays true through a deal (ADR 0079): what the deal writes to the
 * property — its rent, and the areas of the wizard's step 2 — goes through the properties' rule
 * (withRentSqft: a rent or NIA changed without a rent per sq ft sent gets rent ÷ NIA, or none),
 * and the deal keeps the figure the property is left with. Kept apart from recordDealIn so that
 * the engine's own changes and this rule stay easy to read (and to merge).
 */
import type { NewProperty, PropertyRow } from '../properties/properties.repository';
import { withRentSqft } from '../properties/rent-sqft.rule';
import type { DealPlan } from './deal-plan';

export const keepRentSqftTrue = (
  plan: DealPlan,
  property: PropertyRow | undefined,
  areas: Partial<NewProperty>,
): DealPlan => {
  if (!property) return plan;
  const cols = withRentSqft(property, { ...(plan.columns as Partial<NewProperty>), ...areas });
  if (cols.rent_sqft === undefined) return plan;
  const after = 'rent_sqft' in plan.after ? { ...plan.after, rent_sqft: cols.rent_sqft } : plan.after;
  return { ...plan, columns: { ...plan.columns, rent_sqft: cols.rent_sqft }, after };
};
