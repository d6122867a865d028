import { testDb } from '../helpers';
import { videos } from '../../src/db/schema';
import type { MatrixRows } from './types';

const signedIn = (status: number) => ({
  anonymous: 401,
  admin: status,
  same_company: status,
  other_company: status,
});
const adminOnly = (status: number) => ({
  anonymous: 401,
  admin: status,
  same_company: 403,
  other_company: 403,
});

const video = async () => {
  const db = await testDb();
  const [row] = await db
    .insert(videos)
    .values({ route: '/properties', video_id: 'matrixVid01', video_name: 'Matrix' })
    .returning();
  return { id: row!.id };
};
const body = { video_id: 'matrixVid02', video_name: 'Matrix video', route: '/map' };

export const rows: MatrixRows = {
  'GET /api/videos': { setup: video, url: () => '/api/videos?route=/properties', expect: signedIn(200) },
  'GET /api/core/videos': { setup: video, url: () => '/api/core/videos', expect: adminOnly(200) },
  'POST /api/core/videos': { url: () => '/api/core/videos', body, expect: adminOnly(201) },
  'PUT /api/core/videos/{id}': {
    setup: video,
    url: (_w, made) => `/api/core/videos/${made.id}`,
    body,
    expect: adminOnly(200),
  },
  'DELETE /api/core/videos/{id}': {
    setup: video,
    url: (_w, made) => `/api/core/videos/${made.id}`,
    expect: adminOnly(200),
  },
};
