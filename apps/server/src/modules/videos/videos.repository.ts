import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userSettings, videos } from '../../db/schema';

export type VideoRow = typeof videos.$inferSelect;
export interface VideoValues {
  video_id: string;
  video_name: string;
  route: string;
  sort_order: number;
}

const order = [asc(videos.sort_order), asc(videos.id)];

/** A page's videos, in order, minus those the user hid for good (hidden_videos holds video_ids). */
export const visibleFor = (db: Db, userId: number, route: string): Promise<VideoRow[]> =>
  db
    .select()
    .from(videos)
    .where(
      and(
        eq(videos.route, route),
        sql`not exists (select 1 from ${userSettings} s where s.user_id = ${userId}
          and s.hidden_videos @> jsonb_build_array(${videos.video_id}))`,
      ),
    )
    .orderBy(...order);

/** Every video, by page then order (the admin table). */
export const all = (db: Db): Promise<VideoRow[]> =>
  db
    .select()
    .from(videos)
    .orderBy(asc(videos.route), ...order);

export const insert = async (db: Db, values: VideoValues, now: Date): Promise<VideoRow> =>
  (
    await db
      .insert(videos)
      .values({ ...values, created_at: now, updated_at: now })
      .returning()
  )[0]!;

/** undefined: no such video. */
export const update = async (
  db: Db,
  id: number,
  values: VideoValues,
  now: Date,
): Promise<VideoRow | undefined> =>
  (
    await db
      .update(videos)
      .set({ ...values, updated_at: now })
      .where(eq(videos.id, id))
      .returning()
  )[0];

/** false: no such video. */
export const remove = async (db: Db, id: number): Promise<boolean> =>
  (await db.delete(videos).where(eq(videos.id, id)).returning({ id: videos.id })).length > 0;
