import { z } from 'zod';
import { pageQuerySchema } from './api.schema';
import { isoDateSchema } from './dates';

/**
 * News (spec A §1, §2 "What's New dialog", §3 News item: title, date, description, body; §4 What's
 * New opens only when there are items newer than the user's last activity). Admins write the items
 * under /core (tab News); the provider's marketing site may add more through a feed (ADR 0062).
 */

export const WHATS_NEW_TITLE = "What's New";
export const NEWS_TITLE_MAX = 200;
export const NEWS_DESCRIPTION_MAX = 1000;
/** Stored HTML may not be longer than this. */
export const NEWS_BODY_MAX = 50_000;

export const NEWS_MESSAGES = {
  created: 'The news item has been created.',
  updated: 'The news item has been updated.',
  deleted: 'The news item has been deleted.',
  titleRequired: 'The title field is required.',
  dateRequired: 'The date field is required.',
  deleteQuestion: 'Are you sure you want to delete this news item?',
} as const;

/** POST /api/core/news and PUT /api/core/news/{id}: the admin's item. */
export const newsItemBodySchema = z.object({
  title: z
    .string({ error: NEWS_MESSAGES.titleRequired })
    .trim()
    .min(1, NEWS_MESSAGES.titleRequired)
    .max(NEWS_TITLE_MAX),
  /** The publish day (yyyy-mm-dd, UK). Today = the moment of saving; another day = its start (ADR 0061). */
  published_on: isoDateSchema,
  description: z.string().trim().max(NEWS_DESCRIPTION_MAX).default(''),
  /** HTML or plain text (blank lines make paragraphs); the server sanitizes it. */
  body: z.string().max(NEWS_BODY_MAX).default(''),
});
export type NewsItemBody = z.input<typeof newsItemBodySchema>;

/** One item as admins manage it. */
export const newsItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The item's date as an instant (ISO 8601). */
  published_at: z.string(),
  /** The UK day of `published_at` (yyyy-mm-dd): what the admin chose. */
  published_on: z.string(),
  description: z.string(),
  /** Sanitized HTML. */
  body: z.string(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

/** GET /api/core/news: newest first. */
export const newsListQuerySchema = pageQuerySchema;
export type NewsListQuery = z.input<typeof newsListQuerySchema>;

/** One item of the What's New dialog: ours or the marketing site's. */
export const whatsNewItemSchema = z.object({
  /** Stable per item: `news:<id>` for ours, `feed:<path>` for the site's. */
  key: z.string(),
  title: z.string(),
  /** ISO 8601 instant. */
  date: z.string(),
  description: z.string(),
  /** Sanitized HTML. */
  body: z.string(),
  /** The item's page on the marketing site (feed items), else null. */
  url: z.string().nullable(),
});
export type WhatsNewItem = z.infer<typeof whatsNewItemSchema>;

/** GET /api/news/whats-new: the items newer than the user's last activity, newest first. */
export const whatsNewResponseSchema = z.object({ data: z.array(whatsNewItemSchema) });

/** POST /api/news/seen: the user's new last activity. */
export const newsSeenResponseSchema = z.object({ data: z.object({ last_activity: z.string() }) });
