import { z } from 'zod';
import { idSchema, pageQuerySchema, queryListSchema } from './api.schema';
import { sqftAreaSchema } from './areas';
import { commentSchema } from './comment.schema';
import { isIsoDate, isoDateSchema, parseUsDate } from './dates';
import { ENQUIRY_STAGES, REASONS, type EnquiryStage } from './enums';
import { MESSAGES } from './messages';
import { moneySchema } from './money';

/*
 * Enquiries (spec A §3, §5, §7): a retailer's (company's) or a contact's interest in a
 * property or a scheme, with a stage, a reason, the day it was received and the size and rent it
 * wants. POST /api/enquiries, GET /api/enquiries (+ /export), GET|PUT|DELETE /api/enquiries/{id}.
 * Sizes travel as numbers (sq ft), rents as 2-decimal strings (GBP), received_at as yyyy-mm-dd.
 */

export const ENQUIRY_STAGE_LABELS: Readonly<Record<EnquiryStage, string>> = {
  interest: 'Interest',
  under_offer: 'Under Offer',
  completed: 'Completed',
  withdrawn: 'Withdrawn',
};
/** The stages a 'Hide Withdrawn/Completed' list asks for (spec A §7). */
export const LIVE_ENQUIRY_STAGES = ['interest', 'under_offer'] as const satisfies readonly EnquiryStage[];

/** Spec A §9: the Manage Enquiries table offers 10/50/100 (default 10); enquiry lists default 50. */
export const ENQUIRY_TABLE_PAGE_SIZES = [10, 50, 100] as const;
export const ENQUIRY_TABLE_PER_PAGE = 10;
export const ENQUIRY_PER_PAGE_DEFAULT = 50;
/** The relations GET /api/enquiries knows (spec A §7); size, rent and size_from are always present. */
export const ENQUIRY_INCLUDES = [
  'company',
  'user',
  'scheme',
  'property',
  'comments',
  'size',
  'rent',
  'size_from',
] as const;

export const ENQUIRY_MESSAGES = {
  contactOrCompany: MESSAGES.enquiryContactOrCompany,
  stage: MESSAGES.enquiryStage,
  reasonUnknown: 'The reason must be new_store, relocation, upsize, downsize or unknown.',
  subject: 'Select a property or a scheme.',
  receivedAt: 'The received date must be a real date (mm/dd/yyyy or yyyy-mm-dd).',
  sizeOrder: 'The size "to" must not be smaller than the size "from".',
  rentOrder: 'The rent "to" must not be smaller than the rent "from".',
  dateOrder: 'The "to" date must be on or after the "from" date.',
  propertyNotInScheme: 'The property is not in the selected scheme.',
  propertyMissing: 'The property does not exist.',
  schemeMissing: 'The scheme does not exist.',
  companyMissing: 'The company does not exist.',
  contactMissing: 'The contact does not exist.',
  deleted: 'The enquiry has been deleted.',
  forbidden: 'Only the author of the enquiry, someone of their company or an admin may change it.',
} as const;

const blank = (v: unknown) => (v === '' ? null : v);
const optionalId = z.preprocess(blank, idSchema.nullable().optional());
const optionalArea = z.preprocess(blank, sqftAreaSchema.nullable().optional());
const optionalMoney = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  moneySchema.nullable().optional(),
);

/**
 * received_at as the spec's client sends it (month/day/year text) or as yyyy-mm-dd; '' or null =
 * "no date", which the server turns into today (spec A §5).
 */
export const receivedAtSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z
    .string()
    .trim()
    .max(20)
    .transform((s, ctx) => {
      const iso = isIsoDate(s) ? s : parseUsDate(s);
      if (!iso) {
        ctx.addIssue({ code: 'custom', message: ENQUIRY_MESSAGES.receivedAt });
        return z.NEVER;
      }
      return iso;
    })
    .nullable()
    .optional(),
);

const stageSchema = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.enum(ENQUIRY_STAGES, { error: ENQUIRY_MESSAGES.stage }),
);
/** An empty reason is stored as 'unknown' (spec A §5). */
const reasonSchema = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? 'unknown' : v),
  z.enum(REASONS, { error: ENQUIRY_MESSAGES.reasonUnknown }),
);

