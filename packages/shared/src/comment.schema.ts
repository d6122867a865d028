import { z } from 'zod';
import { pageQuerySchema, idSchema } from './api.schema';
import { DEBOUNCE_PICKER_MS } from './constants';

/** Entities a comment may be attached to (spec A §2: property, scheme and enquiry views). */
export const COMMENTABLE_TYPES = ['property', 'scheme', 'enquiry', 'company'] as const;
export type CommentableType = (typeof COMMENTABLE_TYPES)[number];

/** Entities a mention may point at (spec A §2). */
export const MENTIONABLE_TYPES = ['company', 'scheme', 'property', 'enquiry', 'user'] as const;
export type MentionableType = (typeof MENTIONABLE_TYPES)[number];

/** Mention search waits this long after the last key (the spec names none; a picker's pace, ADR 0020). */
export const DEBOUNCE_MENTION_MS = DEBOUNCE_PICKER_MS;
/** GET /api/comments/search-entity answers at most this many results. */
export const MENTION_SEARCH_LIMIT = 20;
/** Stored HTML may not be longer than this (a comment is a note, not a document). */
export const COMMENT_CONTENT_MAX = 20_000;
export const COMMENTS_PER_PAGE = 50;

export const COMMENT_MESSAGES = {
  contentRequired: 'The content field is required.',
  contentTooLong: `The content may not be longer than ${COMMENT_CONTENT_MAX} characters.`,
  entityMissing: 'The selected entity does not exist.',
} as const;

export const commentLinkSchema = z.object({
  entity_id: z.number().int(),
  entity_type: z.enum(MENTIONABLE_TYPES),
  /** The linked entity's current label (a user's or company's name, a property's address …). */
  name: z.string(),
});
export type CommentLink = z.infer<typeof commentLinkSchema>;

export const commentSchema = z.object({
  id: z.number().int(),
  /** Sanitized HTML: p, br, strong, em, u, s, a, lists, blockquote, code, pre and mention spans. */
  content: z.string(),
  entity_id: z.number().int(),
  entity_type: z.enum(COMMENTABLE_TYPES),
  user_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** With include=user; null when the author has been deleted. */
  user: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
  /** With include=entity: what the comment is on. */
  entity: z
    .object({ id: z.number().int(), entity_type: z.enum(COMMENTABLE_TYPES), name: z.string() })
    .nullable()
    .optional(),
  /** With include=links: the mentions present in `content`, in order of appearance. */
  links: z.array(commentLinkSchema).optional(),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentListQuerySchema = pageQuerySchema.extend({
  entity_id: idSchema,
  entity_type: z.enum(COMMENTABLE_TYPES),
  include: z.string().optional(),
  per_page: pageQuerySchema.shape.per_page.default(COMMENTS_PER_PAGE),
});
export type CommentListQuery = z.infer<typeof commentListQuerySchema>;

/**
 * The client may send `links` (the spec's call does); the server ignores them and rebuilds the
 * links from the mentions present in the sanitized content.
 */
const clientLinks = z.array(z.unknown()).optional();

export const commentContentSchema = z.string().max(COMMENT_CONTENT_MAX, COMMENT_MESSAGES.contentTooLong);

export const commentCreateSchema = z.object({
  content: commentContentSchema,
  entity_id: idSchema,
  entity_type: z.enum(COMMENTABLE_TYPES),
  links: clientLinks,
});
export type CommentCreate = z.infer<typeof commentCreateSchema>;

export const commentUpdateSchema = z.object({ content: commentContentSchema, links: clientLinks });
export type CommentUpdate = z.infer<typeof commentUpdateSchema>;

export const mentionResultSchema = z.object({
  name: z.string(),
  entity_type: z.enum(MENTIONABLE_TYPES),
  entity_id: z.number().int(),
});
export type MentionResult = z.infer<typeof mentionResultSchema>;

export const mentionSearchQuerySchema = z.object({ q: z.string().max(200).optional().default('') });

/** True when the text of some HTML (tags dropped, entities decoded) is empty or whitespace. */
export const isBlankText = (text: string): boolean => text.replace(/[\s\u200b\u00a0]+/g, '') === '';
