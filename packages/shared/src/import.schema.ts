import { z } from 'zod';
import { DEAL_IMPORT_FIELDS, LEASE_TERM_IMPORT_FIELDS } from './import-fields';

/**
 * Imports (ADR 0094): a CSV or XLSX file of one entity type is streamed into a staging
 * table, every row validated with the API's own schemas, relations resolved by natural keys and
 * duplicates grouped; the preview is read before anything is written; apply runs as a background
 * job in batches; revert undoes it within IMPORT_REVERT_DAYS.
 */

/** Every entity type the issue names; IMPORT_READY_ENTITIES are those the server imports today. */
export const IMPORT_ENTITIES = ['properties', 'schemes', 'companies', 'contacts', 'deals'] as const;
export type ImportEntity = (typeof IMPORT_ENTITIES)[number];
export const IMPORT_READY_ENTITIES = [
  'properties',
  'companies',
  'contacts',
  'schemes',
  'deals',
] as const satisfies readonly ImportEntity[];
export type ImportReadyEntity = (typeof IMPORT_READY_ENTITIES)[number];

/**
 * `validating` while the file is read and checked, `preview` once every row is; `applying` while
 * the job writes, then `applied`; `reverting` → `reverted`; `failed` when the file or the job
 * could not be completed (`error` says why).
 */
