import { z } from 'zod';
import { pageQuerySchema, idSchema } from './api.schema';

/** Messages of the companies and contacts forms and API (server and client say the same). */
export const COMPANY_MESSAGES = {
  nameRequired: 'The name field is required.',
  domainInvalid: 'The domain must be a valid domain name, e.g. boots.com.',
  logoType: 'The logo must be a PNG, JPEG or BMP image.',
  logoTooLarge: 'The logo may not be larger than 5 MB.',
  categoryUnknown: 'The selected category is invalid.',
  mergeIntoSelf: 'A company cannot be merged into itself.',
  mergeTargetMissing: 'The company to merge into does not exist.',
  deleted: 'The company has been deleted.',
  merged: 'The companies have been merged.',
  logoRemoved: 'The logo has been removed.',
  logoRequired: 'The logo field is required.',
  /** Read from the image's header before it is decoded (ADR 0070). */
  logoTooManyPixels: 'The logo may be at most 25 megapixels (e.g. 5,000 × 5,000 pixels).',
  logoBmpTooManyPixels: 'A BMP logo may be at most 10 megapixels; save a bigger one as PNG or JPEG.',
  /** A domain another company holds, when the holder is gone by the time it is named (ADR 0072). */
  domainTaken: 'The domain is already used by another company.',
} as const;

/** A domain another company holds, naming it: every signed-in user may read companies (ADR 0072). */
export const domainTakenBy = (company: string): string =>
  `The domain is already used by ${company}. An admin can merge the two companies.`;

export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
/** Stored logos are re-encoded to fit in this many pixels (either side). */
export const LOGO_STORED_MAX_PX = 400;
/** The create dialog's preview is capped at this many pixels (spec A §2). */
export const LOGO_PREVIEW_MAX_PX = 200;
export const LOGO_ACCEPT = 'image/png,image/jpeg,image/bmp';
/**
 * The most pixels an uploaded logo may declare (ADR 0070): checked in the header, before any pixel
 * is decoded. A BMP is decoded in JavaScript (4 bytes a pixel, twice), so it gets less.
 */
export const LOGO_MAX_PIXELS = 25_000_000;
export const LOGO_BMP_MAX_PIXELS = 10_000_000;

/** grey = never verified, green = verified, orange = verified once but not now (spec A §3). */
export type VerificationState = 'never' | 'verified' | 'lapsed';
export const VERIFICATION_STATES = ['verified', 'lapsed', 'never'] as const;

export const verificationStateOf = (c: {
  is_verified: boolean;
  verified_at: string | null;
}): VerificationState => (c.is_verified ? 'verified' : c.verified_at ? 'lapsed' : 'never');

export const companyCategorySchema = z.object({ id: z.number().int(), name: z.string() });
export type CompanyCategory = z.infer<typeof companyCategorySchema>;

/** A company as the API returns it (GET /api/companies/{id}, lists, create, update). */
export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  core_id: z.string().nullable(),
  domain: z.string().nullable(),
  phone: z.string().nullable(),
  /** Category ids, ascending. */
  categories: z.array(z.number().int()),
  /** URL of the logo under /api (cache-busted by version), or null. */
  logo: z.string().nullable(),
  is_verified: z.boolean(),
  verified_at: z.string().nullable(),
  /** With include=scraper (spec A §7): the retailer-verification record. */
  scraper: z.object({ verified_at: z.string().nullable() }).nullable().optional(),
  /** With include=contacts_count (lists). */
  contacts_count: z.number().int().optional(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Single-record reads: the version an edit names in If-Match (ADR 0060). */
  version: z.string().optional(),
});
export type Company = z.infer<typeof companySchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

/**
 * A bare host name: letters, digits, hyphens and dots, with a dot; "https://", a leading "@",
 * "www." and paths stripped. A company's domain is unique in this form (ADR 0072; migration 0022
 * normalised the stored ones the same way and the database's unique index compares them trimmed,
 * in lower case and without "www.").
 */
export const normaliseDomain = (raw: string): string =>
  raw
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/^@/, '')
    .replace(/^www\./, '')
    .replace(/[/?#].*$/, '');
const DOMAIN_RE = /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

const domainField = z
  .string()
  .nullable()
  .optional()
  .transform((v) => (v && v.trim() ? normaliseDomain(v) : null))
  .refine((v) => v === null || DOMAIN_RE.test(v), COMPANY_MESSAGES.domainInvalid);

/**
 * The fields of POST /api/companies (multipart, with `logo` as a file) and PUT /api/companies/{id}
 * (JSON). `categories` are category ids; they are ignored unless an admin sends them.
 */
export const companyFieldsSchema = z.object({
  name: z
    .string({ error: COMPANY_MESSAGES.nameRequired })
    .trim()
    .min(1, COMPANY_MESSAGES.nameRequired)
    .max(255),
  domain: domainField,
  phone: optionalText(50),
  categories: z.array(idSchema).max(50).optional().default([]),
});
export type CompanyFields = z.input<typeof companyFieldsSchema>;

/**
 * PUT /api/companies/{id} (JSON): like the create fields, but `categories` left out keeps the
 * stored categories (an admin's edit form that does not show them must not wipe them).
 */
export const companyUpdateBodySchema = companyFieldsSchema.extend({
  categories: z.array(idSchema).max(50).optional(),
});

/** Sorts a company list accepts (API.md: an allowlist per list). */
export const COMPANY_SORTS = [
  'name',
  '-name',
  'updated_at',
  '-updated_at',
  'created_at',
  '-created_at',
  'verified_at',
  '-verified_at',
] as const;

/** GET /api/companies and /api/companies/ — search, filters, include and sort. */
export const companyListQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(200).optional(),
  include: z.string().optional(),
  sort: z.enum(COMPANY_SORTS).optional().default('name'),
  /** Companies in this category. */
  category_id: idSchema.optional(),
  verification: z.enum(VERIFICATION_STATES).optional(),
});
export type CompanyListQuery = z.input<typeof companyListQuerySchema>;

export const companyByDomainQuerySchema = z.object({ domain: z.string().trim().min(1).max(253) });

/** PUT /api/companies/{id}/verification — admins mark a retailer verified, or no longer verified. */
export const companyVerifyBodySchema = z.object({ is_verified: z.boolean() });

/** POST /api/companies/{id}/merge — admins fold duplicate {id} into `target_id`; {id} is removed. */
export const companyMergeBodySchema = z.object({ target_id: idSchema });
export const companyMergeResultSchema = z.object({
  target_id: z.number().int(),
  /** How many references moved, per kind (contacts, property parties, tenants …). */
  moved: z.record(z.string(), z.number().int()),
});

/** `{"data": [...]}` of GET /api/company-categories, sorted by name. */
export const companyCategoryListSchema = z.object({ data: z.array(companyCategorySchema) });

/** The columns of GET /api/companies/export, in order. */
export const COMPANY_EXPORT_COLUMNS = [
  'id',
  'name',
  'domain',
  'phone',
  'categories',
  'verification',
  'verified_at',
] as const;
/** The `verification` column of the export, per state. */
export const VERIFICATION_EXPORT_LABELS: Record<VerificationState, string> = {
  verified: 'Verified',
  lapsed: 'Not currently verified',
  never: 'Never verified',
};
