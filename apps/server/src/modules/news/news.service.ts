import type {
  NewsItem,
  NewsItemBody,
  Page,
  PageQuery,
  WhatsNewItem,
  newsItemBodySchema,
} from '@frontage/shared';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps';
import { iso, isoRequired } from '../../lib/dates';
import { NotFoundError } from '../../lib/errors';
import { offsetOf, toPage } from '../../lib/page';
import type { FeedItem, NewsFeed } from './news-feed';
import { ukDayOf } from '../../lib/dates';
import { publishedAtFor } from './news-dates';
import { sanitizeNewsBody } from './news-html';
import * as repo from './news.repository';

type Body = z.output<typeof newsItemBodySchema>;
export type { NewsItemBody };

const present = (r: repo.NewsRowWithAuthor): NewsItem => ({
  id: r.id,
  title: r.title,
  published_at: isoRequired(r.published_at),
  published_on: ukDayOf(r.published_at),
  description: r.description,
  body: r.body,
  created_by:
    r.created_by !== null && r.author_name !== null ? { id: r.created_by, name: r.author_name } : null,
  created_at: isoRequired(r.created_at),
  updated_at: isoRequired(r.updated_at),
});

const load = async (deps: ServiceDeps, id: number): Promise<NewsItem> => {
  const row = await repo.findById(deps.db, id);
  if (!row) throw new NotFoundError();
  return present(row);
};

export const list = async (deps: ServiceDeps, q: PageQuery): Promise<Page<NewsItem>> => {
  const { rows, total } = await repo.listPage(deps.db, q.per_page, offsetOf(q.page, q.per_page));
  return toPage(rows.map(present), { total, page: q.page, perPage: q.per_page });
};

export const create = async (deps: ServiceDeps, actorId: number, body: Body): Promise<NewsItem> => {
  const now = deps.now();
  const id = await repo.insert(deps.db, {
    title: body.title,
    published_at: publishedAtFor(body.published_on, now),
    description: body.description,
    body: sanitizeNewsBody(body.body),
    created_by: actorId,
    created_at: now,
    updated_at: now,
  });
  return load(deps, id);
};

export const update = async (deps: ServiceDeps, id: number, body: Body): Promise<NewsItem> => {
  const current = await repo.findById(deps.db, id);
  if (!current) throw new NotFoundError();
  const now = deps.now();
  await repo.update(deps.db, id, {
    title: body.title,
    published_at: publishedAtFor(body.published_on, now, current.published_at),
    description: body.description,
    body: sanitizeNewsBody(body.body),
    updated_at: now,
  });
  return load(deps, id);
};

export const remove = async (deps: ServiceDeps, id: number): Promise<void> => {
  if (!(await repo.remove(deps.db, id))) throw new NotFoundError();
};

/**
 * What's New (spec A §4): the items published after the user's last activity as it stood when
 * this session signed in (ADR 0061) and not after now (a future date is not shown yet), ours and
 * the feed's together, newest first. An item the reader wrote is not news to them.
 */
export const whatsNew = async (
  deps: ServiceDeps,
  reader: number,
  activityBefore: Date | null,
  feed: NewsFeed | null,
): Promise<WhatsNewItem[]> => {
  const now = deps.now();
  const newer = (at: Date) => (!activityBefore || at > activityBefore) && at <= now;
  const [rows, feedItems] = await Promise.all([
    repo.publishedBetween(deps.db, reader, activityBefore, now),
    feed ? feed.items() : Promise.resolve([] as FeedItem[]),
  ]);
  const ours = rows.map((r) => ({
    at: r.published_at,
    item: {
      key: `news:${r.id}`,
      title: r.title,
      date: isoRequired(r.published_at),
      description: r.description,
      body: r.body,
      url: null,
    },
  }));
  const theirs = feedItems.filter((f) => newer(f.at)).map(({ at, ...item }) => ({ at, item }));
  return [...ours, ...theirs].sort((a, b) => b.at.getTime() - a.at.getTime()).map((x) => x.item);
};

/** The user has seen the news: their last activity (and their sessions') is now. */
export const markSeen = async (deps: ServiceDeps, userId: number): Promise<{ last_activity: string }> => {
  const now = deps.now();
  await repo.markSeen(deps.db, userId, now);
  return { last_activity: iso(now)! };
};
