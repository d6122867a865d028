import type { WhatsNewItem } from '@frontage/shared';
import { z } from 'zod';
import { sanitizeNewsBody } from './news-html';
import { ukStartOf } from '../../lib/dates';

/**
 * The marketing site's news (spec A §7: "a content query on the provider's marketing site
 * (filter: path contains /news/, sorted by date descending)"), read from NEWS_FEED_URL (ADR 0062).
 */

export type FeedFetch = (
  url: string,
  init: { headers: Record<string, string>; signal: AbortSignal },
) => Promise<{ ok: boolean; status: number; text: () => Promise<string> }>;

export interface FeedLog {
  warn: (obj: object, msg: string) => void;
}

export interface FeedItem extends WhatsNewItem {
  /** The item's date as an instant, for filtering and ordering. */
  at: Date;
}

export interface NewsFeed {
  /** The feed's news items, newest first; [] when the feed fails (logged, never thrown). */
  items: () => Promise<FeedItem[]>;
}

export const FEED_TIMEOUT_MS = 5000;
/** A good answer is kept this long. */
export const FEED_CACHE_MS = 15 * 60_000;
/** A failure is kept this long, so a dead site is not asked on every request. */
export const FEED_FAILURE_CACHE_MS = 60_000;

const text = z
  .string()
  .optional()
  .nullable()
  .transform((v) => v ?? '');

/** One entry of the content query's answer; anything else in it is ignored. */
const feedEntrySchema = z.object({
  path: z.string().optional(),
  /** Nuxt Content's name for the path. */
  _path: z.string().optional(),
  url: z.string().optional(),
  title: z.string().trim().min(1),
  date: z.string(),
  description: text,
  body: text,
});
/** The answer: an array of entries, or `{ items: [...] }`. */
const feedSchema = z.union([z.array(z.unknown()), z.object({ items: z.array(z.unknown()) })]);

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const instantOf = (date: string): Date | null => {
  const d = DATE_ONLY.test(date.trim()) ? ukStartOf(date.trim()) : new Date(date);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** The path of an entry: `path` (or `_path`), else the path of `url`. */
const pathOf = (e: {
  path?: string | undefined;
  _path?: string | undefined;
  url?: string | undefined;
}): string | null => {
  if (e.path ?? e._path) return (e.path ?? e._path)!;
  if (e.url && URL.canParse(e.url)) return new URL(e.url).pathname;
  return null;
};

/** The entries of a parsed answer that are news: valid, path containing /news/, newest first. */
export const feedItemsOf = (json: unknown, siteUrl: string): FeedItem[] => {
  const parsed = feedSchema.safeParse(json);
  if (!parsed.success) throw new Error('news feed: not an array or { items: [] }');
  const entries = Array.isArray(parsed.data) ? parsed.data : parsed.data.items;
  const out: FeedItem[] = [];
  for (const raw of entries) {
    const e = feedEntrySchema.safeParse(raw);
    if (!e.success) continue;
    const path = pathOf(e.data);
    const at = instantOf(e.data.date);
    if (!path || !path.includes('/news/') || !at) continue;
    const link = e.data.url && /^https?:\/\//i.test(e.data.url) ? e.data.url : new URL(path, siteUrl).href;
    out.push({
      key: `feed:${path}`,
      title: e.data.title,
      date: at.toISOString(),
      at,
      description: e.data.description.trim(),
      body: sanitizeNewsBody(e.data.body),
      url: /^https?:\/\//i.test(link) ? link : null,
    });
  }
  return out.sort((a, b) => b.at.getTime() - a.at.getTime());
};

/**
 * The feed at `url`, cached in memory. Every failure — network, timeout, non-2xx, an answer that
 * is not JSON or not the shape — is logged and answered as no items. `fetchFn` is the network edge
 * (the global fetch by default).
 */
export const newsFeed = (
  url: string,
  log: FeedLog,
  now: () => Date,
  fetchFn: FeedFetch = fetch as unknown as FeedFetch,
): NewsFeed => {
  let cached: { items: FeedItem[]; until: number } | null = null;
  let inFlight: Promise<FeedItem[]> | null = null;

  const load = async (): Promise<FeedItem[]> => {
    try {
      const res = await fetchFn(url, {
        headers: { Accept: 'application/json' },
        signal: AbortSignal.timeout(FEED_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`news feed answered ${res.status}`);
      const items = feedItemsOf(JSON.parse(await res.text()) as unknown, url);
      cached = { items, until: now().getTime() + FEED_CACHE_MS };
      return items;
    } catch (err) {
      log.warn({ err, url }, 'news feed failed');
      cached = { items: [], until: now().getTime() + FEED_FAILURE_CACHE_MS };
      return [];
    }
  };

  return {
    items: async () => {
      if (cached && now().getTime() < cached.until) return cached.items;
      inFlight ??= load().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
};
