import { newsItems } from '../../src/db/schema';
import { testDb } from '../helpers';
import type { MatrixRows } from './types';

const adminOnly = { anonymous: 401, admin: 200, same_company: 403, other_company: 403 };
const signedIn = { anonymous: 401, admin: 200, same_company: 200, other_company: 200 };

/** One news item, published yesterday. */
const item = async () => {
  const db = await testDb();
  const [row] = await db
    .insert(newsItems)
    .values({
      title: 'Matrix news',
      published_at: new Date(Date.now() - 86_400_000),
      description: 'A row',
      body: '<p>Body</p>',
    })
    .returning();
  return { id: row!.id };
};

const body = { title: 'Matrix item', published_on: '2026-01-05', description: 'Short', body: 'Text' };

export const rows: MatrixRows = {
  'GET /api/core/news': { setup: item, url: () => '/api/core/news?page=1&per_page=25', expect: adminOnly },
  'POST /api/core/news': { url: () => '/api/core/news', body, expect: adminOnly },
  'PUT /api/core/news/{id}': {
    setup: item,
    url: (_w, made) => `/api/core/news/${made.id}`,
    body,
    expect: adminOnly,
  },
  'DELETE /api/core/news/{id}': {
    setup: item,
    url: (_w, made) => `/api/core/news/${made.id}`,
    expect: adminOnly,
  },
  'GET /api/news/whats-new': { setup: item, url: () => '/api/news/whats-new', expect: signedIn },
  'POST /api/news/seen': { url: () => '/api/news/seen', expect: signedIn },
};