export const IMPORT_STATUSES = [
  'validating',
  'preview',
  'applying',
  'applied',
  'reverting',
  'reverted',
  'failed',
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** What applying a row will do (or did). */
export const IMPORT_OUTCOMES = ['create', 'update', 'skip', 'error'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

/** The choice for a duplicate group (or for all groups). */
export const IMPORT_CHOICES = ['create', 'update', 'skip'] as const;
export type ImportChoice = (typeof IMPORT_CHOICES)[number];

/* ───────────────────────────── limits ───────────────────────────── */

/** Defaults of the settings IMPORT_MAX_BYTES and IMPORT_MAX_ROWS (server config). */
export const IMPORT_MAX_BYTES_DEFAULT = 512 * 1024 * 1024;
export const IMPORT_MAX_ROWS_DEFAULT = 1_100_000;
/**
 * An XLSX is streamed like a CSV (ADR 0114) and held to IMPORT_MAX_BYTES as it arrives; what it
 * unpacks to is bounded (the time to read it), and so are its shared strings (held in memory).
 */
export const IMPORT_XLSX_MAX_UNPACKED_BYTES = 2 * 1024 * 1024 * 1024;
export const IMPORT_XLSX_MAX_SHARED_STRINGS_BYTES = 256 * 1024 * 1024;
/** Columns one file may have, and characters one line (CSV record) may hold. */
export const IMPORT_MAX_COLUMNS = 200;
export const IMPORT_MAX_LINE_CHARS = 64 * 1024;
/** Rows staged per insert and written per apply transaction. */
export const IMPORT_BATCH_ROWS = 1000;
/** Rows of each outcome the preview carries. */
export const IMPORT_PREVIEW_ROWS = 20;
/** An applied import may be reverted this many days after it was applied. */
export const IMPORT_REVERT_DAYS = 30;

/* ───────────────────────────── fields ───────────────────────────── */

/**
 * `choice`: a code or its label (lease terms, deal type, reason, sale type); `companies` and
 * `contacts`: several, separated by ";" or a new line (contacts by e-mail).
 */
export type ImportFieldKind =
  | 'text'
  | 'money'
  | 'area'
  | 'date'
  | 'company'
  | 'companies'
  | 'contacts'
  | 'unit'
  | 'number'
  | 'yesno'
  | 'choice';

export interface ImportField {
  key: string;
  label: string;
  kind: ImportFieldKind;
  /** Headers that suggest this field (compared lower case, letters and digits only). */
  aliases: readonly string[];
}

const f = (
  key: string,
  label: string,
  kind: ImportFieldKind,
  aliases: readonly string[] = [],
): ImportField => ({
  key,
  label,
  kind,
  aliases,
});

/** The columns a properties file may carry: address, areas, lease and rent, parties. */
const PROPERTY_FIELDS = [
  f('unit', 'Unit', 'text', ['Unit', 'Unit No', 'Unit number', 'Building number', 'Shop', 'building_num']),
  f('street', 'Street', 'text', ['Street', 'Address', 'Address 1', 'Address line 1', 'Street address']),
  f('street2', 'Street 2', 'text', ['Address 2', 'Address line 2', 'Locality']),
  f('city', 'Town', 'text', ['Town', 'City', 'Town/City', 'Post town']),
  f('region', 'County', 'text', ['County', 'Region']),
  f('post_code', 'Post code', 'text', ['Postcode', 'Post code', 'Postal code', 'Zip']),
  f('tenant', 'Tenant', 'company', ['Tenant', 'Occupier', 'Trading name', 'Retailer']),
  f('landlord', 'Landlord', 'company', ['Landlord', 'Owner', 'Freeholder']),
  f('rent_pa', 'Rent PA', 'money', ['Rent PA', 'Rent p.a.', 'Passing rent', 'Rent', 'Annual rent']),
  f('rateable_value', 'Rateable value', 'money', ['Rateable value', 'RV']),
  f('service_charge', 'Service charge', 'money', ['Service charge', 'S/C']),
  f('currency', 'Currency', 'text', ['Currency']),
  f('lease_start_date', 'Lease start', 'date', ['Lease start', 'Lease start date', 'Start date']),
  f('lease_end_date', 'Lease expiry', 'date', ['Lease end', 'Lease expiry', 'Expiry', 'Lease end date']),
  f('next_review_date', 'Next review', 'date', ['Next review', 'Rent review', 'Review date']),
  f('break_date', 'Break', 'date', ['Break', 'Break date']),
  f('area_size_type', 'Area unit', 'unit', ['Area unit', 'Units', 'sq ft/sq m']),
  f('nia_sqrt', 'NIA', 'area', ['NIA', 'Net internal area', 'Area', 'Size']),
  f('itza_area', 'ITZA', 'area', ['ITZA', 'Zone A', 'ZA']),
  f('ground_floor_area', 'Ground', 'area', ['Ground', 'Ground floor', 'GF']),
  f('first_floor_area', 'First', 'area', ['First', 'First floor', 'FF']),
  f('frontage_area', 'Frontage', 'area', ['Frontage']),
  ...LEASE_TERM_IMPORT_FIELDS,
] as const;

const COMPANY_FIELDS = [
  f('name', 'Name', 'text', ['Name', 'Company', 'Company name', 'Organisation']),
  f('domain', 'Domain', 'text', ['Domain', 'Website', 'Web', 'URL']),
  f('phone', 'Phone', 'text', ['Phone', 'Telephone', 'Tel']),
] as const;

/** Contacts (people who need not sign in): their company named by name or by domain. */
const CONTACT_FIELDS = [
  f('name', 'Name', 'text', ['Name', 'Full name', 'Contact', 'Contact name', 'Person']),
  f('email', 'Email', 'text', ['Email', 'E-mail', 'Email address', 'E-mail address', 'Mail']),
  f('company', 'Company', 'company', ['Company', 'Company name', 'Organisation', 'Employer', 'Firm']),
  f('direct_dial', 'Direct dial', 'text', ['Direct dial', 'DDI', 'Direct line', 'Phone', 'Telephone', 'Tel']),
  f('mobile', 'Mobile', 'text', ['Mobile', 'Mobile phone', 'Cell', 'Mob']),
] as const;

/** Schemes: name and type (SCHEME_TYPES), the address, opened, car spaces and the landlord side. */
const SCHEME_FIELDS = [
  f('name', 'Scheme name', 'text', ['Scheme', 'Name', 'Centre', 'Shopping centre', 'Development']),
  f('type', 'Type', 'text', ['Type', 'Scheme type', 'Category']),
  f('street', 'Street', 'text', ['Street', 'Address', 'Address 1', 'Address line 1', 'Street address']),
  f('street2', 'Street 2', 'text', ['Address 2', 'Address line 2', 'Locality']),
  f('city', 'Town', 'text', ['Town', 'City', 'Town/City', 'Post town']),
  f('region', 'County', 'text', ['County', 'Region']),
  f('post_code', 'Post code', 'text', ['Postcode', 'Post code', 'Postal code', 'Zip']),
  f('opened', 'Opened', 'number', ['Opened', 'Year opened', 'Opening year', 'Built']),
  f('car_spaces', 'Car spaces', 'number', ['Car spaces', 'Parking', 'Parking spaces', 'Car parking']),
  f('under_construction', 'Under construction', 'yesno', ['Under construction', 'In development']),
  f('landlord', 'Landlord', 'company', ['Landlord', 'Owner', 'Freeholder']),
  f('landlord_agent', "Landlord's agent", 'company', ["Landlord's agent", 'Landlord agent', 'Letting agent']),
] as const;

/** The fields of each entity type the server imports. */
export const IMPORT_FIELDS: Readonly<Record<ImportReadyEntity, readonly ImportField[]>> = {
  properties: PROPERTY_FIELDS,
  companies: COMPANY_FIELDS,
  contacts: CONTACT_FIELDS,
  schemes: SCHEME_FIELDS,
  deals: DEAL_IMPORT_FIELDS,
};

/** A header as compared with the aliases: lower case, letters and digits only. */
export const importHeaderKey = (h: string): string => h.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Whether two mappings (field → header) name the same column for every field: the dialog sends a
 * re-map only when the mapping changed, and the server restarts no validation for the same one.
 */
export const sameImportMapping = (
  a: Readonly<Record<string, string>>,
  b: Readonly<Record<string, string>>,
): boolean =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

/**
 * The suggested mapping (field → header) of a file's headers: a field's key, label or alias equal
 * to a header once both are reduced to letters and digits; each header used once, first field first.
 */
export const suggestImportMapping = (
  entity: ImportReadyEntity,
  headers: readonly string[],
): Record<string, string> => {
  const byKey = new Map<string, string>();
  for (const h of headers) {
    const k = importHeaderKey(h);
    if (k && !byKey.has(k)) byKey.set(k, h);
  }
  const used = new Set<string>();
  const out: Record<string, string> = {};
  for (const field of IMPORT_FIELDS[entity]) {
    for (const name of [field.key, field.label, ...field.aliases]) {
      const h = byKey.get(importHeaderKey(name));
      if (h !== undefined && !used.has(h)) {
        out[field.key] = h;
        used.add(h);
        break;
      }
    }
  }
  return out;
};

/* ───────────────────────────── messages ───────────────────────────── */

export const IMPORT_MESSAGES = {
  fileRequired: 'The file field is required.',
  fileType: 'The file must be a CSV or XLSX file.',
  fileTooLarge: 'The file is larger than this server accepts.',
  tooManyRows: 'The file has more rows than this server accepts.',
  tooManyColumns: 'The file has more than 200 columns.',
  lineTooLong: 'A line of the file is longer than 65,536 characters.',
  tooManyLines: 'The file has more rows than this server accepts.',
  cellTooLong: 'A cell of the file may hold at most 32,767 characters.',
  unpackedTooLarge: 'The XLSX file may unpack to at most 2 GB.',
  sharedStringsTooLarge: "The XLSX file's shared strings may unpack to at most 256 MB.",
  compressedTooFar: 'The XLSX file may be compressed at most 100 to 1.',
  tooManyParts: 'The XLSX file may hold at most 1,000 parts.',
  empty: 'The file has no rows under its header.',
  entityUnknown: 'The selected entity is invalid.',
  entityNotYet: 'Importing this entity is not available yet.',
  mappingInvalid: 'The mapping must name a column of the file for each field.',
  fieldUnknown: 'The field is not one of this entity.',
  notInPreview: 'The import is not in preview.',
  notApplied: 'Only an applied import can be reverted.',
  revertExpired: 'An import can be reverted for 30 days only.',
  jobsUnavailable: 'Background jobs are not running on this server.',
  importerGone: 'The account that started this import no longer exists.',
  rowNumber: 'The value must be a number.',
  rowDate: 'The date must be dd/mm/yyyy.',
  rowAreaUnit: 'The area unit must be sq ft or sq m.',
  rowYesNo: 'The value must be yes or no.',
  rowNotOwn: "You may only update your own company's records.",
  rowEmpty: 'The row has no value in any mapped column.',
  rowNotOwnContacts:
    'You may only add contacts to your own company, or to a company none of whose people can sign in.',
  unresolvedCompany: (name: string) => `No company named "${name}" was found.`,
  ambiguousCompany: (name: string) => `More than one company is named "${name}".`,
  rowChoice: (values: readonly string[]) => `The value must be one of: ${values.join(', ')}.`,
  rowWhole: 'The value must be a whole number.',
  unresolvedContact: (email: string) => `No contact with the e-mail "${email}" was found.`,
  unresolvedProperty: (place: string) => `No property at "${place}" was found.`,
  ambiguousProperty: (place: string) => `More than one property is at "${place}".`,
  unresolvedScheme: (name: string) => `No scheme named "${name}" was found.`,
  ambiguousScheme: (name: string) => `More than one scheme is named "${name}".`,
  dealPlaceRequired: 'Name the property (unit, street and post code) or, for a sale of a scheme, the scheme.',
  dealTypeRequired: 'The deal type is required.',
  dealFieldNotOfType: (label: string) => `This field does not apply to a ${label} deal.`,
  dealNotUpdated: 'An import records new deals only; correct a recorded deal on its page.',
  dealRevertReason: (importId: number) => `Import ${importId} was reverted.`,
} as const;

/* ───────────────────────────── wire ───────────────────────────── */

export const importCountsSchema = z.object({
  create: z.number().int(),
  update: z.number().int(),
  skip: z.number().int(),
  error: z.number().int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;

/** A duplicate match: the group, the existing record (if any) and the keys that made it. */
export const importMatchSchema = z.object({
  group: z.string(),
  record_id: z.number().int().nullable(),
  keys: z.array(z.string()),
});

export const importRowSchema = z.object({
  line: z.number().int(),
  outcome: z.enum(IMPORT_OUTCOMES),
  /** The row's cells by header. */
  values: z.record(z.string(), z.string()),
  errors: z.array(z.object({ field: z.string().nullable(), message: z.string() })),
  match: importMatchSchema.nullable(),
  record_id: z.number().int().nullable(),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importSchema = z.object({
  id: z.number().int(),
  entity: z.enum(IMPORT_ENTITIES),
  status: z.enum(IMPORT_STATUSES),
  file_name: z.string(),
  headers: z.array(z.string()),
  /** field → header. */
  mapping: z.record(z.string(), z.string()),
  /** The mapping the headers suggest (the same form). */
  suggested_mapping: z.record(z.string(), z.string()),
  /** Rows per outcome; all 0 while the import is `validating` (they come with the preview). */
  counts: importCountsSchema,
  rows_total: z.number().int(),
  /** Rows applied (or reverted) so far, out of `rows_total`. */
  progress: z.number().int(),
  /** Duplicate groups: rows sharing a natural key, with an existing record or within the file. */
  duplicate_groups: z.number().int(),
  error: z.string().nullable(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  applied_at: z.string().nullable(),
  reverted_at: z.string().nullable(),
  /** Records edited since the import, left alone by the last revert (force reverts them too). */
  conflicts: z.array(z.object({ line: z.number().int(), record_id: z.number().int() })),
  /** GET /api/imports/{id}: the first rows of each outcome (IMPORT_PREVIEW_ROWS). */
  rows: z.record(z.enum(IMPORT_OUTCOMES), z.array(importRowSchema)).optional(),
});
export type Import = z.infer<typeof importSchema>;

const mappingShape = z
  .record(z.string().max(100), z.string().max(1000))
  .refine((m) => Object.keys(m).length <= 100);

/** The `mapping` part of the upload (JSON) and PUT /api/imports/{id}/mapping. */
export const importMappingSchema = mappingShape;
export const importMappingBodySchema = z.object({
  mapping: mappingShape,
  /** Saves the mapping as a named template as well. */
  template_name: z.string().trim().min(1).max(100).optional(),
});

export const importUploadFieldsSchema = z.object({
  entity: z.enum(IMPORT_ENTITIES, { error: IMPORT_MESSAGES.entityUnknown }),
});

/** POST /api/imports/{id}/apply: the choice for every duplicate group, then per group. */
export const importApplyBodySchema = z
  .object({
    all: z.enum(IMPORT_CHOICES).optional(),
    groups: z.record(z.string().max(300), z.enum(IMPORT_CHOICES)).optional(),
  })
  .prefault({});
export type ImportApplyBody = z.infer<typeof importApplyBodySchema>;

export const importRevertBodySchema = z.object({ force: z.boolean().optional().default(false) }).prefault({});

export const importTemplateSchema = z.object({
  id: z.number().int(),
  entity: z.enum(IMPORT_ENTITIES),
  name: z.string(),
  mapping: z.record(z.string(), z.string()),
});
