/** Business constants from spec A §9 and spec B §9. Both sides import these; never inline the numbers. */
export const DEBOUNCE_SEARCH_MS = 500; // property and scheme search
export const DEBOUNCE_PICKER_MS = 375; // contact, company, tenant and landlord pickers
export const PAGE_SIZE_SEARCH = 50; // properties, schemes, enquiry pickers
export const PAGE_SIZE_PICKER = 100; // company and contact pickers
export const PER_PAGE_DEFAULT = 15;
export const PER_PAGE_MAX = 100;

/** Spec: "refreshed every 30 units"; the unit is minutes (ADR 0003). */
export const SESSION_REFRESH_INTERVAL_MINUTES = 30;
export const TOAST_DURATION_MS = 3000;
export const CONFIRM_DIALOG_WIDTH = 350;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const AVATAR_INITIALS_MAX = 2;
export const MENTION_POPUP_WIDTH = 550;
export const CONTACT_NAME_MIN = 3;

export const DIALOG_WIDTHS = {
  contact: 600,
  company: 600,
  createEnquiry: 600,
  editEnquiry: 650,
  manageEnquiries: 1000,
  standaloneProperty: 700,
  schemeProperty: 700,
  addressPicker: 800,
  wizard: 800,
  dealChooser: 600,
  confirm: CONFIRM_DIALOG_WIDTH,
} as const;

export const DATE_FORMAT = 'dd/MM/yyyy';
export const DATE_MASK = '##/##/####';
export const YEAR_MASK = '####';

/**
 * The Retry-After (seconds) of a 503 while the database is unavailable or a statement was cut by
 * its timeout: the server reconnects by itself within this time of the database returning (ADR 0071).
 */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The Retry-After (seconds) of a 429 refusing an export or heavy report beyond the limits (ADR
 * 0069): a 100,000-row export takes a few seconds.
 */
export const HEAVY_REQUEST_RETRY_AFTER_SECONDS = 5;
