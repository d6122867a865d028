import { z } from 'zod';
import { idSchema } from './api.schema';

/**
 * Duplicates caught at entry (ADR 0082): before a company or a contact is
 * created, the form asks the server which existing records it may duplicate and offers them; the
 * user can still create. GET /api/companies/similar and GET /api/users/similar.
 */

/** A name this similar (pg_trgm similarity, 0–1) or more is "very similar". */
export const SIMILAR_NAME_THRESHOLD = 0.45;
/** At most this many candidates are offered. */
export const SIMILAR_LIMIT = 5;
/** The forms ask after this many ms without typing (the pickers' debounce). */
export const SIMILAR_DEBOUNCE_MS = 375;

export const SIMILAR_MATCHES = ['same_name', 'same_domain', 'similar_name'] as const;
export type SimilarMatch = (typeof SIMILAR_MATCHES)[number];

const name = z.string().trim().min(1).max(200);

export const companySimilarQuerySchema = z.object({
  name: name.optional(),
  domain: z.string().trim().max(253).optional(),
  /** The company being edited, never its own duplicate. */
  exclude_id: idSchema.optional(),
});

export const similarCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  domain: z.string().nullable(),
  is_verified: z.boolean(),
  match: z.enum(SIMILAR_MATCHES),
});
export type SimilarCompany = z.infer<typeof similarCompanySchema>;

export const contactSimilarQuerySchema = z.object({
  name: name,
  /** Contacts are compared within one company; none means among contacts without a company. */
  company_id: idSchema.optional(),
  exclude_id: idSchema.optional(),
});

export const similarContactSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  company_id: z.number().int().nullable(),
  match: z.enum(['same_name', 'similar_name']),
});
export type SimilarContact = z.infer<typeof similarContactSchema>;

export const DUPLICATE_MESSAGES = {
  companyTitle: 'This company may already exist',
  contactTitle: 'This contact may already exist',
  company: {
    same_name: 'Same name',
    same_domain: 'Same domain',
    similar_name: 'Similar name',
  },
  contact: {
    same_name: 'Same name in this company',
    similar_name: 'Similar name in this company',
  },
  stillCreate: 'You can still create a new record if this is a different one.',
  open: 'Open',
  use: 'Use this one',
} as const;
