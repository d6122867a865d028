import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/**
 * Help videos per page (spec A §3 Video): `video_id` is a hosted id or an https
 * URL of a video file (ADR 0063); `route` the page's path, such as '/properties'. A user's
 * `user_settings.hidden_videos` holds the video_ids never to offer them again.
 */
export const videos = pgTable(
  'videos',
  {
    id: serial('id').primaryKey(),
    video_id: text('video_id').notNull(),
    video_name: text('video_name').notNull(),
    route: text('route').notNull(),
    sort_order: integer('sort_order').notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('videos_route_idx').on(t.route, t.sort_order, t.id)],
);
