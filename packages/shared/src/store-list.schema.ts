import { z } from 'zod';
import { idSchema } from './api.schema';

/**
 * Store-list reconciliation: an admin uploads a retailer's own list of stores (CSV
 * or XLSX), sees it matched against the units the retailer holds, and applies the chosen rows in
 * one transaction.
 *
 * POST /api/core/retailers/{id}/store-list/preview — multipart, one `file` field → StoreListPreview
 * POST /api/core/retailers/{id}/store-list/apply — JSON StoreListApplyBody → application/x-ndjson:
 *   lines of StoreListProgress, then one StoreListApplyResult, or one StoreListApplyError (then
 *   nothing was written). Bad input found before writing starts is a plain 422.
 */

export const STORE_LIST_MAX_BYTES = 5 * 1024 * 1024;
export const STORE_LIST_MAX_ROWS = 5000;
/**
 * A file's shape, checked before and while it is read (ADR 0070); beyond any of these the list is
 * refused whole. Lines: a sheet's rows or a CSV's lines, the header and blank ones included.
 */
export const STORE_LIST_MAX_LINES = 10_000;
export const STORE_LIST_MAX_COLUMNS = 100;
/** Excel's own limit for the text of one cell. */
export const STORE_LIST_MAX_CELL_CHARS = 32_767;
export const STORE_LIST_MAX_LINE_CHARS = 65_536;
/** An XLSX is a zip: what it may unpack to (the parts read), in bytes, and how far compressed. */
export const STORE_LIST_MAX_UNPACKED_BYTES = 50 * 1024 * 1024;
export const STORE_LIST_MAX_COMPRESSION_RATIO = 100;
export const STORE_LIST_MAX_ZIP_ENTRIES = 1000;
export const STORE_LIST_ACCEPT =
  '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The columns a list may carry; headers are matched case-insensitively, ignoring spaces,
 * underscores and punctuation, and these aliases are accepted.
 */
export const STORE_LIST_COLUMNS = {
  store_name: ['store name', 'store', 'name', 'branch', 'branch name'],
  address_line_1: ['address line 1', 'address 1', 'address1', 'address', 'street'],
  address_line_2: ['address line 2', 'address 2', 'address2'],
  town: ['town', 'city', 'town/city', 'locality'],
  post_code: ['post code', 'postcode', 'postal code', 'zip'],
  opening_date: ['opening date', 'opened', 'open date', 'date opened'],
} as const;
export type StoreListColumn = keyof typeof STORE_LIST_COLUMNS;
/** A list without these columns is refused as a whole. */
export const STORE_LIST_REQUIRED_COLUMNS: StoreListColumn[] = ['address_line_1', 'town', 'post_code'];

export const STORE_LIST_MESSAGES = {
  fileRequired: 'Choose a CSV or XLSX file.',
  fileType: 'The store list must be a CSV or XLSX file.',
  fileTooLarge: 'The store list may not be larger than 5 MB.',
  tooManyRows: 'The store list may hold at most 5,000 stores.',
  tooManyLines: 'The store list may have at most 10,000 rows, blank ones included.',
  tooManyColumns: 'The store list may have at most 100 columns.',
  cellTooLong: 'A cell of the store list may hold at most 32,767 characters.',
  lineTooLong: 'A line of the store list may be at most 65,536 characters long.',
  unpackedTooLarge: 'The XLSX file may unpack to at most 50 MB.',
  compressedTooFar: 'The XLSX file may be compressed at most 100 to 1.',
  tooManyParts: 'The XLSX file may hold at most 1,000 parts.',
  empty: 'The store list holds no stores.',
  missingColumns: 'The store list needs the columns: address line 1, town and post code.',
  rowAddress: 'Address line 1 is required.',
  rowTown: 'Town is required.',
  rowPostCode: 'The post code is not a valid UK post code.',
  rowDate: 'The opening date is not a valid date.',
  nothingChosen: 'Choose at least one row to apply.',
  staleRow: 'This row no longer matches the data; preview the list again.',
  applied: 'The store list has been applied.',
} as const;

/** One store of the uploaded list as read (line = the line or sheet row number, header = 1). */
export const storeListRowSchema = z.object({
  line: z.number().int(),
  store_name: z.string().nullable(),
  address_line_1: z.string(),
  address_line_2: z.string().nullable(),
  town: z.string(),
  post_code: z.string(),
  /** yyyy-mm-dd */
  opening_date: z.string().nullable(),
});
export type StoreListRow = z.infer<typeof storeListRowSchema>;

const unitRefSchema = z.object({
  property_id: z.number().int(),
  full_address: z.string().nullable(),
  town: z.string().nullable(),
  post_code: z.string().nullable(),
});
export type StoreListUnitRef = z.infer<typeof unitRefSchema>;

export const STORE_LIST_STATUSES = ['matched', 'new', 'invalid'] as const;

/** One line of the preview. */
export const storeListPreviewRowSchema = z.object({
  row: storeListRowSchema,
  status: z.enum(STORE_LIST_STATUSES),
  /** matched: the unit of ours it matched. */
  unit: unitRefSchema.nullable(),
  /** new: a vacant unit at the same address, where a tracked-retailer change can be recorded. */
  vacant_unit: unitRefSchema.nullable(),
  /** invalid: what is wrong with the row (it cannot be applied). */
  errors: z.array(z.string()),
});
export type StoreListPreviewRow = z.infer<typeof storeListPreviewRowSchema>;

export const storeListPreviewSchema = z.object({
  company: z.object({ id: z.number().int(), name: z.string() }),
  file_name: z.string(),
  rows: z.array(storeListPreviewRowSchema),
  /** Units it holds that the list does not name: candidate closures. */
  missing: z.array(unitRefSchema),
  counts: z.object({
    matched: z.number().int(),
    new: z.number().int(),
    invalid: z.number().int(),
    missing: z.number().int(),
  }),
});
export type StoreListPreview = z.infer<typeof storeListPreviewSchema>;

/** What to do with a chosen row of the preview. */
export const storeListActionSchema = z.discriminatedUnion('action', [
  /** Create a unit at the row's address with the retailer as tenant. */
  z.object({ action: z.literal('create'), row: storeListRowSchema }),
  /** Record a tracked-retailer change on the vacant unit the preview offered. */
  z.object({ action: z.literal('tracked_change'), row: storeListRowSchema, property_id: idSchema }),
  /** Record the closure of a unit it holds (a tracked-retailer change to vacant). */
  z.object({ action: z.literal('close'), property_id: idSchema }),
]);
export type StoreListAction = z.infer<typeof storeListActionSchema>;

export const storeListApplyBodySchema = z.object({
  actions: z.array(storeListActionSchema).min(1, STORE_LIST_MESSAGES.nothingChosen).max(STORE_LIST_MAX_ROWS),
});
export type StoreListApplyBody = z.input<typeof storeListApplyBodySchema>;

export const storeListProgressSchema = z.object({
  type: z.literal('progress'),
  done: z.number().int(),
  total: z.number().int(),
});
export const storeListApplyResultSchema = z.object({
  type: z.literal('result'),
  created: z.number().int(),
  changed: z.number().int(),
  closed: z.number().int(),
  msg: z.string(),
});
export const storeListApplyErrorSchema = z.object({
  type: z.literal('error'),
  /** The file line of the row that failed (null for a closure). */
  line: z.number().int().nullable(),
  message: z.string(),
});
export type StoreListApplyEvent =
  | z.infer<typeof storeListProgressSchema>
  | z.infer<typeof storeListApplyResultSchema>
  | z.infer<typeof storeListApplyErrorSchema>;
