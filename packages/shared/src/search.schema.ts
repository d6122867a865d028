import { z } from 'zod';
import { queryListSchema } from './api.schema';

/*
 * GET /api/search (ADR 0083): one box over every kind of record. The answer is a flat
 * list grouped by entity type — the groups in the order of their best hit, each group's hits best
 * first — at most `limit` hits per type.
 */

/** The kinds of record the global search finds, in the order groups are shown when tied. */
export const SEARCH_ENTITY_TYPES = ['company', 'scheme', 'contact', 'property', 'deal', 'enquiry'] as const;
export type SearchEntityType = (typeof SEARCH_ENTITY_TYPES)[number];

/** Hits per type when `limit` is not given, and the most a caller may ask for. */
export const SEARCH_LIMIT_DEFAULT = 5;
export const SEARCH_LIMIT_MAX = 20;
/** The longest query read; a longer one is a 422. */
export const SEARCH_QUERY_MAX = 200;

/**
 * Scores (higher is better): a whole word equal to what was typed, a word starting with it (for a
 * query of several words, every word must start a word of the record), a similar spelling (the
 * one-typo fallback, only when nothing matched literally).
 */
export const SEARCH_SCORES = { exact: 3, prefix: 2, fuzzy: 1 } as const;

export const searchQuerySchema = z.object({
  /** What was typed. Words are matched by prefix; a UK post code with or without its space. */
  q: z.string().trim().max(SEARCH_QUERY_MAX).optional().default(''),
  /** A comma list of SEARCH_ENTITY_TYPES; every type when absent or empty. */
  types: queryListSchema(SEARCH_ENTITY_TYPES).optional(),
  /** Hits per type. */
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMIT_MAX).optional().default(SEARCH_LIMIT_DEFAULT),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

export const searchHitSchema = z.object({
  entity_type: z.enum(SEARCH_ENTITY_TYPES),
  entity_id: z.number().int(),
  /** What the record is called: a unit's address, a company's or contact's name, a deal's type and place. */
  label: z.string(),
  /** What tells two records of one label apart: the tenant and town, the company, the date. */
  sublabel: z.string().nullable(),
  score: z.number(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchResponseSchema = z.object({ data: z.array(searchHitSchema) });
export type SearchResponse = z.infer<typeof searchResponseSchema>;