const writeFields = {
  property_id: optionalId,
  scheme_id: optionalId,
  company_id: optionalId,
  /** The contact who made the enquiry (spec A §7 calls it user_id). */
  user_id: optionalId,
  received_at: receivedAtSchema,
  size_from: optionalArea,
  size_to: optionalArea,
  rent_from: optionalMoney,
  rent_to: optionalMoney,
};

/** The values the cross-field rules read (a create's body, or an edit merged over the record). */
export interface EnquiryRuleInput {
  property_id?: number | null;
  scheme_id?: number | null;
  company_id?: number | null;
  user_id?: number | null;
  size_from?: number | null;
  size_to?: number | null;
  rent_from?: string | null;
  rent_to?: string | null;
}

/** Spec A §5 and the issue's ranges: field → messages, empty when the enquiry may be stored. */
export const enquiryRuleErrors = (e: EnquiryRuleInput): Record<string, string[]> => {
  const errors: Record<string, string[]> = {};
  const add = (field: string, msg: string) => (errors[field] ??= []).push(msg);
  if (e.company_id == null && e.user_id == null) {
    add('company_id', ENQUIRY_MESSAGES.contactOrCompany);
    add('user_id', ENQUIRY_MESSAGES.contactOrCompany);
  }
  if (e.property_id == null && e.scheme_id == null) {
    add('property_id', ENQUIRY_MESSAGES.subject);
    add('scheme_id', ENQUIRY_MESSAGES.subject);
  }
  if (e.size_from != null && e.size_to != null && e.size_to < e.size_from)
    add('size_to', ENQUIRY_MESSAGES.sizeOrder);
  if (e.rent_from != null && e.rent_to != null && Number(e.rent_to) < Number(e.rent_from))
    add('rent_to', ENQUIRY_MESSAGES.rentOrder);
  return errors;
};

const withRules = <T extends EnquiryRuleInput>(value: T, ctx: z.RefinementCtx) => {
  // A body that is not an object at all (JSON `null`) has already failed; there is nothing to check.
  if (value === null || typeof value !== 'object') return;
  for (const [field, messages] of Object.entries(enquiryRuleErrors(value)))
    for (const message of messages) ctx.addIssue({ code: 'custom', message, path: [field] });
};

const RULE_FIELDS = new Set<PropertyKey>([
  'property_id',
  'scheme_id',
  'company_id',
  'user_id',
  'size_from',
  'size_to',
  'rent_from',
  'rent_to',
]);

/**
 * POST /api/enquiries. The cross-field rules also run when another field (the stage, the date)
 * failed, so one answer lists every message; they only wait for the fields they read.
 */
export const enquiryCreateSchema = z
  .object({ ...writeFields, stage: stageSchema, reason: reasonSchema })
  .superRefine(withRules, { when: (p) => !p.issues.some((i) => RULE_FIELDS.has(i.path?.[0] ?? '')) });
export type EnquiryCreate = z.input<typeof enquiryCreateSchema>;
export type EnquiryCreateParsed = z.output<typeof enquiryCreateSchema>;

/**
 * PUT /api/enquiries/{id}: the spec's client sends every field; an absent field is left as it is,
 * null or '' clears it (received_at: today; reason: unknown). The rules are checked on the record
 * as it would be after the edit.
 */
export const enquiryUpdateSchema = z.object({
  ...writeFields,
  stage: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(ENQUIRY_STAGES, { error: ENQUIRY_MESSAGES.stage }).optional(),
  ),
  reason: z.preprocess(
    (v) => (v === '' || v === null ? 'unknown' : v),
    z.enum(REASONS, { error: ENQUIRY_MESSAGES.reasonUnknown }).optional(),
  ),
});
export type EnquiryUpdate = z.input<typeof enquiryUpdateSchema>;
export type EnquiryUpdateParsed = z.output<typeof enquiryUpdateSchema>;

const ref = z.object({ id: z.number().int(), name: z.string() });

