import type { DealType } from '@frontage/shared';

/**
 * A deal wizard opens from the URL (spec B §2): `deal` names the wizard, and the optional
 * `property_id` and `name` preselect and lock the property. Any screen can offer a wizard with a
 * plain link, and the browser's Back closes it.
 */
export const DEAL_PARAM = 'deal';
/** The deal types whose wizard is built (the menu's others stay disabled until theirs exist). */
export const WIZARD_TYPES: readonly DealType[] = ['rent_review', 'lease_renewal', 'tracked_retailer'];
export const PROPERTY_ID_PARAM = 'property_id';
export const PROPERTY_NAME_PARAM = 'name';

/** The current search with a wizard opened on it (for a given property, when passed). */
export const withDealWizard = (
  search: URLSearchParams,
  type: DealType,
  property?: { id: number; name: string },
): URLSearchParams => {
  const next = new URLSearchParams(search);
  next.set(DEAL_PARAM, type);
  if (property) {
    next.set(PROPERTY_ID_PARAM, String(property.id));
    next.set(PROPERTY_NAME_PARAM, property.name);
  }
  return next;
};

/** The search with the wizard and its preselection removed (closing it). */
export const withoutDealWizard = (search: URLSearchParams): URLSearchParams => {
  const next = new URLSearchParams(search);
  for (const p of [DEAL_PARAM, PROPERTY_ID_PARAM, PROPERTY_NAME_PARAM]) next.delete(p);
  return next;
};
