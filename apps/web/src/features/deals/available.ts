import type { DealType } from '@frontage/shared';

/** The deal types whose wizard is built (the menu's others stay disabled until theirs exist). */
export const WIZARD_TYPES: readonly DealType[] = ['rent_review', 'lease_renewal', 'tracked_retailer'];
