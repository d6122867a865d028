export const USER_TYPES = ['admin', 'user'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** Currencies a user may choose (spec A §3); the full ISO list arrives with the properties issue. */
export const CURRENCY_CHOICES = ['EUR', 'GBP', 'USD'] as const;
export type CurrencyChoice = (typeof CURRENCY_CHOICES)[number];
export const DEFAULT_CURRENCY: CurrencyChoice = 'GBP';

export const DEAL_TYPES = [
  'sale',
  'new_letting',
  'subletting',
  'rent_review',
  'lease_renewal',
  'tracked_retailer',
] as const;
export type DealType = (typeof DEAL_TYPES)[number];

/** Labels of the top bar's New Deal menu, in the spec's order (spec A §2). */
export const DEAL_MENU: ReadonlyArray<{ type: DealType; label: string; adminOnly: boolean }> = [
  { type: 'sale', label: 'Sale', adminOnly: false },
  { type: 'new_letting', label: 'New Letting', adminOnly: false },
  { type: 'subletting', label: 'Sub-letting/Assignment', adminOnly: false },
  { type: 'rent_review', label: 'Rent Review', adminOnly: false },
  { type: 'lease_renewal', label: 'Lease Renewal/Re-gear', adminOnly: false },
  { type: 'tracked_retailer', label: 'Tracked Retailer', adminOnly: true },
];
/** A deal type as users read it (the New Deal menu's labels). */
export const DEAL_TYPE_LABELS: Readonly<Record<DealType, string>> = Object.fromEntries(
  DEAL_MENU.map((d) => [d.type, d.label]),
) as Record<DealType, string>;
export const TRACKED_RETAILER_TOOLTIP = 'Use if you know that the tenant has changed, but are not sure why.';

export const ENQUIRY_STAGES = ['interest', 'under_offer', 'completed', 'withdrawn'] as const;
export type EnquiryStage = (typeof ENQUIRY_STAGES)[number];

export const REASONS = ['unknown', 'new_store', 'relocation', 'upsize', 'downsize'] as const;
export type Reason = (typeof REASONS)[number];
export const REASON_LABELS: Readonly<Record<Reason, string>> = {
  unknown: 'Unknown',
  new_store: 'New store',
  relocation: 'Relocation',
  upsize: 'Upsize',
  downsize: 'Downsize',
};

export const SALE_TYPES = [
  'vacant_possession',
  'investment',
  'sale_and_lease_back',
  'owner_occupier',
] as const;
export type SaleType = (typeof SALE_TYPES)[number];
/** spec B §3 "Values". */
export const SALE_TYPE_LABELS: Readonly<Record<SaleType, string>> = {
  vacant_possession: 'Vacant Possession',
  investment: 'Investment',
  sale_and_lease_back: 'Sale & Lease Back',
  owner_occupier: 'Owner Occupier',
};

export const SCHEME_TYPES = ['Leisure', 'Out of town', 'Shopping centres'] as const;
export type SchemeType = (typeof SCHEME_TYPES)[number];

/** Entities a notification or comment can point at. Later issues add theirs here. */
export const ENTITY_TYPES = ['property', 'scheme', 'enquiry', 'company', 'user'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];