/** One enquiry on the wire; relations appear when `include` names them. */
export const enquirySchema = z.object({
  id: z.number().int(),
  property_id: z.number().int().nullable(),
  scheme_id: z.number().int().nullable(),
  company_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  received_at: z.string(),
  size_from: z.number().nullable(),
  size_to: z.number().nullable(),
  rent_from: z.string().nullable(),
  rent_to: z.string().nullable(),
  stage: z.enum(ENQUIRY_STAGES),
  reason: z.enum(REASONS),
  /** The user who recorded it (the author). */
  created_by: ref.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Single-record reads: the version an edit names in If-Match (ADR 0060). */
  version: z.string().optional(),
  /** The property's town, else the scheme's. */
  town: z.string().nullable(),
  /** Whether the signed-in user may edit and delete it (its author, the author's company, admins). */
  can_edit: z.boolean(),
  /** GET /api/enquiries/{id} only: changes not yet verified by an admin. */
  unverified_history_count: z.number().int().optional(),
  company: z
    .object({
      id: z.number().int(),
      name: z.string(),
      is_verified: z.boolean(),
      verified_at: z.string().nullable(),
    })
    .nullable()
    .optional(),
  user: z
    .object({ id: z.number().int(), name: z.string(), email: z.string().nullable() })
    .nullable()
    .optional(),
  scheme: ref.nullable().optional(),
  property: z
    .object({
      id: z.number().int(),
      building_num: z.string().nullable(),
      full_address: z.string().nullable(),
    })
    .nullable()
    .optional(),
  comments: z.array(commentSchema).optional(),
});
export type Enquiry = z.infer<typeof enquirySchema>;

export const ENQUIRY_SORTS = [
  '-id',
  'id',
  '-received_at',
  'received_at',
  '-created_at',
  'created_at',
  '-updated_at',
  'updated_at',
  'company',
  '-company',
  'stage',
  '-stage',
  'reason',
  '-reason',
] as const;
export type EnquirySort = (typeof ENQUIRY_SORTS)[number];

const flag = z
  .enum(['1', '0', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .optional();

/**
 * The filters of every enquiry list: the Manage Enquiries dialog (property_id or scheme_id, the
 * live stages, q), /enquiries and /pipelines (stage, reason, company, scheme, town, received range,
 * the contact `user_id`,
 * `mine` = recorded by me, `my_company` = recorded by anyone of my company). scheme_id also finds
 * the enquiries on the scheme's units. q searches the company's and the contact's names and the
 * enquiry's town (ADR 0085).
 */
export const enquiryFiltersSchema = z.object({
  include: z.string().max(200).optional(),
  property_id: idSchema.optional(),
  scheme_id: idSchema.optional(),
  stage: queryListSchema(ENQUIRY_STAGES).optional(),
  reason: queryListSchema(REASONS).optional(),
  company_id: idSchema.optional(),
  /** The contact who made the enquiry (a contact's page lists theirs). */
  user_id: idSchema.optional(),
  town: z.string().trim().max(120).optional(),
  q: z.string().trim().max(200).optional(),
  received_from: isoDateSchema.optional(),
  received_to: isoDateSchema.optional(),
  mine: flag,
  my_company: flag,
  sort: z.enum(ENQUIRY_SORTS).optional().default('-id'),
});

const receivedOrder = (q: { received_from?: string | undefined; received_to?: string | undefined }) =>
  !q.received_from || !q.received_to || q.received_from <= q.received_to;

export const enquiryListQuerySchema = pageQuerySchema
  .extend({ per_page: pageQuerySchema.shape.per_page.default(ENQUIRY_PER_PAGE_DEFAULT) })
  .extend(enquiryFiltersSchema.shape)
  .refine(receivedOrder, { message: ENQUIRY_MESSAGES.dateOrder, path: ['received_to'] });
export type EnquiryListQuery = z.input<typeof enquiryListQuerySchema>;

export const enquiryExportQuerySchema = enquiryFiltersSchema.refine(receivedOrder, {
  message: ENQUIRY_MESSAGES.dateOrder,
  path: ['received_to'],
});

/** GET /api/enquiries/{id}?include=… */
export const enquiryShowQuerySchema = z.object({ include: z.string().max(200).optional() });
